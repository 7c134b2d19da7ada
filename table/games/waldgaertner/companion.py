"""Waldgärtner's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Waldgärtner engine (``table.games.waldgaertner.rules``, rules and rulings in docs/waldgaertner.md).
The engine's chance actions are the cards the table turns up and draws, entered by their id in
the card file (``table.games.waldgaertner.files.load_cards``). From the engine comes everything the
table finds confusing: the 21-round clock (annual phases 0-9, 0-9, 0), each phase's blooms and
harvests per seat ("cube on the field", "cube to storage"), who gets a contested card and who
pays, the order of the special actions, row capacity and fees, bonus actions, and the final
score pad.

**Commands** (what a script line or the journal holds). Every decision is the engine's own
action text; the companion adds short forms:

=========================  ====================  ===============================================
``card 17``                ``17``                a card turned face up or drawn into a hand (id)
``unknown 140 size=3 …``   ``unknown size=3 …``  a card not in the card file, by its attributes
``deck 3``                 ``3`` / button 3      the starting draw's deck, or a seat's die on deck 3
``special``                ``s`` / button 7      a seat's die on "6" for a special action
``pass``                                         nothing on offer and no cube for a special
``sell 17``                                      play: sell card 17 (1 cube a shrub, 2 a tree)
``plant 17 at 3.2``        ``plant 17``          play: plant card 17 in row 3, place 2 (the first
                                                 free place when omitted); fee checked
``offer 17 to 2``, ``buy``, ``decline``          direct sale (the variant)
``alternative offer``      ``alt``               special action, 1 cube
``search 3``, ``search discard``, ``forgo``      special action, 3 cubes / give it up
``bonus 3``                                      the bonus action's deck
``choose 17``              ``17``                the card taken from the shown ones
``keep 17``                ``17``                a bonus draw or a search: the card kept (the
                                                 companion fills in the cards put back)
``undo``                   ``u``                 take back the last command
=========================  ====================  ===============================================

**A card that is not in the card file** (``unknown size=3 …``) stands in for an unseen card of
the same continent and size class, and the cards put back after ``keep N`` are filled in: see
``table.games.waldgaertner.unseen``.

**Die choices** are simultaneous and secret at the table; they are entered after everyone has
shown, one per seat in seat order (the lamps then light the contested decks while the table
settles them). **Cards put back** after a bonus draw or a search cannot be known to the
companion unless the table enters each of them (``card N`` for every card drawn, then
``choose N``); with ``keep N`` it fills them with cards of the deck's continent it has not
seen, which is exact for the scores but may make a later ``card`` entry from that deck refused
if the table turns one of the cards really put back (say ``undo`` and enter them all).

The controller is this module; its words are in ``words.py`` (announcements), ``questions.py``
(what is asked now), ``refusals.py`` (why a command is refused), its setup in ``setup.py``, its
buttons as data in ``buttons.py``, the cards it cannot see in ``unseen.py``, and a whole game as
table commands in ``script.py``.
"""

from __future__ import annotations

from typing import Any

from table.companion.announce import Announcement
from table.companion.labels import both, is_number
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.protocol import CommandError, CommandHook
from table.engine.errors import ActionParseError, IllegalActionError
from table.games.waldgaertner import questions, words
from table.games.waldgaertner.buttons import command_for
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES, deck_now, seat_now
from table.games.waldgaertner.refusals import card_where, no_room, refusal
from table.games.waldgaertner.rules import CardSet, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.position import ROUNDS, ROW_CAPACITY, deck_continents
from table.games.waldgaertner.setup import KEY, WSetup, cards_digest, parse_setup, setup_help
from table.games.waldgaertner.teach import SYLLABUS, announced
from table.games.waldgaertner.unseen import enter_unknown, keep, rebuilt, unknown_canonical
from table.i18n import _, ngettext

CARD_WORDS = ("card", "keep", "choose", "sell", "plant")
"""The commands that name one card by its id."""
NUMBER_COMMANDS = {"draw": "card", "reveal": "card", "bdraw": "keep", "sdeal": "keep",
                   **dict.fromkeys(CHOOSE_STAGES, "choose"), "die": "deck", "start": "deck", "bonus": "bonus",
                   "special": "search"}
