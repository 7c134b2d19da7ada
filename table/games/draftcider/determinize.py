"""Draft Cider's determinizer for the strong bot.

Nothing in Draft Cider is hidden from a seat: the centre and every orchard lie face up, and
what is still to come is the deck's order, which the search samples as chance actions. So a
determinization is a plain copy of the game.
"""

from __future__ import annotations

import random

from table.games.draftcider.rules.game import State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """An independent copy of ``state`` (nothing is hidden from ``seat``; ``rng`` unused)."""
    return state.clone()
