"""How long Zankapfel's table companion takes to follow whole games (not run in CI).

Each game is a bots' engine game turned into table commands (``table_script``) and entered
into a fresh :class:`ZankapfelCompanion`, as a script or a resume does; prints per player count
the commands per game, the seconds per game and the slowest single command (the ones that
rebuild the engine because a reveal changed the inferred deal).

    python bench/bench_zankapfel_companion.py [--games 20]
"""

from __future__ import annotations

import argparse
import time

from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    for players in (3, 4, 5, 6):
        total = worst = 0.0
        commands = 0
        for seed in range(args.games):
            script, final = table_script(players, seed)
            ctl = ZankapfelCompanion()
            t0 = time.perf_counter()
            for line in script:
                t = time.perf_counter()
                ctl.do(line)
                worst = max(worst, time.perf_counter() - t)
            total += time.perf_counter() - t0
            commands += len(script)
            assert ctl.positions() == [final.position(s) for s in range(players)]
        print(f"{players} players: {commands / args.games:.0f} commands a game, {total / args.games:.3f} s a game, "
              f"slowest command {worst * 1000:.1f} ms")


if __name__ == "__main__":
    main()
