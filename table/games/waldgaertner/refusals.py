"""Why Waldgärtner's companion refuses a command, in one line for the table: where a card really is,
why a plant has no room, what a seat could choose instead, and the engine's own refusal in the
table's language.
"""

from __future__ import annotations

import re

from table.games.waldgaertner.names import size_plural
from table.games.waldgaertner.questions import deck_now, held_words, seat_now
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.position import ROW_CAPACITY
from table.games.waldgaertner.words import card_label
from table.i18n import _, ngettext
from table.i18n.labels import is_number, listed, seat_name

_NOT_ALLOWED = re.compile(r"(?P<action>.+) is not allowed now \((?P<stage>[a-z]+); legal: (?P<legal>.*)\)", re.S)
"""The engine's refusal of an action that is not legal now (``game.State.apply``)."""


OPEN_STAGES = frozenset({"start", "die", "bonus", "special", "achoose", "buyer", "over"})
"""The stages whose legal actions name no hidden card (the engine's list of them may be said)."""


def engine_reason(exc: Exception) -> str:
    """The engine's refusal in the table's language (the action texts in it are command words
    people type and stay as they are); any other engine message as it is. Where the legal actions
    would name a hidden card (a hand, the cards looked at), they are left out."""
    text = str(exc)
    m = _NOT_ALLOWED.fullmatch(text)
    if m is None:
        return text
    if m["stage"] not in OPEN_STAGES:
        return _("{action} is not possible now ({stage})").format(action=m["action"], stage=m["stage"])
    legal = m["legal"]
    if legal == "nothing, the game is over":
        legal = _("nothing, the game is over")
    return _("{action} is not allowed now ({stage}; legal: {legal})").format(action=m["action"], stage=m["stage"],
                                                                          legal=legal)


def no_card(e: State, cid: int) -> str:
    """The refusal of a card id the card file does not have."""
    return _("there is no card {id} in the card file (0-{last})").format(id=cid, last=len(e.cards) - 1)


def no_room(e: State, cid: int) -> str:
    """Why the seat asked now cannot plant card ``cid``."""
    s = seat_now(e)
    if cid >= len(e.cards):
        return no_card(e, cid)
    c = e.card(cid)
    if cid not in (e.hand(s), e.pending(s)):
        return _("{seat} does not hold {card}").format(seat=seat_name(s), card=card_label(c))
    row = c.size
    have = sum(1 for (r, _p) in e.garden(s) if r == row)
    if have > ROW_CAPACITY[row]:
        if row == 5:
            return _("row {row} ({size}) is full: {have} plants, its capacity {cap} and one additional plant "
                     "(a second additional large tree goes to row 6 for 6 cubes); sell {id} instead").format(
                row=row, size=size_plural(row), have=have, cap=ROW_CAPACITY[row], id=cid)
        return _("row {row} ({size}) is full: {have} plants, its capacity {cap} and one additional plant; "
                 "sell {id} instead").format(row=row, size=size_plural(row), have=have, cap=ROW_CAPACITY[row],
                                             id=cid)
    fee = row if not any(e.card(x).male for (r, _p), x in e.garden(s).items() if r == row) else 0
    return ngettext("row {row} holds {cap}: one more costs {fee} cube (row {row}'s fee) and {seat} has {storage}; "
                    "sell {id} instead",
                    "row {row} holds {cap}: one more costs {fee} cubes (row {row}'s fee) and {seat} has {storage}; "
                    "sell {id} instead", fee).format(row=row, cap=ROW_CAPACITY[row], fee=fee, seat=seat_name(s),
                                         storage=e.storage(s), id=cid)


def card_where(e: State, cid: int) -> str:
    """Where card ``cid`` is now as far as the companion knows (a garden, a hand, the discard pile,
    an offer, a deck), or the continent it belongs to."""
    if not 0 <= cid < len(e.cards):
        return no_card(e, cid)
    c = e.card(cid)
    card = card_label(c)
    for s in range(e.players):
        if cid in e.garden(s).values():
            return _("{card} grows in {seat}'s garden").format(card=card, seat=seat_name(s))
        if cid in (e.hand(s), e.pending(s)):  # whose hand is the holder's secret
            return _("{card} is not left in any deck").format(card=card)
    if cid in e.discard:
        return _("{card} is on the discard pile").format(card=card)
    for d in range(e.players):
        if e.offer(d) == cid:
            return _("{card} is face up on deck {deck}").format(card=card, deck=d + 1)
        if cid in e.t.known[d]:
            return _("{card} is in deck {deck}").format(card=card, deck=d + 1)
    decks = [d + 1 for d, cont in enumerate(e.decks) if cont == c.continent]
    if not decks:
        return _("{card} belongs to the {continent} deck: this game plays {decks}").format(
            card=card, continent=c.continent, decks="/".join(sorted(set(e.decks))))
    return _("{card} belongs to the {continent} decks ({decks})").format(
        card=card, continent=c.continent, decks=", ".join(map(str, decks)))


def refusal(e: State, canon: str, exc: Exception) -> str:
    """The engine refused command ``canon`` (``exc``): why, in the table's words."""
    w = canon.split()
    st = e.step
    if w[0] == "card" and len(w) == 2 and is_number(w[1], 3):
        return _card_refusal(e, int(w[1]))
    if st == "die" and w[0] in ("deck", "special", "pass"):
        offered = [_("deck {n}").format(n=d + 1) for d in range(e.players) if e.offer(d) >= 0]
        if A.SPECIAL in e.legal_actions():
            return _("{seat} can choose {decks}; special (needs 1 cube)").format(
                seat=seat_name(seat_now(e)), decks=listed(offered) or _("no deck"))
        return _("{seat} can choose {decks}; no special (no cube)").format(
            seat=seat_name(seat_now(e)), decks=listed(offered) or _("no deck"))
    if st == "play" and w[0] in ("sell", "plant", "offer"):
        s = seat_now(e)
        return _("{seat} plays one of {cards}").format(seat=seat_name(s), cards=held_words(e, s))
    return f"{canon}: {engine_reason(exc)}"


def _card_refusal(e: State, cid: int) -> str:
    """Card ``cid`` entered where it cannot come from the deck asked now."""
    d = deck_now(e)
    if d >= 0 and not e.t.unknown[d] and cid in e.t.pools.get(e.decks[d], ()):
        return _("card {id} cannot come from deck {deck} now: the companion knows every card left in it (the "
                 "cards put back were entered): undo to that draw if one was wrong").format(id=cid, deck=d + 1)
    return _("card {id} cannot come from deck {deck} now: {where}").format(id=cid, deck=d + 1,
                                                                          where=card_where(e, cid))
