"""Undo on the result (issue 20): a game scored from the pad is undone back into the pad — every
entry as it was, the finished record and its history entry withdrawn (a journalled ``unfinish``
step), personal bests without the withdrawn score — and scored again: one history entry, the new
score. A kill from outside at every step of it leaves either the finished game with its history
entry or the pad reopened without it: never two entries, never a lost game."""

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from table.companion.session import open_session
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.applejack.text import handle_line
from table.history.store import History
from tests.companion import unfinish_child as child

ROOT = Path(__file__).parents[2]
DATA = load_dataset()


def history_totals(state: Path) -> list[tuple[str | None, int]]:
    """(player, total) of every stored seat, in game and seat order."""
    if not (state / "history.sqlite3").exists():
        return []
    db = sqlite3.connect(state / "history.sqlite3")
    try:
        return db.execute("SELECT p.name, s.total FROM scores s LEFT JOIN players p ON p.id=s.player "
                          "ORDER BY s.game, s.seat").fetchall()
    finally:
        db.close()


def live_records(state: Path) -> list[str]:
    return sorted(p.name for p in (state / "records").glob("game-*.json") if ".withdrawn-" not in p.name)


def scored(state: Path):
    """A session on ``state`` with the seeded game played and scored (its result on the screen)."""
    ctl, journal = open_session(DATA, state, games=games(), resume="no")
    for line in child.lines():
        assert (ctl.do(line) if line.startswith("setup name") else handle_line(ctl.current, line)) is None, line
    assert ctl.mode == "result"
    return ctl, journal


def test_undo_on_the_result_reopens_the_pad_as_it_was_and_withdraws_the_result(tmp_path):
    ctl, journal = scored(tmp_path)
    pad = ctl.current.pad
    before = (pad.to_dict(tuple(v.id for v in DATA.varieties)), pad.cursor)
    old = [r.total for r in ctl.current.results]
    assert [t for _n, t in history_totals(tmp_path)] == old and live_records(tmp_path) == ["game-00001.json"]
    with History(tmp_path) as h:
        assert {b.player: b.best for b in h.bests()} == {"Ana": old[0], "Ben": old[1]}

    assert handle_line(ctl.current, "undo") is None  # the lid's UNDO on the result
    assert ctl.mode == "pad" and ctl.current.results == [] and ctl.current.record is None
    assert (ctl.current.pad.to_dict(tuple(v.id for v in DATA.varieties)), ctl.current.pad.cursor) == before
    assert history_totals(tmp_path) == [] and live_records(tmp_path) == []  # out of the history, no record
    withdrawn = sorted(p.name for p in (tmp_path / "records").iterdir() if "withdrawn" in p.name)
    assert withdrawn == ["game-00001.json.withdrawn-1"]  # kept aside, never read as a record (*.json)
    with History(tmp_path) as h:
        assert h.bests() == []  # the withdrawn score is nobody's best
    assert journal.db.execute("SELECT status FROM games").fetchall() == [("open",)]

    for line in (child.CHANGE, "done"):
        assert handle_line(ctl.current, line) is None
    new = [r.total for r in ctl.current.results]
    honey = ctl.current.pad.honey
    assert honey[0] == 99 and new[1] == old[1] and new[0] != old[0]
    assert history_totals(tmp_path) == [("Ana", new[0]), ("Ben", new[1])]  # one entry: the new score
    assert live_records(tmp_path) == ["game-00001.json"]
    with History(tmp_path) as h:
        assert {b.player: b.best for b in h.bests()} == {"Ana": new[0], "Ben": new[1]}
    journal.close()


def test_undo_is_refused_where_there_is_no_finished_game_and_the_resume_reopens_the_pad(tmp_path):
    ctl, journal = scored(tmp_path)
    entries = ctl.current.pad.to_dict(tuple(v.id for v in DATA.varieties))
    assert ctl.press("undo") and ctl.mode == "pad"  # the button, as the lid's
    journal.close()
    again, journal = open_session(DATA, tmp_path, games=games(), resume="yes")  # a restart: the pad, as it was
    assert again.mode == "pad" and again.current.pad.to_dict(tuple(v.id for v in DATA.varieties)) == entries
    assert history_totals(tmp_path) == []
    with pytest.raises(Exception, match="not finished"):
        again.do("unfinish")  # on the pad there is no result to undo
    journal.close()


