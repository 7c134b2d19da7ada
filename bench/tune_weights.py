"""Tune the evaluation's weights on seeded solo games (coordinate search, common seeds).

    python bench/tune_weights.py --games 1000 --bot greedy [--seed 5000] [--jobs 2] [--rounds 2]
    python bench/tune_weights.py --games 200 --bot greedy --try growth=1.5 hive=0.8

Every candidate is played on the same seeds (the same supply draws), so the differences are
paired. With ``--try`` it only measures the given weights against the defaults. Use seeds
apart from the solo mark's (0..999) so that the mark is not measured on the tuning games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.applejack.bots import play_game, seat_seed
from table.games.applejack.bots.evaluate import Weights
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.bots.strong import StrongBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig

_DATA = None


def _game(job: tuple[str, dict[str, float], int, dict[str, float]]) -> int:
    global _DATA  # a worker process's own copy of the data set
    bot_name, w, seed, options = job
    if _DATA is None:
        _DATA = load_dataset()
    weights = Weights(**w)  # type: ignore[arg-type]
    rng = random.Random(seat_seed(seed, 0))
    bot = GreedyBot(rng, weights) if bot_name == "greedy" else StrongBot(rng, weights=weights, **options)
    return play_game(_DATA, GameConfig(1), [bot], seed).scores()[0].total


def measure(pool: ProcessPoolExecutor, bot: str, w: Weights, seeds: range, options: dict[str, float]) -> list[int]:
    jobs = [(bot, asdict(w), s, options) for s in seeds]
    return list(pool.map(_game, jobs, chunksize=max(1, len(jobs) // 64)))


def _weights(pairs: list[str]) -> dict[str, float]:
    base = Weights()
    return {k: type(getattr(base, k))(float(v)) for k, v in (t.split("=") for t in pairs)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--bot", default="greedy", choices=("greedy", "strong"))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--try", dest="trial", nargs="*", default=None, help="name=value weights to compare")
    p.add_argument("--option", nargs="*", default=[], help="strong bot options name=value")
    p.add_argument("--start", nargs="*", default=[], help="name=value weights to start from (else the defaults)")
    p.add_argument("--step", type=float, default=0.25, help="relative step of the coordinate search")
    args = p.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    options = {k: float(v) if "." in v else int(v) for k, v in (o.split("=") for o in args.option)}
    with ProcessPoolExecutor(args.jobs) as pool:
        base = replace(Weights(), **_weights(args.start))
        base_scores = measure(pool, args.bot, base, seeds, options)
        print(f"start: mean {statistics.fmean(base_scores):.2f}", flush=True)
        if args.trial is not None:
            changes = _weights(args.trial)
            trial = replace(base, **changes)
            scores = measure(pool, args.bot, trial, seeds, options)
            diffs = [a - b for a, b in zip(scores, base_scores, strict=True)]
            se = statistics.stdev(diffs) / len(diffs) ** 0.5
            print(f"{changes}: mean {statistics.fmean(scores):.2f} ({statistics.fmean(diffs):+.2f} ± {se:.2f})")
            return
        best, best_scores = base, base_scores
        steps = {f.name: args.step for f in fields(Weights) if f.type in ("float", float)}
        for _round in range(args.rounds):
            for name, step in steps.items():
                for factor in (1 + step, 1 - step):
                    value = getattr(best, name) * factor if getattr(best, name) else step
                    trial = replace(best, **{name: value})
                    scores = measure(pool, args.bot, trial, seeds, options)
                    diffs = [a - b for a, b in zip(scores, best_scores, strict=True)]
                    gain = statistics.fmean(diffs)
                    se = statistics.stdev(diffs) / len(diffs) ** 0.5
                    print(f"  {name}={value:.3f}: {statistics.fmean(scores):.2f} ({gain:+.2f} ± {se:.2f})", flush=True)
                    if gain > 2 * se and gain > 0:
                        best, best_scores = trial, scores
                        print(f"-> {name}={value:.3f}", flush=True)
                        break
            print(f"round {_round + 1}: {asdict(best)} mean {statistics.fmean(best_scores):.2f}", flush=True)


if __name__ == "__main__":
    main()
