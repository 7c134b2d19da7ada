"""Storage faults tried from outside the process: ``applejack-table play`` as a subprocess on a
state directory that was damaged, filled or made read-only beforehand (docs/companion.md, "Storage").

Disk full is RLIMIT_FSIZE on the child (root obeys it too; CPython ignores SIGXFSZ, so a write
past the limit fails with EFBIG), lifted from outside with ``prlimit`` when "the disk has room"
again. A read-only state directory is ``chattr +i`` (honoured by root) where the file system
supports it, else ``chmod`` when not running as root.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from table.companion.journal import Journal
from table.companion.session import open_session
from table.games import games
from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.storage.recordfiles import write_record

DATA = load_dataset()
ROOT = Path(__file__).parents[2]
SCRIPT = auto_script(DATA, Setup(2), seed=11)


def play(state: Path | str, lines: list[str] = (), *, env: dict[str, str] | None = None,
         extra: list[str] = (), preexec=None, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-m", "table", "play", "--text", "--pins", "none", *extra]
    if state is not None:
        args += ["--state-dir", str(state)]
    return subprocess.run(args, input="".join(f"{x}\n" for x in lines), capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})}, cwd=ROOT, preexec_fn=preexec)


@pytest.fixture(scope="module")
def game_in_progress(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], list[str]]:
    """``game_in_progress(state)``: a game of two, 12 commands in, journalled by a process that
    ended (as after a power cut). The process plays once for the module; each test gets a copy of
    the state directory it left (every file, its modes) and the commands."""
    made = tmp_path_factory.mktemp("in-progress") / "state"
    r = play(made, SCRIPT[:13])
    assert r.returncode == 0, r.stderr
    with Journal(made) as j:
        game = j.unfinished()
    assert game is not None and game.cmds == SCRIPT[1:13]
    cmds = list(game.cmds)

    def copy(state: Path) -> list[str]:
        shutil.copytree(made, state, symlinks=True, dirs_exist_ok=True)
        return list(cmds)

    return copy


def offered(state: Path) -> list[str] | None:
    with Journal(state) as j:
        game = j.unfinished()
    return None if game is None else game.cmds


def assert_clean_start(r: subprocess.CompletedProcess[str]) -> None:
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "Setup:" in r.stdout  # a fresh setup screen


def moved_aside(state: Path) -> list[Path]:
    return sorted(p for p in state.glob("journal.sqlite3.damaged-*") if not p.name.endswith(("-wal", "-shm")))


# --- damage: moved aside, one log line, a fresh setup screen, exit 0, the file kept ------------------

def _garbage_inside(path: Path) -> None:
    data = bytearray(path.read_bytes())
    assert len(data) >= 3 * 4096
    data[4096:8192] = os.urandom(4096)  # page 2: the file opens, SQLite calls it malformed
    path.write_bytes(bytes(data))


def _schema_version(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=7")
    db.close()


def _setup_not_json(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET setup='{\"players\": 2, \"cottage\"' WHERE status='open'")
    db.commit()
    db.close()


def _setup_other_json(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET setup='{\"players\": 3}' WHERE status='open'")  # JSON, not what was written
    db.commit()
    db.close()


def _huge_number_legacy(path: Path) -> None:  # an old row (no checksum) with 1e400 in the setup
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET setup='{\"players\": 1e400}', crc=NULL WHERE status='open'")
    db.commit()
    db.close()


def _step_changed(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET cmd='take 1e400' WHERE seq=3")
    db.commit()
    db.close()


def _setup_not_utf8(path: Path) -> None:  # found by bench/corrupt_journal.py: bytes that are not UTF-8
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET setup=CAST(X'7B2270FF6C61796572223A20327D' AS TEXT) WHERE status='open'")
    db.commit()
    db.close()


def _schema_not_utf8(path: Path) -> None:  # SQLite's own error message then is not UTF-8 either
    data = bytearray(path.read_bytes())
    at = data.index(b"CREATE TABLE steps")
    data[at + 7:at + 9] = b"R\xd4"  # "CREATE R\xd4BLE steps": a syntax error near bytes that are not UTF-8
    path.write_bytes(bytes(data))


def _last_step_deleted(path: Path) -> None:  # found by the drill: looked like a step never committed
    db = sqlite3.connect(path)
    db.execute("DELETE FROM steps WHERE seq=(SELECT max(seq) FROM steps)")
    db.commit()
    db.close()


def _status_scribbled(path: Path) -> None:  # found by the drill: the game in progress vanished
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET status='o\x01en' WHERE status='open'")
    db.commit()
    db.close()


def _dangling_symlink(path: Path) -> None:
    path.unlink()
    path.symlink_to(path.parent / "nowhere" / "journal.sqlite3")


DAMAGE = {"garbage inside the file": _garbage_inside, "another schema version": _schema_version,
          "setup not JSON": _setup_not_json, "setup not the JSON written": _setup_other_json,
          "1e400 in an old row": _huge_number_legacy, "a step changed": _step_changed,
          "dangling symlink": _dangling_symlink, "setup not UTF-8": _setup_not_utf8,
          "schema text not UTF-8": _schema_not_utf8, "last step deleted": _last_step_deleted,
          "status scribbled": _status_scribbled}


RESCUED = {"a step changed": 2, "another schema version": 12, "last step deleted": 11}
"""Issue 22: the open game's longest run of steps that still read with their checksums is offered again."""


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_journal_is_moved_aside_and_the_table_starts_fresh(tmp_path, damage, game_in_progress):
    cmds = game_in_progress(tmp_path)
    journal = tmp_path / "journal.sqlite3"
    DAMAGE[damage](journal)
    r = play(tmp_path)
    if damage in RESCUED:  # moved aside, and the steps that still read are offered on resume
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert f"first {RESCUED[damage]} step(s) still read: recovered" in r.stderr
        assert "Unfinished" in r.stdout and offered(tmp_path) == cmds[:RESCUED[damage]]
    else:
        assert_clean_start(r)
    lines = [x for x in r.stderr.splitlines() if "moved aside" in x]
    assert len(lines) == 1, r.stderr
    (aside,) = moved_aside(tmp_path)
    assert aside.is_symlink() if damage == "dangling symlink" else aside.stat().st_size > 0  # kept
    again = play(tmp_path)  # no crash loop: the next start is clean and says nothing more
    if damage in RESCUED:
        assert again.returncode == 0 and offered(tmp_path) == cmds[:RESCUED[damage]]
    else:
        assert_clean_start(again)
    assert "moved aside" not in again.stderr
    assert len(moved_aside(tmp_path)) == 1


