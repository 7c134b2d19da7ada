"""Draft Cider's engine mirror: the engine rebuilt from the picks the table reported.

The table holds the cards and reports each pick; the engine's deal (its chance actions
``deal N``) is inferred from them: each phase deals exactly the cards picked in it, in the order
taken, and while a phase runs the cards still in the centre are placeholders (the lowest undealt
cards). A finished game's record therefore holds no placeholder at all. Rebuilding after every
pick takes about a millisecond, so undo, resume and replay are the same code."""

from __future__ import annotations

from collections import Counter

from table.games.draftcider.rules import Card, Config, State
from table.games.draftcider.rules.game import DEAL, N_BATCHES, cards_per_phase

Pick = tuple[int, int]
"""One pick: (card index in the deck, batch index)."""


def build(config: Config, picks: list[Pick]) -> State:
    """The engine after ``picks``: each phase dealt its picks in the order taken (placeholders,
    the lowest undealt cards, for what is still in the centre of the running phase), then played.
    IllegalActionError when a pick breaks a rule (the engine's reason)."""
    st = State(config)
    per = cards_per_phase(config.players) * config.players
    i = 0
    while not st.is_terminal():
        chunk = picks[i:i + per]
        named = [c for c, _ in chunk]
        for c in named:
            st.apply(DEAL + c)
        taken = set(named)
        for c in list(st.undealt):
            if not st.is_chance():
                break
            if c not in taken:
                st.apply(DEAL + c)
        for c, b in chunk:
            st.apply(c * N_BATCHES + b)
        if len(chunk) < per:
            break
        i += per
    return st


def card_for(deck: tuple[Card, ...], card: Card, used: Counter[Card]) -> int | None:
    """The index of a deck card equal to ``card`` not played yet (``used`` counts played cards)."""
    seen = 0
    for i, c in enumerate(deck):
        if c == card:
            if seen >= used[card]:
                return i
            seen += 1
    return None

