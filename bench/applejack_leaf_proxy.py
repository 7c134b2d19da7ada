"""How well the solo search's leaf picks the plan, without playing whole games (issue 23's tuning).

    python bench/applejack_leaf_proxy.py collect --games 80 --seed 21000 --out leaf.pkl [--jobs 2]
        [--option horizon=3 rollout_blind=3]
    python bench/applejack_leaf_proxy.py measure leaf.pkl [--weights growth=1.75 reserve=0.2]

``collect`` plays strong solo games at the Pi budget on (tuning) seeds and, at three random
decisions per game with more than 4 turns left, keeps the root: the 16 plans the Pi budget ranks
best, and for each plan

- the leaf positions of 14 rollouts (the rollouts' greedy policy, common seeds across the plans)
  after 2, 3 and 4 more turns — what the search values at horizon 2, 3 or 4, and
- the mean final score of 32 more rollouts with other seeds, played to the end of the game: the
  plan's "truth" under the same greedy policy.

``measure`` picks at every root the plan with the best mean leaf value (every plan on every
sample: no halving) for the given leaf weights and horizon, and prints the mean *regret*: the
truth of the best plan minus the truth of the one picked (points of final score per decision;
0 is the best any leaf can do against this truth). It also pairs each variant with the Pi
budget's leaf at horizon 3, root by root (mean difference ± standard error). Runs in seconds,
so many leaf weights can be compared; what it finds still has to be played
(``bots_applejack_solo.py --against``): the plans' ranking and the halving are left out here.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots_applejack_solo import _changed, _pairs  # the solo bench's name=number arguments (bench/ is on the path)

from table.games.applejack.bots import play_game, seat_seed
from table.games.applejack.bots.evaluate import Context, Position, Weights, walk_info
from table.games.applejack.bots.orchard_view import OrchardView, forget_views
from table.games.applejack.bots.strong import PI_SOLO_LEAF_WEIGHTS, StrongBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import CHANCE, PAY, PLACE, SELECT, GameState, sample_chance

LEAF_SAMPLES, TRUTH_SAMPLES, HORIZONS = 14, 32, (2, 3, 4)
Leaf = tuple[Any, ...]  # ("T", final score) or (cells, honey, context)
_DATA = None


def _leaf(sim: GameState) -> Leaf:
    if sim.is_terminal():
        return ("T", sim.scores()[0].total)
    ctx = walk_info(sim).context(sim.die, 0)
    if sim.seat == 0 and sim.phase in (SELECT, PAY, PLACE):  # as leaf_value: this turn's tile still to come
        ctx = Context(ctx.harvest_pips, ctx.blossom_mult, ctx.turns_left + 1)
    return (tuple(sim.cells[0]), sim.honey[0], ctx)


def _root(state: GameState, rng: random.Random, options: dict[str, int]
          ) -> list[tuple[list[int], list[dict[int, Leaf]], list[int]]]:
    bot = StrongBot(random.Random(rng.random()), max_seconds=None, **options)  # type: ignore[arg-type]
    bot._settings_for(1)
    plans = bot._select_plans(state)
    seeds = [rng.getrandbits(64) for _ in range(LEAF_SAMPLES + TRUTH_SAMPLES)]
    out = []
    for plan in plans:
        leaves: list[dict[int, Leaf]] = []
        finals: list[int] = []
        for i, seed in enumerate(seeds):
            sim = state.clone()
            chance = random.Random(seed)
            bot.policy.rng = random.Random(seed ^ 0x5DEECE66D)  # as StrongBot._rollout
            for action in plan:
                sim.apply_fast(action)
            got: dict[int, Leaf] = {}
            while not sim.is_terminal():
                if sim.current_player() == CHANCE:
                    sim.apply_fast(sample_chance(sim, chance))
                    continue
                if i < LEAF_SAMPLES:
                    for h in HORIZONS:
                        if h not in got and sim.turn >= state.turn + h + 1:
                            got[h] = _leaf(sim)
                    if len(got) == len(HORIZONS):
                        break
                sim.apply_fast(bot.policy.choose(sim))
            if i < LEAF_SAMPLES:
                leaves.append({h: got.get(h) or _leaf(sim) for h in HORIZONS})
            else:
                finals.append(sim.scores()[0].total)
        forget_views()
        out.append((plan, leaves, finals))
    return out


def collect_game(seed: int, options: dict[str, int]) -> list[tuple[Any, ...]]:
    """The roots of one strong solo game (seed ``seed``; the bot with ``options`` instead of the
    Pi budget's, for the game and the roots' plans and rollouts): (seed, turn, corners, plans) each."""
    global _DATA
    if _DATA is None:
        _DATA = load_dataset()
    rng = random.Random(seed * 7919 + 1)
    bot = StrongBot(random.Random(seat_seed(seed, 0)), **options)  # type: ignore[arg-type]
    want = set(rng.sample(range(15), 3))
    roots: list[tuple[Any, ...]] = []

    class Recording:
        name = bot.name

        def choose(self, state: GameState) -> int:
            if state.phase == SELECT and state.turn in want and walk_info(state).context(state.die, 0).turns_left > 4:
                roots.append((seed, state.turn, state.corner_apple[0], state.corner_hive[0],
                              _root(state.clone(), rng, options)))
            return bot.choose(state)

    play_game(_DATA, GameConfig(1), [Recording()], seed)
    return roots


def leaf_value(leaf: Leaf, weights: Weights, rules: Any, corners: tuple[Any, Any]) -> float:
    """The search's leaf value (:func:`table.games.applejack.bots.strong.leaf_value`) of a kept leaf."""
    if leaf[0] == "T":
        return float(leaf[1])
    cells, honey, ctx = leaf
    view = OrchardView(rules, cells, corners[0], corners[1], weights, ctx)
    return Position.of_view(view, honey, weights, ctx).value()