def test_game_ids_never_restart_after_a_move_aside(tmp_path):
    r = play(tmp_path, SCRIPT)  # a whole game: records/game-00001.json
    assert r.returncode == 0, r.stderr
    first = tmp_path / "records" / "game-00001.json"
    kept = first.read_bytes()
    (tmp_path / "journal.sqlite3").write_bytes(b"scribbled" * 2000)
    r = play(tmp_path, SCRIPT)  # the journal is moved aside; the next game must not be number 1
    assert r.returncode == 0, r.stderr
    assert first.read_bytes() == kept
    assert (tmp_path / "records" / "game-00002.json").exists()


def test_a_record_file_is_never_overwritten(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    (records / "game-00003.json").write_text("an older game\n")
    out = write_record(records, 3, '{"a": 1}')
    assert out.name == "game-00003-2.json" and out.read_text() == '{"a": 1}\n'
    assert (records / "game-00003.json").read_text() == "an older game\n"
    assert write_record(records, 3, '{"a": 1}') == out  # the same record again: no third file
    assert not list(records.glob("*.tmp")) and not list(records.glob(".*"))


# --- passing errors: never moved aside, one line, retried ---------------------------------------------

def _fsize(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    return apply


def test_disk_full_at_start_never_moves_a_healthy_journal_aside(tmp_path, game_in_progress):
    cmds = game_in_progress(tmp_path)
    r = play(tmp_path, ["confirm", SCRIPT[13]], preexec=_fsize(0))  # no byte can be written
    assert r.returncode != 0
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "cannot write the game journal in" in r.stderr and str(tmp_path) in r.stderr
    assert moved_aside(tmp_path) == []
    assert offered(tmp_path) == cmds  # the disk has room again: the game is offered as it was
    r = play(tmp_path, ["confirm", SCRIPT[13]])
    assert r.returncode == 0 and "Resumed" in r.stdout, r.stderr
    assert offered(tmp_path) == [*cmds, SCRIPT[13]]


def test_disk_full_during_play_keeps_every_step_and_writes_them_when_there_is_room(tmp_path):
    assert play(tmp_path).returncode == 0  # an empty journal
    # a reader holding a snapshot keeps the WAL from being checkpointed and reset, so the WAL grows
    # with every step until it meets the file size limit: the disk is full after a few steps
    snapshot = sqlite3.connect(tmp_path / "journal.sqlite3", isolation_level=None)
    snapshot.execute("BEGIN")
    snapshot.execute("SELECT count(*) FROM steps").fetchone()
    proc = subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir",
                             str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, preexec_fn=_fsize(33_000))
    err: list[str] = []
    reader = threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True)
    reader.start()
    threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()
    assert proc.stdin is not None
    proc.stdin.write("".join(f"{x}\n" for x in SCRIPT[:60]))
    proc.stdin.flush()
    end = time.monotonic() + 60
    while not any("not saved yet" in x or "cannot write" in x for x in err) and time.monotonic() < end:
        time.sleep(0.05)
    assert any("cannot write the game journal" in x for x in err), err
    snapshot.execute("COMMIT")
    snapshot.close()
    resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    proc.stdin.write("".join(f"{x}\n" for x in SCRIPT[60:80]))
    proc.stdin.close()
    assert proc.wait(60) == 0, "".join(err)
    reader.join(10)
    assert "Traceback" not in "".join(err)
    assert moved_aside(tmp_path) == []
    assert offered(tmp_path) == SCRIPT[1:80]  # nothing lost, in order


