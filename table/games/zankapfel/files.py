"""Reading Zankapfel's deck file from disk (the I/O half of ``table.games.zankapfel.rules.decks``).

``load_decks()`` reads the decks shipped in ``table/games/zankapfel/rules/data/decks.toml``;
``load_decks(PATH)`` another file of the same shape; the text goes to the pure
:func:`~table.games.zankapfel.rules.decks.parse_decks` (one ``DataError`` listing every problem).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from table.companion.datafile import load_data_file
from table.companion.gamedef import SampleGame, config_games
from table.games.zankapfel.rules.decks import Decks, parse_decks

DECK_FILE = "decks.toml"


def load_decks(path: str | Path | None = None) -> Decks:
    """The decks of ``path`` (None: the shipped file, read once)."""
    if path is None:
        return _shipped()
    return load_data_file(path, package="table.games.zankapfel.rules", shipped=DECK_FILE, shipped_name=DECK_FILE,
                          parse=parse_decks)


@cache
def _shipped() -> Decks:
    return load_data_file(None, package="table.games.zankapfel.rules", shipped=DECK_FILE, shipped_name=DECK_FILE,
                          parse=parse_decks)


def check_file(path: str | None) -> str:
    """``check-data --game zankapfel [FILE]``: the decks read and validated; a summary line."""
    decks = load_decks(path)
    shown = ", ".join(f"{d.key} ({sum(d.counts)} cards: {' '.join(map(str, d.counts))})" for d in decks.decks)
    return f"{len(decks.decks)} deck(s): {shown}; default {decks.default}"


def sample_games() -> list[SampleGame]:
    """The set-ups the registry suite plays to the end (``tests/test_every_game.py``): three seats,
    four with bribery, six; each as (name, new state, replay)."""
    from table.games.zankapfel import rules

    configs = [rules.Config(3), rules.Config(4, bribery=True), rules.Config(6)]
    return config_games(rules, configs)
