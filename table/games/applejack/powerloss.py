"""Power-loss drill: play scripted games, SIGKILL the player at random journal writes, restart, finish.

Each life is a forked child that opens the journal, resumes the unfinished game (exactly as
``play`` does on start), plays on from where the journal ends and kills itself with SIGKILL
(``kill -9``) at a seeded random journal write — either inside the transaction before COMMIT
or just after it. The parent forks the next life until one finishes; the finished record must
equal the one an uninterrupted run of the same script produces.

    python -m table.games.applejack.powerloss --kills 1000 --seed 7 [--dir DIR]

prints one JSON line (kills, games, seconds, ok) and exits 1 on any mismatch. Forking keeps a
life at a few milliseconds (no interpreter start, no imports), so a thousand kills take seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from table.companion.journal import Journal
from table.companion.session import open_session
from table.games.applejack import GAME
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.data import DataSet
from table.games.applejack.session import auto_script

SETUPS = (Setup(2), Setup(1), Setup(3, cottage=True), Setup(4),
          Setup(2, cottage=True, apple_tiles=(6, 5, 4, 3, 2, 1, 0)))


def uninterrupted(data: DataSet, setup: Setup, script: list[str], directory: Path) -> dict[str, Any]:
    with Journal(directory) as journal:
        ctl = Controller(data, on_command=journal.hook)
        ctl.setup = setup
        for cmd in script:
            ctl.do(cmd)
        return journal.records()[-1]


def _life(data: DataSet, setup: Setup, script: list[str], directory: Path, kill_at: int) -> int:
    writes = 0

    def fault(stage: str) -> None:
        nonlocal writes
        writes += 1
        if writes == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    ctl, journal = open_session(data, directory, games=(GAME,), resume="yes", fault=fault)
    if journal.records():
        return 0
    if ctl.mode == "setup":
        ctl.setup = setup
        pos = 0
    else:
        game = journal.unfinished()
        assert game is not None
        if game.cmds != script[1:1 + len(game.cmds)]:
            return 4  # the journal is not a prefix of what was played
        pos = 1 + len(game.cmds)
    for cmd in script[pos:]:
        ctl.do(cmd)
    return 0


def drill(data: DataSet, setup: Setup, script: list[str], directory: Path, rng: random.Random,
          max_gap: int = 8) -> tuple[dict[str, Any], int]:
    """Play ``script`` to the end through as many killed lives as it takes."""
    kills = 0
    while True:
        kill_at = rng.randint(1, max_gap)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 3
            try:
                code = _life(data, setup, script, directory, kill_at)
            except BaseException:
                traceback.print_exc()
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
            kills += 1
            continue
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            break
        raise RuntimeError(f"a life ended with status {status:#x}")
    with Journal(directory) as journal:
        records = journal.records()
    if len(records) != 1:
        raise RuntimeError(f"{len(records)} finished records, expected 1")
    return records[0], kills


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--kills", type=int, default=200, help="at least this many kill points")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args(argv)
    data = load_dataset()
    rng = random.Random(args.seed)
    base = args.dir or Path(tempfile.mkdtemp(prefix="applejack-powerloss-"))
    t0 = time.perf_counter()
    kills = games = 0
    ok = True
    while kills < args.kills:
        setup = SETUPS[games % len(SETUPS)]
        script = auto_script(data, setup, seed=rng.randrange(1 << 30))
        want = uninterrupted(data, setup, script, base / f"ref-{games}")
        got, n = drill(data, setup, script, base / f"game-{games}", rng)
        kills += n
        games += 1
        if got != want:
            ok = False
            print(f"game {games}: record differs", file=sys.stderr)
            break
    if args.dir is None:
        shutil.rmtree(base, ignore_errors=True)
    print(json.dumps({"kills": kills, "games": games, "seconds": round(time.perf_counter() - t0, 2), "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