def _make_read_only(path: Path) -> str:
    """chattr +i (root obeys it) or chmod (not root); "" when neither works here (as root without
    e2fsprogs' chattr — a minimal trixie — or on a file system without the immutable flag)."""
    if shutil.which("chattr") is not None:
        r = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if r.returncode == 0:
            return "chattr"
    if os.geteuid() != 0:
        path.chmod(0o555)
        return "chmod"
    return ""


def _make_writable(path: Path, how: str) -> None:
    if how == "chattr":
        subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o755)


def test_a_read_only_state_dir_is_one_line_and_nothing_is_lost(tmp_path, game_in_progress):
    state = tmp_path / "state"
    cmds = game_in_progress(state)
    how = _make_read_only(state)
    if not how:
        pytest.skip("running as root without a working chattr +i (e2fsprogs missing, or a file system "
                    "without the immutable flag): no way to make a directory read-only")
    try:
        r = play(state, ["confirm", SCRIPT[13]])
    finally:
        _make_writable(state, how)
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and str(state) in r.stderr, r.stderr
    assert moved_aside(state) == []
    assert offered(state) == cmds


def test_an_unwritable_records_path_keeps_the_finished_game_until_it_can_be_written(tmp_path):
    (tmp_path / "records").write_text("not a directory")
    r = play(tmp_path, SCRIPT)
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr
    assert "could not be saved" in r.stderr and str(tmp_path) in r.stderr
    game = offered(tmp_path)
    assert game is not None and game == [*SCRIPT[1:-1], "pad-done"]  # every step kept; the game is not lost
    (tmp_path / "records").unlink()
    r = play(tmp_path, [])  # its steps end it: finished at the start, before anything else
    assert r.returncode == 0 and "finished now" in r.stderr, r.stderr
    assert len(list((tmp_path / "records").glob("game-*.json"))) == 1


@pytest.mark.parametrize(("env", "extra"), [({"STATE_DIRECTORY": "/"}, []), ({}, ["--state-dir", ""])])
def test_the_root_or_an_empty_state_dir_is_refused(env, extra):
    r = play(None, env=env, extra=extra)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "root directory" in r.stderr or "empty" in r.stderr, r.stderr


# --- the game itself -----------------------------------------------------------------------------------

def test_resume_is_exact_inside_the_score_pad(tmp_path):
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.setup = Setup(2)
    for cmd in SCRIPT:
        if ctl.mode == "pad":
            break
        ctl.do(cmd)
    assert ctl.mode == "pad"
    for b in ("4", "comma", "2", "confirm", "next", "7"):  # a field entered, one skipped, one being typed
        ctl.press(b)
    spot = (ctl.pad.cursor, ctl.pad.typing, ctl.pad.areas)
    assert spot[1] == "7"
    j.close()
    ctl2, j2 = open_session(DATA, tmp_path, games=games(), resume="yes")
    assert ctl2.mode == "pad"
    assert (ctl2.pad.cursor, ctl2.pad.typing, ctl2.pad.areas) == spot
    j2.close()


def test_undo_on_the_resume_screen_needs_a_second_press_that_says_so(tmp_path, game_in_progress):
    cmds = game_in_progress(tmp_path)
    r = play(tmp_path, ["undo"])  # one press: the game stays
    assert r.returncode == 0 and "again" in r.stdout, r.stdout
    assert offered(tmp_path) == cmds
    r = play(tmp_path, ["undo", "undo"])
    assert r.returncode == 0
    assert offered(tmp_path) is None


