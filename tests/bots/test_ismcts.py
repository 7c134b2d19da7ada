"""The generic information-set MCTS (``table.bots.ismcts``) on the tests' Nim: it finds the
winning move of a small position, never changes the state it is shown, and a fixed seed and
budget give a fixed move."""

from __future__ import annotations

import random

from table.bots.determinize import deal_counts, search_copy
from table.bots.ismcts import Budget, ISMCTSBot, rewards
from tests.games.nim.rules import Config, new_game


def _copy(state, seat, rng):
    return search_copy(state)


def _nim(heaps):
    return new_game(Config(2, heaps))


def test_finds_the_winning_move_of_a_small_nim():
    # heaps 1, 2, 4: xor 7; the only winning move leaves xor 0: take 1 from heap 3 (4 -> 3)
    state = _nim((1, 2, 4))
    bot = ISMCTSBot(random.Random(1), _copy, budget=Budget(iterations=3000, rollout_depth=50, scale=0.5),
                    max_seconds=None)
    assert bot.choose(state) == 2 * 100 + 1


def test_leaves_the_state_as_it_was_and_is_repeatable():
    state = _nim((3, 4, 5))
    before = (state.t.heaps[:], state.history[:], len(state.events))
    moves = {ISMCTSBot(random.Random(8), _copy, budget=Budget(iterations=200), max_seconds=None).choose(state)
             for _ in range(2)}
    assert len(moves) == 1
    assert (state.t.heaps, state.history, len(state.events)) == before


def test_rewards_favour_the_leader_and_stay_in_zero_one():
    r = rewards([10.0, 4.0, 4.0], scale=5.0)
    assert r[0] > 0.5 > r[1] == r[2]
    assert all(0.0 <= x <= 1.0 for x in r)


def test_deal_counts_keeps_every_card():
    piles = deal_counts([3, 0, 2, 1], [2, 1], random.Random(4))
    assert [sum(p) for p in piles] == [2, 1, 3]
    assert [sum(col) for col in zip(*piles, strict=True)] == [3, 0, 2, 1]


def test_a_margin_keeps_the_games_own_first_choice_unless_beaten_by_it():
    state = _nim((1, 2, 4))
    first = 1 * 100 + 1  # a losing move, listed first by the prune

    def prune(s, legal):
        return [first, *(a for a in legal if a != first)]
    budget = Budget(iterations=600, rollout_depth=50, scale=0.5)
    kept = ISMCTSBot(random.Random(1), _copy, budget=budget, prune=prune, margin=2.0, max_seconds=None)
    assert kept.choose(state) == first  # no mean in [0, 1] beats another by 2
    searched = ISMCTSBot(random.Random(1), _copy, budget=budget, prune=prune, margin=0.0, max_seconds=None)
    assert searched.choose(state) != first


def test_modelled_opponents_are_not_searched():
    state = _nim((3, 4, 5))
    seen: list[int] = []

    def model(s, legal, rng):
        seen.append(s.current_player())
        return legal[0]
    bot = ISMCTSBot(random.Random(2), _copy, budget=Budget(iterations=30), opponents=model, max_seconds=None)
    bot.choose(state)
    assert seen and set(seen) == {1}


class _LuckyPick:
    """A one-move game with chance: seat 0 picks 0 or 1, then a draw X (0-99) decides most of its
    points: X + pick against seat 1's 50. Picking 1 is always better, by one point in a hundred."""

    def __init__(self) -> None:
        self.pick = -1
        self.draw = -1

    def current_player(self) -> int:
        return 0 if self.pick < 0 else (-1 if self.draw < 0 else -4)

    def is_terminal(self) -> bool:
        return self.draw >= 0

    def legal_actions(self) -> list[int]:
        return [0, 1] if self.pick < 0 else list(range(100))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(x, 0.01) for x in range(100)]

    def apply(self, action: int) -> None:
        if self.pick < 0:
            self.pick = action
        else:
            self.draw = action

    def returns(self) -> list[float]:
        return [float(self.draw + self.pick), 50.0]


def _lucky_copy(state, seat, rng):
    copy = _LuckyPick()
    copy.pick, copy.draw = state.pick, state.draw
    return copy


def test_paired_search_compares_the_candidates_on_the_same_luck():
    budget = Budget(iterations=4, rollout_depth=5, scale=5.0)

    def picks(paired: bool) -> set[int]:
        return {ISMCTSBot(random.Random(seed), _lucky_copy, budget=budget, paired=paired,
                          max_seconds=None).choose(_LuckyPick()) for seed in range(12)}
    assert picks(True) == {1}  # the same draws for both picks: 1 is better in every one of them
    assert picks(False) == {0, 1}  # each pick on its own draws: the one-point edge drowns in the luck
