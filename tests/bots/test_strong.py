"""The strong bot's turn budget on an injected clock, and its per-player-count weights."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from table.games.applejack.bots.strong import SOLO_WEIGHTS, StrongBot
from table.games.applejack.bots.weights import Weights
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import CHANCE, SELECT, new_game, sample_chance

DATA = load_dataset()


class RolloutClock:
    """A clock that moves only while the bot plays a rollout: ``per_rollout`` seconds each."""

    def __init__(self, per_rollout: float) -> None:
        self.now, self.per_rollout = 0.0, per_rollout

    def __call__(self) -> float:
        return self.now


def _timed(bot: StrongBot, clock: RolloutClock) -> StrongBot:
    rollout = bot._rollout

    def timed(*args):
        clock.now += clock.per_rollout
        return rollout(*args)

    bot._rollout = timed  # type: ignore[method-assign]
    return bot


def _first_turn(players: int, seed: int = 3):
    state = new_game(DATA, GameConfig(players), random.Random(seed))
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    assert state.phase == SELECT
    return state


def test_the_turn_budget_stops_before_a_round_that_would_not_fit():
    state = _first_turn(1)
    free = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=None)
    free.choose(state)
    # 4 candidates x 3 samples (fewer samples while the orchard is empty) without a cap
    assert free.rollouts == 4 * 3 and free.cut_short == 0
    # 0.05 s a rollout, 0.45 s a turn: round 1 ends at 0.2, round 2 at 0.4, a third would end at 0.6
    clock = RolloutClock(0.05)
    capped = _timed(StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=0.45, clock=clock), clock)
    capped.choose(state)
    assert capped.rollouts == 2 * 4 and capped.cut_short == 1
    assert clock.now == pytest.approx(0.4)


def test_out_of_time_inside_the_first_round_keeps_the_best_played():
    state = _first_turn(1)
    clock = RolloutClock(0.3)  # the second rollout ends past the deadline; no third is started
    slow = _timed(StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=0.45, clock=clock), clock)
    action = slow.choose(state)
    assert slow.rollouts == 2 and slow.cut_short == 1
    assert action in state.legal_actions()
    assert clock.now == pytest.approx(0.6)


def test_a_generous_budget_changes_nothing():
    state = _first_turn(1)
    a = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=None)
    clock = RolloutClock(0.001)
    b = _timed(StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=1e9, clock=clock), clock)
    assert a.choose(state) == b.choose(state)
    assert a.rollouts == b.rollouts and b.cut_short == 0


def test_solo_uses_the_solo_weights_unless_given_others():
    """Solo: the rollouts play with the solo weights; the leaf (and the plans' ranking) uses the
    budget's own (the Pi budget's values growth more), 2-4 players the defaults throughout."""
    from table.games.applejack.bots.strong import PI_SOLO_LEAF_WEIGHTS

    bot = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None)
    bot.choose(_first_turn(1))
    assert bot.weights == PI_SOLO_LEAF_WEIGHTS and PI_SOLO_LEAF_WEIGHTS.growth > SOLO_WEIGHTS.growth
    assert replace(bot.policy.weights, blind_samples=SOLO_WEIGHTS.blind_samples) == SOLO_WEIGHTS
    bot.choose(_first_turn(2))
    assert bot.weights == Weights() and bot.policy.weights.growth == Weights().growth
    full = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None, budget="full")
    full.choose(_first_turn(1))
    assert full.weights == SOLO_WEIGHTS
    own = Weights(growth=2.0)
    fixed = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, weights=own, max_seconds=None)
    fixed.choose(_first_turn(1))
    assert fixed.weights == own and fixed.policy.weights.growth == own.growth
    apart = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, weights=own, policy_weights=SOLO_WEIGHTS,
                      max_seconds=None)
    apart.choose(_first_turn(1))
    assert apart.weights == own and apart.policy.weights.growth == SOLO_WEIGHTS.growth


def test_search_settings_follow_the_player_count_unless_given():
    from table.games.applejack.bots.strong import MULTI_SEARCH, SOLO_SEARCH

    bot = StrongBot(random.Random(1), candidates=2, max_seconds=None, budget="full")
    bot.choose(_first_turn(1))
    assert (bot.samples, bot.horizon, bot.endgame) == (SOLO_SEARCH["samples"], SOLO_SEARCH["horizon"],
                                                       SOLO_SEARCH["endgame"])
    bot.choose(_first_turn(2))
    assert (bot.samples, bot.horizon, bot.endgame) == (MULTI_SEARCH["samples"], MULTI_SEARCH["horizon"],
                                                       MULTI_SEARCH["endgame"])
    given = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None, budget="full")
    given.choose(_first_turn(1))
    assert (given.samples, given.horizon, given.endgame) == (1, 1, SOLO_SEARCH["endgame"])


def test_the_default_budget_is_the_pi_budget():
    from table.games.applejack.bots.strong import PI_MULTI_SEARCH, PI_SOLO_SEARCH, SAFETY_SECONDS

    bot = StrongBot(random.Random(1), samples=2)
    assert bot.budget == "pi" and bot.max_seconds == SAFETY_SECONDS
    bot.choose(_first_turn(1))
    keys = ("candidates", "horizon", "endgame")
    assert (bot.candidates, bot.horizon, bot.endgame) == tuple(PI_SOLO_SEARCH[k] for k in keys)
    bot.choose(_first_turn(2))
    assert (bot.candidates, bot.horizon, bot.endgame) == (10, PI_MULTI_SEARCH["horizon"], PI_MULTI_SEARCH["endgame"])
    with pytest.raises(ValueError, match="unknown budget"):
        StrongBot(random.Random(1), budget="fast")


def test_halving_spreads_the_same_rollouts_over_rounds_down_to_the_best_two():
    bot = StrongBot(random.Random(1), halving=True, max_seconds=None)
    rounds = bot._schedule(10, 7)
    assert rounds == [(10, 3), (5, 6), (3, 10), (2, 17)]
    added = zip(rounds[1:], rounds[:-1], strict=True)
    spent = rounds[0][0] * rounds[0][1] + sum(k * (n - prev) for (k, n), (_, prev) in added)
    assert abs(spent - 10 * 7) <= 2  # the same work as every plan on 7 samples
    assert StrongBot(random.Random(1), halving=False)._schedule(10, 7) == [(10, 7)]


def test_halving_plays_the_schedule_and_a_fixed_seed_gives_a_fixed_move():
    state = _first_turn(1)
    # the first turn: 4 samples (19 empty spaces > 12), so rounds 10x2, 5 to 3, 3 to 5, 2 to 8
    # (the Pi budget before the shared orchard views: 10 plans x 7 samples on the solo weights
    # throughout, horizon 3, blind draws valued on 3 tiles in the rollouts; its move is unchanged)
    old = {"halving": True, "candidates": 10, "samples": 7, "horizon": 3, "rollout_blind": 3, "max_seconds": None,
           "weights": SOLO_WEIGHTS}
    a = StrongBot(random.Random(1), **old)  # type: ignore[arg-type]
    move = a.choose(state)
    assert a.rollouts == 10 * 2 + 5 * 1 + 3 * 2 + 2 * 3
    b = StrongBot(random.Random(1), **old)  # type: ignore[arg-type]
    assert b.choose(state) == move == 1016415  # a fixed seed and budget: a fixed move (here the plain search's too)
    assert b._plan == [4, 3000008]


def test_the_pi_budget_gives_a_fixed_move():
    """The solo Pi budget (16 plans x 14 samples, the leaf's own weights since the third round of
    tuning, 4 turns before the leaf and blind draws valued on 1 tile in the rollouts since the
    fourth; deliberately changed from 10 x 7, then 16 x 12): a fixed seed gives a fixed move and
    a fixed number of rollouts, each played to the end of the 4th turn after the plan's."""
    state = _first_turn(1)
    moves = set()
    for _ in range(2):
        bot = StrongBot(random.Random(1), max_seconds=None)
        ends = []
        rollout = bot._rollout

        def watched(st, plan, seat, seed, end_turn, rollout=rollout, ends=ends):
            ends.append(end_turn)
            return rollout(st, plan, seat, seed, end_turn)

        bot._rollout = watched  # type: ignore[method-assign]
        moves.add((bot.choose(state), tuple(bot._plan), bot.rollouts))
        assert bot.candidates == 16 and bot.samples == 14
        assert set(ends) == {state.turn + 4 + 1} and bot.policy.weights.blind_samples == 1
    assert moves == {(1016415, (3, 3000000), 115)}


