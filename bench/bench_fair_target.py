"""Time of the fair solo target and of the coach on seeded greedy games, and the target's
score against the player's (docs/history.md's and docs/coach.md's figures).

    python bench/bench_fair_target.py [--games 5] [--players 1] [--seed 100] [--no-coach]

Each time is given as wall seconds and as the process's CPU seconds (``time.process_time``):
on a machine shared with other work the wall time grows with the load, the CPU time much less,
and the CPU time is what a Raspberry Pi's slower core multiplies (the result screen's job runs
on one worker thread, ``table/games/applejack/companion/coach.py``, with the caps ``FAIR_SECONDS`` and
``COACH_SECONDS``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.applejack.bots.base import play_game
from table.games.applejack.bots.fair_target import coach, fair_target
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--no-coach", action="store_true", help="time the fair target only")
    args = ap.parse_args()
    data = load_dataset()
    fair_s, coach_s, gaps, extra, fair_cpu, coach_cpu = [], [], [], [], [], []
    for g in range(args.games):
        seed = args.seed + g
        bots = [GreedyBot(random.Random(seed * 10 + s)) for s in range(args.players)]
        state = play_game(data, GameConfig(args.players), bots, seed)
        if args.players == 1:
            t, c = time.perf_counter(), time.process_time()
            target = fair_target(data, state)
            fair_s.append(time.perf_counter() - t)
            fair_cpu.append(time.process_time() - c)
            gaps.append(target.bot_total - state.scores()[0].total)
            extra.append(target.extra_draws)
        line = f"seed {seed}:"
        if fair_s:
            line += (f" fair target {fair_s[-1]:.1f} s ({fair_cpu[-1]:.1f} s CPU), bot {gaps[-1]:+d} honey on the "
                     f"same draws ({extra[-1]} extra draws)")
        if not args.no_coach:
            t, c = time.perf_counter(), time.process_time()
            advice = coach(data, state)
            coach_s.append(time.perf_counter() - t)
            coach_cpu.append(time.process_time() - c)
            differ = [a for a in advice if not a.same]
            line += (f"; coach {coach_s[-1]:.1f} s ({coach_cpu[-1]:.1f} s CPU), {len(differ)}/{len(advice)} turns "
                     f"differ, cost {sum(a.cost for a in differ):+.1f}")
        print(line, flush=True)
    if fair_s:
        print(f"fair target: mean {statistics.mean(fair_s):.1f} s, max {max(fair_s):.1f} s wall; "
              f"CPU mean {statistics.mean(fair_cpu):.1f} s, max {max(fair_cpu):.1f} s; "
              f"bot minus greedy player {statistics.mean(gaps):+.1f} honey")
    if coach_s:
        print(f"coach: mean {statistics.mean(coach_s):.1f} s, max {max(coach_s):.1f} s wall; "
              f"CPU mean {statistics.mean(coach_cpu):.1f} s, max {max(coach_cpu):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
