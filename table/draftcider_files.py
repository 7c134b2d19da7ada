"""Reading Draft Cider's deck from disk: the I/O half of ``table.engine.draftcider.cards``.

``load_deck()`` reads the deck shipped in ``table/engine/draftcider/data/deck.toml``;
``load_deck(PATH)`` reads another TOML file of the same shape. Either way the text goes to the
pure :func:`~table.engine.draftcider.cards.parse_deck`, which raises one
:class:`~table.engine.errors.DataError` listing every problem.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from table.engine.draftcider.cards import Deck, parse_deck
from table.engine.errors import DataError, Problem

DECK_FILE = "deck.toml"


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck; ``None`` loads the default one shipped with the package.

    A file that cannot be read is a :class:`DataError` too (one problem naming the file).
    """
    name = str(path) if path is not None else DECK_FILE
    try:
        if path is None:
            text = resources.files("table.engine.draftcider").joinpath("data", DECK_FILE).read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(name, "-", f"cannot read: {getattr(exc, 'strerror', None) or exc}")]) from None
    return parse_deck(text, source=name)
