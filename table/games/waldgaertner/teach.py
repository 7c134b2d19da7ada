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
from table.games.waldgaertner.setup import CONTINENT_NAMES, decks_words
from table.i18n import N_, _


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


DECK_CARDS = 32
"""A supply deck's cards ("equal-sized supply decks of 32 cards each")."""


def setup_steps(players: int, choice: str, tasks: bool) -> list[str]:
    """The table's set-up as the rules give it (❶-❻, the decks dealt out included), before the
    first draw the companion asks for (❼): a line a step after the shell's "Set up the table
    for N players:" (``announce.setup_told``)."""
    lines = [
        # "❶ Place the game board in the center and set the annual phase indicator … to "0" (=winter)."
        _("the board in the centre, the annual phase marker on 0 (winter);"),
        # "❷ Sort the plant cards by origin … ❸ Shuffle the cards of each continent separately and then divide
        # the continents into equal-sized supply decks of 32 cards each … ❹ Lay out the supply decks
        # face-down next to the dice numbers"
        _("sort the plant cards by continent, shuffle each and deal them into supply decks of {cards}, face "
          "down beside the die's numbers: {decks};").format(cards=DECK_CARDS, decks=decks_words(players, choice)),
    ]
    if players == 6:  # "Take half of the cards of the European or American deck out of the game as well."
        lines.append(_("with six players half of the cards from {continent} go back into the box;").format(
            continent=_(CONTINENT_NAMES[choice])))
    if players == 7:  # "you lay out 2 supply decks next to the dice number "6""
        lines.append(_("with seven players two supply decks lie beside the 6;"))
    lines += [
        # "❺ Place the yield cubes next to the game board."
        _("the yield cubes beside the board;"),
        # "❻ Now each player receives a die, a storage card in the corresponding colour, a "Rules of card
        # placement" card, and a light brown yield cube … place the yield cube on the storage card"
        _("deal each player a die, the storage card of their colour, a \"Rules of card placement\" card and one "
          "light brown yield cube on the storage card."),
    ]
    if tasks:
        lines.append(_("Additional tasks: deal each player a task card face down."))
    return lines


SENTENCES = {
    # "❻ … a light brown yield cube. … place the yield cube on the storage card as your inventory."
    "setup": N_("Each player starts with one yield cube in storage: cubes pay the planting fees and the "
                "special actions."),
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
