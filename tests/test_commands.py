"""The engine's command-line tools: score pad, replay, run."""

import json
import random

import pytest

from table.cli import main
from table.datafiles import load_dataset
from table.engine.game import GameConfig, new_game, play_random
from table.engine.record import GameRecord

PAD = {"players": [
    {"name": "Ada", "areas": {"1": [5], "2": [5], "3": [1], "4": [6], "5": [11], "6": [6], "7": [1]},
     "blossoms": 12, "honey": 62},
    {"name": "Bo", "areas": {"brown": [4, 4], "red": [2]}, "blossoms": 3, "honey": 80},
]}


def write(tmp_path, obj, name="pad.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return str(p)


def test_score_json(tmp_path, capsys):
    assert main(["score", write(tmp_path, PAD), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ada, bo = out["players"]
    assert ada == {"name": "Ada", "harvest": 18, "harvest_doubled": 36, "profitable_varieties": 5,
                   "variety_bonus": 11, "blossoms": 12, "honey": 62, "total": 121}
    assert bo["harvest"] == 2 and bo["total"] == 4 + 3 + 80
    assert out["winners"] == ["Ada"]


def test_score_table_and_ties(tmp_path, capsys):
    pad = {"players": [{"name": "A", "areas": {}, "blossoms": 1, "honey": 9},
                       {"name": "B", "areas": {"7": [3]}, "blossoms": 0, "honey": 10}]}
    assert main(["score", write(tmp_path, pad)]) == 0
    out = capsys.readouterr().out
    assert "TOTAL" in out and "Winners (tie): A, B" in out


@pytest.mark.parametrize("pad,needle", [
    ("{not json", "not JSON: Expecting property name"),
    ({"players": []}, "non-empty list"),
    ({"players": [{"name": "A", "areas": {"plum": [3]}, "blossoms": 0, "honey": 0}]}, "unknown variety 'plum'"),
    ({"players": [{"name": "A", "areas": {"8": [3]}, "blossoms": 0, "honey": 0}]}, "variety number must be 1..7"),
    ({"players": [{"name": "A", "areas": {"1": [-3]}, "blossoms": 0, "honey": 0}]}, "must not be negative"),
    ({"players": [{"name": "A", "areas": {"1": [2.5]}, "blossoms": 0, "honey": 0}]}, "whole number"),
    ({"players": [{"name": "A", "areas": {"1": [2]}, "blossoms": True, "honey": 0}]}, "whole number"),
    ({"players": [{"name": "A", "areas": {}, "honey": 0}]}, 'missing "blossoms"'),
    ({"players": [{"name": "A", "areas": {"1": [2], "brown": [3]}, "blossoms": 0, "honey": 0}]}, "given twice"),
])
def test_score_bad_input_is_one_line_and_exit_2(tmp_path, capsys, pad, needle):
    assert main(["score", write(tmp_path, pad)]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_score_missing_file(capsys):
    assert main(["score", "/nonexistent/pad.json"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_text_and_json(tmp_path, capsys):
    data = load_dataset()
    state = play_random(new_game(data, GameConfig(2, cottage=True), random.Random(1)), random.Random(2), fast=False)
    path = write(tmp_path, GameRecord.of(state, seed=1).to_json(), "game.json")
    assert main(["replay", path, "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(state.events)
    assert [json.loads(x) for x in lines] == [e.to_dict() for e in state.events]
    assert main(["replay", path]) == 0
    text = capsys.readouterr().out
    assert "GAME OVER after 38 turns" in text and "HARVEST Brown" in text


def test_replay_refuses_a_tampered_record(tmp_path, capsys):
    data = load_dataset()
    state = play_random(new_game(data, GameConfig(2), random.Random(1)), random.Random(2), fast=False)
    rec = GameRecord.of(state).to_dict()
    rec["actions"][20] = "place 99/0"
    assert main(["replay", write(tmp_path, rec, "bad.json")]) == 2
    err = capsys.readouterr().err
    assert "action 21" in err and "Traceback" not in err
    assert main(["replay", write(tmp_path, "[]", "list.json")]) == 2


def test_run_is_the_companion_on_mock_pins_with_the_simulated_die(tmp_path, capsys, monkeypatch):
    import table.display.detect

    monkeypatch.setattr(table.display.detect, "display_available", lambda: False)
    assert main(["run", "--seed", "3", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "play --pins mock --die sim" in out.err
    assert "Turn 38:" in out.out and "Winner" in out.out


def test_run_asks_a_person_when_there_is_one():
    import argparse

    from table.commands.run import play_argv

    args = argparse.Namespace(seed=1, state_dir=None)
    assert "--demo" not in play_argv(args, interactive=True, display=False)
    assert "--demo" not in play_argv(args, interactive=False, display=True)
    assert play_argv(args, interactive=False, display=False)[-3:] == ["--text", "--demo", "1"]


def test_replay_a_track_game(tmp_path, capsys):
    from table.engine.track import Track, TrackConfig, track_record

    track = Track(load_dataset(), TrackConfig(3, cottage=True))
    rng = random.Random(5)
    while not track.is_terminal():
        track.apply(rng.choice(track.legal_actions()))
    path = write(tmp_path, track_record(track), "track.json")
    assert main(["replay", path, "--json"]) == 0
    shown = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    # the track's own events, plus one cottage_stocked per restock (they change no count it announces)
    assert [e for e in shown if e["type"] != "cottage_stocked"] == [e.to_dict() for e in track.events]
    restocks = [a for a in track.history if a.kind in ("stock", "stock-supply")]
    assert restocks and len([e for e in shown if e["type"] == "cottage_stocked"]) == len(restocks)
    other = dict(track_record(track), data_digest="0000000000000000")
    assert main(["replay", write(tmp_path, other, "other.json")]) == 2
    assert "was played with data 0000000000000000" in capsys.readouterr().err
    bad = track_record(track)
    bad["actions"][3] = "take 9"
    assert main(["replay", write(tmp_path, bad, "bad.json")]) == 2
    assert "action 4" in capsys.readouterr().err
