"""Small builders for Draft Cider tests: cards from short text, orchards from a dict of batches."""

from __future__ import annotations

from table.games.draftcider.rules.cards import Card
from table.games.draftcider.rules.scoring import BATCHES

COLOUR = {"g": "green", "o": "gold", "r": "red"}


def c(text: str) -> Card:
    """``"r25"`` → red, height 2, sweetness 5 (g green, o gold, r red)."""
    return Card(COLOUR[text[0]], int(text[1]), int(text[2]))


def cards(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


def orchard(**batches: str) -> list[list[Card]]:
    """``orchard(feather="r32 g35")`` → eight batches, the named ones filled."""
    for name in batches:
        assert name in BATCHES, name
    return [cards(batches.get(name, "")) for name in BATCHES]
