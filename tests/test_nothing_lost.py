"""Issue 35, what a family that leaves the box on the shelf for months expects: it turns on and
everything they played is still there. Every fault is made from outside the process: the history
file damaged, truncated, emptied or deleted between runs, a stored record changed inside the
file, named pipes in the state dir, a child killed in the middle of writing a record; then
``applejack-table play`` / ``history`` run as children (with a timeout: nothing may wait).

Items: 2 (every game in the history can be rebuilt, imported ones too; one line for what cannot),
3 (nothing in the state dir makes a start wait), 4 (temporary files of a cut write), 5 (a record
damaged inside the database), 8 (duplicate keys, ``history | head``, a state dir that is a file).
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from table.history.store import History

ROOT = Path(__file__).parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
GAMES = 40

_spec = importlib.util.spec_from_file_location("kill_at_finish", ROOT / "bench" / "kill_at_finish.py")
assert _spec is not None and _spec.loader is not None
drill = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(drill)


def table(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "table", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=ENV)


def start(state: Path) -> subprocess.CompletedProcess[str]:
    """The table turned on (and off again at once: no input)."""
    r = table("play", "--text", "--pins", "none", "--state-dir", str(state))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    return r


def pad_record(name: str, honey: int, tag: str) -> dict:
    return {"format": "applejack-track/1", "config": {"players": 1, "tag": tag}, "actions": [],
            "score_pad": {"players": [{"name": name, "areas": {"Brown": [5, 4]}, "blossoms": 2, "honey": honey}]}}


def listed(state: Path) -> dict[str, str]:
    """game id → the player's total, as the read-only ``history --csv`` lists them."""
    r = table("history", "--csv", "--state-dir", str(state))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    return {row["game_id"]: row["total"] for row in csv.DictReader(io.StringIO(r.stdout))}


