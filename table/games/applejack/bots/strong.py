"""The strong bot: determinized lookahead over whole-turn plans, greedy play inside.

At the start of its turn it ranks every whole-turn plan (tile × pay or pasture × space and
rotation) with the greedy evaluation and keeps the best ``candidates``. Each candidate is then
played out ``samples`` times on a copy of the state: the supply draws are sampled (the same
draws for every candidate, so that they are compared on equal luck), every seat plays greedily
for ``horizon`` more turns (valuing a blind draw on ``rollout_blind`` sampled supply tiles), and
the position is valued by the evaluation of its own projected score (``relative=True`` subtracts
the best opponent's; measured worse: it won 52% of two-player games against greedy, the
own-score version 70%). The plan with the best mean
wins. A blind draw is one candidate; when it is taken, the pay and place steps are searched the
same way once the tile is known. With ``halving`` (the solo Pi budget) the same rollouts are
spread over rounds that keep the better half of the plans each time (:meth:`StrongBot._schedule`).

The work is a fixed node budget (candidates × samples × horizon, fewer samples early on), so
a seed gives the same move on any machine. Two budgets: ``"pi"`` (the default, what a bot
playing live at the table spends: :data:`PI_SOLO_SEARCH`, :data:`PI_MULTI_SEARCH`, sized so a
whole turn takes about 0.12 s on the 2-core development machine, about 0.5 s on a Raspberry Pi 4;
``docs/bots.md`` says how the factor was estimated) and ``"full"`` (:data:`SOLO_SEARCH`,
:data:`MULTI_SEARCH`: the solo mark's search, used off the UI thread by the fair target, the
coach and the hints, and by the replay fixtures). ``max_seconds`` (:data:`SAFETY_SECONDS`) is
only a safety net on the injected ``clock`` for a whole turn: the sampling stops before a round
that would not fit and within a round once the time is up; each time it fires it is counted in
:attr:`StrongBot.cut_short` (the move may then depend on the machine). ``max_seconds=None``
never looks at the clock.

The evaluation's weights and the search settings depend on the player count: solo has its own
(:data:`SOLO_WEIGHTS`, tuned on seeded solo games apart from the solo mark's seeds with
``bench/tune_weights.py``; :data:`SOLO_SEARCH`), and at the Pi budget the leaf and the plans'
ranking use :data:`PI_SOLO_LEAF_WEIGHTS` while the rollouts keep :data:`SOLO_WEIGHTS`; with 2-4
players the greedy bot's weights and :data:`MULTI_SEARCH`.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import replace

from table.games.applejack.bots.evaluate import Position, walk_info
from table.games.applejack.bots.greedy import GreedyBot, selected_tile, turn_choices
from table.games.applejack.bots.orchard_view import forget_views
from table.games.applejack.bots.weights import Context, Weights
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.cells import EMPTY
from table.games.applejack.rules.game import CHANCE, PAY, PLACE, SELECT, GameState, sample_chance

SOLO_WEIGHTS = Weights(growth=1.25, growth_turns=10.0, hive=0.525)
"""The solo evaluation: tuned on seeds 5000-5999 (greedy, paired); see docs/bots.md."""

PI_SOLO_LEAF_WEIGHTS = replace(SOLO_WEIGHTS, growth=1.5)
"""The solo leaf's weights at the Pi budget (the rollouts keep :data:`SOLO_WEIGHTS`): an area with
open neighbours is valued as growing more at the end of a rollout than the greedy bot's own
choice wants; paired on tuning seeds 20000-20399, +0.36 ± 0.35 alone (docs/bots.md)."""
SOLO_LEAF_WEIGHTS: dict[str, Weights] = {"pi": PI_SOLO_LEAF_WEIGHTS, "full": SOLO_WEIGHTS}
"""The solo leaf's (and the plans' ranking's) weights of each named budget."""

SOLO_SEARCH: dict[str, int] = {"samples": 12, "horizon": 3, "endgame": 4}
"""Solo: more samples and one more turn of lookahead, the last turns played out (measured on
seeds 5000-5199, see docs/bots.md); they fit the time cap as solo rollouts are one seat's."""
MULTI_SEARCH: dict[str, int] = {"samples": 6, "horizon": 2, "endgame": 0}
"""2-4 players: a rollout turn is every seat's, so the search stays as it was measured there."""

PI_SOLO_SEARCH: dict[str, int] = {"candidates": 16, "samples": 14, "horizon": 4, "endgame": 4, "halving": 1,
                                  "rollout_blind": 1}
