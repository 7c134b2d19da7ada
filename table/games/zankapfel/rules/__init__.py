"""Zankapfel (Ralf zur Linde, Michael Hageböck; VSK): the apple harvest of a village orchard for
3–6 players. Rules in English with their sources and the rulings: ``docs/zankapfel.md``."""

from table.engine.protocol import GameState as _Protocol
from table.games.zankapfel.rules.config import Config, Score
from table.games.zankapfel.rules.game import CHANCE, TERMINAL, State, new_game, replay

__all__ = ["CHANCE", "TERMINAL", "Config", "Score", "State", "new_game", "replay"]


def _meets_protocol(state: State) -> _Protocol:  # mypy checks that the game meets the house protocol
    return state
