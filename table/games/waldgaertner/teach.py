"""Waldgärtner's announcements (``table.companion.announce``) and teach mode
(``table.companion.teaching``): each step explained once, the first time it happens, in one
sentence in our words from the rule text (``/work/shared/seeds/004_…``, quoted beside each
sentence).

Announced (each waits for CONFIRM: the table puts cubes out, pays, settles a deck): a round's
annual phase with what flowers and is harvested, a contested deck, a planting fee.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from table.companion.announce import Announcement, announcement
from table.companion.protocol import Staged
from table.companion.teaching import Syllabus
from table.engine.events import Event
from table.games.waldgaertner import words
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import events as E
from table.i18n import N_


class _Then:
    """The engine as a phase was announced (its storage then), for telling it again later."""

    def __init__(self, e: State) -> None:
        self.players = e.players
        self.card = e.card
        self._storage = [e.storage(s) for s in range(e.players)]

    def storage(self, seat: int) -> int:
        return self._storage[seat]


def _phase_text(then: Any, evs: list[Event], rs: E.RoundStarted) -> str:
    return "\n".join(words.phase_lines(then, evs, rs))


def announced(e: State, since: int) -> list[Announcement]:
    """The announcements of the engine's events after the first ``since``."""
    evs = e.events[since:]
    out = []
    for i, ev in enumerate(evs):
        if isinstance(ev, E.RoundStarted):
            out.append(announcement("phase", N_("Annual phase"),
                                    partial(_phase_text, _Then(e), words._step_one_after(evs, i), ev)))
        elif isinstance(ev, E.Conflict):
            out.append(announcement("conflict", N_("Contested deck"), partial(words.event_line, e, ev)))
        elif isinstance(ev, E.CardPlanted) and ev.fee:
            out.append(announcement("fee", N_("Fee"), partial(words.event_line, e, ev)))
    return out


SENTENCES = {
    # "❼ Finally, the players each draw a card from any supply deck and take it to their hands."
    "start": N_("To begin, each player draws one card from any supply deck into the hand: enter the deck."),
    # "Since the game starts in phase "0", you can start at step 2 in the 1st round." / "Reveal all
    # cards that lay face-down on top of the supply decks."
    "reveal": N_("At the start of a round every supply deck shows its top card face up: enter each card "
                 "turned."),
    # "Move the annual phase indicator forward by one phase … flowering phase take 1 yield cube … harvesting
    # phase, you will receive a yield into your storage"
    "phase": N_("Each round the year moves on one phase: a plant in flower gets a cube on its field, a plant "
                "ready for harvest sends its yield to storage."),
    # "Each of you secretly choose an action … turn the corresponding number upwards … reveal your number
    # at the same time"
    "die": N_("Everyone secretly turns the die to a supply deck (1-6) or to 6 for a special action, then all "
              "show at once."),
    # "If an offered card has been chosen by more than one player … the largest inventory … give up 1
    # yield cube … All other players involved draw a card from the chosen supply deck."
    "conflict": N_("A deck chosen by several players goes to the largest storage, who pays 1 cube; the others "
                   "draw from that deck."),
    # "draw a card from the chosen supply deck"
    "draw": N_("A card drawn from a deck goes into the hand: enter it."),
    # "You may only have 1 card in your hand … either discard it (= sell the plant) or lay it out in your
    # display (= grow the plant)."
    "play": N_("With two cards in hand, one is played at once: sold for cubes (1 a shrub, 2 a tree) or "
               "planted in its row."),
    # "If a row of wooden plants is full, you may plant one additional plant there for a fee … 1 yield
    # cube for the 1st row, 2 yield cubes for the 2nd row"
    "fee": N_("A plant beyond a full row costs as many cubes from storage as the row's number."),
    # "Obtain an alternative offer (cost: 1 yield cube) … Search through an assortment (cost: 3 yield cubes)"
    "special": N_("A special action costs cubes: a new offer for 1, or searching one deck for 3."),
    # "As soon as you have 5 different flower colours or 6 different fruit types … draw 7 cards from any
    # supply deck. Select one"
    "bonus": N_("Variety earns a bonus action: draw seven cards from one deck and keep one."),
}
"""Each kind of step (the engine's stage, or an announcement's kind) → its sentence."""


def moment(ctl: Staged) -> tuple[str, ...]:
    """What the prompt shown now is about: the engine's stage."""
    stage = ctl.stage()
    return (stage,) if stage in SENTENCES else ()


SYLLABUS = Syllabus(SENTENCES, moment)