"""Solo at the Pi budget (a whole turn ~0.12 s here, ~0.5 s on a Raspberry Pi 4; docs/bots.md). The
16 × 14 rollouts are spread by halving (:meth:`StrongBot._schedule`). With the shared orchard views
(:mod:`table.games.applejack.bots.orchard_view`) a rollout costs about half what it did, so the
budget grew from 10 plans × 7 samples: on tuning seeds 20000-20199, paired, 10 × 14 gained
+0.96 ± 0.60 and 16 × 10 +1.90 ± 0.58 (docs/bots.md). With the faster engine 16 × 12 cost 92 ms
CPU a turn on a quiet machine, so 14 samples (with :data:`PI_SOLO_LEAF_WEIGHTS`: 122 ms) filled
the ~0.12 s; on tuning seeds 20000-20399 the two together gained +0.64 ± 0.42 over 16 × 12. The
fourth round plays one more turn before the leaf (``horizon`` 4: the leaf's error weighs less)
and pays for it by valuing the rollouts' blind draws on one supply tile instead of three: on the
same seeds +0.73 ± 0.46 over 16 × 14 at horizon 3, 116 ms a turn (docs/bots.md)."""
PI_MULTI_SEARCH: dict[str, int] = {"samples": 4, "horizon": 2, "endgame": 0}
"""2-4 players at the Pi budget."""
BUDGETS: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "pi": (PI_SOLO_SEARCH, PI_MULTI_SEARCH), "full": (SOLO_SEARCH, MULTI_SEARCH)}
"""The search settings (solo, 2-4 players) of each named budget."""

DEFAULT_CANDIDATES = 10
"""Plans searched when the budget does not say (every budget but the solo Pi one)."""
DEFAULT_ROLLOUT_BLIND = 3
"""Supply tiles on which the rollouts' greedy policy values a blind draw, when the budget does not
say (every budget but the solo Pi one)."""

SAFETY_SECONDS = 5.0
"""The safety net of one whole turn (seconds): never reached at the Pi budget on a quiet Pi 4;
counted in ``StrongBot.cut_short`` when it fires."""
DEFAULT_TURN_SECONDS = SAFETY_SECONDS
"""The former time cap's name (it was 0.45 s and made the bot's strength the machine's)."""


def leaf_value(state: GameState, seat: int, weights: Weights) -> float:
    """Projected final score of ``seat`` at any state (the final score once it is over)."""
    if state.is_terminal():
        return float(state.scores()[seat].total)
    ctx = walk_info(state).context(state.die, seat)
    if state.seat == seat and state.phase in (SELECT, PAY, PLACE):
        # the seat's current turn is still to be placed: one more tile to come
        ctx = Context(ctx.harvest_pips, ctx.blossom_mult, ctx.turns_left + 1)
    return Position(state, seat, weights, ctx).value()


def relative_value(state: GameState, seat: int, weights: Weights) -> float:
    own = leaf_value(state, seat, weights)
    if state.players == 1:
        return own
    return own - max(leaf_value(state, s, weights) for s in range(state.players) if s != seat)


