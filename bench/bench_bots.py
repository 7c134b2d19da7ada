"""Bot time per decision and per turn, and mean score (solo unless --players).

    python bench/bench_bots.py [--bots random,greedy,strong] [--games 5] [--players 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.applejack.bots import make_bot, play_game, seat_seed
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig


class Timed:
    """Wraps a bot; adds each decision's time to ``times`` and to its turn in ``turns``."""

    def __init__(self, bot, game: int, times: list[float], turns: dict[tuple[int, int], float]) -> None:  # type: ignore[no-untyped-def]
        self.bot, self.game, self.times, self.turns, self.name = bot, game, times, turns, bot.name

    def choose(self, state):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        a = self.bot.choose(state)
        dt = time.perf_counter() - t
        self.times.append(dt)
        key = (self.game, state.turn)
        self.turns[key] = self.turns.get(key, 0.0) + dt
        return a


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bots", default="random,greedy,strong")
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    data = load_dataset()
    for name in args.bots.split(","):
        times: list[float] = []
        turns: dict[tuple[int, int], float] = {}
        scores: list[int] = []
        for g in range(args.seed, args.seed + args.games):
            bots = [make_bot(name, random.Random(seat_seed(g, s))) for s in range(args.players)]

            state = play_game(data, GameConfig(args.players), [Timed(b, g, times, turns) for b in bots], g)
            scores += [sc.total for sc in state.scores()]
        t = list(turns.values())
        print(f"{name:>7}: {args.games} game(s) × {args.players} seat(s): score mean {statistics.fmean(scores):.1f}; "
              f"per decision mean {1000 * statistics.fmean(times):.2f} ms, max {1000 * max(times):.1f} ms; "
              f"per turn mean {1000 * statistics.fmean(t):.2f} ms, max {1000 * max(t):.1f} ms")


if __name__ == "__main__":
    main()
