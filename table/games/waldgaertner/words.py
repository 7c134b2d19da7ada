"""Waldgärtner's announcements: what the table hears of a card, a seat, a die choice and of each
engine event, in the table's language (the command words people type stay as they are).

Everything here reads a :class:`~table.games.waldgaertner.rules.State` and says it; nothing
changes the game (the controller, ``companion.py``, decides when a line is said).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table.engine.events import Event
from table.games.waldgaertner.names import card_name, phase_name
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.cards import Card
from table.games.waldgaertner.rules.position import ROUNDS
from table.i18n import N_, _
from table.i18n.labels import is_number, seat_name

STEP_ONE = (E.Bloomed, E.BloomedInVain, E.Harvested)
"""The events of a round's step 1 (what flowers and what is harvested), said together."""



def card_label(card: Card) -> str:
    """``#17 Apple`` (the id people enter, the name in the table's language)."""
    return f"#{card.id} {card_name(card)}"


def _deck_number(text: str, prefix: str, suffix: str = "") -> str | None:
    """The deck number in an engine text ``prefix N suffix``, or None."""
    if text.startswith(prefix) and text.endswith(suffix):
        middle = text[len(prefix):len(text) - len(suffix)]
        if is_number(middle, 2):
            return middle
    return None


def choice_words(text: str) -> str:
    """A die choice's engine text (``deck 3``, ``special``, ``pass``) as the table hears it."""
    n = _deck_number(text, "deck ")
    if n is not None:
        return _("deck {n}").format(n=n)
    return {"special": _("special"), "pass": _("pass")}.get(text, text)


def source_words(text: str) -> str:
    """Where a card was drawn from, in the engine's words (``deck 3 (bonus)``, ``the discard pile``),
    as the table hears it."""
    for suffix, words in (("", N_("deck {n}")), (" (bonus)", N_("deck {n} (bonus)")),
                          (" (searched)", N_("deck {n} (searched)"))):
        n = _deck_number(text, "deck ", suffix)
        if n is not None:
            return _(words).format(n=n)
    return _("the discard pile") if text == "the discard pile" else text


def special_words(text: str) -> str:
    """A special action in the engine's words (``alternative offer``, ``search deck 3``,
    ``search discard pile``, ``forgone``) as the table hears it."""
    n = _deck_number(text, "search deck ")
    if n is not None:
        return _("search deck {n}").format(n=n)
    return {"alternative offer": _("alternative offer"), "search discard pile": _("search discard pile"),
            "forgone": _("forgone")}.get(text, text)


# --- a round's step 1: blooms and harvests ---------------------------------------------------------
def step_one(e: State) -> tuple[E.RoundStarted | None, list[Event]]:
    """This round's start and its step-1 events (blooms, harvests), or (None, []) before round 1."""
    for i in range(len(e.events) - 1, -1, -1):
        ev = e.events[i]
        if isinstance(ev, E.RoundStarted):
            return ev, _step_one_after(e.events, i)
    return None, []


def _step_one_after(evs: list[Event], i: int) -> list[Event]:
    """The step-1 events right after ``evs[i]`` (a round's start)."""
    j = i + 1
    while j < len(evs) and isinstance(evs[j], STEP_ONE):
        j += 1
    return list(evs[i + 1:j])


def _seat_step_one(e: State, evs: list[Event], s: int) -> list[str]:
    """Seat ``s``'s blooms, harvests and blooms in vain of step 1, one part each (long form)."""
    blooms, harvests, vain = [], [], []
    for ev in evs:
        if not isinstance(ev, STEP_ONE) or ev.seat != s:
            continue
        card = card_label(e.card(ev.card))
        if isinstance(ev, E.Bloomed):
            blooms.append(_("{card} (dark cube, 2)").format(card=card) if ev.value == 2 else card)
        elif isinstance(ev, E.BloomedInVain):
            vain.append(card)
        elif ev.what == "leaf":
            harvests.append(_("{card} leaves +1 from the supply").format(card=card))
        else:
            harvests.append(_("{card} cube ({value}) from its field").format(card=card, value=ev.value))
    parts = []
    if blooms:
        parts.append(_("a cube on the field of {cards}").format(cards=", ".join(blooms)))
    if harvests:
        parts.append(_("to storage: {cards}").format(cards=", ".join(harvests)))
    if vain:
        parts.append(_("blooms in vain (no partner): {cards}").format(cards=", ".join(vain)))
    return parts


