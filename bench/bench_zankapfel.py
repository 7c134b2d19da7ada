"""Zankapfel: random games per second, and the greedy bot's margin over random bots.

    python bench/bench_zankapfel.py [--games 1000] [--seed 1] [--players 3,4,5,6]

For each player count: all-random games timed (games/s, engine + random bot); then one greedy
seat against random ones (seats rotate game by game) — its win rate per seat-game with the
standard error and a 95% interval, against the 1/players a random seat would have — and the
mean points of each bot.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.zankapfel.bots import simulate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="3,4,5,6")
    args = p.parse_args()
    if args.games < 1:
        p.error("--games must be at least 1")
    for players in (int(n) for n in args.players.split(",")):
        t = time.perf_counter()
        simulate(players, args.games, args.seed, ["random"] * players)
        dt = time.perf_counter() - t
        print(f"{players} players: {args.games} random games in {dt:.2f} s = {args.games / dt:.0f} games/s")
        t = time.perf_counter()
        s = simulate(players, args.games, args.seed, ["greedy"] + ["random"] * (players - 1))
        dt = time.perf_counter() - t
        lo, hi = s.interval("greedy")
        print(f"  greedy vs {players - 1} random ({args.games} games, {args.games / dt:.0f} games/s): "
              f"greedy wins {s.win_rate('greedy'):.3f} ± {s.stderr('greedy'):.3f} (95% {lo:.3f}–{hi:.3f}) "
              f"vs {1 / players:.3f} for a random seat; mean points greedy {s.mean_points('greedy'):.1f}, "
              f"random {s.mean_points('random'):.1f}; {s.endings} games ended at the finish")


if __name__ == "__main__":
    main()
