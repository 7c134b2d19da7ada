"""History damage drill (issue 22): a history of N finished games (half of them with a record file
under ``records/``, the others imported: rows only), damaged from outside (garbage, truncated,
one page scribbled, several pages scribbled, zeroed header), then opened by a fresh process as
the table's next start does (the journal indexes ``records/``). Figures: the games still in the
history, the games with a record lost (must be 0).

    .venv/bin/python bench/history_damage.py [--games 2000] [--trials 3] [--seed 5]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table.games import games  # noqa: E402
from table.history.finish import record_finished  # noqa: E402
from table.history.readers import Readers  # noqa: E402
from table.history.store import History  # noqa: E402
from table.history.values import FILENAME, record_digest  # noqa: E402

READERS = Readers(games())


def pad_record(i: int, rng: random.Random) -> dict[str, Any]:
    """A finished Applejack table record (score pad only) of 1-4 seats, distinct per ``i``."""
    seats = rng.randint(1, 4)
    return {"format": "applejack-track/1", "config": {"players": seats, "tag": f"g{i}"}, "actions": [],
            "score_pad": {"players": [{"name": f"P{rng.randint(1, 30)}-{s}", "areas": {}, "blossoms": 0,
                                       "honey": rng.randint(0, 60)} for s in range(seats)]}}


def build(state: Path, n: int, rng: random.Random) -> list[dict[str, Any]]:
    """The history of ``n`` games; the records written under records/ (every other game)."""
    records = state / "records"
    records.mkdir(parents=True)
    with_file = []
    for i in range(n):
        record = pad_record(i, rng)
        record_finished(state, record, READERS)
        if i % 2 == 0:
            (records / f"game-{i + 1:05d}.json").write_text(json.dumps(record, indent=1, sort_keys=True))
            with_file.append(record)
    return with_file


def _scribble(pages: int) -> Callable[[Path, random.Random], None]:
    def damage(path: Path, rng: random.Random) -> None:
        body = bytearray(path.read_bytes())
        for _ in range(pages):
            at = 4096 * rng.randrange(1, max(2, len(body) // 4096))
            body[at:at + 4096] = bytes(rng.randrange(256) for _ in range(4096))
        path.write_bytes(bytes(body))
    return damage


DAMAGES: dict[str, Callable[[Path, random.Random], None]] = {
    "garbage": lambda p, rng: p.write_bytes(b"this is not a database" * 500),
    "truncated": lambda p, rng: p.write_bytes(p.read_bytes()[: p.stat().st_size // 3]),
    "one page": _scribble(1),
    "five pages": _scribble(5),
    "header zeroed": lambda p, rng: p.write_bytes(b"\0" * 100 + p.read_bytes()[100:]),
}

START = ("import sys; from table.companion.journal import Journal; from table.games import games; "
         "from table.history.readers import Readers; Journal(sys.argv[1], readers=Readers(games())).close()")


def trial(base: Path, n: int, damage: str, rng: random.Random) -> dict[str, Any]:
    state = base / f"{damage.replace(' ', '-')}-{rng.randrange(10**6)}"
    with_file = build(state, n, rng)
    DAMAGES[damage](state / FILENAME, rng)
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-c", START, str(state)], capture_output=True, text=True, timeout=600,
                       cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    took = time.monotonic() - t0
    with History(state) as h:
        digests = h.digests()
        stored = len(digests)
    lost = sum(record_digest(rec) not in digests for rec in with_file)
    shutil.rmtree(state)
    return {"damage": damage, "games": n, "kept": stored, "with_record_lost": lost, "start_s": round(took, 1),
            "exit": r.returncode, "lines": len(r.stderr.strip().splitlines())}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--trials", type=int, default=3)
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="history-damage-"))
    lost = 0
    try:
        for damage in DAMAGES:
            for _ in range(args.trials):
                figures = trial(base, args.games, damage, rng)
                lost += figures["with_record_lost"] + (figures["exit"] != 0)
                print(json.dumps(figures))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(json.dumps({"games_with_a_record_lost": lost}))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