def stored(state: Path) -> int:
    db = sqlite3.connect(state / "history.sqlite3")
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        db.close()


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A state dir whose history holds 40 games brought in with ``history import`` (no game
    of the table's own): each test gets a copy."""
    base = tmp_path_factory.mktemp("imported")
    state, files = base / "state", base / "old-records"
    files.mkdir()
    for i in range(GAMES):
        (files / f"old-{i:02d}.json").write_text(json.dumps(pad_record(f"P{i % 4}", 30 + i, f"t{i}")))
    r = table("history", "--state-dir", str(state), "import", *map(str, sorted(files.iterdir())))
    assert r.returncode == 0 and r.stdout.startswith(f"{GAMES} game(s) added"), r.stdout + r.stderr
    return state


def copy_of(src: Path, dst: Path) -> Path:
    subprocess.run(["cp", "-a", str(src), str(dst)], check=True)
    return dst


def zero_page(path: Path) -> None:
    body = path.read_bytes()
    page = 4096 * (len(body) // 4096 // 2)
    path.write_bytes(body[:page] + b"\0" * 4096 + body[page + 4096:])


DAMAGES = {
    "a zeroed page": zero_page,
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:3000]),
    "zero bytes": lambda p: p.write_bytes(b""),
    "deleted": lambda p: p.unlink(),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_imported_games_come_back_whole_after_the_history_is_damaged(tmp_path, imported, damage):
    """Item 2: imported games are kept under records/imported/, so the read-only command shows
    every game at once and the next start puts every one back into the history."""
    state = copy_of(imported, tmp_path / "state")
    before = listed(state)
    kept = list((state / "records" / "imported").glob("*.json"))
    assert len(before) == GAMES and len(kept) == GAMES
    assert {(state / "records").stat().st_mode & 0o777, kept[0].stat().st_mode & 0o777} == {0o700, 0o600}
    for suffix in ("-wal", "-shm"):
        Path(f"{state / 'history.sqlite3'}{suffix}").unlink(missing_ok=True)
    DAMAGES[damage](state / "history.sqlite3")
    files = {p: p.read_bytes() for p in state.rglob("*") if p.is_file()}
    shown = listed(state)  # before any start: the read-only command, which writes nothing
    assert sorted(shown.values()) == sorted(before.values())
    assert {p: p.read_bytes() for p in state.rglob("*") if p.is_file() and not p.name.endswith(("-wal", "-shm"))} \
        == {p: b for p, b in files.items() if not p.name.endswith(("-wal", "-shm"))}
    r = start(state)
    assert stored(state) == GAMES, r.stderr
    after = listed(state)
    assert sorted(after.values()) == sorted(before.values())
    assert "cannot come back" not in r.stderr
    if damage == "a zeroed page":  # the rows that still read keep their ids (`history --export ID`)
        assert sum(after.get(gid) == total for gid, total in before.items()) >= GAMES // 2


def test_games_that_cannot_come_back_are_one_line_with_how_many(tmp_path, imported):
    state = copy_of(imported, tmp_path / "state")
    kept = sorted((state / "records" / "imported").glob("*.json"))
    kept[0].write_bytes(b"")  # a zero-byte record
    kept[1].write_bytes(kept[1].read_bytes()[:40])  # one cut short
    for p in state.glob("history.sqlite3*"):
        p.unlink()
    r = start(state)
    lines = [x for x in r.stderr.splitlines() if "cannot come back" in x]
    assert len(lines) == 1 and "2 game(s) cannot come back" in lines[0], r.stderr
    assert stored(state) == GAMES - 2
    assert "cannot come back" not in start(state).stderr  # said once: the damaged files were moved aside


def test_games_imported_before_records_were_kept_get_their_files_at_the_next_start(tmp_path, imported):
    """A history filled by an older ``history import`` (no files): the next start writes each
    game's record under records/imported/, then a deleted history still comes back whole."""
    state = copy_of(imported, tmp_path / "state")
    for p in (state / "records" / "imported").iterdir():
        p.unlink()
    r = start(state)
    assert f"{GAMES} stored game(s) had no record file" in r.stderr, r.stderr
    for p in state.glob("history.sqlite3*"):
        p.unlink()
    start(state)
    assert stored(state) == GAMES


def _flip_in_record(path: Path, old: bytes, new: bytes) -> None:
    body = path.read_bytes()
    assert body.count(old) == 1
    path.write_bytes(body.replace(old, new))


@pytest.mark.parametrize("new", [b'"tag":"u7"', b'"tag":"\xff7"'], ids=["another value", "not UTF-8"])
def test_a_record_damaged_inside_the_database_is_found_and_restored_from_its_file(tmp_path, imported, new):
    """Items 2 and 5: quick_check passes a changed byte inside a row; the digest stored beside each
    record finds it. ``history --export`` gives the record as it was (read from its file), and the
    next start restores the row, under the same id."""
    state = copy_of(imported, tmp_path / "state")
    db = sqlite3.connect(state / "history.sqlite3")
    gid = db.execute("SELECT id FROM games WHERE record LIKE '%\"tag\":\"t7\"%'").fetchone()[0]
    expected = table("history", "--export", str(gid), "--state-dir", str(imported)).stdout
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    _flip_in_record(state / "history.sqlite3", b'"tag":"t7"', new)
    db = sqlite3.connect(state / "history.sqlite3")
    assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    db.close()
    r = table("history", "--export", str(gid), "--state-dir", str(state))
    assert r.returncode == 0 and r.stdout == expected, r.stderr
    assert "1 game(s) shown from their files" in r.stderr, r.stderr
    s = start(state)
    assert f"game {gid}'s stored record was damaged: restored" in s.stderr, s.stderr
    db = sqlite3.connect(state / "history.sqlite3")
    record = json.loads(db.execute("SELECT record FROM games WHERE id=?", (gid,)).fetchone()[0])
    db.close()
    assert record["config"]["tag"] == "t7"
    again = table("history", "--export", str(gid), "--state-dir", str(state))
    assert again.stdout == expected and again.stderr == ""


@pytest.mark.parametrize("damage", ["zero bytes", "deleted"])
def test_a_finished_games_record_file_comes_back_from_the_journal(tmp_path, damage):
    """The table's own game: its record file damaged and the history deleted (two faults at once)
    — the journal still keeps the record, so the file and the history entry come back."""
    state = tmp_path / "state"
    assert drill.run_child("zankapfel", 1, "history", state).returncode < 0  # finished, its history entry not yet
    record = state / "records" / "game-00001.json"
    body = record.read_bytes()
    if damage == "deleted":
        record.unlink()
    else:
        record.write_bytes(b"")
    for p in state.glob("history.sqlite3*"):
        p.unlink()
    r = start(state)
    assert "written again from the journal" in r.stderr and "cannot come back" not in r.stderr, r.stderr
    assert record.read_bytes() == body and stored(state) == 1


# --- item 3: nothing in the state dir makes a start wait ------------------------------------------
FIFOS = ["language", "journal.sqlite3", "history.sqlite3", "journal.sqlite3-wal", "history.sqlite3-wal",
         "records/game-00001.json"]


@pytest.mark.parametrize("name", FIFOS)
def test_a_named_pipe_in_the_state_dir_never_makes_a_start_wait(tmp_path, name):
    state = tmp_path / "state"
    (state / "records").mkdir(parents=True)
    if name == "history.sqlite3-wal":  # a sound history beside its pipe
        History(state).close()
        Path(f"{state / 'history.sqlite3'}-wal").unlink(missing_ok=True)
    os.mkfifo(state / name)
    r = table("play", "--text", "--pins", "none", "--state-dir", str(state), timeout=60)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "Setup:" in r.stdout
    assert "a named pipe" in r.stderr, r.stderr
    listing = table("history", "--state-dir", str(state), timeout=60)  # the read-only command too
    assert "Traceback" not in listing.stderr


def test_the_read_only_history_command_never_waits_on_a_pipe(tmp_path):
    os.mkfifo(tmp_path / "history.sqlite3")
    r = table("history", "--state-dir", str(tmp_path), timeout=60)
    assert "Traceback" not in r.stderr and r.returncode == 0, r.stderr
    assert (tmp_path / "history.sqlite3").exists()  # read-only: not even moved


# --- item 4: the temporary files of a cut write ---------------------------------------------------
CUT_AT_LINK = """
import os, signal, sys
sys.path.insert(0, {root!r})
import importlib.util
spec = importlib.util.spec_from_file_location("k", {bench!r})
k = importlib.util.module_from_spec(spec); spec.loader.exec_module(k)
real = os.link
def cut(src, dst, *a, **kw):
    if str(src).endswith(".tmp"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(src, dst, *a, **kw)
os.link = cut
sys.exit(k.child("zankapfel", 1, "none", __import__("pathlib").Path({state!r})))
"""


def test_a_cut_between_the_temporary_file_and_its_link_leaves_nothing_at_the_next_start(tmp_path):
    state = tmp_path / "state"
    code = CUT_AT_LINK.format(root=str(ROOT), bench=str(ROOT / "bench" / "kill_at_finish.py"), state=str(state))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=ENV)
    assert r.returncode == -signal.SIGKILL, r.stderr[-1000:]
    assert list((state / "records").glob(".game-*.tmp"))  # what the cut left
    ok, what = drill.judge("zankapfel", state)  # the next start finishes the game, once
    assert ok and what == "finished", what
    assert not list((state / "records").glob(".*.tmp"))


