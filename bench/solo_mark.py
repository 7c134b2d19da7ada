"""The solo mark: a bot's final scores over N seeded solo games, and its time per move.

    python bench/solo_mark.py --games 1000 --bot strong [--seed 0] [--jobs 2] [--out FILE.csv]

Game i uses seed SEED+i (draws) and seat_seed(SEED+i, 0) (the bot), as `simulate` does; the
bot is ``make_bot(BOT, rng)`` with its defaults (for the strong bot: the ``"pi"`` budget, and the 5 s
safety net per turn, counted when it fires).
Each game runs whole in one worker process (``--jobs``, default 1), so the time of a move is
measured on one core. Prints progress every 50 games, then mean, median, p10, p90 and the time
per decision (every choose call) and per turn (select + pay + place: a move), mean, p99 and
max, and how often the strong bot's safety net cut a search short.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.applejack.bots import make_bot, play_game, seat_seed
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig

_DATA: Any = None


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


def one_game(job: tuple[str, int]) -> tuple[int, int, list[float], list[float], int]:
    """(seed, score, decision seconds, turn seconds, searches cut short) of one solo game."""
    global _DATA  # the worker process's own copy of the data set
    name, seed = job
    if _DATA is None:
        _DATA = load_dataset()
    decisions: list[float] = []
    turns: dict[int, float] = {}
    bot = make_bot(name, random.Random(seat_seed(seed, 0)))
    state = play_game(_DATA, GameConfig(1), [Timed(bot, decisions, turns)], seed)
    return seed, state.scores()[0].total, decisions, list(turns.values()), getattr(bot, "cut_short", 0)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[max(0, min(len(s) - 1, round(q * (len(s) - 1))))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="strong")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=None, help="CSV: game, seed, score, decisions, seconds, max turn seconds, cut")
    args = p.parse_args()
    scores: list[int] = []
    decisions: list[float] = []
    turn_times: list[float] = []
    cut = 0
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    if out:
        out.write("game,seed,score,decisions,seconds,max_turn_seconds,cut\n")
    start = time.perf_counter()
    jobs = [(args.bot, args.seed + i) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, (seed, score, dec, turns, game_cut) in enumerate(pool.map(one_game, jobs, chunksize=4)):
            scores.append(score)
            decisions += dec
            turn_times += turns
            cut += game_cut
            if out:
                out.write(f"{i},{seed},{score},{len(dec)},{sum(dec):.4f},{max(turns):.4f},{game_cut}\n")
                out.flush()
            if (i + 1) % 50 == 0 or i + 1 == args.games:
                print(f"{i + 1} games: mean {statistics.fmean(scores):.2f}, {time.perf_counter() - start:.0f} s",
                      flush=True)
    print(f"{args.bot} solo, {len(scores)} games (seeds {args.seed}..{args.seed + len(scores) - 1}): "
          f"mean {statistics.fmean(scores):.2f}, median {statistics.median(scores)}, p10 {pct(scores, 0.1)}, "
          f"p90 {pct(scores, 0.9)}, >=80 in {sum(s >= 80 for s in scores) / len(scores):.1%} of games, "
          f"standard error of the mean {statistics.stdev(scores) / len(scores) ** 0.5:.2f}")
    print(f"time per decision: mean {1000 * statistics.fmean(decisions):.1f} ms, max {1000 * max(decisions):.0f} ms; "
          f"per turn (a move): mean {1000 * statistics.fmean(turn_times):.1f} ms, "
          f"p99 {1000 * pct(turn_times, 0.99):.0f} ms, max {1000 * max(turn_times):.0f} ms "
          f"({len(turn_times)} turns, {sum(t > 0.5 for t in turn_times)} over 0.5 s); "
          f"searches cut short by the safety net: {cut}")
    if out:
        out.close()


if __name__ == "__main__":
    main()
