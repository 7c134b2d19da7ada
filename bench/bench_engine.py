"""Random full games per second, per player count, on one core (run on demand, not in CI).

Measured in CPU time of this process (``time.process_time``), so that other load on the machine
matters less; each figure is the best of five rounds (like timeit). The games are
``play_random`` from seeds 0, 1, 2, ... with every event recorded (second figure: without the
per-turn events; third: the same games played as the bots play, ``legal_actions`` and
``apply_fast`` at every step — ``play_random`` picks its actions without building the lists).

    .venv/bin/python bench/bench_engine.py [--seconds 5] [--players 4]

Goals: >= 500 random 4-player games/s (issue 2); >= 2,000 (issue 23). docs/bots.md gives the
figures measured and the profile behind them (``--profile`` prints it: cProfile, top 10 by own time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import GameState, new_game, play_random


def play_with_lists(state: GameState, rng: random.Random) -> GameState:
    """The same random game as ``play_random``, played as a bot plays: the legal list built at
    every decision (``legal_actions``) and every action applied with ``apply_fast``."""
    random_ = rng.random
    while not state.is_terminal():
        if state.is_chance():
            supply = state.supply
            state.apply_fast(A.DRAW + supply[int(random_() * len(supply))])
        else:
            legal = state.legal_actions()
            state.apply_fast(legal[int(random_() * len(legal))])
    return state


def games_per_second(players: int, seconds: float, rounds: int = 5, log_events: bool = True,
                     play: Callable[[GameState, random.Random], GameState] = play_random) -> float:
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
            play(new_game(data, config, rng, keep_undo=False, log_events=log_events), rng)
            n += 1
            played += 1
        best = max(best, played / (time.process_time() - start))
    return best


def profile(players: int, games: int = 300) -> None:
    """The top 10 functions by own time over ``games`` random games (cProfile)."""
    import cProfile
    import pstats

    data = load_dataset()
    config = GameConfig(players)
    prof = cProfile.Profile()
    prof.enable()
    for n in range(games):
        rng = random.Random(n)
        play_random(new_game(data, config, rng, keep_undo=False), rng)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, choices=(1, 2, 3, 4), help="this player count only (default: each)")
    ap.add_argument("--profile", action="store_true", help="print the profile of 300 games instead")
    args = ap.parse_args()
    if args.profile:
        profile(args.players or 4)
        return
    for players in (args.players,) if args.players else (1, 2, 3, 4):
        logged = games_per_second(players, args.seconds)
        quiet = games_per_second(players, args.seconds, log_events=False)
        lists = games_per_second(players, args.seconds, play=play_with_lists)
        print(f"{players} player(s): {logged:8.1f} random games/s with every event, {quiet:8.1f} without "
              f"the per-turn events (log_events=False), {lists:8.1f} with every event and the legal lists "
              "built at each step (legal_actions + apply_fast, as the bots play)")


if __name__ == "__main__":
    main()
