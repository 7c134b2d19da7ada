"""Draft Cider: a card draft into eight scoring batches (rules: ``shared/seeds/003_…``;
our reading and rulings: ``docs/draftcider.md``).

The package meets the house game protocol: :func:`new_game` (``Config``, optional
``random.Random`` for the deals), :class:`State` (``legal_actions / apply / undo / clone /
returns / scores / to_record``) and :func:`replay`. Pure like the rest of the engine: the deck
comes in as TOML text (:func:`parse_deck`); ``table.games.draftcider.files`` reads the shipped one.
"""

from table.engine.protocol import GameState as _Protocol
from table.games.draftcider.rules.cards import Card, CardError, Deck, parse_deck, standard_deck
from table.games.draftcider.rules.game import (
    CHANCE,
    TERMINAL,
    Config,
    State,
    new_game,
    replay,
    sample_chance,
)
from table.games.draftcider.rules.pad import PadResult, score_pad
from table.games.draftcider.rules.scoring import BATCHES, Score

__all__ = ["BATCHES", "CHANCE", "TERMINAL", "Card", "CardError", "Config", "Deck", "PadResult",
           "Score", "State", "new_game", "parse_deck", "replay", "sample_chance", "score_pad", "standard_deck"]


def _meets_protocol(state: State) -> _Protocol:  # mypy checks that the game meets the house protocol
    return state
