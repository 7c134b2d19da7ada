"""Budgets, not clocks (issue 23): every search bot spends a fixed budget, so a seed gives the
same move on a slow machine as on a fast one; the clock is only a safety net, counted when it
fires. No test here times anything: the clocks are injected."""

from __future__ import annotations

import random

import pytest

from table.bots.ismcts import Budget, ISMCTSBot
from table.games.applejack.bots.strong import StrongBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import CHANCE, new_game, sample_chance
from table.games.draftcider import bots as draftcider_bots
from table.games.draftcider.rules.game import Config as DraftConfig
from table.games.draftcider.rules.game import new_game as draft_game
from table.games.zankapfel import bots as zankapfel_bots
from table.games.zankapfel.rules import Config as ZankConfig
from table.games.zankapfel.rules import new_game as zank_game

DATA = load_dataset()


class SlowClock:
    """A machine ``step`` seconds slower per look at the clock (a Pi, a busy machine)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _applejack(players: int, seed: int):
    state = new_game(DATA, GameConfig(players), random.Random(seed))
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    return state


@pytest.mark.parametrize("players", [1, 2])
def test_applejack_strong_plays_the_same_move_on_a_slow_machine(players):
    state = _applejack(players, 5)
    fast = StrongBot(random.Random(7), candidates=3, max_seconds=None)
    # 40 ms per look at the clock: a turn of about a second (the old 0.45 s cap cut it), inside the net
    slow = StrongBot(random.Random(7), candidates=3, clock=SlowClock(0.04))
    assert fast.choose(state) == slow.choose(state)
    assert fast.rollouts == slow.rollouts > 0 and slow.cut_short == 0


def test_applejack_safety_net_fires_and_is_counted():
    state = _applejack(1, 5)
    stuck = StrongBot(random.Random(7), candidates=3, clock=SlowClock(10.0))  # every look: 10 s later
    action = stuck.choose(state)
    assert action in state.legal_actions() and stuck.cut_short == 1


def _zankapfel_bid():
    state = zank_game(ZankConfig(4), random.Random(11), keep_undo=False)
    while state.phase != "bid":
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("make_state,make_bot", [
    (_zankapfel_bid, lambda seed, clock: zankapfel_bots.strong_bot(random.Random(seed), clock=clock)),
    (lambda: draft_game(DraftConfig(4), random.Random(3)),
     lambda seed, clock: draftcider_bots.strong_bot(random.Random(seed), clock=clock)),
], ids=["zankapfel", "draftcider"])
def test_ismcts_fixed_seed_and_budget_give_a_fixed_move(make_state, make_bot):
    state = make_state()
    moves = set()
    for clock in (SlowClock(0.0), SlowClock(0.001)):
        bot = make_bot(42, clock)
        moves.add(bot.choose(state))
        assert bot.cut_short == 0 and bot.iterations == bot.budget.iterations
    assert len(moves) == 1


def test_ismcts_safety_net_fires_and_is_counted():
    state = _zankapfel_bid()
    from table.games.zankapfel.determinize import determinize

    bot = ISMCTSBot(random.Random(1), determinize, budget=Budget(iterations=50), clock=SlowClock(10.0))
    assert bot.choose(state) in state.legal_actions()
    assert bot.cut_short == 1 and bot.iterations == 1