def regrets(roots: list[tuple[Any, ...]], rules: Any, weights: Weights, horizon: int,
            samples: int = LEAF_SAMPLES) -> list[float]:
    """Per root: the truth of the best plan minus the truth of the plan the leaf picks."""
    out = []
    for _seed, _turn, corner_apple, corner_hive, plans in roots:
        values: dict[Leaf, float] = {}
        est = []
        for _plan, leaves, _finals in plans:
            got = []
            for leaf in leaves[:samples]:
                v = values.get(leaf[horizon])
                if v is None:
                    v = values[leaf[horizon]] = leaf_value(leaf[horizon], weights, rules, (corner_apple, corner_hive))
                got.append(v)
            est.append(statistics.fmean(got))
        truth = [statistics.fmean(finals) for _p, _l, finals in plans]
        picked = max(range(len(plans)), key=lambda i: (est[i], -i))
        out.append(max(truth) - truth[picked])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=80)
    c.add_argument("--seed", type=int, default=21000)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--option", nargs="*", default=[], help="strong bot settings instead of the Pi budget's, name=int")
    m = sub.add_parser("measure")
    m.add_argument("data", type=Path, nargs="+")
    m.add_argument("--weights", nargs="*", default=[], help="leaf weights to compare, name=number")
    args = ap.parse_args()
    if args.what == "collect":
        roots: list[tuple[Any, ...]] = []
        with ProcessPoolExecutor(args.jobs) as pool:
            options = dict(_pairs(args.option))
            seeds = range(args.seed, args.seed + args.games)
            for got in pool.map(collect_game, seeds, [options] * len(seeds)):
                roots += got
        args.out.write_bytes(pickle.dumps(roots))
        print(f"{len(roots)} roots from {args.games} games (seeds {args.seed}..{args.seed + args.games - 1})")
        return
    roots = [r for path in args.data for r in pickle.loads(path.read_bytes())]
    rules = GameState(load_dataset(), GameConfig(1)).rules
    base = regrets(roots, rules, PI_SOLO_LEAF_WEIGHTS, 3)
    variants = [(f"Pi leaf, horizon {h}", PI_SOLO_LEAF_WEIGHTS, h) for h in HORIZONS]
    if args.weights:
        own = _changed(PI_SOLO_LEAF_WEIGHTS, _pairs(args.weights)) or PI_SOLO_LEAF_WEIGHTS
        variants += [(f"{' '.join(args.weights)}, horizon {h}", own, h) for h in HORIZONS]
    print(f"{len(roots)} roots; regret per decision (points), and paired against the Pi leaf at horizon 3")
    for name, weights, h in variants:
        r = base if (weights, h) == (PI_SOLO_LEAF_WEIGHTS, 3) else regrets(roots, rules, weights, h)
        d = [a - b for a, b in zip(r, base, strict=True)]
        print(f"  {name:40s} {statistics.fmean(r):.3f}   {statistics.fmean(d):+.3f} ± "
              f"{statistics.stdev(d) / math.sqrt(len(d)):.3f}")


if __name__ == "__main__":
    main()
