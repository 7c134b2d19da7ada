"""The strong bots take the costly choices that pay (issue 23): Zankapfel's buys dice when a
discord is worth it (and not when it is not), Draft Cider's builds each batch when building it
pays. Constructed positions, seeded bots: a fixed seed and budget give a fixed move, so these
are facts about fixed searches, not timings."""

from __future__ import annotations

import random

import pytest

from table.games.zankapfel import bots as zank_bots
from table.games.zankapfel.rules import Config as ZankConfig
from table.games.zankapfel.rules import actions as ZA
from table.games.zankapfel.rules import new_game as zank_game


def _zankapfel_discord():
    """A 4-player game at the dice of a two-fighter discord, the first fighter to decide."""
    state = zank_game(ZankConfig(4), random.Random(0), keep_undo=False)
    greedy = [zank_bots.make_bot("greedy", random.Random(s)) for s in range(4)]
    while not state.is_terminal():
        t = state.t
        if state.phase == "dice" and len(t.fight_seats) == 2 and t.queue[0] == t.fight_seats[0]:
            return state
        state.apply(greedy[state.current_player()].choose(state))
    raise AssertionError("no discord")


def _discord(own: int, other_left: list[int], other_card: int, worth: bool):
    """The discord with the fighter to decide holding ``own`` laid, the other fighter having laid
    ``other_card`` (hidden) with ``other_left`` still in hand (public: the rest were shown), the
    mayor on the square where the colour is worth most (``worth``) or least, every pawn level."""
    state = _zankapfel_discord().clone()
    t = state.t
    me, other = t.fight_seats
    t.fight_cards = [own, other_card]
    t.discord_left[me] = [c for c in range(1, 11) if c != own][:len(t.discord_left[me])]
    t.discord_left[other] = other_left
    pick = max if worth else min
    t.mayor = pick(range(ZA.SQUARES), key=lambda sq: (ZA.value(t.fight_colour, sq), -sq))
    for s in range(state.players):
        t.harvest[s] += 10 - state.position(s)
    return state, me


def _dice_bought(state, me: int, seed: int) -> int:
    """Play the discord's dice round out: ``me`` the strong bot (seeded), the others greedy."""
    strong = zank_bots.make_bot("strong", random.Random(seed))
    greedy = zank_bots.make_bot("greedy", random.Random(seed))
    bought = 0
    while state.phase == "dice":
        seat = state.current_player()
        action = (strong if seat == me else greedy).choose(state)
        if seat == me and ZA.DICE < action <= ZA.DICE + ZA.MAX_DICE:
            bought += action - ZA.DICE
        state.apply(action)
    return bought


@pytest.mark.parametrize("worth", [True, False])
def test_zankapfel_strong_buys_dice_when_the_discord_is_worth_it(worth):
    # worth it: its card is a 1 against the other's 8-10, the colour pays 7: only dice can win it
    # not worth it: its 10 against the other's 1-3, the colour pays 2: dice cost 2 points each
    own, left, card = (1, [9, 10], 8) if worth else (10, [1, 2], 3)
    buyers = 0
    for seed in range(8):
        state, me = _discord(own, left, card, worth)
        buyers += _dice_bought(state, me, seed) > 0
    if worth:
        assert buyers >= 6
    else:
        assert buyers == 0
