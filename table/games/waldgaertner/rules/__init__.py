"""Waldgärtner (Create a fruit orchard!) for 2–7 players: 21 rounds over a year circle of phases
0–9, plant cards into a five-row forest garden. Rules in English with the rulings:
``docs/waldgaertner.md``; the card data: ``data/cards.toml`` read by ``table.games.waldgaertner.files``."""

from table.engine.protocol import GameState as _Protocol
from table.games.waldgaertner.rules.cards import Card, CardSet, Task, parse_cards
from table.games.waldgaertner.rules.config import Config, Score
from table.games.waldgaertner.rules.game import State, new_game, replay
from table.games.waldgaertner.rules.position import CHANCE, TERMINAL

__all__ = ["CHANCE", "TERMINAL", "Card", "CardSet", "Config", "Score", "State", "Task", "new_game",
           "parse_cards", "replay"]


def _meets_protocol(state: State) -> _Protocol:  # mypy checks that the game meets the house protocol
    return state