"""A number alone, by the engine's stage: the command it is short for (``17`` → ``card 17``)."""


class WaldgaertnerCompanion(TableModule):
    """Waldgärtner at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``. ``cards``: the card set the table plays with (default: the
    shipped card file)."""

    title = "Waldgärtner"
    setup_type = WSetup
    error_type = CommandError
    syllabus = SYLLABUS

    def _event_count(self) -> int:
        return len(self.e.events) if self.e is not None else 0

    def _announced(self, since: int) -> list[Announcement]:
        """A round's phase (blooms, harvests), a contested deck, a planting fee: each waits."""
        return announced(self.e, since) if self.e is not None else []

    def fresh(self) -> WaldgaertnerCompanion:
        return WaldgaertnerCompanion(cards=self.cards)

    def resume_summary(self, setup: Any, steps: int) -> str:
        e = self.state
        return _("{n} players, round {round} of {rounds}, {steps} steps; next: {next}").format(
            n=setup.players, round=e.round, rounds=ROUNDS, steps=steps,
            next=self.ask() if self.mode == "play" else _("game over"))

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return _("Resumed. {next}").format(next=self.ask() if self.mode == "play" else _("Game over"))

    def __init__(self, *, on_command: CommandHook | None = None, cards: CardSet | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()
        super().__init__(WSetup(), game=KEY, on_command=on_command)
        self.e: State | None = None
        self.marks: list[tuple[int, int, CardSet]] = []
        """Per command: the engine's history length and event count before it (undo goes back to it)."""
        self.b = None  # the shell's "a game has begun" check looks for it (Zankapfel's build)
        self.typed = ""
        """Digits typed on the keys or the screen's keypad for a card id (confirm enters them)."""

    # --- protocol -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        assert self.e is not None
        return self.e

    def stage(self) -> str:
        return self.e.step if self.e is not None else ""

    def seat(self) -> int:
        """Whose decision or card it is now (-1 for a deck turning its offer, or none)."""
        return seat_now(self.e)

    def deck_now(self) -> int:
        """The supply deck (0-based) a chance entry comes from now, -1 if none."""
        return deck_now(self.e)

    def contested(self) -> tuple[int, ...]:
        """Decks (0-based) chosen by more than one seat in this round's step 3."""
        e = self.e
        if e is None:
            return ()
        out: list[int] = []
        for ev in reversed(e.events):
            if isinstance(ev, (E.RoundStarted, E.GameStarted)):
                break
            if isinstance(ev, E.Conflict):
                out.append(ev.deck)
        return tuple(sorted(out))

    def leds(self) -> LedState:
        """The seven lamps are the die's choices: decks 1-6 and (lamp 7) the special action. While
        the dice are entered the choosable ones are lit; after they are shown, the contested decks."""
        if self.mode != "play" or self.e is None:
            return LedState("chase")
        st = self.stage()
        if st == "die":
            legal = self.e.legal_actions()
            lit = {min(a - A.DECK + 1, 6) for a in legal if A.DECK <= a < A.DECK + 7}
            if A.SPECIAL in legal:
                lit.add(7)
            return LedState("open", tuple(sorted(lit)))
        if st in ("start", "bonus"):
            base = A.DECK if st == "start" else A.BONUS
            return LedState("open", tuple(sorted({min(a - base + 1, 6) for a in self.e.legal_actions()})))
        c = self.contested()
        if c:
            return LedState("open", tuple(sorted({min(d + 1, 6) for d in c})))
        d = self.deck_now()
        return LedState("open", (min(d + 1, 6),)) if d >= 0 else LedState("off")

    def _command_for(self, button: str) -> str | None:
        """A button, key or touch target: looked up in the buttons' table (``buttons.py``)."""
        return command_for(self, button)

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return setup_help(text)

    def _canonical(self, text: str) -> str:
        canon = self._canonical_form(text)
        w = canon.split()
        if len(w) == 2 and w[0] in CARD_WORDS and int(w[1]) >= len(self.cards.cards):
            raise CommandError(card_where(self.state, int(w[1])))
        return canon

    def _canonical_form(self, text: str) -> str:
        """A command's one form (what the journal keeps): short forms spelt out, a plant's place
        filled in, engine actions in the engine's text."""
        e = self.state
        w = text.split()
        if len(w) == 2 and w[0] in CARD_WORDS and is_number(w[1], 3) and int(w[1]) >= len(self.cards.cards):
            return f"{w[0]} {int(w[1])}"
        if len(w) == 1 and is_number(w[0], 3):
            return self._number_command(int(w[0]))
        if w[0] == "unknown":
            return unknown_canonical(e, self.cards, w[1:])
        if w == ["s"] and e.step == "die":
            return "special"
        if w in (["alt"], ["alternative"]):
            return "alternative offer"
        if len(w) == 2 and w[0] == "plant" and is_number(w[1], 3):
            return self._plant_at(int(w[1]))
        if len(w) == 2 and w[0] == "keep" and is_number(w[1], 3):
            return f"keep {int(w[1])}"
        try:
            return A.to_text(A.from_text(text))
        except ActionParseError:
            raise CommandError(_("{text} is not a Waldgärtner command (now: {now})").format(
                text=repr(text), now=self.ask())) from None

    def _number_command(self, n: int) -> str:
        """A number alone: the card, deck or search the stage asks for."""
        word = NUMBER_COMMANDS.get(self.stage())
        if word is None:
            raise CommandError(_("{n}: no number is asked now ({now})").format(n=n, now=self.ask()))
        return f"{word} {n}"

    def _plant_at(self, cid: int) -> str:
        """``plant 17``: at the first free place of its row (the fee checked by the engine)."""
        e = self.state
        spots = e.plant_spots(self.seat(), cid) if cid < len(e.cards) else []
        if not spots:
            raise CommandError(no_room(e, cid))
        r, p, _fee = spots[0]
        return f"plant {cid} at {r}.{p + 1}"

    def _apply(self, canon: str) -> None:
        e = self.state
        mark = (len(e.history), len(e.events), e.config.cards)
        n_events = len(e.events)
        try:
            w = canon.split()
            if w[0] == "keep":
                keep(e, int(w[1]))
            elif w[0] == "unknown":
                self.e = enter_unknown(e, self.setup, canon)
            else:
                self._engine(canon)
        except (IllegalActionError, ActionParseError, CommandError) as exc:
            self.e = e  # an unknown card's rebuild is dropped
            while len(e.history) > mark[0]:
                e.undo()
            if isinstance(exc, CommandError):
                raise
            raise CommandError(refusal(e, canon, exc)) from None
        self.cmds.append(canon)
        self.marks.append(mark)
        said = words.said_lines(self.state, self.state.events[n_events:])
        self.log.extend(said)
        self.said_last = said

    def _engine(self, text: str) -> None:
        e = self.state
        st = self.stage()
        w = text.split()
        if w[0] == "card" and st not in CHANCE_STAGES:
            raise CommandError(_("no card is turned or drawn now ({now})").format(now=self.ask()))
        if w[0] != "card" and st in CHANCE_STAGES:
            raise CommandError(_("the table turns or draws a card now: {now}").format(now=self.ask()))
        if w[0] == "plant":
            cid = int(w[1])
            if st == "play" and cid < len(e.cards) and not e.plant_spots(self.seat(), cid):
                raise CommandError(no_room(e, cid))
        e.apply(text)

    def _after(self) -> None:
        e = self.state
        if e.is_terminal():
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self.log.extend(self.result_lines())
                self._emit("finished", self.record)
                self.book.changed()  # the names just played come first next time
        else:
            self.mode = "play"
            self.log.append(self.ask())
        self.typed = ""
        self._changed()

    def _take_back(self) -> str:
        e = self.state
        last = self.cmds.pop()
        hist, _events, cards = self.marks.pop()
        if cards is not e.config.cards:  # an unknown card undone: the game goes back to the cards before it
            self.e = rebuilt(self.setup, cards, e.history[:hist])
        e = self.state
        while len(e.history) > hist:
            e.undo()
        self.mode = "play"
        self.record = None
        return last

    def _parse_setup(self, text: str) -> WSetup:
        return parse_setup(self.setup, text)

    def _start(self, setup: WSetup, *, journal: bool) -> None:
        self.setup = setup
        self.cmds, self.marks = [], []
        self.e = new_game(setup.config(self.cards))
        self.mode = "play"
        self.record = None
        self.said_last = []
        if journal:
            self._emit("game", setup.to_dict(self.cards))
        decks = deck_continents(setup.players, setup.choice)
        listed = ", ".join(f"{d + 1} {c}" for d, c in enumerate(decks))
        if setup.direct_sale:
            line = _("New game of Waldgärtner: {n} players, supply decks {decks}, direct sale. Every player has 1 "
                     "cube in storage.")
        else:
            line = _("New game of Waldgärtner: {n} players, supply decks {decks}. Every player has 1 cube in "
                     "storage.")
        self.log.append(line.format(n=setup.players, decks=listed))
        self._after()

    def _clear(self) -> None:
        self.e = None
        self.marks = []

    def refusal_for(self, setup: Any) -> str:
        """Why a journalled setup cannot be resumed here ("" if it can): other cards."""
        digest = setup.get("cards_digest") if isinstance(setup, dict) else None
        mine = cards_digest(self.cards)
        if digest is not None and digest != mine:
            return _("played with another card file ({digest}, this one is {mine}): reinstall it, or discard the "
                     "game").format(digest=digest, mine=mine)
        return ""

    # --- what the screens read ----------------------------------------------------------------
    def phase_report(self) -> list[str]:
        """This round's step 1 as announced (blooms and harvests per seat); the screen keeps it up."""
        return words.phase_report(self.e)

    def phase_summary(self) -> list[str]:
        """This round's step 1 per seat in short (the screen)."""
        return words.phase_summary(self.e)

    def held(self, seat: int) -> list[int]:
        return questions.held(self.state, seat)

    def ask(self) -> str:
        """What the table must enter now, in words."""
        return questions.ask(self.e)

    def ledger(self) -> list[tuple[int, int, int, int]]:
        """Per seat: (storage value, cubes on cube fields, dark cubes waiting, plants)."""
        e = self.state
        return [(e.storage(s), e.garden_cubes(s), len(e.waiting_dark(s)), len(e.garden(s)))
                for s in range(e.players)]

    def rows(self, seat: int) -> list[tuple[int, int, int]]:
        """Per garden row 1-5 (and 6 if used): (row, plants, capacity)."""
        g = self.state.garden(seat)
        out = [(r, sum(1 for (rr, _p) in g if rr == r), ROW_CAPACITY[r]) for r in range(1, 6)]
        if any(r == 6 for (r, _p) in g):
            out.append((6, 1, 0))
        return out

    def finished_record(self) -> dict[str, Any]:
        """The engine's record (``waldgaertner-record/1``, replayable) plus the table's commands
        and the score pad."""
        e = self.state
        rec = e.to_record()
        rec["table_commands"] = list(self.cmds)
        rec["scores"] = [s.total for s in e.scores()]
        rec["score_pad"] = [{"plants": s.plants, "partners": s.partners, "storage": s.storage, "task": s.task,
                             "total": s.total} for s in e.scores()]
        rec["winners"] = list(e.winners())
        rec.update(self.names_record())
        return rec

    def result_lines(self) -> list[str]:
        e = self.state
        winners = e.winners()
        win = both([self.seat_title(s) for s in winners])
        sc = e.scores()
        order = sorted(range(e.players), key=lambda s: -sc[s].total)
        return [ngettext("Game over: {winners} wins", "Game over: {winners} win", len(winners)).format(winners=win),
                *(_("{seat}: {total} points (plants {plants}, partners {partners}, storage {storage})").format(
                    seat=self.seat_title(s), total=sc[s].total, plants=sc[s].plants, partners=sc[s].partners,
                    storage=sc[s].storage) for s in order)]


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None,
                   data: Any = None) -> WaldgaertnerCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return WaldgaertnerCompanion(on_command=on_command)
