"""Whole Zankapfel games at the table, from outside: ``play --game zankapfel --text --script F``
as a subprocess (3 and 6 players), the same in the window at 800×480 and 480×320 (the resume after
a SIGKILL mid-game: ``tests/test_every_game.py``, for every game)."""

import subprocess
import sys
from functools import partial

import pytest

from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from tests.scenarios import table_run
from tests.scenarios.table_run import ENV, record

play = partial(table_run.play, "zankapfel")


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (6, 2)])
def test_a_whole_game_from_a_script_in_the_terminal(tmp_path, players, seed):
    script, final = table_script(players, seed)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(script) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    winners = " and ".join(f"Seat {s + 1}" for s in final.winners())
    assert f"Game over ({final.end_reason}): {winners}" in r.stdout
    rec = record(tmp_path)
    assert rec["format"] == "zankapfel-record/1"
    assert rec["scores"] == [final.position(s) for s in range(players)]
    assert rec["winners"] == list(final.winners())
    out = subprocess.run([sys.executable, "-m", "table.cli", "replay", str(next((tmp_path / "state" / "records").
                                                                          glob("*.json")))],
                         capture_output=True, text=True, env=ENV, timeout=60)
    assert out.returncode == 0 and "Game over" in out.stdout.splitlines()[-1]


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_a_whole_game_in_the_window(tmp_path, size):
    script, final = table_script(3, 5)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(script) + "\n")
    shot = tmp_path / "end.png"
    r = play(tmp_path, "--display", "window", "--size", size, "--script", str(f), "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    assert shot.stat().st_size > 1000
    assert record(tmp_path)["winners"] == list(final.winners())


def test_a_refused_line_is_one_line_and_changes_nothing(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("setup players=3\nstart\nmayor z9\nbuy\nturn purple\nmayor c3\nturn red\nremove c3\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    refusals = [ln for ln in r.stdout.splitlines() if ln.startswith("  ? ")]
    assert len(refusals) == 4, r.stdout  # z9, buy before the mayor, purple, the mayor's own token


def test_the_journal_replays_through_the_same_module(tmp_path):
    script, _final = table_script(5, 11)
    journal: list[tuple[str, object]] = []
    live = ZankapfelCompanion(on_command=lambda k, p: journal.append((k, p)))
    for line in script[: len(script) * 2 // 3]:
        live.do(line)
    live.do("undo")
    setup = next(p for k, p in journal if k == "game")
    cmds = [p for k, p in journal if k == "cmd"]
    again = ZankapfelCompanion()
    again.replay(setup, cmds)
    assert again.state.summary() == live.state.summary()
    assert again.b.e.history == live.b.e.history
    assert again.stage() == live.stage() and again.b.seat() == live.b.seat()
