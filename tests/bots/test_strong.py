"""The strong bot's turn budget on an injected clock, and its per-player-count weights."""

from __future__ import annotations

import random

from table.bots.evaluate import Weights
from table.bots.strong import SOLO_WEIGHTS, StrongBot
from table.datafiles import load_dataset
from table.engine.game import CHANCE, SELECT, GameConfig, new_game, sample_chance

DATA = load_dataset()


class SteppingClock:
    """Every reading is ``step`` seconds after the one before."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


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
    # turn starts at 0.1 (deadline 0.55); round 1 runs 0.2-0.3, round 2 0.4-0.5, a third would end at 0.7
    capped = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=0.45, clock=SteppingClock(0.1))
    capped.choose(state)
    assert capped.rollouts == 2 * 4 and capped.cut_short == 1
    # a round longer than the budget: the first round is still played, then it stops
    slow = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=0.45, clock=SteppingClock(0.3))
    slow.choose(state)
    assert slow.rollouts == 4 and slow.cut_short == 1


def test_a_generous_budget_changes_nothing():
    state = _first_turn(1)
    a = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=None)
    b = StrongBot(random.Random(1), candidates=4, samples=4, max_seconds=1e9, clock=SteppingClock(0.001))
    assert a.choose(state) == b.choose(state)
    assert a.rollouts == b.rollouts and b.cut_short == 0


def test_solo_uses_the_solo_weights_unless_given_others():
    bot = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, max_seconds=None)
    bot.choose(_first_turn(1))
    assert bot.weights == SOLO_WEIGHTS and bot.policy.weights.growth == SOLO_WEIGHTS.growth
    bot.choose(_first_turn(2))
    assert bot.weights == Weights()
    own = Weights(growth=2.0)
    fixed = StrongBot(random.Random(1), candidates=2, samples=1, horizon=1, weights=own, max_seconds=None)
    fixed.choose(_first_turn(1))
    assert fixed.weights == own
