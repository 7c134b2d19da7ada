"""Zankapfel's apple-card splits as data (ruling Z2): the decks a table may choose on setup.

The rule text gives no split of the 50 apple cards, so the splits are a data file
(``rules/data/decks.toml``; ``check-data --game zankapfel FILE``): each deck names how many
red, yellow, green, blue and joker cards it holds, a label for the setup screen and its source.
:func:`parse_decks` is pure (text in, :class:`Decks` or one :class:`DataError` listing every
problem out); reading the file from disk is ``table.games.zankapfel.files``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import DataError, Problem
from table.engine.tomlfile import load_toml
from table.games.zankapfel.rules.actions import KINDS
from table.games.zankapfel.rules.config import HAND_SIZE

MIN_CARDS = 6 * HAND_SIZE + 1
"""A deck deals 4 cards to each of up to 6 players and turns one up."""
MAX_PER_KIND = 200
"""More cards of one kind than any box could hold: a typing slip."""
_FIELDS = {*KINDS, "label", "source"}


@dataclass(frozen=True, slots=True)
class Deck:
    """One split: ``key`` (the setup word), ``counts`` per kind (red, yellow, green, blue, joker),
    ``label`` (the setup screen's words) and ``source`` (where the split comes from)."""

    key: str
    counts: tuple[int, int, int, int, int]
    label: str
    source: str


@dataclass(frozen=True, slots=True)
class Decks:
    """The decks of a file, in its order; ``default`` the key of the one a new game starts with."""

    decks: tuple[Deck, ...]
    default: str

    def get(self, key: str) -> Deck | None:
        return next((d for d in self.decks if d.key == key), None)

    def by_counts(self, counts: tuple[int, ...]) -> Deck | None:
        """The file's deck with these counts (None: a split the file does not hold)."""
        return next((d for d in self.decks if d.counts == tuple(counts)), None)

    def after(self, key: str) -> Deck:
        """The deck after ``key`` in the file's order (the setup button steps through them)."""
        keys = [d.key for d in self.decks]
        i = keys.index(key) if key in keys else -1
        return self.decks[(i + 1) % len(self.decks)]


def _count(name: str, key: str, kind: str, value: Any, problems: list[Problem]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Problem(name, f"decks.{key}.{kind}", f"a whole number of cards, not {value!r:.40}"))
        return 0
    if not 0 <= value <= MAX_PER_KIND:
        problems.append(Problem(name, f"decks.{key}.{kind}", f"0 to {MAX_PER_KIND} cards, not {value}"))
        return 0
    return value


def _deck(name: str, key: str, table: Any, problems: list[Problem]) -> Deck | None:
    if not isinstance(table, dict):
        problems.append(Problem(name, f"decks.{key}", "a table of red, yellow, green, blue, joker, label, source"))
        return None
    for extra in sorted(set(table) - _FIELDS):
        problems.append(Problem(name, f"decks.{key}.{extra}", "not a deck field (red yellow green blue joker "
                                                               "label source)"))
    before = len(problems)
    counts = []
    for kind in KINDS:
        if kind not in table:
            problems.append(Problem(name, f"decks.{key}.{kind}", "missing (how many cards of this kind)"))
            counts.append(0)
        else:
            counts.append(_count(name, key, kind, table[kind], problems))
    texts = []
    for field in ("label", "source"):
        text = table.get(field)
        if not isinstance(text, str) or not text.strip():
            problems.append(Problem(name, f"decks.{key}.{field}", "missing (a line of text)"))
        texts.append(text if isinstance(text, str) else "")
    if len(problems) == before and sum(counts) < MIN_CARDS:
        problems.append(Problem(name, f"decks.{key}", f"{sum(counts)} cards cannot deal {HAND_SIZE} to 6 players "
                                                      f"and turn one up (at least {MIN_CARDS})"))
    if len(problems) > before:
        return None
    return Deck(key, (counts[0], counts[1], counts[2], counts[3], counts[4]), texts[0].strip(), texts[1].strip())


def parse_decks(text: str, name: str) -> Decks:
    """The decks in ``text`` (TOML, the shape of ``rules/data/decks.toml``); :class:`DataError`
    listing every problem of the file."""
    doc = load_toml(text, name)
    problems: list[Problem] = []
    for extra in sorted(set(doc) - {"default", "decks"}):
        problems.append(Problem(name, extra, "not a field of a deck file (default, decks)"))
    tables = doc.get("decks")
    decks: list[Deck] = []
    if not isinstance(tables, dict) or not tables:
        problems.append(Problem(name, "decks", "missing: at least one [decks.NAME] table"))
    else:
        for key, table in tables.items():
            if not (key.isascii() and key.replace("-", "").isalnum() and key == key.lower() and len(key) <= 20):
                problems.append(Problem(name, f"decks.{key}", "a deck's name is a short lower-case word "
                                                              "(a setup word)"))
            deck = _deck(name, key, table, problems)
            if deck is not None:
                decks.append(deck)
    default = doc.get("default")
    if not isinstance(default, str) or (isinstance(tables, dict) and default not in tables):
        problems.append(Problem(name, "default", f"names one of the decks, not {default!r:.40}"))
    if problems:
        raise DataError(problems)
    return Decks(tuple(decks), str(default))
