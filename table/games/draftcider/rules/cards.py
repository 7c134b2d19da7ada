"""Draft Cider's cards and deck: small frozen values, and the deck's TOML text validated.

A card is an apple tree of one colour (``green``, ``gold`` or ``red``) with a height and a
sweetness, each 1-5 (printed pips). Its text form is ``"green h3 s4"`` (:meth:`Card.to_text`,
:meth:`Card.from_text` round-trip); its JSON form is ``{"colour": "green", "height": 3,
"sweetness": 4}`` — the score pad's CARD.

The rule text does not list the deck; our reading (docs/draftcider.md, D1) is every colour ×
height × sweetness once: 75 cards, shipped as ``data/deck.toml``. :func:`parse_deck` takes the
TOML *text* (the engine reads no files; ``table.games.draftcider.files`` does) and raises one
:class:`~table.engine.errors.DataError` listing every problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import DataError, EngineError, Problem, short_repr
from table.engine.tomlfile import load_toml

COLOURS: tuple[str, ...] = ("green", "gold", "red")
LOW, HIGH = 1, 5
"""Height and sweetness run from LOW to HIGH pips."""
MAX_DECK = 1000
"""Action numbers keep room for this many cards (see ``game``); a deck may not be bigger."""
MIN_DECK = 24
"""The smallest deck that deals a 2-player game (12 cards each)."""
CARD_KEYS = ("colour", "height", "sweetness")


class CardError(EngineError):
    """Text or data that is not a card."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. ``colour`` in :data:`COLOURS`; ``height`` and ``sweetness`` in 1-5 (pips)."""

    colour: str
    height: int
    sweetness: int

    def __post_init__(self) -> None:
        problem = card_problem(self.colour, self.height, self.sweetness)
        if problem:
            raise CardError(problem)

    def to_text(self) -> str:
        return f"{self.colour} h{self.height} s{self.sweetness}"

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Parse ``"green h3 s4"`` (case and extra spaces ignored)."""
        if not isinstance(text, str) or len(text) > 40:
            raise CardError(f"not a card: {short_repr(text)}")
        parts = text.lower().split()
        if (len(parts) != 3 or parts[0] not in COLOURS or not parts[1].startswith("h")
                or not parts[2].startswith("s") or not parts[1][1:].isdecimal() or not parts[2][1:].isdecimal()):
            raise CardError(f"not a card: {text!r} (expected e.g. 'green h3 s4')")
        return cls(parts[0], int(parts[1][1:]), int(parts[2][1:]))

    def to_dict(self) -> dict[str, Any]:
        return {"colour": self.colour, "height": self.height, "sweetness": self.sweetness}

    @classmethod
    def from_dict(cls, d: Any) -> Card:
        """The score pad's CARD object; exactly the three keys. :class:`CardError` otherwise."""
        if not isinstance(d, dict):
            raise CardError(f"a card is an object with colour, height and sweetness, got {short_repr(d)}")
        unknown = [k for k in d if k not in CARD_KEYS]
        if unknown:
            raise CardError(f"unknown key {short_repr(unknown[0])} in a card (keys: colour, height, sweetness)")
        missing = [k for k in CARD_KEYS if k not in d]
        if missing:
            raise CardError(f"a card needs {', '.join(missing)}")
        problem = card_problem(d["colour"], d["height"], d["sweetness"])
        if problem:
            raise CardError(problem)
        return cls(d["colour"], d["height"], d["sweetness"])


def card_problem(colour: Any, height: Any, sweetness: Any) -> str | None:
    """Why these are not a card's values, or None."""
    if not isinstance(colour, str) or colour not in COLOURS:
        return f"colour must be one of {', '.join(COLOURS)}, got {short_repr(colour)}"
    for name, value in (("height", height), ("sweetness", sweetness)):
        if isinstance(value, bool) or not isinstance(value, int) or not LOW <= value <= HIGH:
            return f"{name} must be a whole number {LOW}-{HIGH}, got {short_repr(value)}"
    return None


def standard_deck() -> tuple[Card, ...]:
    """Our reading of the deck (D1): every colour × height × sweetness once, 75 cards."""
    return tuple(Card(c, h, s) for c in COLOURS for h in range(LOW, HIGH + 1) for s in range(LOW, HIGH + 1))


@dataclass(frozen=True)
class Deck:
    """A parsed deck: its ``name`` and its ``cards`` in file order (a card is its index here)."""

    name: str
    cards: tuple[Card, ...]


def parse_deck(text: str, source: str = "deck.toml") -> Deck:
    """Validate a deck's TOML text; one :class:`DataError` lists every problem.

    Shape::

        [deck]
        name = "..."
        cards = [ { colour = "green", height = 1, sweetness = 1 }, ... ]

    Rules: only these keys; every card a table with exactly colour/height/sweetness and legal
    values; between :data:`MIN_DECK` and :data:`MAX_DECK` cards. The same card may appear more
    than once (a printed deck could repeat one).
    """
    problems: list[Problem] = []

    def bad(key: str, message: str) -> None:
        problems.append(Problem(source, key, message))

    doc = load_toml(text, source)
    for key in doc:
        if key != "deck":
            bad(key, "unknown table or key (the file holds one [deck] table)")
    deck = doc.get("deck")
    if not isinstance(deck, dict):
        bad("deck", "missing [deck] table")
        raise DataError(problems)
    for key in deck:
        if key not in ("name", "cards"):
            bad(f"deck.{key}", "unknown key (known: name, cards)")
    name = deck.get("name", "")
    if not isinstance(name, str) or not name.strip():
        bad("deck.name", "must be a non-empty string")
        name = ""
    raw = deck.get("cards")
    cards: list[Card] = []
    if not isinstance(raw, list):
        bad("deck.cards", "missing or not an array of cards")
    else:
        if not MIN_DECK <= len(raw) <= MAX_DECK:
            bad("deck.cards", f"{len(raw)} cards; a deck holds {MIN_DECK}-{MAX_DECK} "
                              f"(12 per player, 2-6 players)")
        for i, entry in enumerate(raw[:MAX_DECK + 1]):
            key = f"deck.cards[{i}]"
            if not isinstance(entry, dict):
                bad(key, f"must be a table {{ colour = ..., height = ..., sweetness = ... }}, got {short_repr(entry)}")
                continue
            ok = True
            for k in entry:
                if k not in CARD_KEYS:
                    bad(f"{key}.{k}", "unknown key (known: colour, height, sweetness)")
                    ok = False
            for k in CARD_KEYS:
                if k not in entry:
                    bad(f"{key}.{k}", "missing")
                    ok = False
            if not ok:
                continue
            problem = card_problem(entry["colour"], entry["height"], entry["sweetness"])
            if problem:
                bad(key, problem)
                continue
            cards.append(Card(entry["colour"], entry["height"], entry["sweetness"]))
    if problems:
        raise DataError(problems)
    return Deck(name, tuple(cards))
