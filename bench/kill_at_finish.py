"""Kill chains at the finish (issue 22): a whole seeded game of every game played into a journal by a
child process that SIGKILLs itself at the finish, then a fresh start on the same state directory
must finish it again — its record file (one, not two), its history entry, its status — before
anything else.

Kill points: ``before`` (the last step committed, the finish not begun: the "finished" hook
arrives), ``record`` (the record file written, the journal's update not committed), ``history``
(the journal's update committed, the history entry not written).

    .venv/bin/python bench/kill_at_finish.py [--seeds 3] [--games applejack,zankapfel,...]

The child: ``bench/kill_at_finish.py --child KEY SEED POINT STATE_DIR``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table.companion.session import make_companion, open_session
from table.games import games

POINTS = ("before", "record", "history")
FILLER = "filler.bin"
PLAYERS = 2


def _data(key: str) -> Any:
    """The data set the CLI would hand the session (the game that reads one: its shipped set)."""
    from table.games.applejack.files import load_dataset  # only Applejack reads a data set

    return load_dataset()


def script(key: str, seed: int) -> list[str]:
    """The game's whole seeded game as table lines (``table_script``; the three module games' live in
    their ``script`` module: the registry's part names ``companion:table_script``, which is not there)."""
    import importlib

    game = next(g for g in games() if g.key == key)
    try:
        make = game.part("table_script")
    except AttributeError:
        make = importlib.import_module(f"table.games.{key}.script").table_script
    lines: list[str] = make(max(PLAYERS, min(game.players)), seed)[0]
    return lines


def child(key: str, seed: int, point: str, state: Path) -> int:
    """Play the whole game into ``state`` and SIGKILL this process at ``point`` of the finish."""
    finishing = False

    def die() -> None:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGKILL)

    def fault(stage: str) -> None:
        if finishing and point == "record" and stage == "written":
            die()

    ctl, journal = open_session(_data(key), state, games=games(), resume="no", fault=fault, game=key)
    hook = journal.hook

    def killing_hook(kind: str, payload: Any) -> None:
        nonlocal finishing
        if kind == "finished":
            if point == "before":
                die()
            if point == "full":
                fill(state / FILLER)
            finishing = True
        hook(kind, payload)

    journal.hook = killing_hook  # type: ignore[method-assign]
    if point == "history":
        import table.companion.journal as journal_module  # the finish's history step, replaced by a kill

        journal_module.record_finished = lambda *a, **k: die()  # type: ignore[assignment]
    for line in script(key, seed):
        ctl.do(line)
    if point == "full":
        print(f"finish with a full disk: problem {journal.problem!r}, {len(journal.backlog)} write(s) waiting")
        journal.close()
        return 0
    return 3  # the game never finished: the drill is wrong


def fill(path: Path) -> None:
    """Fill the file system of ``path`` to the last byte (ENOSPC), as a full card at the finish."""
    with open(path, "wb", buffering=0) as f:
        block = b"\0" * 65536
        try:
            while True:
                f.write(block)
        except OSError:
            pass
        for size in (4096, 512, 1):  # the last partial blocks too
            try:
                while True:
                    f.write(block[:size])
            except OSError:
                pass


def run_child(key: str, seed: int, point: str, state: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, __file__, "--child", key, str(seed), point, str(state)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})


def after_restart(key: str, state: Path) -> dict[str, Any]:
    """Start the table again on ``state`` (as ``play`` would, resume "ask") and look at what is there."""
    ctl, journal = open_session(_data(key), state, games=games(), resume="ask", game=key)
    try:
        open_game = journal.unfinished()
        rows = journal.db.execute("SELECT id, status FROM games ORDER BY id").fetchall() if journal.db else []
    finally:
        journal.close()
    records = sorted(p.name for p in (state / "records").glob("game-*.json"))
    history = state / "history.sqlite3"
    entries = 0
    if history.exists():
        db = sqlite3.connect(history)
        try:
            entries = db.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            db.close()  # nothing left open on the drill's tmpfs
    return {"mode": ctl.mode, "open": open_game, "rows": rows, "records": records, "history": entries}


def ends(key: str, game: Any) -> bool:
    """Whether the journalled steps of ``game`` end it (a dry run on a fresh companion)."""
    scratch = make_companion(next(g for g in games() if g.key == key), _data(key))
    scratch.replay(type(scratch.setup).from_dict(game.setup), game.cmds)
    return bool(scratch.mode == "result")


