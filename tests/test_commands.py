"""The engine's command-line tools: score pad, replay, run."""

import json
import random

import pytest

from table.cli import main
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import new_game
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.rules.rollout import play_random

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
    from table.games.applejack.rules.track import Track, TrackConfig, track_record

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


@pytest.mark.parametrize("key", ["Light green", "light green", "LIGHT-GREEN", "light_green", "lightgreen", "2",
                                 " Light  Green "])
def test_score_reads_variety_names_as_people_type_them(tmp_path, capsys, key):
    pad = {"players": [{"name": "A", "areas": {key: [6]}, "blossoms": 0, "honey": 0},
                       {"name": "B", "areas": {}, "blossoms": 0, "honey": 0}]}
    assert main(["score", write(tmp_path, pad), "--json"]) == 0
    a, _ = json.loads(capsys.readouterr().out)["players"]
    assert a["harvest"] == 3


@pytest.mark.parametrize("key,needle", [("²", "unknown variety '²'"), ("٣", "unknown variety"),
                                        ("0", "variety number must be 1..7"), ("9" * 50, "variety number"),
                                        ("", "unknown variety ''")])
def test_score_refuses_non_varieties_in_one_line(tmp_path, capsys, key, needle):
    pad = {"players": [{"name": "A", "areas": {key: [6]}, "blossoms": 0, "honey": 0}]}
    assert main(["score", write(tmp_path, pad)]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


SOLO = {"players": [{"name": "Ada", "areas": {"brown": [9], "red": [8]}, "blossoms": 20, "honey": 30}]}


def test_a_solo_pad_has_a_verdict_not_a_winner(tmp_path, capsys):
    from table.games.applejack.rules.scoring import solo_verdict

    assert main(["score", write(tmp_path, SOLO)]) == 0
    out = capsys.readouterr().out
    total = 2 * (6 + 5) + 20 + 30
    assert "Winner" not in out and f"Solo game: {solo_verdict(total)}" in out
    assert main(["score", write(tmp_path, SOLO), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["solo"] == solo_verdict(total) == "72 honey: goal reached (65)" and "winners" not in doc


@pytest.mark.parametrize("pad,needle", [
    ({"players": [dict(SOLO["players"][0], name=f"P{i}") for i in range(5)]}, "1..4 players"),
    ({"players": [dict(SOLO["players"][0], name="x" * 41)]}, "at most 40 printable"),
    ({"players": [dict(SOLO["players"][0], name="A\x1b[2J")]}, "printable"),
    ({"players": [dict(SOLO["players"][0], honey=10**17)]}, "honey must be at most 9999"),
    ({"players": [dict(SOLO["players"][0], areas={"red": [1] * 65})]}, "at most 64"),
    ({"players": [dict(SOLO["players"][0], areas={"red": "5"})]}, "must be a list of apple counts, got str"),
])
def test_score_pad_bounds(tmp_path, capsys, pad, needle):
    assert main(["score", write(tmp_path, pad)]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def companion_record(tmp_path, players):
    """A real finished record of the table companion (controller + journal)."""
    from table.companion.session import open_session
    from table.games.applejack.companion.api import Setup
    from table.games.applejack.session import auto_script

    data = load_dataset()
    setup = Setup(players, cottage=True)
    ctl, journal = open_session(data, tmp_path / "state", games=games())
    ctl.setup = setup
    for cmd in auto_script(data, setup, seed=4):
        ctl.do(cmd)
    journal.close()
    (path,) = (tmp_path / "state" / "records").glob("*.json")
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_score_and_replay_a_finished_companion_record(tmp_path, capsys):
    path, record = companion_record(tmp_path, 2)
    assert main(["score", str(path), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in scored["players"]] == [s["total"] for s in record["scores"]]
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    restocks = [a for a in record["actions"] if a.startswith("stock")]
    assert restocks and sum("beside the cottage from" in x for x in lines) == len(restocks)
    finals = [x for x in lines if "→" in x]
    assert [int(x.rsplit("→", 1)[1]) for x in finals] == [s["total"] for s in record["scores"]]
    assert lines[-1].startswith("Winner")
    record["scores"][0]["honey"] += 1
    assert main(["replay", write(tmp_path, record, "tampered.json")]) == 2
    err = capsys.readouterr().err
    assert "tampered.json" in err and "stored scores disagree" in err and "honey" in err


def test_replay_of_a_solo_companion_record_ends_with_the_verdict(tmp_path, capsys):
    path, _ = companion_record(tmp_path, 1)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Winner" not in out and out.rstrip().splitlines()[-1].startswith("Solo game: ")
    assert main(["score", str(path)]) == 0
    assert "Solo game: " in capsys.readouterr().out


def test_score_of_a_full_game_record_points_to_replay(tmp_path, capsys):
    data = load_dataset()
    state = play_random(new_game(data, GameConfig(2), random.Random(1)), random.Random(2), fast=True)
    assert main(["score", write(tmp_path, GameRecord.of(state).to_dict(), "game.json")]) == 2
    assert "applejack-table replay" in capsys.readouterr().err


def test_pace_is_seconds_everywhere_and_the_old_demo_milliseconds_are_converted(capsys):
    from table.commands import demo, play
    from table.commands.inputs import pace_seconds

    assert demo.build_args([]).pace == 1.2
    assert demo.build_args(["--pace", "0.6"]).pace == 0.6
    assert demo.build_args(["--pace", "600ms"]).pace == 0.6
    assert capsys.readouterr().err == ""
    assert demo.build_args(["--pace", "600"]).pace == 0.6  # the old form
    assert "seconds now" in capsys.readouterr().err
    assert pace_seconds("2s") == 2.0 and pace_seconds("0") == 0.0
    parser = __import__("argparse").ArgumentParser()
    play.add_arguments(parser)
    assert parser.parse_args(["--pace", "0.5"]).pace == 0.5
    assert parser.parse_args(["--pace", "500ms"]).pace == 0.5
    with pytest.raises(SystemExit):
        parser.parse_args(["--pace", "600"])  # play was always seconds: ten minutes a line is a typo


def test_pin_choices_follow_the_hardware_factories():
    from table.commands.inputs import PIN_CHOICES
    from table.hardware.factory import PIN_FACTORY_NAMES

    assert set(PIN_CHOICES) == {"auto", "none", *PIN_FACTORY_NAMES}


def test_version_flag(capsys):
    import table

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.strip() == f"applejack-table {table.__version__}"


def test_replay_of_a_solo_full_game_ends_with_the_verdict_not_a_winner(tmp_path, capsys):
    from table.games.applejack.rules.scoring import solo_verdict

    data = load_dataset()
    state = play_random(new_game(data, GameConfig(1, cottage=True), random.Random(1)), random.Random(2), fast=False)
    assert main(["replay", write(tmp_path, GameRecord.of(state).to_dict(), "solo.json")]) == 0
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert not any(x.startswith("Winner") for x in lines)
    assert lines[-1] == f"Solo game: {solo_verdict(state.scores()[0].total)}"
