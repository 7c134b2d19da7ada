"""The strong bot against three greedy bots, per game: win rate with its 95% interval, and the
strong bot's time per decision (issue 23). Run on demand, not in the test suite.

    python bench/bots_vs_greedy.py --game zankapfel --games 500 [--seed 30000] [--players 4]

Game ``g`` uses seed ``SEED + g`` for its chance and ``seat_seed(SEED + g, seat)`` for each bot
(as ``simulate`` does); the strong bot sits at seat ``g % players``, the greedy bots elsewhere.
A shared win counts 1/k. The interval is Wilson's score interval (95%). The fair share is
1/players. Times are per ``choose`` call with two or more legal actions, in CPU time of this
process (the machine is shared: wall-clock time measures the other jobs too; its mean is printed
beside); the moves do not depend on them (a fixed budget).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.bots.harness import seat_seed


def new_state(game: str, players: int, seed: int) -> tuple[Any, Any]:
    """The game's first state and the chance sampler (None: the state samples its own)."""
    if game == "zankapfel":
        from table.games.zankapfel.rules import Config, new_game
        return new_game(Config(players), random.Random(seed), keep_undo=False), None
    if game == "waldgaertner":
        from table.games.waldgaertner.files import load_cards
        from table.games.waldgaertner.rules import Config as WConfig
        from table.games.waldgaertner.rules import new_game as wnew
        return wnew(WConfig(players, load_cards()), random.Random(seed), keep_undo=False), None
    from table.games.draftcider.rules.game import Config as DConfig
    from table.games.draftcider.rules.game import new_game as dnew
    from table.games.draftcider.rules.game import sample_chance
    chance = random.Random(seed)
    return dnew(DConfig(players), chance), lambda state: sample_chance(state, chance)


def make_bot(game: str, name: str, rng: random.Random) -> Any:
    module = __import__(f"table.games.{game}.bots", fromlist=["make_bot"])
    return module.make_bot(name, rng)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", required=True, choices=("zankapfel", "draftcider", "waldgaertner"))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=30000)
    args = ap.parse_args()
    wins = 0.0
    margins: list[float] = []
    times: list[float] = []
    walls: list[float] = []
    cut = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        strong_seat = g % args.players
        bots = [make_bot(args.game, "strong" if s == strong_seat else "greedy", random.Random(seat_seed(seed, s)))
                for s in range(args.players)]
        state, chance = new_state(args.game, args.players, seed)
        while not state.is_terminal():
            if chance is not None and state.is_chance():
                state.apply(chance(state))
                continue
            seat = state.current_player()
            many = len(state.legal_actions()) > 1
            c, w = time.process_time(), time.perf_counter()
            action = bots[seat].choose(state)
            if seat == strong_seat and many:
                times.append(time.process_time() - c)
                walls.append(time.perf_counter() - w)
            state.apply(action)
        winners = state.winners()
        wins += 1 / len(winners) if strong_seat in winners else 0.0
        points = state.returns()
        margins.append(points[strong_seat] - max(p for s, p in enumerate(points) if s != strong_seat))
        cut += bots[strong_seat].cut_short
        if (g + 1) % 20 == 0:
            print(f"  {g + 1} games, win rate {wins / (g + 1):.3f}, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    n = args.games
    lo, hi = wilson(wins, n)
    times.sort()
    print(f"{args.game}: strong vs {args.players - 1} greedy, {n} games (seeds {args.seed}..{args.seed + n - 1}): "
          f"win rate {wins / n:.3f} (95% {lo:.3f}-{hi:.3f}; fair share {1 / args.players:.3f}); "
          f"margin over the best other {statistics.fmean(margins):+.1f} points")
    print(f"  strong bot per decision, CPU time: mean {1000 * statistics.fmean(times):.0f} ms, "
          f"p99 {1000 * times[int(0.99 * (len(times) - 1))]:.0f} ms, max {1000 * times[-1]:.0f} ms over "
          f"{len(times)} decisions (wall clock: mean {1000 * statistics.fmean(walls):.0f} ms); "
          f"safety net fired {cut} time(s)")


if __name__ == "__main__":
    main()
