"""Issue 35, item 7: every storage line says what happened and what to do, and counts what is not
saved correctly. ``applejack-table play`` runs as a child on a state directory made full (a file
size limit on the child, as in test_storage_faults.py), read-only (``chattr +i``) or blocked (a
file where ``records/`` belongs) from outside."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.storage.statedir import FULL, NOT_A_FOLDER, PERMISSION, TODO, probe, problem_line, unsaved

ROOT = Path(__file__).parents[2]
SCRIPT = auto_script(load_dataset(), Setup(2), seed=11)


def play(state: Path, lines: list[str], preexec=None) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir", str(state)]
    return subprocess.run(args, input="".join(f"{x}\n" for x in lines), capture_output=True, text=True,
                          timeout=120, cwd=ROOT, preexec_fn=preexec)


def _fsize(limit: int):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def test_a_full_disk_at_start_with_a_journal_says_the_card_is_full(tmp_path):
    state = tmp_path / "state"
    assert play(state, SCRIPT[:13]).returncode == 0  # a journal with a game in it
    r = play(state, ["confirm"], preexec=_fsize(0))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "free space" in r.stderr and "check the card" not in r.stderr, r.stderr


def test_operation_not_permitted_never_asks_for_free_space(tmp_path):
    state = tmp_path / "disk-full-drill" / "state"  # "full" in the path: the words come from the error, not it
    assert play(state, SCRIPT[:13]).returncode == 0
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(state)]).returncode != 0:
        pytest.skip("no chattr +i here")
    try:
        r = play(state, ["confirm", SCRIPT[13]])
    finally:
        subprocess.run(["chattr", "-i", str(state)], check=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "free space" not in r.stderr and "full" not in r.stderr.replace(str(state), ""), r.stderr
    assert "Operation not permitted" in r.stderr or "read-only" in r.stderr or "may not write" in r.stderr


def test_on_exit_a_saved_step_is_not_counted_when_only_the_finish_waits(tmp_path):
    (tmp_path / "records").write_text("not a directory")  # the finish cannot write its record
    r = play(tmp_path, SCRIPT)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    last = r.stderr.strip().splitlines()[-1]
    assert "step(s)" not in last and "a finished game's end could not be saved" in last, last
    assert "the steps are saved" in last and TODO[NOT_A_FOLDER] in last, last


def test_the_words_come_from_what_happened():
    here = Path("/nonexistent/full")
    assert TODO[FULL] in problem_line(here, OSError(errno.ENOSPC, "No space left on device", "/x/full"), 0)
    line = problem_line(here, OSError(errno.EPERM, "Operation not permitted", "/mnt/full/journal"), 0)
    assert TODO[PERMISSION] in line and "free space" not in line
    assert unsaved([("cmd", "a"), ("cmd", "b"), ("finished", {})]) == "2 step(s) and a finished game's end"
    assert unsaved([("finished", {})]) == "a finished game's end"


def test_the_probe_meets_a_file_size_limit_as_sqlite_met_it(tmp_path):
    (tmp_path / "journal.sqlite3").write_bytes(b"\0" * 100_000)
    pid = os.fork()
    if pid == 0:  # a child with the limit, as the table under `ulimit -f`
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
        why = probe(tmp_path)
        os._exit(0 if why is not None and why.errno == errno.EFBIG else 1)
    assert os.waitpid(pid, 0)[1] == 0
    assert probe(tmp_path) is None and not list(tmp_path.glob(".probe-*"))
