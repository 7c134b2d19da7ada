"""What every game's bots share: they need nothing but a state's legal actions and a seeded RNG."""

from __future__ import annotations

import random

from table.engine.protocol import PlayState


class RandomBot:
    """Uniformly random legal actions, for any game meeting ``table.engine.protocol``."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: PlayState) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
