"""The solo mark: a bot's final scores over N seeded solo games, and its time per move.

    python bench/solo_mark.py --games 1000 --bot strong [--seed 0] [--out FILE.csv]

Game i uses seed SEED+i (draws) and seat_seed(SEED+i, 0) (the bot), as `simulate` does.
Prints progress every 50 games, then mean, median, p10 and the time per decision (every
choose call) and per turn (select + pay + place), mean and max. One process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.bots import make_bot, play_game, seat_seed
from table.datafiles import load_dataset
from table.engine.game import GameConfig


class Timed:
    def __init__(self, bot, decisions: list[float], turns: dict[int, float]) -> None:  # type: ignore[no-untyped-def]
        self.bot, self.decisions, self.turns, self.name = bot, decisions, turns, bot.name

    def choose(self, state):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        a = self.bot.choose(state)
        dt = time.perf_counter() - t
        self.decisions.append(dt)
        self.turns[state.turn] = self.turns.get(state.turn, 0.0) + dt
        return a


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[max(0, min(len(s) - 1, round(q * (len(s) - 1))))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="strong")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None, help="CSV: game, seed, score, decisions, seconds, max turn seconds")
    args = p.parse_args()
    data = load_dataset()
    scores: list[int] = []
    dec_mean: list[float] = []
    turn_times: list[float] = []
    max_decision = 0.0
    n_decisions = 0
    total_time = 0.0
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    if out:
        out.write("game,seed,score,decisions,seconds,max_turn_seconds\n")
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        decisions: list[float] = []
        turns: dict[int, float] = {}
        bot = Timed(make_bot(args.bot, random.Random(seat_seed(seed, 0))), decisions, turns)
        state = play_game(data, GameConfig(1), [bot], seed)
        score = state.scores()[0].total
        scores.append(score)
        n_decisions += len(decisions)
        total_time += sum(decisions)
        max_decision = max(max_decision, max(decisions))
        turn_times += turns.values()
        dec_mean.append(sum(decisions))
        if out:
            out.write(f"{i},{seed},{score},{len(decisions)},{sum(decisions):.4f},{max(turns.values()):.4f}\n")
            out.flush()
        if (i + 1) % 50 == 0 or i + 1 == args.games:
            print(f"{i + 1} games: mean {statistics.fmean(scores):.2f}, {time.perf_counter() - start:.0f} s",
                  flush=True)
    print(f"{args.bot} solo, {len(scores)} games (seeds {args.seed}..{args.seed + len(scores) - 1}): "
          f"mean {statistics.fmean(scores):.2f}, median {statistics.median(scores)}, p10 {pct(scores, 0.1)}, "
          f"p90 {pct(scores, 0.9)}, >=80 in {sum(s >= 80 for s in scores) / len(scores):.1%} of games")
    print(f"time per decision: mean {1000 * total_time / n_decisions:.1f} ms, max {1000 * max_decision:.0f} ms; "
          f"per turn: mean {1000 * statistics.fmean(turn_times):.1f} ms, max {1000 * max(turn_times):.0f} ms, "
          f"p99 {1000 * pct(turn_times, 0.99):.0f} ms")
    if out:
        out.close()


if __name__ == "__main__":
    main()