@pytest.mark.usefixtures("pygame_display")
def test_the_result_screen_has_an_undo_button_and_touching_it_reopens_the_pad(tmp_path):
    import pygame

    from table.games import load_game

    ctl, journal = scored(tmp_path)
    view = load_game("applejack").part("view")((480, 320))
    surf = pygame.Surface((480, 320))
    view.new_frame()
    view.draw(surf, ctl)
    undo = [rect for rect, name in view.targets if name == "undo"]
    assert len(undo) == 1 and undo[0].h >= 45  # touchable: 7 mm at 480×320
    assert ctl.press("undo") and ctl.mode == "pad"  # what a touch on it sends
    view.new_frame()
    view.draw(surf, ctl)
    assert "done" in {name for _rect, name in view.targets}  # the score pad's Score ✓, drawn again
    assert history_totals(tmp_path) == []
    journal.close()


def test_the_text_front_end_scores_undoes_changes_and_scores_again(tmp_path):
    """``play --text`` as a person types it: one history entry, with the new score."""
    stdin = "\n".join([*child.lines(), "undo", child.CHANGE, "done", "quit"]) + "\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--state-dir", str(tmp_path)],
                       input=stdin, capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Result undone" in r.stdout and "Traceback" not in r.stderr
    totals = history_totals(tmp_path)
    assert len(totals) == 2 and [n for n, _t in totals] == ["Ana", "Ben"], totals
    ana = [line for line in r.stdout.splitlines() if "(Ana): harvest" in line]
    assert len(ana) == 2 and ana[0] != ana[1] and ana[-1].endswith(f"→ {totals[0][1]}")  # the score shown last
    assert live_records(tmp_path) == ["game-00001.json"]


def run_child(state: Path, point: str) -> None:
    """Start the child, wait for it to reach ``point``, SIGKILL it from here."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, str(Path(child.__file__)), str(state), point], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        assert line.strip() == f"AT {point}", (line, p.stderr.read() if p.poll() is not None else "")
        os.kill(p.pid, signal.SIGKILL)
        assert p.wait(timeout=30) == -signal.SIGKILL
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def after_restart(state: Path):
    """A start as ``play`` makes it (resume "ask"): the screen, the open game, the history, the records."""
    ctl, journal = open_session(DATA, state, games=games(), resume="ask")
    try:
        rows = journal.db.execute("SELECT id, status FROM games ORDER BY id").fetchall()
        return ctl.mode, rows, history_totals(state), live_records(state)
    finally:
        journal.close()


@pytest.mark.parametrize("point", ["hook", "written", "committed", "renamed", "withdrawn",
                                   "redone-record", "redone-history"])
def test_a_kill_at_any_step_leaves_the_result_or_the_reopened_pad_never_both(tmp_path, point):
    state = tmp_path / "state"
    run_child(state, point)
    first = after_restart(state)
    assert after_restart(state) == first  # a second start changes nothing
    mode, rows, totals, records = first
    if point in ("hook", "written"):  # the unfinish not committed: the game stays finished, stored once
        assert rows == [(1, "finished")] and len(totals) == 2 and records == ["game-00001.json"], first
        assert mode == "setup"
    elif point.startswith("redone"):  # the second finish cut: finished again, with the new score, once
        assert rows == [(1, "finished")] and records == ["game-00001.json"], first
        assert len(totals) == 2 and totals[0][0] == "Ana"
        ctl, journal = open_session(DATA, state, games=games(), resume="no")
        journal.close()
        record = child_record(state)
        assert record["score_pad"]["players"][0]["honey"] == 99 and totals[0][1] == record["scores"][0]["total"]
    else:  # committed: the pad is offered again, out of the history, no record file
        assert rows == [(1, "open")] and totals == [] and records == [] and mode == "resume", first
        ctl, journal = open_session(DATA, state, games=games(), resume="yes")
        try:
            assert ctl.mode == "pad"
            for line in (child.CHANGE, "done"):
                assert handle_line(ctl.current, line) is None
            assert ctl.mode == "result"
        finally:
            journal.close()
        assert [n for n, _t in history_totals(state)] == ["Ana", "Ben"] and live_records(state) == ["game-00001.json"]


def child_record(state: Path) -> dict:
    import json

    return json.loads((state / "records" / "game-00001.json").read_text())
