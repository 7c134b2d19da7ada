"""Draft Cider: games per second, and how far the greedy bot is ahead of random.

    python bench/bench_draftcider.py [--games 500] [--players 2] [--seed 0]

Every game is seeded (deals from the game's seed, each bot from its seat's), seats rotate from
game to game (``table.games.draftcider.bots.simulate``). The margin is greedy's mean points minus
the random bots' mean in the same games, with a 95 % interval from the per-game differences.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.draftcider.bots import simulate
from table.games.draftcider.files import load_deck
from table.games.draftcider.rules.game import Config, new_game, sample_chance


def random_playouts(players: int, games: int, seed: int, deck: tuple) -> float:  # type: ignore[type-arg]
    """Games/s of bare random play-outs through the checked ``apply`` (no bot objects)."""
    config = Config(players, deck=deck)
    t = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_game(config, rng)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    return games / (time.perf_counter() - t)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    deck = load_deck().cards
    n = args.players
    print(f"Draft Cider, {n} players, {args.games} seeded games each, seeds {args.seed}…{args.seed + args.games - 1}")
    print(f"  random play-outs (apply + legal_actions): {random_playouts(n, args.games, args.seed, deck):8.1f} games/s")
    lineups = [["random"] * n, ["greedy"] + ["random"] * (n - 1), ["greedy"] * n]
    for lineup in lineups:
        t = time.perf_counter()
        sim = simulate(lineup, args.games, seed=args.seed, deck=deck)
        rate = args.games / (time.perf_counter() - t)
        print(f"\n  {' vs '.join(lineup)}: {rate:8.1f} games/s")
        for line in sim.summary().splitlines()[1:]:
            print("  " + line)
        if lineup[0] == "greedy" and "random" in lineup:
            diffs = []
            for g in sim.games:
                mine = g.totals[g.seats.index(0)]
                others = [g.totals[g.seats.index(e)] for e in range(1, n)]
                diffs.append(mine - sum(others) / len(others))
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
            print(f"    greedy − random margin: {mean:.2f} ± {half:.2f} points per game (95 %), "
                  f"greedy won {sim.wins(0)} of {args.games}")


if __name__ == "__main__":
    main()
