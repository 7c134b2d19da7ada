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


# --- Draft Cider ------------------------------------------------------------------------------
from table.games.draftcider import bots as cider_bots  # noqa: E402
from table.games.draftcider.rules.game import STANDARD_DECK  # noqa: E402
from table.games.draftcider.rules.game import Config as CiderConfig  # noqa: E402
from table.games.draftcider.rules.game import new_game as cider_game  # noqa: E402
from table.games.draftcider.rules.scoring import BATCHES, batch_points  # noqa: E402

_COLOUR = {"green": 0, "gold": 25, "red": 50}


def _card(colour: str, height: int, sweetness: int) -> int:
    """The standard deck's card id (25 cards a colour, by height then sweetness)."""
    card = _COLOUR[colour] + (height - 1) * 5 + sweetness - 1
    assert (STANDARD_DECK[card].colour, STANDARD_DECK[card].height, STANDARD_DECK[card].sweetness) == \
        (colour, height, sweetness)
    return card


_ORCHARD = {  # seat 0's nine gold and green cards: every batch but the one tested closed to red cards
    "monochrome": [("gold", 1, 2)],                                # gold: no red card joins
    "feather": [("gold", 2, 1), ("gold", 3, 1)],                   # locked to sweetness 1
    "special": [("green", 1, 1)],                                  # 20, green nowhere else
    "unlucky": [("gold", 2, 5), ("gold", 3, 5), ("gold", 3, 3)],   # 13 already: a 4th spoils it
    "steady": [("gold", 1, 4)],                                    # heights 1-2 go on
    "sweet": [("gold", 1, 1)],                                     # waits for a sweetness 1
}


def _last_phase(batch: str, start: list[tuple[str, int, int]], centre: list[tuple[str, int, int]]):
    """A 2-player game at the last phase, seat 0 to pick first from six red ``centre`` cards; its
    orchard is :data:`_ORCHARD` with the tested ``batch`` holding ``start`` (gold cards fill the Bad
    batch to nine). Seat 1 (green Monochrome 15, a gold Special 20, Bad -3) is about level."""
    orchard = {name: list(cards) for name, cards in _ORCHARD.items()}
    orchard[batch] = list(start)
    mine = [_card(*c) for cards in orchard.values() for c in cards]
    spare = [c for c in range(25, 50) if c not in mine]
    bad = []
    while len(mine) + len(bad) < 9:
        bad.append(spare.pop(0))
    greens = [c for c in range(25) if c not in mine][:8]
    state = cider_game(CiderConfig(2))
    state.orchards[0] = [[STANDARD_DECK[_card(*c)] for c in orchard.get(name, [])] for name in BATCHES]
    state.orchards[0][BATCHES.index("bad")] = [STANDARD_DECK[c] for c in bad]
    state.orchards[1] = [[] for _ in BATCHES]
    state.orchards[1][BATCHES.index("monochrome")] = [STANDARD_DECK[c] for c in greens[:5]]
    state.orchards[1][BATCHES.index("special")] = [STANDARD_DECK[spare[-1]]]
    state.orchards[1][BATCHES.index("bad")] = [STANDARD_DECK[c] for c in greens[5:8]]
    state.centre = [_card(*c) for c in centre]
    state.undealt = [c for c in range(len(STANDARD_DECK))
                     if c not in mine + bad + greens + [spare[-1]] + state.centre]
    state.phase, state.to_deal, state.seat = state.phases, 0, 0
    return state


_PAYS = {  # the tested batch, the cards it starts with, the centre: building it is the best plan
    "sweet": ([], [("red", 3, 4), ("red", 4, 4), ("red", 5, 4), ("red", 3, 2), ("red", 4, 3), ("red", 5, 3)]),
    "fortepiano": ([], [("red", 1, 2), ("red", 1, 3), ("red", 1, 4), ("red", 5, 2), ("red", 5, 3), ("red", 5, 4)]),
    "unlucky": ([("gold", 2, 1)], [("red", 3, 5), ("red", 4, 5), ("red", 5, 4), ("red", 4, 4), ("red", 3, 3),
                                   ("red", 5, 3)]),
    "feather": ([("gold", 3, 1)], [("red", 3, 2), ("red", 3, 3), ("red", 3, 4), ("red", 5, 2), ("red", 5, 3),
                                   ("red", 5, 4)]),
}


@pytest.mark.parametrize("batch", sorted(_PAYS))
def test_draftcider_strong_builds_the_batch_when_it_pays(batch):
    # sweet: a pair of sweetness 4 (7) beats a Fortepiano pair (4) and Steady is closed;
    # fortepiano: heights 1 and 5 (8); unlucky: 1 + 5 + 4 + 3 = 13 with 4 cards (16); feather:
    # three more height-3 cards (0 -> 12). Each pays only once built: a start scores nothing yet.
    start, centre = _PAYS[batch]
    b = BATCHES.index(batch)
    for seed in range(3):
        state = _last_phase(batch, start, centre)
        assert batch_points(state.orchards[0], b) == 0
        strong = cider_bots.make_bot("strong", random.Random(seed))
        greedy = cider_bots.make_bot("greedy", random.Random(seed))
        while not state.is_terminal():
            state.apply((strong if state.current_player() == 0 else greedy).choose(state))
        assert batch_points(state.orchards[0], b) > 0, (batch, seed)
