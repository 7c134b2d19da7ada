"""Journal damage drill for every game (issue 22): a game in progress journalled by a child process,
the journal damaged from outside (random bytes over a page, a step rewritten, a row's checksum
changed, the file cut short), then the table started again. Figures per game: starts that crashed,
games offered with the longest run of steps that still read (how many steps, of how many), fresh
starts, and wrong offers (steps that are not the game's first steps: must be 0).

    .venv/bin/python bench/journal_damage.py [--trials 20] [--seed 3] [--games applejack,...]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table.companion.journal import Journal  # noqa: E402
from table.games import games  # noqa: E402

CHILD = """
import sys
sys.path.insert(0, {bench!r})
from kill_at_finish import _data, script
from table.companion.session import open_session
from table.games import games
key, seed, n, state = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ctl, journal = open_session(_data(key), state, games=games(), resume="no", game=key)
lines = script(key, seed)
for line in lines[:len(lines) // 2 if n < 0 else n]:
    ctl.do(line)
journal.close()
"""


def _sql(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    try:
        db.execute(sql)
        db.commit()
    finally:
        db.close()


def damage(path: Path, kind: str, rng: random.Random) -> None:
    if kind == "page":
        body = bytearray(path.read_bytes())
        at = 4096 * rng.randrange(1, max(2, len(body) // 4096))
        body[at:at + rng.choice((16, 512, 4096))] = bytes(rng.randrange(256) for _ in range(4096))[:4096]
        path.write_bytes(bytes(body[:len(path.read_bytes())]))
    elif kind == "step":
        _sql(path, f"UPDATE steps SET cmd=cmd || ' ' WHERE seq={rng.randint(1, 12)}")
    elif kind == "crc":
        _sql(path, f"UPDATE steps SET crc=crc+1 WHERE seq={rng.randint(1, 12)}")
    elif kind == "cut":
        body = path.read_bytes()
        path.write_bytes(body[: rng.randrange(len(body) // 2, len(body))])


def trial(key: str, seed: int, kind: str, base: Path, rng: random.Random) -> str:
    state = base / f"{key}-{seed}-{kind}"
    r = subprocess.run([sys.executable, "-c", CHILD.format(bench=str(ROOT / "bench")), key, str(seed), "-1",
                        str(state)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    if r.returncode != 0:
        return f"setup failed: {r.stderr.strip()[-200:]}"
    with Journal(state) as j:
        before = j.unfinished()
    if before is None:
        return "no game in progress: the drill is wrong"
    damage(state / "journal.sqlite3", kind, rng)
    r = subprocess.run([sys.executable, "-c", CHILD.format(bench=str(ROOT / "bench")).replace('resume="no"',
                        'resume="ask"'),
                        key, str(seed), "0", str(state)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    if r.returncode != 0:
        return "crash"
    with Journal(state) as j:
        after = j.unfinished()
    shutil.rmtree(state)
    if after is None:
        return "fresh"
    if after.setup != before.setup or after.cmds != before.cmds[:len(after.cmds)]:
        return "wrong"
    return f"offered {len(after.cmds)}/{len(before.cmds)}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--trials", type=int, default=20)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--games", default=",".join(g.key for g in games() if g.has("companion")))
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="journal-damage-"))
    bad = 0
    try:
        for key in args.games.split(","):
            tally: dict[str, Any] = {"game": key, "trials": args.trials, "crash": 0, "fresh": 0, "offered": 0,
                                     "steps_recovered": 0, "steps_written": 0, "wrong": 0}
            for t in range(args.trials):
                kind = ("page", "step", "crc", "cut")[t % 4]
                out = trial(key, 1 + t // 4, kind, base, rng)
                if out.startswith("offered"):
                    got, of = map(int, out.split()[1].split("/"))
                    tally["offered"] += 1
                    tally["steps_recovered"] += got
                    tally["steps_written"] += of
                elif out in ("crash", "fresh", "wrong"):
                    tally[out] += 1
                else:
                    print(f"  {key} trial {t}: {out}")
                    tally["crash"] += 1
            bad += tally["crash"] + tally["wrong"]
            print(json.dumps(tally))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
