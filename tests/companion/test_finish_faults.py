"""Nothing lost at the finish (issue 22): a kill or a full disk between the last step's commit and the
finish (record file, journal status, history entry), for every game, driven from outside the
process by bench/kill_at_finish.py (a child that SIGKILLs itself; a small tmpfs filled to the last
byte). The next start finishes the game again before anything else, writing nothing twice."""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from table.games import games

ROOT = Path(__file__).parents[2]
_spec = importlib.util.spec_from_file_location("kill_at_finish", ROOT / "bench" / "kill_at_finish.py")
assert _spec is not None and _spec.loader is not None
drill = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(drill)

KEYS = [g.key for g in games() if g.has("companion")]


@pytest.mark.parametrize("point", drill.POINTS)
@pytest.mark.parametrize("key", KEYS)
def test_a_kill_at_the_finish_is_finished_again_at_the_next_start(tmp_path, key, point):
    ok, what = drill.drill(key, 1, point, tmp_path)
    assert ok and what == "finished", what  # Applejack too: its "pad-done" is a step before the finish


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {r.stderr.strip()[:120]}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.parametrize("key", KEYS)
def test_a_full_disk_at_the_finish_loses_neither_the_game_nor_its_history_entry(small_disk, key):
    ok, what = drill.disk_full(key, 1, small_disk)
    assert ok, what


def _history_games(state: Path) -> int:
    db = sqlite3.connect(state / "history.sqlite3")
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        db.close()


def test_the_history_is_an_index_of_the_records(tmp_path):
    """A record the history lacks (a stray rm of the history here) is added at the next start, once."""
    state = tmp_path / "state"
    r = drill.run_child("zankapfel", 2, "history", state)  # killed before the history entry
    assert r.returncode < 0
    assert drill.after_restart("zankapfel", state)["history"] == 1
    (state / "history.sqlite3").unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{state / 'history.sqlite3'}{suffix}").unlink(missing_ok=True)
    shutil.copy(state / "records" / "game-00001.json", state / "records" / "game-00001-2.json")  # the same game
    seen = drill.after_restart("zankapfel", state)
    assert seen["history"] == 1 and _history_games(state) == 1
    assert drill.after_restart("zankapfel", state)["history"] == 1
