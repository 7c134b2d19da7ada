"""Corruption drill: damage journals at random, start ``applejack-table play`` on them from outside.

Each trial builds a state directory the way a table leaves it — 0-2 finished games (record
files) and a game in progress, the last life either closed cleanly or SIGKILLed (a WAL left
behind) — then damages it in one seeded random way (bytes scribbled over, a page of garbage
or zeros, the file cut short, the WAL scribbled over or cut, another schema version, a setup
or step edited with or without its checksum, not-JSON, 1e400, a dangling symlink, a
directory in the journal's place). Then ``play --text`` starts on it twice as a subprocess
(stdin at EOF, as the service would with nobody at the table) and the trial is judged:

* **crash loop** — a start that exits non-zero or prints a traceback, twice in a row;
  a second start that moves a journal aside again also counts.
* **silent loss** — a committed step (or finished record file) that is gone or changed
  while the start said nothing (no "moved aside", no "cannot be resumed" line). Counted
  strictly: a step is allowed to go only with a line, even when the damage hit its own bytes.
  (SQLite drops a WAL frame that no longer checks out, and every frame after it, as an
  unfinished write; the journal copies each commit into the main file at once
  (``wal_autocheckpoint=1``) so that a damaged WAL holds nothing that is not also there.
  ``wal_tail_dropped`` counts trials where steps went that way.)

    .venv/bin/python bench/corrupt_journal.py [--trials 300] [--seed 1] [--keep DIR]

prints one JSON line of figures and exits 1 when there was a crash loop or a silent loss.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table.companion.journal import Journal  # noqa: E402
from table.companion.session import open_session  # noqa: E402
from table.games import games  # noqa: E402
from table.games.applejack.companion.api import Setup  # noqa: E402
from table.games.applejack.files import load_dataset  # noqa: E402
from table.games.applejack.session import auto_script  # noqa: E402

SETUPS = (Setup(2), Setup(1), Setup(3, cottage=True), Setup(4))
KINDS = ("scribble", "garbage-page", "zero-page", "truncate", "wal-scribble", "wal-truncate",
         "schema-version", "setup-edit", "setup-edit-crc", "setup-not-json", "setup-1e400", "step-edit",
         "step-edit-crc", "step-1e400", "step-missing", "symlink", "directory")


def build(data: Any, state: Path, rng: random.Random) -> tuple[list[str] | None, dict[str, bytes], bool]:
    """A state dir with finished games and one in progress: (its committed steps, record files, WAL left)."""
    for _ in range(rng.randint(0, 2)):
        setup = rng.choice(SETUPS)
        ctl, j = open_session(data, state, games=games(), resume="no")
        ctl.setup = setup
        for cmd in auto_script(data, setup, rng.randrange(1 << 30)):
            ctl.do(cmd)
        j.close()
    setup = rng.choice(SETUPS)
    script = auto_script(data, setup, rng.randrange(1 << 30))
    upto = rng.randint(1, len(script) - 2)
    kill = rng.random() < 0.5
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child plays, then dies as in a power cut or closes cleanly
        try:
            ctl, j = open_session(data, state, games=games(), resume="no")
            ctl.setup = setup
            for cmd in script[:upto + 1]:
                ctl.do(cmd)
            if kill:
                os.kill(os.getpid(), signal.SIGKILL)
            j.close()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    committed = script[1:upto + 1]  # every command was committed before the end of the life
    records = {p.name: p.read_bytes() for p in sorted((state / "records").glob("*.json"))} \
        if (state / "records").is_dir() else {}
    return committed, records, (state / "journal.sqlite3-wal").exists()


def _sql(path: Path, sql: str, args: tuple[Any, ...] = ()) -> None:
    db = sqlite3.connect(path)
    try:
        db.execute(sql, args)
        db.commit()
    finally:
        db.close()


def damage(state: Path, kind: str, rng: random.Random) -> str:
    """Damage the journal one way; returns what was done (the kind, or another when it does not apply)."""
    path = state / "journal.sqlite3"
    wal = Path(f"{path}-wal")
    if kind.startswith("wal-") and not (wal.exists() and wal.stat().st_size > 32):
        kind = "scribble"
    if kind in ("scribble", "garbage-page", "zero-page", "truncate"):
        data = bytearray(path.read_bytes())
        pages = max(1, len(data) // 4096)
        if kind == "scribble":
            for _ in range(rng.randint(1, 5)):
                at = rng.randrange(len(data))
                n = rng.randint(1, 200)
                data[at:at + n] = rng.randbytes(min(n, len(data) - at))
        elif kind in ("garbage-page", "zero-page"):
            p = rng.randrange(pages)
            data[p * 4096:(p + 1) * 4096] = rng.randbytes(4096) if kind == "garbage-page" else bytes(4096)
        else:
            del data[rng.randrange(len(data)):]
        path.write_bytes(bytes(data))
    elif kind == "wal-scribble":
        data = bytearray(wal.read_bytes())
        at = rng.randrange(32, len(data))
        n = rng.randint(1, 64)
        data[at:at + n] = rng.randbytes(min(n, len(data) - at))
        wal.write_bytes(bytes(data))
    elif kind == "wal-truncate":
        with open(wal, "r+b") as f:
            f.truncate(rng.randrange(32, wal.stat().st_size))
    elif kind == "schema-version":
        _sql(path, f"PRAGMA user_version={rng.choice((2, 3, 99, -1))}")
    elif kind.startswith("setup-"):
        text = {"setup-edit": '{"players": 3}', "setup-edit-crc": '{"players": 3}',
                "setup-not-json": '{"players": 2,', "setup-1e400": '{"players": 1e400}'}[kind]
        crc = "crc=NULL" if kind in ("setup-edit-crc", "setup-1e400") else "crc=crc"  # NULL: as an old row
        _sql(path, f"UPDATE games SET setup=?, {crc} WHERE id=(SELECT max(id) FROM games)", (text,))
    elif kind.startswith("step-"):
        if kind == "step-missing":
            _sql(path, "DELETE FROM steps WHERE rowid=(SELECT rowid FROM steps ORDER BY random() LIMIT 1)")
        else:
            cmd = {"step-edit": "take 7", "step-edit-crc": "take 7", "step-1e400": "take 1e400"}[kind]
            crc = "crc=NULL" if kind == "step-edit-crc" else "crc=crc"
            _sql(path, f"UPDATE steps SET cmd=?, {crc} WHERE rowid=(SELECT rowid FROM steps "
                       "ORDER BY random() LIMIT 1)", (cmd,))
    elif kind == "symlink":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.symlink_to(state / "gone" / "journal.sqlite3")
    elif kind == "directory":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.mkdir()
    return kind


def start(state: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir",
                           str(state)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                          cwd=ROOT)


def crashed(r: subprocess.CompletedProcess[str]) -> bool:
    return r.returncode != 0 or "Traceback" in r.stderr


SAID = ("moved aside", "cannot be resumed", "another data set")


def trial(data: Any, base: Path, n: int, rng: random.Random) -> dict[str, Any]:
    state = base / f"t{n:04d}"
    committed, records, wal = build(data, state, rng)
    kind = damage(state, rng.choice(KINDS), rng)
    first, second = start(state), start(state)
    out: dict[str, Any] = {"kind": kind, "wal": wal, "crash": crashed(first),
                           "crash_loop": crashed(first) and crashed(second),
                           "moved_again": "moved aside" in second.stderr}
    said = any(s in first.stderr for s in SAID)
    out["said"] = said
    out["moved_aside"] = "moved aside" in first.stderr
    now = {p.name: p.read_bytes() for p in sorted((state / "records").glob("*.json"))} \
        if (state / "records").is_dir() else {}
    lost_records = [k for k, v in records.items() if now.get(k) != v]
    try:
        with Journal(state) as j:
            game = j.unfinished()
        offered = game.cmds if game is not None else None
    except Exception as exc:  # the harness itself must be able to read what play left
        offered = f"unreadable: {exc!r}"
    intact = offered == committed
    out["steps_kept"] = intact
    silent = bool(lost_records) or (not intact and not said)
    if silent and kind.startswith("wal-") and isinstance(offered, list) and isinstance(committed, list) \
            and offered == committed[:len(offered)]:
        out["wal_tail_dropped"] = len(committed) - len(offered)  # still a silent loss: counted as one
    out["silent_loss"] = silent
    if silent or out["crash"]:
        out["detail"] = {"committed": committed, "offered": offered, "lost_records": lost_records,
                         "stderr": first.stderr[-800:], "code": first.returncode}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--trials", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, default=None, help="keep the state directories here")
    args = ap.parse_args(argv)
    data = load_dataset()
    rng = random.Random(args.seed)
    base = args.keep or Path(tempfile.mkdtemp(prefix="applejack-corrupt-"))
    base.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    results = [trial(data, base, n, rng) for n in range(args.trials)]
    if args.keep is None:
        shutil.rmtree(base, ignore_errors=True)
    bad = [r for r in results if r["crash_loop"] or r["silent_loss"] or r["moved_again"]]
    for r in bad[:5]:
        print(json.dumps(r), file=sys.stderr)
    summary = {
        "trials": len(results),
        "crash_loops": sum(r["crash_loop"] for r in results),
        "crashes": sum(r["crash"] for r in results),
        "moved_aside_again": sum(r["moved_again"] for r in results),
        "silent_losses": sum(r["silent_loss"] for r in results),
        "moved_aside": sum(r["moved_aside"] for r in results),
        "resumed_intact": sum(r["steps_kept"] for r in results),
        "said_and_lost": sum((not r["steps_kept"]) and r["said"] for r in results),
        "wal_tail_dropped": sum(1 for r in results if r.get("wal_tail_dropped")),
        "kinds": dict(sorted(Counter(r["kind"] for r in results).items())),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(summary))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