def test_a_game_from_another_data_set_is_not_resumed(tmp_path):
    with Journal(tmp_path, digest="0123456789abcdef") as j:
        j.start(Setup(2).to_dict())
        j.append("take 1")
    r = play(tmp_path, ["confirm"])
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert "another data set" in r.stdout and "Resumed" not in r.stdout
    assert offered(tmp_path) == ["take 1"]  # kept: reinstalling that data resumes it
    r = play(tmp_path, ["undo", "undo"])
    assert offered(tmp_path) is None


# --- one instance -------------------------------------------------------------------------------------

def test_a_second_instance_exits_naming_the_first(tmp_path):
    first = subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir",
                              str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("start\n")
        first.stdin.flush()
        end = time.monotonic() + 60
        while not (tmp_path / "lock").exists() or not (tmp_path / "lock").read_text().strip():
            assert time.monotonic() < end and first.poll() is None
            time.sleep(0.05)
        second = play(tmp_path, ["undo", "undo", "start", "1"])
        assert second.returncode != 0
        assert second.stderr.strip() == second.stderr.strip().splitlines()[0]  # one line
        assert f"pid {first.pid}" in second.stderr, second.stderr
        first.stdin.write("1\nquit\n")
        first.stdin.close()
        assert first.wait(60) == 0, first.stderr.read() if first.stderr else ""
    finally:
        if first.poll() is None:
            first.kill()
    assert offered(tmp_path) == ["take 1"]  # the first's game, untouched by the second
    assert json.loads(json.dumps(offered(tmp_path)))  # and readable


# --- the kiosk: the line on screen, retrying -----------------------------------------------------------

def test_the_kiosk_shows_a_storage_problem_on_screen_instead_of_dying(tmp_path):
    pygame = pytest.importorskip("pygame")
    (tmp_path / "file").write_text("x")
    shot = tmp_path / "shot.png"
    r = subprocess.run([sys.executable, "-m", "table", "play", "--display", "window", "--pins", "none",
                        "--state-dir", str(tmp_path / "file" / "sub"), "--screenshot", str(shot)],
                       capture_output=True, text=True, timeout=90, cwd=ROOT,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Not a directory" in r.stderr
    img = pygame.image.load(str(shot))
    assert img.get_at((4, 4))[:3] == (120, 20, 20)  # the storage line across the top


def test_a_journal_that_could_not_be_opened_is_opened_by_a_retry_and_offers_the_game(tmp_path, game_in_progress):
    cmds = game_in_progress(tmp_path / "state")
    os.rename(tmp_path / "state", tmp_path / "away")
    (tmp_path / "state").write_text("in the way")  # the state dir is a file now: cannot open
    ctl, j = open_session(DATA, tmp_path / "state", games=games())
    try:
        assert ctl.mode == "setup" and ctl.storage_problem and j.problem == ctl.storage_problem
        assert not j.retry(force=True)
        (tmp_path / "state").unlink()
        os.rename(tmp_path / "away", tmp_path / "state")  # the card is back
        assert j.retry(force=True)
        assert ctl.storage_problem == "" and ctl.mode == "resume"
        assert ctl.press("confirm") and ctl.mode == "play"
        assert [str(a) for a in ctl.t.history][:1] == [cmds[0]]
    finally:
        j.close()


def test_a_damaged_wal_after_a_power_cut_loses_no_committed_step(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir",
                             str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert proc.stdin is not None
    proc.stdin.write("".join(f"{x}\n" for x in SCRIPT[:21]))
    proc.stdin.flush()
    end = time.monotonic() + 60
    steps = 0
    while steps < 20 and time.monotonic() < end:
        time.sleep(0.05)
        try:
            db = sqlite3.connect(f"file:{tmp_path / 'journal.sqlite3'}?mode=ro", uri=True)
            steps = db.execute("SELECT count(*) FROM steps").fetchone()[0]
            db.close()
        except sqlite3.Error:
            pass
    proc.kill()  # SIGKILL: the power cut, the WAL stays behind
    proc.wait(30)
    wal = tmp_path / "journal.sqlite3-wal"
    data = bytearray(wal.read_bytes())
    assert len(data) > 32 + 24 + 400
    data[32 + 24 + 100:32 + 24 + 400] = bytes(300)  # the first frame no longer checks out
    wal.write_bytes(bytes(data))
    r = play(tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert offered(tmp_path) == SCRIPT[1:21]
