"""Reading Waldgärtner's card file from disk: the I/O half of ``table.games.waldgaertner.rules.cards``.

``load_cards()`` reads the reconstructed deck shipped in ``table/games/waldgaertner/rules/data/``;
``load_cards(PATH)`` reads another card file (e.g. one edited to match a printed deck).
"""

from __future__ import annotations

from pathlib import Path

from table.companion.datafile import load_data_file
from table.games.waldgaertner.rules.cards import CardSet, parse_cards

CARD_FILE = "cards.toml"


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a card file; ``None`` loads the default one. DataError (a ValueError)
    lists every problem, including a file that cannot be read."""
    return load_data_file(path, package="table.games.waldgaertner.rules", shipped=CARD_FILE,
                          shipped_name=f"<default {CARD_FILE}>", parse=parse_cards)


def check_file(path: str | None) -> str:
    """``check-data --game waldgaertner [FILE]``: the card file read and validated; a summary
    line (a :class:`~table.engine.errors.DataError` lists every problem)."""
    return f"{len(load_cards(path).cards)} cards"
