"""Time of the fair solo target and of the coach on seeded greedy games, and the target's
score against the player's (docs/history.md's figures).

    python bench/bench_fair_target.py [--games 5] [--players 1] [--seed 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.bots.base import play_game
from table.bots.fair_target import coach, fair_target
from table.bots.greedy import GreedyBot
from table.datafiles import load_dataset
from table.engine.game import GameConfig


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    data = load_dataset()
    fair_s, coach_s, gaps, extra = [], [], [], []
    for g in range(args.games):
        seed = args.seed + g
        bots = [GreedyBot(random.Random(seed * 10 + s)) for s in range(args.players)]
        state = play_game(data, GameConfig(args.players), bots, seed)
        if args.players == 1:
            t = time.perf_counter()
            target = fair_target(data, state)
            fair_s.append(time.perf_counter() - t)
            gaps.append(target.bot_total - state.scores()[0].total)
            extra.append(target.extra_draws)
        t = time.perf_counter()
        advice = coach(data, state)
        coach_s.append(time.perf_counter() - t)
        differ = [a for a in advice if not a.same]
        print(f"seed {seed}: {len(differ)}/{len(advice)} turns differ, cost {sum(a.cost for a in differ):+.1f}"
              + (f"; bot {gaps[-1]:+d} honey on the same draws ({extra[-1]} extra draws)" if fair_s else ""))
    if fair_s:
        print(f"fair target: mean {statistics.mean(fair_s):.1f} s, max {max(fair_s):.1f} s; "
              f"bot minus greedy player {statistics.mean(gaps):+.1f} honey")
    print(f"coach: mean {statistics.mean(coach_s):.1f} s, max {max(coach_s):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
