"""The strong bots' determinizations never read another seat's hidden cards (issue 23).

Two states that differ only in what one seat cannot see (another seat's hand, the card it laid
face down, the deck's make-up) must give the seat the same determinization for the same rng,
and so the same move from the same seeded bot. A determinizer that copied the real hidden
cards (a plain clone) fails these tests."""

from __future__ import annotations

import random

from table.bots.ismcts import Budget
from table.games.waldgaertner import bots as wald_bots
from table.games.waldgaertner.determinize import determinize as wald_determinize
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import Config as WaldConfig
from table.games.waldgaertner.rules import new_game as wald_game
from table.games.zankapfel import bots as zank_bots
from table.games.zankapfel.determinize import determinize as zank_determinize
from table.games.zankapfel.determinize import unseen_cards
from table.games.zankapfel.rules import Config as ZankConfig
from table.games.zankapfel.rules import new_game as zank_game
from table.games.zankapfel.rules.actions import LAY


def _zankapfel_at(seat: int, laid_before: bool):
    """A 4-player game at ``seat``'s bid, after the seats before it laid (``laid_before``)."""
    for seed in range(50):
        state = zank_game(ZankConfig(4), random.Random(seed), keep_undo=False)
        while not state.is_terminal():
            if state.phase == "bid" and state.current_player() == seat:
                others_laid = any(state.has_laid(s) for s in range(4) if s != seat)
                if others_laid == laid_before and any(state.legal_actions()):
                    return state
            legal = state.legal_actions()
            lays = [a for a in legal if LAY <= a < LAY + 5]
            state.apply(lays[0] if lays else legal[0])
    raise AssertionError("no such position")


def _swap_hidden_zankapfel(state, seat: int):
    """A copy in which another seat holds different cards (one swapped with the deck)."""
    other = state.clone()
    t = other.t
    for s in range(4):
        if s == seat:
            continue
        for have in range(5):
            for want in range(5):
                if have != want and t.hands[s][have] and t.deck[want]:
                    t.hands[s][have] -= 1
                    t.deck[have] += 1
                    t.deck[want] -= 1
                    t.hands[s][want] += 1
                    return other
    raise AssertionError("nothing to swap")


def test_zankapfel_determinization_ignores_the_other_hands():
    state = _zankapfel_at(2, laid_before=False)
    other = _swap_hidden_zankapfel(state, 2)
    assert other.summary()["hands"] != state.summary()["hands"]
    assert unseen_cards(other, 2) == unseen_cards(state, 2)
    a = zank_determinize(state, 2, random.Random(9)).summary()
    b = zank_determinize(other, 2, random.Random(9)).summary()
    assert a == b
    assert a["hands"][2] == state.summary()["hands"][2]  # its own hand is its own


def test_zankapfel_determinization_ignores_the_cards_laid_face_down():
    state = _zankapfel_at(3, laid_before=True)
    other = state.clone()
    t = other.t
    s = next(s for s in range(3) if t.laid[s] >= 0)
    new_kind = next(k for k in range(5) if k != t.laid[s] and t.deck[k])
    t.deck[t.laid[s]] += 1
    t.deck[new_kind] -= 1
    t.laid[s] = new_kind
    a = zank_determinize(state, 3, random.Random(4)).summary()
    assert a == zank_determinize(other, 3, random.Random(4)).summary()


def test_zankapfel_strong_move_does_not_depend_on_hidden_cards():
    state = _zankapfel_at(2, laid_before=False)
    other = _swap_hidden_zankapfel(state, 2)
    budget = Budget(iterations=60, rollout_depth=20)
    a = zank_bots.strong_bot(random.Random(3), budget, max_seconds=None).choose(state)
    b = zank_bots.strong_bot(random.Random(3), budget, max_seconds=None).choose(other)
    assert a == b


def _waldgaertner_with_hands():
    state = wald_game(WaldConfig(4, load_cards()), random.Random(2), keep_undo=False)
    greedy = [wald_bots.make_bot("greedy", random.Random(s)) for s in range(4)]
    while not state.is_terminal():
        seat = state.current_player()
        t = state.t
        if seat == 0 and state.step == "die" and all(t.hand[s] >= 0 for s in range(1, 4)):
            return state
        state.apply(greedy[seat].choose(state))
    raise AssertionError("no such position")


def test_waldgaertner_determinization_ignores_the_other_hands_and_tasks():
    state = _waldgaertner_with_hands()
    other = state.clone()
    t = other.t
    cid = t.hand[1]
    continent = other.card(cid).continent
    swap = t.pools[continent][0]
    t.pools[continent] = sorted([c for c in t.pools[continent] if c != swap] + [cid])
    t.hand[1] = swap
    if t.task[2] >= 0 and t.tasks_left:
        t.tasks_left = sorted([c for c in t.tasks_left if c != t.tasks_left[0]] + [t.task[2]])
        t.task[2] = state.t.tasks_left[0]
    assert other.summary() != state.summary()
    a = wald_determinize(state, 0, random.Random(8)).summary()
    b = wald_determinize(other, 0, random.Random(8)).summary()
    assert a == b
    assert a["hand"][0] == state.t.hand[0]
    budget = Budget(iterations=20, rollout_depth=20)
    assert wald_bots.strong_bot(random.Random(1), budget, max_seconds=None).choose(state) == \
        wald_bots.strong_bot(random.Random(1), budget, max_seconds=None).choose(other)


def _waldgaertner_with_known_deck_cards():
    """A 4-player game at seat 0's decision while a deck holds cards that another seat returned
    from a bonus draw or left by a search (``known``): only that seat saw them."""
    for seed in range(200):
        state = wald_game(WaldConfig(4, load_cards()), random.Random(seed), keep_undo=False)
        greedy = [wald_bots.make_bot("greedy", random.Random(seed * 10 + s)) for s in range(4)]
        while not state.is_terminal():
            t = state.t
            if state.current_player() == 0 and state.step in ("die", "play") and any(t.known):
                return state
            state.apply(greedy[state.current_player()].choose(state))
    raise AssertionError("no such position")


def test_waldgaertner_determinization_ignores_the_cards_another_seat_saw_in_a_deck():
    state = _waldgaertner_with_known_deck_cards()
    other = state.clone()
    t = other.t
    d = next(d for d, known in enumerate(t.known) if known)
    pool = t.pools[other.decks[d]]
    seen, unseen = t.known[d][0], pool[0]
    t.known[d] = [unseen if c == seen else c for c in t.known[d]]
    t.pools[other.decks[d]] = sorted([c for c in pool if c != unseen] + [seen])
    assert other.summary() != state.summary() or t.known != state.t.known
    a = wald_determinize(state, 0, random.Random(8))
    b = wald_determinize(other, 0, random.Random(8))
    assert a.summary() == b.summary()
    assert (a.t.known, a.t.pools, a.t.unknown) == (b.t.known, b.t.pools, b.t.unknown)
    assert [a.deck_size(k) for k in range(4)] == [state.deck_size(k) for k in range(4)]
