"""The Special Colour Tree's price, said before and after a pick (D9).

Once a seat's Special tree scores +20, a card of its colour planted outside the Bad batch turns
it to −20: a 40-point swing the rules allow (D8) but a player should not make by accident. Before
the pick the batches that would cost it are named in the question ("2 Apples of a Feather (−20 for
your gold tree)") and drawn in another colour; after it, the pick's line says where the total went
("Seat 2 now −17: the gold tree's −20")."""

from __future__ import annotations

from collections.abc import Iterable

from table.games.draftcider.rules import Card
from table.games.draftcider.rules.scoring import SPECIAL, SPECIAL_PENALTY, batch_points
from table.games.draftcider.words import batch_title, card_name, colour_name
from table.i18n import _, ngettext
from table.i18n.labels import seat_name

Orchard = list[list[Card]]


def costly_batches(orchard: Orchard, card: Card, legal: Iterable[int]) -> tuple[int, ...]:
    """The batches among ``legal`` where ``card`` would turn this orchard's Special tree from its
    +20 to the −20 penalty (none when the seat has no tree, or it already pays)."""
    now = batch_points(orchard, SPECIAL)
    out = []
    for b in legal:
        trial = [[*cards, card] if i == b else cards for i, cards in enumerate(orchard)]
        if batch_points(trial, SPECIAL) < now:
            out.append(b)
    return tuple(out)


def cost_note(orchard: Orchard) -> str:
    """The words after a costly batch in the question: ``−20 for your gold tree``."""
    return _("−20 for your {colour} tree").format(colour=colour_name(orchard[SPECIAL][0].colour))


def plant_line(seat: int, card: Card, b: int, after: Orchard, points: int, total: int, before_special: int) -> str:
    """The pick said: where the card went, the batch's cards and points, the seat's total — and,
    when this card turned the seat's Special tree to its penalty, that it did."""
    n = len(after[b])
    cards = ngettext("{n} card", "{n} cards", n).format(n=n)
    pts = ngettext("{n} point", "{n} points", abs(points)).format(n=points)
    if before_special > SPECIAL_PENALTY == batch_points(after, SPECIAL):
        return _("{seat} plants {card} in {batch} ({cards}, {points}); {seat} now {total}: the {colour} tree's "
                 "−20").format(seat=seat_name(seat), card=card_name(card), batch=batch_title(b), cards=cards,
                               points=pts, total=total, colour=colour_name(after[SPECIAL][0].colour))
    return _("{seat} plants {card} in {batch} ({cards}, {points}); {seat} now {total}").format(
        seat=seat_name(seat), card=card_name(card), batch=batch_title(b), cards=cards, points=pts, total=total)
