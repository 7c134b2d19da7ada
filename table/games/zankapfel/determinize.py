"""Zankapfel's determinizer for the strong bot: a copy of the game in which every card hidden
from one seat is dealt afresh from what that seat can know.

Hidden from a seat: the other seats' apple cards in hand, the cards they laid face down (until
they are revealed when the mayor has moved), the order and make-up of the deck, and in a
discord the cards the other fighters laid this fight (whether they laid one is public). What
the seat may count on: the whole game's cards (the config's deck), the barn (discard), the
face-up card, its own hand and laid card, the revealed cards, how many cards each seat holds,
and each fighter's discord cards before the fight (those played in earlier fights were shown).

The unseen apple cards are pooled from those public counts, never from another seat's hand, and
dealt at random to the other hands (their sizes kept), the other face-down cards and the deck.
The bought cards are shown when bought; treating them as unseen is a simplification (the bot
knows a little less than a person could).
"""

from __future__ import annotations

import random

from table.bots.determinize import deal_counts, search_copy
from table.games.zankapfel.rules import State

_HIDDEN_LAID = ("bid", "move", "bribe", "accept")
"""Phases in which the laid apple cards are still face down."""


def unseen_cards(state: State, seat: int) -> list[int]:
    """The apple cards per kind ``seat`` cannot see: the deck, the other hands and the other
    face-down cards — computed from public counts alone."""
    t = state.t
    unseen = list(state.config.deck)
    seen = [t.discard, t.hands[seat]]
    for kinds in seen:
        for k, n in enumerate(kinds):
            unseen[k] -= n
    if t.face_up >= 0:
        unseen[t.face_up] -= 1
    hidden_laid = state.phase in _HIDDEN_LAID
    for s, kind in enumerate(t.laid):
        if kind >= 0 and (s == seat or not hidden_laid):
            unseen[kind] -= 1
    return unseen


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A search copy of ``state`` with the cards hidden from ``seat`` dealt afresh (module doc)."""
    sim = search_copy(state)
    t = sim.t
    others = [s for s in range(state.players) if s != seat]
    hidden_laid = [s for s in others if t.laid[s] >= 0] if state.phase in _HIDDEN_LAID else []
    sizes = [sum(t.hands[s]) for s in others] + [1] * len(hidden_laid)
    piles = deal_counts(unseen_cards(state, seat), sizes, rng)
    for s, pile in zip(others, piles, strict=False):
        t.hands[s] = pile
    for i, s in enumerate(hidden_laid):
        t.laid[s] = piles[len(others) + i].index(1)
    t.deck = piles[-1]
    _redeal_discord(sim, seat, rng)
    return sim


def _redeal_discord(sim: State, seat: int, rng: random.Random) -> None:
    """In a discord: the cards the other fighters laid this fight (face down) dealt afresh from
    the discord cards each held before the fight; whether one was laid stays as it is."""
    t = sim.t
    if sim.phase not in ("discord-card", "dice"):
        return
    for i, s in enumerate(t.fight_seats):
        if s == seat or not t.fight_cards[i]:
            continue
        held = sorted(set(t.discord_left[s]) | {t.fight_cards[i]})  # the seat's cards before this fight
        card = held[rng.randrange(len(held))]
        t.discord_left[s] = [c for c in held if c != card]
        t.fight_cards[i] = card