def test_a_temporary_file_that_holds_the_only_copy_of_a_record_is_linked_first(tmp_path):
    state = tmp_path / "state"
    r = drill.run_child("zankapfel", 1, "history", state)  # a finished game, its record written
    assert r.returncode < 0
    records = state / "records"
    body = (records / "game-00001.json").read_bytes()
    (records / ".game-00001.4194303.tmp").write_bytes(body)  # a stray copy of a record that is safe
    (records / ".game-00009.4194302.tmp").write_bytes(body)  # the only copy of game 9's record
    (records / ".game-00010.4194301.tmp").write_bytes(body[:100])  # a cut-off write of nothing kept
    start_state = drill.after_restart("zankapfel", state)
    assert not list(records.glob(".*.tmp"))
    assert (records / "game-00009.json").read_bytes() == body
    assert not (records / "game-00010.json").exists()
    assert start_state["history"] == 1  # game 9's record is game 1's: the same game, stored once


# --- item 8 ------------------------------------------------------------------------------------------
def test_a_duplicate_key_is_refused_with_one_line_by_score_and_by_import(tmp_path):
    pad = tmp_path / "pad.json"
    pad.write_text('{"players": [{"name": "Ada", "areas": {"Brown": [5]}, "blossoms": 2, "honey": 5, "honey": 62}]}')
    r = table("score", str(pad))
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stdout + r.stderr
    assert "'honey' appears twice" in r.stderr
    rec = tmp_path / "rec.json"
    text = json.dumps(pad_record("Ada", 5, "dup"))
    rec.write_text(text.replace('"honey": 5', '"honey": 5, "honey": 62'))
    r = table("history", "--state-dir", str(tmp_path / "state"), "import", str(rec))
    assert r.returncode == 2 and "'honey' appears twice" in r.stderr and "0 game(s) added" in r.stdout, r.stderr


def test_history_into_a_closed_pipe_says_nothing(imported):
    for reader in ("head -n 1", "head -n 0"):  # -n 0 leaves before the first line is written
        r = subprocess.run(f"{sys.executable} -m table history --state-dir {imported} | {reader}", shell=True,
                           capture_output=True, text=True, timeout=120, cwd=ROOT, env=ENV)
        assert r.stdout.startswith("Games (" if reader.endswith("1") else "") and r.stderr == "", r.stderr


def test_a_state_dir_that_is_a_file_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "a-file").write_text("x")
    for args in (("history",), ("history", "--csv"), ("play", "--text", "--pins", "none")):
        r = table(*args, "--state-dir", str(tmp_path / "a-file"))
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (args, r.stdout, r.stderr)
        assert "is a file, not a directory" in r.stderr or "a file stands where a folder belongs" in r.stderr