class StrongBot:
    """Lookahead over the best whole-turn plans with sampled supply draws (see the module doc)."""

    name = "strong"

    def __init__(self, rng: random.Random, *, candidates: int | None = None, samples: int | None = None,
                 horizon: int | None = None, per_tile: int = 3, rollout_blind: int | None = None,
                 full_samples_at: int = 12,
                 endgame: int | None = None, relative: bool = False, budget: str = "pi",
                 max_seconds: float | None = SAFETY_SECONDS,
                 weights: Weights | None = None, clock: Callable[[], float] = time.perf_counter,
                 halving: bool | None = None, halving_first: float = 0.4,
                 policy_weights: Weights | None = None) -> None:
        self.rng = rng
        if budget not in BUDGETS:
            raise ValueError(f"unknown budget {budget!r} (known: {', '.join(BUDGETS)})")
        self.budget = budget
        # candidates, samples, horizon, endgame, halving, rollout_blind: as given, else by the budget
        # and player count
        self._given = {k: int(v) for k, v in (("candidates", candidates), ("samples", samples), ("horizon", horizon),
                                              ("endgame", endgame), ("halving", halving),
                                              ("rollout_blind", rollout_blind)) if v is not None}
        (self.candidates, self.samples, self.horizon, self.endgame, self.halving,
         self.rollout_blind) = self._search_settings(1)
        self.per_tile = per_tile
        self.halving_first = halving_first
        self.full_samples_at = full_samples_at
        self.relative = relative
        self.max_seconds = max_seconds
        self.clock = clock
        self.rollouts = 0  # rollouts played so far (for benchmarks and tests)
        self.cut_short = 0  # searches the time cap stopped before the node budget was spent
        self._fixed_weights = weights
        self._policy_weights = policy_weights  # the rollouts' greedy policy's, when not the leaf's
        self.weights = weights or Weights()
        # the greedy policy inside the rollouts (it may value blind draws on fewer samples)
        self.policy = GreedyBot(random.Random(rng.random()),
                                replace(policy_weights or self.weights, blind_samples=self.rollout_blind))
        self._plan: list[int] = []
        self._plan_at = -1  # len(state.history) at which the next planned action applies
        self._turn: tuple[int, float] = (-1, 0.0)  # (state.turn, clock at its first decision)

    def _search_settings(self, players: int) -> tuple[int, int, int, int, bool, int]:
        """(candidates, samples, horizon, endgame, halving, rollout_blind) for ``players`` at this budget."""
        solo, multi = BUDGETS[self.budget]
        table = {**(solo if players == 1 else multi), **self._given}
        return (table.get("candidates", DEFAULT_CANDIDATES), table["samples"], table["horizon"], table["endgame"],
                bool(table.get("halving", 0)), table.get("rollout_blind", DEFAULT_ROLLOUT_BLIND))

    def _settings_for(self, players: int) -> None:
        """The weights and search settings for this player count (unless the bot was given its own)."""
        (self.candidates, self.samples, self.horizon, self.endgame, self.halving,
         self.rollout_blind) = self._search_settings(players)
        solo = players == 1
        self.weights = self._fixed_weights or (SOLO_LEAF_WEIGHTS[self.budget] if solo else Weights())
        own = self._policy_weights or self._fixed_weights or (SOLO_WEIGHTS if solo else Weights())
        policy = replace(own, blind_samples=self.rollout_blind)
        if policy != self.policy.weights:
            self.policy.weights = policy

    # ------------------------------------------------------------------------------------------
    def choose(self, state: GameState) -> int:
        if self._plan and self._plan_at == len(state.history):
            action = self._plan.pop(0)
            self._plan_at += 1
            if action in state.legal_actions():
                return action
        self._plan = []
        self._settings_for(state.players)
        if self._turn[0] != state.turn:
            self._turn = (state.turn, self.clock())
        phase = state.phase
        if phase == SELECT:
            plans = self._select_plans(state)
        elif phase == PAY:
            plans = self._held_plans(state, pay=True)
        elif phase == PLACE:
            plans = self._held_plans(state, pay=False)
        else:
            return self.policy.choose(state)
        best = plans[0] if len(plans) == 1 else self._search_without_gc(state, plans)
        self._plan = best[1:]
        self._plan_at = len(state.history) + 1
        return best[0]

    # ------------------------------------------------------------------------------------------
    def _select_plans(self, state: GameState) -> list[list[int]]:
        pos = Position(state, state.seat, self.weights)
        scored: list[tuple[float, list[int]]] = []
        for value, plan in turn_choices(state, pos, self.rng, self.weights.blind_samples):
            if len(plan) == 1:  # blind
                scored.append((value, plan))
                continue
            select = plan[0]
            scored += [(v, [select, *rest]) for v, rest in self._tile_plans(state, pos, selected_tile(state, select))]
        return self._top(scored)

    def _tile_plans(self, state: GameState, pos: Position, tile: int) -> list[tuple[float, list[int]]]:
        """The best few (pay, place) plans for holding ``tile``, valued by the greedy evaluation."""
        price = state.rules.price[tile]
        out: list[tuple[float, list[int]]] = []
        options = [(A.PASTURE, True, pos.honey_delta(2.0))]
        if state.honey[state.seat] >= price:
            options.append((A.BUY, False, pos.honey_delta(-float(price))))
        for pay, pasture, honey in options:
            places = sorted(pos.placements(tile, pasture), key=lambda p: -p[0])[: self.per_tile]
            out += [(v + honey, [pay, a]) for v, a in places]
        return out

    def _held_plans(self, state: GameState, *, pay: bool) -> list[list[int]]:
        pos = Position(state, state.seat, self.weights)
        if pay:
            return self._top(self._tile_plans(state, pos, state.held))
        places = sorted(pos.placements(state.held, state.held_pasture), key=lambda p: -p[0])
        return self._top([(v, [a]) for v, a in places[: self.per_tile * 2]])

    def _top(self, scored: list[tuple[float, list[int]]]) -> list[list[int]]:
        scored.sort(key=lambda s: -s[0])  # stable: ties keep the legal-action order
        return [plan for _v, plan in scored[: self.candidates]]

    # ------------------------------------------------------------------------------------------
    def _schedule(self, plans: int, samples: int) -> list[tuple[int, int]]:
        """(plans still searched, samples each has after the round) per round of the search.

        Without halving one round: every plan gets ``samples``. With halving the same number of
        rollouts (plans × samples) is spread over rounds: every plan gets a few samples, then
        the better half (by mean) gets more, and so on down to the best two, which get the
        most: the rollouts go where the choice is close instead of to plans already beaten.
        """
        if not self.halving or plans <= 2:
            return [(plans, samples)]
        first = max(2, round(samples * self.halving_first))
        sizes: list[int] = []
        k = plans
        while k > 2:
            k = (k + 1) // 2
            sizes.append(k)
        rest = plans * (samples - first)
        rounds, done = [(plans, first)], first
        for k in sizes:
            done += max(1, round(rest / len(sizes) / k))
            rounds.append((k, done))
        return rounds

    def _search_without_gc(self, state: GameState, plans: list[list[int]]) -> list[int]:
        """:meth:`_search` with the cyclic garbage collector paused: the rollouts make and drop
        many small acyclic objects (reference counting frees them), and the collector's passes
        over the heap cost about a sixth of the search's CPU time. The orchard views the rollouts
        made are dropped at the end (the next decision meets other orchards), so the collector
        does not meet them either."""
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            return self._search(state, plans)
        finally:
            forget_views()
            if paused:
                gc.enable()

    def _search(self, state: GameState, plans: list[list[int]]) -> list[int]:
        seat = state.seat
        deadline = None if self.max_seconds is None else self._turn[1] + self.max_seconds
        # the early turns are the dearest (every space is open): fewer samples while more than
        # ``full_samples_at`` spaces are empty, so that no decision takes much longer than the rest
        empties = sum(1 for v in state.cells[seat] if v == EMPTY)
        samples = self.samples
        if empties > self.full_samples_at:
            samples = max(min(3, samples), round(samples * self.full_samples_at / empties))
        rounds = self._schedule(len(plans), samples)
        seeds = [self.rng.getrandbits(64) for _ in range(rounds[-1][1])]
        totals = [0.0] * len(plans)
        alive = list(range(len(plans)))  # the plans still searched, best-ranked first
        end_turn = state.turn + self.horizon + 1
        if walk_info(state).context(state.die, seat).turns_left <= self.endgame:
            end_turn = 1 << 30  # the last few turns: play the samples out to the final scoring
        n = 0  # samples every plan still alive has been played on
        for keep, upto in rounds:
            alive = sorted(alive, key=lambda i: (-totals[i], i))[:keep]
            while n < upto:
                round_start = self.clock()
                values = self._round(state, [plans[i] for i in alive], seeds[n], end_turn, deadline)
                if len(values) < len(alive):  # out of time in the middle of a round
                    self.cut_short += 1
                    if n == 0:  # no round complete: the best of those played (they come best-ranked first)
                        return plans[alive[max(range(len(values)), key=lambda j: (values[j], -j))]]
                    return plans[min(alive, key=lambda i: (-totals[i], i))]  # a partial round: drop it
                for i, v in zip(alive, values, strict=True):
                    totals[i] += v
                n += 1
                # stop before a round that would end past the deadline
                now = self.clock()
                if deadline is not None and n < len(seeds) and now + (now - round_start) > deadline:
                    self.cut_short += 1
                    return plans[min(alive, key=lambda i: (-totals[i], i))]
        return plans[min(alive, key=lambda i: (-totals[i], i))]

    def _round(self, state: GameState, plans: list[list[int]], seed: int, end_turn: int,
               deadline: float | None) -> list[float]:
        """The value of each plan on one sample (fewer, in order, once the clock passes ``deadline``)."""
        values: list[float] = []
        for plan in plans:
            if deadline is not None and values and self.clock() > deadline:
                break
            values.append(self._rollout(state, plan, state.seat, seed, end_turn))
        self.rollouts += len(values)
        return values

    def _rollout(self, state: GameState, plan: list[int], seat: int, seed: int, end_turn: int) -> float:
        sim = state.clone()
        chance = random.Random(seed)
        policy = self.policy
        policy.rng = random.Random(seed ^ 0x5DEECE66D)
        for action in plan:
            sim.apply_fast(action)
        while not sim.is_terminal() and sim.turn < end_turn:
            if sim.current_player() == CHANCE:
                sim.apply_fast(sample_chance(sim, chance))
            else:
                sim.apply_fast(policy.choose(sim))
        # finish the chance draws at the end of the last turn so the leaf is a decision point
        while sim.current_player() == CHANCE:
            sim.apply_fast(sample_chance(sim, chance))
        if self.relative:
            return relative_value(sim, seat, self.weights)
        return leaf_value(sim, seat, self.weights)