def drill(key: str, seed: int, point: str, base: Path) -> tuple[bool, str]:
    state = base / f"{key}-{seed}-{point}"
    r = run_child(key, seed, point, state)
    if r.returncode != -signal.SIGKILL:
        return False, f"the child was not killed (exit {r.returncode}): {r.stderr.strip()[-300:]}"
    return judge(key, state)


def judge(key: str, state: Path) -> tuple[bool, str]:
    """Start twice on ``state``: "finished" (once: one record, one history entry, its status), or
    "offered" with every step when the journalled steps do not end it; else what was found."""
    seen = after_restart(key, state)
    again = after_restart(key, state)  # a second start writes nothing twice
    if seen["open"] is not None and not seen["records"]:
        # the journalled steps do not end the game (a journal written before "pad-done" became a step):
        # nothing is lost when it is offered with every step it had
        offered = (seen["mode"] == "resume" and seen["rows"] == [(1, "open")] and seen["history"] == 0
                   and not ends(key, seen["open"]))
        return offered and again == seen, "offered" if offered else f"{seen}"
    ok = (seen["open"] is None and seen["rows"] == [(1, "finished")] and seen["records"] == ["game-00001.json"]
          and seen["history"] == 1 and seen["mode"] != "resume" and again == seen)
    return ok, "finished" if ok else f"{seen}"


def disk_full(key: str, seed: int, mount: Path) -> tuple[bool, str]:
    """The finish on a full disk (``mount``: a small tmpfs of its own), then room again: the game
    must be finished at the next start, once, with its history entry."""
    state = mount / "state"
    r = run_child(key, seed, "full", state)
    if r.returncode != 0:
        return False, f"the child failed (exit {r.returncode}): {r.stderr.strip()[-300:]}"
    (state / FILLER).unlink()
    return judge(key, state)


def disk_full_drill(keys: list[str], seeds: int, base: Path) -> int:
    """Each game's finish on a full 8 MiB tmpfs mounted under ``base``; how many games were lost."""
    mount = base / "tmpfs"
    mount.mkdir(exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"disk full: not run, a tmpfs cannot be mounted here ({r.stderr.strip()[:120]})")
        return 0
    lost = 0
    try:
        for key in keys:
            bad = offered = 0
            for seed in range(1, seeds + 1):
                ok, what = disk_full(key, seed, mount)
                subprocess.run(["rm", "-rf", str(mount / "state")], check=True)
                offered += what == "offered"
                if not ok:
                    bad += 1
                    print(f"  LOST {key} seed {seed} on a full disk: {what}")
            lost += bad
            print(f"{key}: {seeds} finishes on a full disk: {seeds - bad - offered} finished at the next start, "
                  f"{offered} offered with every step, {bad} lost")
    finally:
        subprocess.run(["umount", str(mount)], check=False)
    return lost


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--child", nargs=4, metavar=("KEY", "SEED", "POINT", "STATE"))
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--games", default=",".join(g.key for g in games() if g.has("companion")))
    p.add_argument("--disk-full", action="store_true", help="also the finish on a full disk (a small tmpfs: root)")
    p.add_argument("--dir", type=Path, default=None, help="where the state directories go (default: a temporary one)")
    args = p.parse_args(argv)
    if args.child:
        key, seed, point, state = args.child
        return child(key, int(seed), point, Path(state))
    import tempfile

    base = args.dir or Path(tempfile.mkdtemp(prefix="kill-at-finish-"))
    failed = total = 0
    for key in args.games.split(","):
        t0 = time.monotonic()
        bad = offered = 0
        for seed in range(1, args.seeds + 1):
            for point in POINTS:
                ok, what = drill(key, seed, point, base)
                total += 1
                offered += what == "offered"
                if not ok:
                    bad += 1
                    print(f"  LOST {key} seed {seed} kill {point}: {what}")
        failed += bad
        print(f"{key}: {args.seeds * len(POINTS)} kills at the finish: {args.seeds * len(POINTS) - bad - offered} "
              f"finished again, {offered} offered with every step, {bad} lost ({time.monotonic() - t0:.1f} s)")
    print(f"total: {total} kills, {failed} lost")
    if args.disk_full:
        failed += disk_full_drill(args.games.split(","), args.seeds, base)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
