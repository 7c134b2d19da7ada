"""What the table is asked now in a game of Waldgärtner: whose decision or card it is, which deck a
card comes from, and the question in words (``ask``).

The engine's stages sort into three kinds for the table: a card turned or drawn (``CHANCE_STAGES``,
entered by its id), a card taken from the shown ones (``CHOOSE_STAGES``), and a decision.
"""

from __future__ import annotations

from table.games.waldgaertner.hidden import hidden_held, public_cards
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.words import card_label
from table.i18n import _, ngettext
from table.i18n.labels import either, seat_name

CHANCE_STAGES = ("draw", "reveal", "bdraw", "sdeal")
"""The engine's stages where the table enters a card turned up or drawn."""
CHOOSE_STAGES = ("bchoose", "achoose", "schoose")
"""The engine's stages where a seat takes one of the shown cards."""


def seat_now(e: State | None) -> int:
    """Whose decision or card it is now (-1 for a deck turning its offer, or none)."""
    if e is None or e.is_terminal():
        return -1
    kind, seat, _arg = e.t.jobs[0]
    return -1 if kind == "reveal" else seat


def deck_now(e: State | None) -> int:
    """The supply deck (0-based) a chance entry comes from now, -1 if none."""
    if e is None or e.is_terminal():
        return -1
    kind, _seat, arg = e.t.jobs[0]
    return arg if kind in CHANCE_STAGES else -1


def held(e: State, seat: int) -> list[int]:
    """The cards ``seat`` holds: its hand and the card just received."""
    return [c for c in (e.hand(seat), e.pending(seat)) if c >= 0]


def shown_held(e: State, seat: int, seen: set[int] | None = None) -> list[int]:
    """The cards ``seat`` holds that the table has seen (taken face up, bought): the others are its
    own secret and never shown or said (``hidden.py``; ``seen``: its ``public_cards`` if known)."""
    hidden = hidden_held(e, seat, seen)
    return [c for c in held(e, seat) if c not in hidden]


def held_words(e: State, seat: int, seen: set[int] | None = None) -> str:
    """What ``seat`` holds as the table may hear it: the cards it has seen, then "a hidden card"."""
    seen = public_cards(e.events) if seen is None else seen
    hidden = len(hidden_held(e, seat, seen))
    shown = [card_label(e.card(c)) for c in shown_held(e, seat, seen)]
    shown += [ngettext("{n} hidden card", "{n} hidden cards", hidden).format(n=hidden)] if hidden else []
    return either(shown)


def ask(e: State | None, seen: set[int] | None = None) -> str:
    """What the table must enter now, in words (``seen``: the game's ``hidden.public_cards`` if known)."""
    if e is None:
        return ""
    st = e.step
    s = seat_now(e)
    if st == "over":
        return _("Game over")
    seat = seat_name(s) if s >= 0 else ""
    if st in ("start", "bonus"):
        if st == "start":
            return _("{seat}: draw your first card from which deck? (1-{n})").format(seat=seat, n=e.players)
        return _("{seat}'s bonus action: draw 7 cards from which deck? (1-{n})").format(seat=seat, n=e.players)
    if st in CHANCE_STAGES:
        return _chance_question(st, seat, deck_now(e) + 1)
    if st == "die":
        if A.SPECIAL in e.legal_actions():
            return _("Dice shown — {seat} chose: deck 1-{last}, 7 special").format(seat=seat, last=min(e.players, 6))
        return _("Dice shown — {seat} chose: deck 1-{last}").format(seat=seat, last=min(e.players, 6))
    if st == "play":
        seen = public_cards(e.events) if seen is None else seen
        if hidden_held(e, s, seen):
            return _("{seat} plays {cards}: plant NAME or sell NAME (the card shown, by its name)").format(
                seat=seat, cards=held_words(e, s, seen))
        return _("{seat} plays {cards}: plant N (CONFIRM plants the new one), sell N (BLIND)").format(
            seat=seat, cards=held_words(e, s, seen))
    if st == "buyer":
        seller, cid, _price = e.sale_offer
        return _("{seat}: buy {card} from {seller} for 3? (buy / decline)").format(
            seat=seat, card=card_label(e.card(cid)), seller=seat_name(seller))
    if st in ("bchoose", "schoose") and not (st == "schoose" and e.t.jobs[0][2] == A.DISCARD_PILE):
        return _("{seat} keeps one of the cards looked at, hidden, and puts the others back: kept").format(seat=seat)
    if st in CHOOSE_STAGES:
        shown = ", ".join(card_label(e.card(a - A.CHOOSE)) for a in e.legal_actions())
        return _("{seat} takes which card? {cards}").format(seat=seat, cards=shown)
    if st == "special":
        return _("{seat}'s special action (storage {storage}): alternative offer (1 cube, CONFIRM), search N or "
                 "search discard (3 cubes), forgo (BLIND)").format(seat=seat, storage=e.storage(s))
    return st


def _chance_question(st: str, seat: str, deck: int) -> str:
    """The question for a card turned up or drawn from ``deck`` (1-based): a card drawn into a hand
    stays hidden (the table says only that it was drawn)."""
    if st == "draw":
        return _("{seat} draws a card from deck {deck} and keeps it hidden: drawn (CONFIRM)").format(
            seat=seat, deck=deck)
    if st == "reveal":
        return _("Deck {deck}: turn the top card face up — which card? (its name)").format(deck=deck)
    if st == "bdraw":
        return _("{seat}'s bonus draw from deck {deck}: draw 7, keep one hidden, shuffle the rest back: kept "
                 "(CONFIRM)").format(seat=seat, deck=deck)
    return _("{seat} searches deck {deck}: take one card hidden, shuffle the rest back: kept (CONFIRM)").format(
        seat=seat, deck=deck)