def phase_lines(e: State, evs: list[Event], rs: E.RoundStarted) -> list[str]:
    """A round's start and its step 1 as announced: the clock, then per seat what flowers and
    what is harvested."""
    head = _("Round {round} of {rounds}: phase {phase}, {name}").format(round=rs.round, rounds=ROUNDS,
                                                                       phase=rs.phase, name=phase_name(rs.phase))
    lines = [head]
    for s in range(e.players):
        parts = _seat_step_one(e, evs, s)
        if parts:
            lines.append("  " + _("{seat}: {report} — storage {storage}").format(
                seat=seat_name(s), report="; ".join(parts), storage=e.storage(s)))
    if len(lines) == 1:
        lines.append("  " + _("Nothing flowers or is harvested"))
    return lines


def phase_report(e: State | None) -> list[str]:
    """This round's step 1 as announced (blooms and harvests per seat); the screen keeps it up."""
    if e is None:
        return []
    rs, evs = step_one(e)
    return phase_lines(e, evs, rs) if rs is not None else []


def _seat_summary(mine: list[Event]) -> list[str]:
    """One seat's step 1 in short: ``cube on #198 #131 (#107 dark) · to storage #108 (1) · …``."""
    cube = [_("#{id} dark").format(id=ev.card) if ev.value == 2 else f"#{ev.card}"
            for ev in mine if isinstance(ev, E.Bloomed)]
    fruit = [f"#{ev.card} ({ev.value})" for ev in mine if isinstance(ev, E.Harvested) and ev.what == "fruit"]
    leaves = sum(1 for ev in mine if isinstance(ev, E.Harvested) and ev.what == "leaf")
    vain = [f"#{ev.card}" for ev in mine if isinstance(ev, E.BloomedInVain)]
    return ([_("cube on {cards}").format(cards=" ".join(cube))] if cube else []) \
        + ([_("to storage {cards}").format(cards=" ".join(fruit))] if fruit else []) \
        + ([_("leaves +{n}").format(n=leaves)] if leaves else []) \
        + ([_("in vain {cards}").format(cards=" ".join(vain))] if vain else [])


def phase_summary(e: State | None) -> list[str]:
    """This round's step 1 per seat in short (the screen): ``Seat 3: cube on #198 #131 (#107 dark)
    · to storage #108 (1) · leaves +1 · in vain #149``."""
    if e is None:
        return []
    _rs, evs = step_one(e)
    out = []
    for s in range(e.players):
        parts = _seat_summary([ev for ev in evs if getattr(ev, "seat", -1) == s])
        if parts:
            out.append(f"{seat_name(s)}: " + " · ".join(parts))
    return out


# --- every other event -------------------------------------------------------------------------------
def said_lines(e: State, evs: list[Event]) -> list[str]:
    """The events of one command as the table hears them (a round's start with its step 1)."""
    out: list[str] = []
    i = 0
    while i < len(evs):
        ev = evs[i]
        if isinstance(ev, E.RoundStarted):
            after = _step_one_after(evs, i)
            out.extend(phase_lines(e, after, ev))
            i += 1 + len(after)
            continue
        line = event_line(e, ev)
        if line:
            out.append(line)
        i += 1
    return out


def _card(e: State, cid: int) -> str:
    return card_label(e.card(cid))


def _revealed(e: State, ev: E.CardRevealed) -> str:
    return _("Deck {deck} offers {card}").format(deck=ev.deck + 1, card=_card(e, ev.card))


def _die_chosen(e: State, ev: E.DieChosen) -> str:
    if ev.seat >= e.players - 1:
        return ""
    die = e.t.die[ev.seat]
    return f"{seat_name(ev.seat)}: " + (choice_words(A.to_text(die)) if die >= 0 else _("chosen"))


def _dice_revealed(e: State, ev: E.DiceRevealed) -> str:
    return _("Dice: {choices}").format(
        choices=", ".join(f"{seat_name(s)} {choice_words(c)}" for s, c in enumerate(ev.choices)))


