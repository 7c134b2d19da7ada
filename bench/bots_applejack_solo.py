"""Applejack's strong bot in solo at its Pi budget on unseen seeds (issue 23): mean, standard
error, p10, the share of games at 80 or more, time per turn (select + pay + place) mean, p99 and
max, and how often the safety net fired. Run on demand, not in the test suite.

    python bench/bots_applejack_solo.py --games 200 [--seed 9300] [--budget pi] [--jobs 1] [--option samples=10]
        [--policy growth=1.1] [--weights hive=0.6] [--scores out.json] [--against base.json]

``--policy``/``--weights`` change the rollouts' greedy policy's / the leaf's evaluation weights
(:class:`~table.games.applejack.bots.evaluate.Weights`, from the budget's own: the solo weights
for the policy, ``SOLO_LEAF_WEIGHTS[budget]`` for the leaf). ``--scores``
writes each game's score by seed (JSON); ``--against`` pairs this run with such a file on the
seeds both hold and prints the mean difference and its standard error (the same seeds are the
same supply draws, so the luck cancels out of the difference).

Seeds 9300 and on are apart from the tuning seeds (5000-5999) and the old mark's (0-999); 9300-9499
measured the 7-sample budget, 9500-9699 the same with halving, 30000-30199 the 16-plan budget (9500-9699
again for comparison), 40000-40199 and 50000-50199 the third round's, 60000-60199 and 80000-80199 the
fourth round's (horizon 4); 20000-20399 are tuning seeds. Game
``i`` uses seed ``SEED + i`` for its draws and ``seat_seed(SEED + i, 0)`` for the bot, as
``simulate`` does. Each game runs whole in one process (``--jobs``). A turn is timed in CPU time of
that process (``time.process_time``): the machine is shared, and wall-clock time there measures
the other jobs as much as the bot; the wall-clock mean is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.games.applejack.bots import play_game, seat_seed
from table.games.applejack.bots.evaluate import Weights
from table.games.applejack.bots.strong import SOLO_LEAF_WEIGHTS, SOLO_WEIGHTS, StrongBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig

_DATA: Any = None


Changes = tuple[tuple[str, float], ...]


def _changed(base: Weights, changes: Changes) -> Weights | None:
    """``base`` with ``changes`` (None when there are none: the bot's own)."""
    return replace(base, **{k: type(getattr(base, k))(v) for k, v in changes}) if changes else None


def _pairs(texts: list[str]) -> Changes:
    """``name=number`` arguments as (name, int or float) pairs."""
    return tuple((k, float(v) if "." in v else int(v)) for k, v in (t.split("=") for t in texts))


def one_game(seed: int, budget: str, options: Changes = (), policy: Changes = (),
             weights: Changes = ()) -> tuple[int, list[float], list[float], int]:
    """(score, CPU seconds per turn, wall seconds per turn, safety-net firings) of one solo game."""
    global _DATA
    if _DATA is None:
        _DATA = load_dataset()
    # the leaf's weights alone: the rollouts keep the solo weights unless --policy changes them too
    policy_weights = _changed(SOLO_WEIGHTS, policy) or (SOLO_WEIGHTS if weights else None)
    bot = StrongBot(random.Random(seat_seed(seed, 0)), budget=budget, policy_weights=policy_weights,
                    weights=_changed(SOLO_LEAF_WEIGHTS[budget], weights), **dict(options))  # type: ignore[arg-type]
    turns: dict[int, float] = {}
    walls: dict[int, float] = {}

    class Timed:
        name = bot.name

        def choose(self, state: Any) -> int:
            c, w = time.process_time(), time.perf_counter()
            action = bot.choose(state)
            turns[state.turn] = turns.get(state.turn, 0.0) + time.process_time() - c
            walls[state.turn] = walls.get(state.turn, 0.0) + time.perf_counter() - w
            return action

    state = play_game(_DATA, GameConfig(1), [Timed()], seed)
    return state.scores()[0].total, list(turns.values()), list(walls.values()), bot.cut_short


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=9300)
    ap.add_argument("--budget", default="pi", choices=("pi", "full"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--option", nargs="*", default=[],
                    help="strong bot settings instead of the budget's, name=number (candidates, halving_first, ...)")
    ap.add_argument("--policy", nargs="*", default=[], help="the rollouts' policy weights, name=number")
    ap.add_argument("--weights", nargs="*", default=[], help="the leaf's evaluation weights, name=number")
    ap.add_argument("--scores", type=Path, help="write each game's score by seed to this JSON file")
    ap.add_argument("--against", type=Path, help="a --scores file to pair this run with")
    args = ap.parse_args()
    options, policy, weights = _pairs(args.option), _pairs(args.policy), _pairs(args.weights)
    seeds = range(args.seed, args.seed + args.games)
    scores: list[int] = []
    turns: list[float] = []
    walls: list[float] = []
    cut = 0
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, (score, game_turns, game_walls, game_cut) in enumerate(
                pool.map(one_game, seeds, [args.budget] * args.games, [options] * args.games,
                         [policy] * args.games, [weights] * args.games)):
            scores.append(score)
            turns += game_turns
            walls += game_walls
            cut += game_cut
            if (i + 1) % 20 == 0:
                print(f"  {i + 1} games: mean {statistics.fmean(scores):.2f}, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    n = len(scores)
    se = statistics.stdev(scores) / math.sqrt(n) if n > 1 else 0.0
    p10 = sorted(scores)[int(0.1 * (n - 1))]
    turns.sort()
    given = "".join(f", {k}={v}" for k, v in options) + "".join(f", policy {k}={v}" for k, v in policy) + "".join(
        f", leaf {k}={v}" for k, v in weights)
    print(f"strong ({args.budget} budget{given}) solo, {n} games (seeds {args.seed}..{args.seed + n - 1}): "
          f"mean {statistics.fmean(scores):.2f} (standard error {se:.2f}), p10 {p10}, "
          f"80 or more in {100 * sum(s >= 80 for s in scores) / n:.0f}% of the games")
    print(f"  CPU time per turn: mean {1000 * statistics.fmean(turns):.0f} ms, "
          f"p99 {1000 * turns[int(0.99 * (len(turns) - 1))]:.0f} ms, max {1000 * turns[-1]:.0f} ms over "
          f"{len(turns)} turns (wall clock: mean {1000 * statistics.fmean(walls):.0f} ms, max "
          f"{1000 * max(walls):.0f} ms); safety net fired {cut} time(s)")
    by_seed = {str(seed): score for seed, score in zip(seeds, scores, strict=True)}
    if args.scores:
        args.scores.write_text(json.dumps(by_seed, indent=0) + "\n", encoding="utf-8")
    if args.against:
        print(paired(by_seed, json.loads(args.against.read_text(encoding="utf-8")), args.against.name))


def paired(scores: dict[str, int], base: dict[str, int], name: str) -> str:
    """The mean difference from ``base`` on the seeds both hold, with its standard error."""
    diffs = [scores[s] - base[s] for s in scores if s in base]
    if len(diffs) < 2:
        return f"  against {name}: fewer than 2 common seeds"
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"  against {name}: {statistics.fmean(diffs):+.2f} ± {se:.2f} on {len(diffs)} common seeds"


if __name__ == "__main__":
    main()
