"""Whole Waldgärtner games at the table, from outside: ``play --game waldgaertner --text --script F``
as a subprocess (2 and 7 players), the same in the window at 800×480 and 480×320, and bad lines
refused in one line (the resume after a SIGKILL mid-game: ``tests/test_every_game.py``, for every game)."""

import sqlite3
from functools import partial

import pytest

from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.rules import replay
from table.games.waldgaertner.script import table_script
from tests.scenarios import table_run
from tests.scenarios.table_run import record

play = partial(table_run.play, "waldgaertner")


def _check_record(rec, final):
    assert rec["format"] == "waldgaertner-record/1"
    assert rec["scores"] == [s.total for s in final.scores()]
    assert rec["winners"] == list(final.winners())
    assert rec["actions"] == final.to_record()["actions"]  # the mirror is the bots' game, action by action
    assert [p["total"] for p in rec["score_pad"]] == rec["scores"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (7, 2)])
def test_a_whole_game_from_a_script_in_the_terminal(tmp_path, players, seed):
    script, final = table_script(players, seed)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(script) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "  ? " not in r.stdout  # every line of the script was taken
    winners = " and ".join(f"Seat {s + 1}" for s in final.winners())
    assert f"Game over: {winners}" in r.stdout
    # the clock and the phase announcements: every round announced once, round 21 in winter
    for rnd in range(2, 22):
        assert sum(line.startswith(f"Round {rnd} of 21: phase") for line in r.stdout.splitlines()) == 1, rnd
    assert "Round 21 of 21: phase 0, winter" in r.stdout
    rec = record(tmp_path)
    _check_record(rec, final)
    again = replay(rec)  # the record is the engine's: it replays to the same game
    assert again.is_terminal() and [s.total for s in again.scores()] == rec["scores"]


@pytest.mark.parametrize(("size", "players"), [("800x480", 2), ("480x320", 7)])
def test_a_whole_game_in_the_window(tmp_path, size, players):
    script, final = table_script(players, 5)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(script) + "\n")
    shot = tmp_path / "end.png"
    r = play(tmp_path, "--display", "window", "--size", size, "--script", str(f), "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    assert shot.stat().st_size > 1000
    _check_record(record(tmp_path), final)


def test_refused_lines_are_one_line_and_change_nothing(tmp_path):
    script, _final = table_script(2, 4)
    bad = ["setup players=9", *script[:2], "card 17", "deck 9", "plant 3", "banana", "card 9999", *script[2:8]]
    f = tmp_path / "bad.txt"
    f.write_text("\n".join(bad) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    refusals = [ln for ln in r.stdout.splitlines() if ln.startswith("  ? ")]
    assert len(refusals) == 6, r.stdout
    # nothing refused was journalled: the good lines alone make the game
    with sqlite3.connect(tmp_path / "state" / "journal.sqlite3") as db:
        steps = [row[0] for row in db.execute("SELECT cmd FROM steps ORDER BY seq")]
    assert steps == script[2:8]


def test_the_journal_replays_through_the_same_module():
    script, _final = table_script(3, 11)
    journal: list[tuple[str, object]] = []
    live = WaldgaertnerCompanion(on_command=lambda k, p: journal.append((k, p)))
    for line in script[: len(script) * 2 // 3]:
        live.do(line)
    live.do("undo")
    live.do("undo")
    setup = next(p for k, p in journal if k == "game")
    cmds = [p for k, p in journal if k == "cmd"]
    again = WaldgaertnerCompanion()
    again.replay(setup, cmds)
    assert again.state.summary() == live.state.summary()
    assert again.state.history == live.state.history
    assert again.stage() == live.stage() and again.seat() == live.seat()
