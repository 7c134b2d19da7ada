"""Random full games per second, per player count, on one core (run on demand, not in CI).

Measured in CPU time of this process, so that other load on the machine matters less.

    .venv/bin/python bench/bench_engine.py [--seconds 5]

Goal (issue 2): >= 500 random 4-player games/s on one core of the 2-core dev machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import new_game, play_random


def games_per_second(players: int, seconds: float, rounds: int = 5, log_events: bool = True) -> float:
    """The best of ``rounds`` rounds (like timeit: the least disturbed round is the truest)."""
    data = load_dataset()
    config = GameConfig(players)
    best = 0.0
    n = 0
    for _ in range(rounds):
        start = time.process_time()
        played = 0
        while time.process_time() - start < seconds / rounds:
            rng = random.Random(n)
            play_random(new_game(data, config, rng, keep_undo=False, log_events=log_events), rng)
            n += 1
            played += 1
        best = max(best, played / (time.process_time() - start))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    for players in (1, 2, 3, 4):
        logged = games_per_second(players, args.seconds)
        quiet = games_per_second(players, args.seconds, log_events=False)
        print(f"{players} player(s): {logged:8.1f} random games/s with every event, {quiet:8.1f} without "
              "the per-turn events (log_events=False)")


if __name__ == "__main__":
    main()
