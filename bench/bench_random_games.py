"""Random 4-player games per second on one core (engine speed; goal ≥ 500).

    python bench/bench_random_games.py [--seconds 10] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.engine.data import load_dataset
from table.engine.game import GameConfig, new_game, play_random


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--players", type=int, default=4)
    args = p.parse_args()
    data = load_dataset()
    config = GameConfig(args.players)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        state = new_game(data, config, random.Random(games), keep_undo=False)
        play_random(state, random.Random(games + 1))
        games += 1
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    print(f"{args.players}-player random games: {games / elapsed:.0f} games/s, "
          f"{actions / elapsed:.0f} actions/s ({games} games in {elapsed:.1f} s, one process)")


if __name__ == "__main__":
    main()
