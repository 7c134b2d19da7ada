"""Applejack's pure rules: the data set, the die's walk, the physical table's ``Track`` and the
full game (``game.GameState``), records that replay. No I/O, clock, threads or global RNG."""

from __future__ import annotations

from table.engine.protocol import GameState as _Protocol
from table.games.applejack.rules.game import CHANCE, TERMINAL, GameState

__all__ = ["CHANCE", "TERMINAL", "GameState"]


def _meets_protocol(state: GameState) -> _Protocol:  # mypy checks that the game meets the house protocol
    return state
