"""The printed box against our deck file: the table is the truth.

Our deck (``rules/data/deck.toml``, D1) is a reading, not the printed box. When the table plays a
card the file does not hold — a card the file lacks, or one more of a card than the file lists —
the companion never refuses it: the card is added to this game's deck (after the file's cards, so
every earlier card keeps its number), the game goes on, and one line says how the box differs.
The engine then plays with the file's deck plus these cards; a live game's record lists that deck
(``Config.to_dict`` writes any deck that is not the standard one), so it replays exactly.

Everything here is derived from the picks in the order entered, so undo, resume and replay rebuild
the same extra cards."""

from __future__ import annotations

from collections import Counter

from table.games.draftcider.deal import card_for
from table.games.draftcider.rules import Card
from table.games.draftcider.words import card_name
from table.i18n import _


def box_line(card: Card, nth: int, held: int) -> str:
    """The one line said when the box shows ``card`` for the ``nth`` time and the file holds it
    ``held`` times (0: the file lacks it)."""
    if not held:
        return _("The box differs from our deck file: it has {card}, which the file lacks; recorded, "
                 "play goes on").format(card=card_name(card))
    return _("The box differs from our deck file: {card} number {nth}, the file holds {n}; recorded, "
             "play goes on").format(card=card_name(card), nth=nth, n=held)


class Box:
    """This game's deck: the file's ``cards`` and the ``extra`` cards the table showed beyond them."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.extra: list[Card] = []

    def deck(self) -> tuple[Card, ...]:
        """The deck the engine plays with: the file's cards, then the extra ones in the order seen."""
        return self.cards + tuple(self.extra)

    def take(self, card: Card, used: Counter[Card]) -> tuple[int, str | None]:
        """The deck index for ``card`` (``used`` counts the cards already played) and, when the file
        has no such card left, the line saying how the box differs (the card is added first)."""
        idx = card_for(self.deck(), card, used)
        if idx is not None:
            return idx, None
        self.extra.append(card)
        return len(self.cards) + len(self.extra) - 1, box_line(card, used[card] + 1, self.cards.count(card))
