"""Reading Draft Cider's deck from disk: the I/O half of ``table.games.draftcider.rules.cards``.

``load_deck()`` reads the deck shipped in ``table/games/draftcider/rules/data/deck.toml``;
``load_deck(PATH)`` reads another TOML file of the same shape. Either way the text goes to the
pure :func:`~table.games.draftcider.rules.cards.parse_deck`, which raises one
:class:`~table.engine.errors.DataError` listing every problem.
"""

from __future__ import annotations

from pathlib import Path

from table.companion.datafile import load_data_file
from table.companion.gamedef import SampleGame, config_games
from table.games.draftcider.rules.cards import Deck, parse_deck

DECK_FILE = "deck.toml"


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck; ``None`` loads the default one shipped with the package.

    A file that cannot be read is a :class:`DataError` too (one problem naming the file).
    """
    return load_data_file(path, package="table.games.draftcider.rules", shipped=DECK_FILE, shipped_name=DECK_FILE,
                          parse=parse_deck)


def check_file(path: str | None) -> str:
    """``check-data --game draftcider [FILE]``: the deck read and validated; a summary line
    (a :class:`~table.engine.errors.DataError` lists every problem)."""
    return f"{len(load_deck(path).cards)} cards"


def sample_games() -> list[SampleGame]:
    """The set-ups the registry suite plays to the end (``tests/test_every_game.py``): two seats,
    three in the easy game, six; each as (name, new state, replay)."""
    from table.games.draftcider import rules

    configs = [rules.Config(2), rules.Config(3, easy=True), rules.Config(6)]
    return config_games(rules, configs)
