"""What every game's bots share: they need nothing but a state's legal actions and a seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from table.engine.protocol import PlayState


class RandomBot:
    """Uniformly random legal actions, for any game meeting ``table.engine.protocol``."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: PlayState) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class SeededBot:
    """A bot built with its seeded ``random.Random`` that plays a lone legal action without
    thinking and otherwise :meth:`decide`\\ s among the legal actions for the seat to play."""

    name = "seeded"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: Any) -> int:
        legal: list[int] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.decide(state, state.current_player(), legal)

    def decide(self, state: Any, seat: int, legal: list[int]) -> int:
        """The action for ``seat`` among ``legal`` (two or more)."""
        raise NotImplementedError
