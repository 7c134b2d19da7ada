"""``applejack-table run``: the embedded default, what the README's run command starts.

Until the table companion lands, this plays one seeded full game through the engine with
random moves and prints its events and the final scoring.
"""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=2022, help="random seed (default 2022)")
    p.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))


def run(args: argparse.Namespace) -> int:
    import random

    from table.engine.data import load_dataset
    from table.engine.describe import describe
    from table.engine.game import GameConfig, new_game, play_random

    data = load_dataset()
    state = new_game(data, GameConfig(args.players), random.Random(args.seed))
    play_random(state, random.Random(args.seed + 1), fast=False)
    for ev in state.events:
        print(describe(ev, data))
    return 0