def _conflict(e: State, ev: E.Conflict) -> str:
    who = ", ".join(seat_name(s) for s in ev.seats)
    if ev.winner >= 0:
        return _("Deck {deck} is contested by {seats}: {winner} has the largest storage, pays 1 cube and takes "
                 "the card; the others draw from deck {deck}").format(deck=ev.deck + 1, seats=who,
                                                                      winner=seat_name(ev.winner))
    return _("Deck {deck} is contested by {seats}: a tie — the card goes to the discard pile and all of them "
             "draw from deck {deck}").format(deck=ev.deck + 1, seats=who)


def _taken(e: State, ev: E.CardTaken) -> str:
    if ev.paid:
        return _("{seat} takes {card}, pays {paid}").format(seat=seat_name(ev.seat), card=_card(e, ev.card),
                                                            paid=ev.paid)
    return _("{seat} takes {card}").format(seat=seat_name(ev.seat), card=_card(e, ev.card))


def _drawn(e: State, ev: E.CardDrawn) -> str:
    if ev.empty:
        return _("{seat} draws nothing: {source} is empty").format(seat=seat_name(ev.seat),
                                                                   source=source_words(ev.source))
    if ev.card >= 0:
        return _("{seat} takes {card} from {source}").format(
            seat=seat_name(ev.seat), card=_card(e, ev.card), source=source_words(ev.source))
    return ""  # said by the question that asked for it


def _sold(e: State, ev: E.CardSold) -> str:
    return _("{seat} sells {card}: +{cubes} to storage").format(seat=seat_name(ev.seat), card=_card(e, ev.card),
                                                                cubes=ev.cubes)


def _planted(e: State, ev: E.CardPlanted) -> str:
    words = dict(seat=seat_name(ev.seat), card=_card(e, ev.card), row=ev.row, place=ev.pos + 1)
    if ev.fee:
        return _("{seat} plants {card} in row {row}, place {place}, pays {fee} (additional plant)").format(
            fee=ev.fee, **words)
    return _("{seat} plants {card} in row {row}, place {place}").format(**words)


def _nitrogen(e: State, ev: E.NitrogenPlaced) -> str:
    return "  " + _("a dark cube waits on {seat}'s place {row}.{place} (nitrogen)").format(
        seat=seat_name(ev.seat), row=ev.row, place=ev.pos + 1)


def _bonus(e: State, ev: E.BonusEarned) -> str:
    if ev.what == "colours":
        return _("{seat} earns a bonus action (flower colours): draw 7 cards of one deck, keep one").format(
            seat=seat_name(ev.seat))
    return _("{seat} earns a bonus action (fruit types): draw 7 cards of one deck, keep one").format(
        seat=seat_name(ev.seat))


def _special(e: State, ev: E.SpecialAction) -> str:
    if ev.cost:
        return _("{seat}: special action {action}, pays {cost}").format(
            seat=seat_name(ev.seat), action=special_words(ev.what), cost=ev.cost)
    return _("{seat}: special action {action}").format(seat=seat_name(ev.seat), action=special_words(ev.what))


def _direct_sale(e: State, ev: E.DirectSale) -> str:
    words = dict(buyer=seat_name(ev.buyer), card=_card(e, ev.card), seller=seat_name(ev.seller))
    if ev.accepted:
        return _("{buyer} buys {card} from {seller} for 3").format(**words)
    return _("{buyer} declines {card} from {seller} for 3").format(**words)


def _unsaid(e: State, ev: Any) -> str:
    return ""


EVENT_LINES: dict[type[Event], Callable[[State, Any], str]] = {
    E.CardRevealed: _revealed, E.DieChosen: _die_chosen, E.DiceRevealed: _dice_revealed, E.Conflict: _conflict,
    E.CardTaken: _taken, E.CardDrawn: _drawn, E.CardSold: _sold, E.CardPlanted: _planted,
    E.NitrogenPlaced: _nitrogen, E.BonusEarned: _bonus, E.SpecialAction: _special, E.DirectSale: _direct_sale,
    E.GameOver: _unsaid, E.GameStarted: _unsaid, E.TaskDealt: _unsaid,
}
"""Each event kind's line (an empty line is not said); the engine's events are final classes."""


def event_line(e: State, ev: Event) -> str:
    """One event (not a round's step 1) as the table hears it, "" when it is not said."""
    say = EVENT_LINES.get(type(ev))
    if say is not None:
        return say(e, ev)
    text = str(ev)  # the engine's own words (no event reaches here today)
    return text[:1].upper() + text[1:]
