"""Reading Waldgärtner's card file from disk: the I/O half of ``table.games.waldgaertner.rules.cards``.

``load_cards()`` reads the reconstructed deck shipped in ``table/games/waldgaertner/rules/data/``;
``load_cards(PATH)`` reads another card file (e.g. one edited to match a printed deck).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from table.engine.errors import DataError, Problem
from table.games.waldgaertner.rules.cards import CardSet, parse_cards

CARD_FILE = "cards.toml"


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a card file; ``None`` loads the default one. DataError (a ValueError)
    lists every problem, including a file that cannot be read."""
    name = str(path) if path is not None else f"<default {CARD_FILE}>"
    try:
        if path is None:
            text = (resources.files("table.games.waldgaertner.rules") / "data" / CARD_FILE).read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(name, "-", f"cannot read: {exc}")]) from None
    return parse_cards(text, source=name)


def check_file(path: str | None) -> str:
    """``check-data --game waldgaertner [FILE]``: the card file read and validated; a summary
    line (a :class:`~table.engine.errors.DataError` lists every problem)."""
    return f"{len(load_cards(path).cards)} cards"