def test_the_rollouts_blind_draw_samples_follow_the_budget_unless_given():
    """The rollouts' greedy policy values a blind draw on the budget's number of supply tiles:
    1 in solo at the Pi budget, 3 otherwise, or as given."""
    pi = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None)
    pi.choose(_first_turn(1))
    assert pi.rollout_blind == pi.policy.weights.blind_samples == 1
    pi.choose(_first_turn(2))
    assert pi.rollout_blind == pi.policy.weights.blind_samples == 3
    full = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None, budget="full")
    full.choose(_first_turn(1))
    assert full.rollout_blind == full.policy.weights.blind_samples == 3
    given = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None, rollout_blind=2)
    for players in (1, 2):
        given.choose(_first_turn(players))
        assert given.rollout_blind == given.policy.weights.blind_samples == 2


def test_the_pi_budget_halves_in_solo_only():
    solo = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None)
    solo.choose(_first_turn(1))
    assert solo.halving
    solo.choose(_first_turn(2))
    assert not solo.halving
    full = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None, budget="full")
    full.choose(_first_turn(1))
    assert not full.halving


def test_the_search_pauses_the_collector_and_drops_its_views():
    """The rollouts' garbage goes by reference counting: the cyclic collector is paused during
    the search and on again after it (also when it was off: left off), the orchard views the
    rollouts made are dropped at the end."""
    import gc

    from table.games.applejack.bots import orchard_view

    seen = []
    bot = StrongBot(random.Random(1), candidates=3, samples=2, horizon=1, max_seconds=None)
    rollout = bot._rollout

    def watched(*args):
        seen.append(gc.isenabled())
        return rollout(*args)

    bot._rollout = watched  # type: ignore[method-assign]
    assert gc.isenabled()
    bot.choose(_first_turn(1))
    assert seen and not any(seen)
    assert gc.isenabled() and not orchard_view._VIEWS
    gc.disable()
    try:
        bot.choose(_first_turn(1, seed=4))
        assert not gc.isenabled()
    finally:
        gc.enable()
