"""Waldgärtner's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Waldgärtner engine (``table.games.waldgaertner.rules``, rules and rulings in docs/waldgaertner.md).
The engine's chance actions are the cards the table turns up and draws: a card turned face up by
what it shows (its name, ``naming.py``; on the lid the guided choice), a card drawn into a hand
hidden (``drawn``/``kept``: a placeholder, swapped for the card shown when it is played,
``hidden.py``); ids of the card file stay for scripts. The table is the truth: a card the file
cannot place joins the game's cards and the difference is said once. From the engine comes
everything the table finds confusing: the 21-round clock (annual phases 0-9, 0-9, 0), each phase's
blooms and harvests per seat ("cube on the field", "cube to storage"), who gets a contested card and
who pays, the order of the special actions, row capacity and fees, bonus actions, and the final
score pad.

**Commands** (what a script line or the journal holds). Every decision is the engine's own
action text; the companion adds short forms and names:

=========================  ====================  ===============================================
``card 17``                ``apple`` / ``17``    a card turned face up (by name or id)
``drawn``, ``kept``        CONFIRM               a card drawn, or kept from a bonus draw or a
                                                 search, stays hidden in the holder's hand
``unknown 224 size=3 …``   ``unknown size=3 …``  a plant the file lacks, by its attributes
``deck 3``                 ``3`` / button 3      the starting draw's deck, or a seat's die on deck 3
``special``                ``s`` / ``7`` / ``6``  a seat's die on "6" for a special action (``6``:
                                                 with 2-5 players, where no deck 6 lies out)
``pass``                                         nothing on offer and no cube for a special
``sell 17``                ``sell apple``        play: sell the card (1 cube a shrub, 2 a tree)
``plant 17 at 3.2``        ``plant apple``       play: plant it in row 3, place 2 (the first
                                                 free place when omitted); fee checked
``offer 17 to 2``, ``buy``, ``decline``          direct sale (the variant)
``alternative offer``      ``alt``               special action, 1 cube
``search 3``, ``search discard``, ``forgo``      special action, 3 cubes / give it up
``bonus 3``                                      the bonus action's deck
``choose 17``              ``apple`` / ``17``    the card taken from the shown ones
``keep 17``                                      scripts: a bonus draw or a search by the card
                                                 kept (the cards put back are placeholders)
``task 5``                 ``task nitrogen``     after round 21: the seat's task card shown
``undo``                   ``u``                 take back the last command
=========================  ====================  ===============================================

**Die choices** are simultaneous and secret at the table; they are entered after everyone has
shown, one per seat in seat order (the lamps then light the contested decks while the table
settles them).

The controller is this module; its words are in ``words.py`` (announcements), ``questions.py``
(what is asked now), ``refusals.py`` (why a command is refused), its setup in ``setup.py``, its
buttons as data in ``buttons.py``, the cards it cannot see in ``unseen.py``, and a whole game as
table commands in ``script.py``.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from table.companion.announce import Announcement, setup_told
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.protocol import CommandError, CommandHook
from table.engine.errors import ActionParseError, IllegalActionError
from table.games.waldgaertner import asked, padentry, questions, tasks, words
from table.games.waldgaertner.buttons import SCREENS, STAGES, command_for
from table.games.waldgaertner.canonical import CARD_WORDS, canonical_form
from table.games.waldgaertner.coach import GLUE as COACH
from table.games.waldgaertner.ending import game_lines, game_record
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.hidden import rebuilt, shown_from_deck, shown_in_hand
from table.games.waldgaertner.hint import HINTS
from table.games.waldgaertner.history_marks import HistoryChain, HistoryLink
from table.games.waldgaertner.questions import CHANCE_STAGES, deck_now, held, seat_now
from table.games.waldgaertner.record_reader import ROWS
from table.games.waldgaertner.refusals import card_where, no_room, refusal
from table.games.waldgaertner.rules import CardSet, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.position import ROUNDS, ROW_CAPACITY, deck_continents
from table.games.waldgaertner.setup import KEY, WSetup, cards_digest, parse_setup, setup_help
from table.games.waldgaertner.teach import SYLLABUS, announced, setup_steps
from table.games.waldgaertner.unseen import (
    enter_unknown,
    filled_in,
    hidden_draw,
    keep,
    made_public,
)
from table.games.waldgaertner.words import card_label
from table.i18n import _, ngettext
from table.i18n.labels import is_number

SECRET_DRAWS = ("draw", "bdraw", "sdeal")
"""The stages where a card is drawn into a hand unseen by the table (a phone enters its id)."""


class WaldgaertnerCompanion(TableModule):
    """Waldgärtner at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``. ``cards``: the card set the table plays with (default: the
    shipped card file)."""

    title = "Waldgärtner"
    hint_glue = HINTS  # the strong bot's hint where the choice is public (hint.py)
    coach_glue = COACH  # the result's coach, what the lid may show of it (coach.py)
    result_rows = ROWS
    button_tables = (SCREENS, STAGES)
    setup_type = WSetup
    error_type = CommandError
    syllabus = SYLLABUS

    def _event_count(self) -> int:
        return len(self.e.events) if self.e is not None else 0

    def _announced(self, since: int) -> list[Announcement]:
        """A round's phase (blooms, harvests), a contested deck, a planting fee: each waits."""
        return announced(self.e, since) if self.e is not None else []

    def _setup_told(self, setup: Any) -> list[Announcement]:
        """The table's set-up and the decks dealt out (teach.py), before the first draw; none for
        the end-only score pad."""
        if setup.pad:
            return []
        return [setup_told(setup.players, partial(setup_steps, setup.players, setup.choice, setup.tasks))]

    def fresh(self) -> WaldgaertnerCompanion:
        return WaldgaertnerCompanion(cards=self._cards)

    def resume_summary(self, setup: Any, steps: int) -> str:
        if self.pad is not None:
            return super().resume_summary(setup, steps)
        e = self.state
        return ngettext("{n} players, round {round} of {rounds}, {steps} step; next: {next}",
                        "{n} players, round {round} of {rounds}, {steps} steps; next: {next}", steps).format(
            n=setup.players, round=e.round, rounds=ROUNDS, steps=steps,
            next=self.ask() if self.mode == "play" else _("game over"))

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return _("Resumed. {next}").format(next=self.ask() if self.mode in ("play", "pad") else _("Game over"))

    def __init__(self, *, on_command: CommandHook | None = None, cards: CardSet | None = None) -> None:
        self._cards = cards
        """The card set given, or None until the shipped card file is first needed (:attr:`cards`)."""
        super().__init__(WSetup(), game=KEY, on_command=on_command)
        self.e: State | None = None
        self.pad: padentry.PadEntry | None = None
        """The score pad being filled (setup ``pad=end``, ``padentry.py``); None in a game played along."""
        self.marks: list[tuple[int, int, CardSet, HistoryLink, frozenset[int], dict[int, str]]] = []
        """Per command: the engine's history length and event count before it, the cards and the
        history itself (a command may rewrite it: ``history_marks.py``), the secret positions and
        the box notes waiting (undo goes back to it)."""
        self.chain = HistoryChain()
        self.b = None  # the shell's "a game has begun" check looks for it (Zankapfel's build)
        self.typed = ""
        """Digits typed on the keys or the screen's keypad for a card id (confirm enters them)."""
        self.guide: tuple[str, ...] = ()
        """The lid's guided choice so far (size class, continent, flower colour: ``naming.py``)."""
        self.task_page = 0
        """Which of the task cards the trough buttons offer (``tasks.lid_options``; a screen's passing state)."""
        self.named = -1
        """The hidden card the guided choice named for the seat at play (CONFIRM plants, BLIND sells)."""
        self.other: tuple[str, ...] | None = None
        """The chooser of a card the file lacks (``other_card.py``): its answers so far, None when closed."""
        self.secret: frozenset[int] = frozenset()
        """The history positions of the chance actions the table never saw: placeholders for hidden
        cards (``hidden.py``)."""
        self.shown_as = ""
        """The command as the engine runs it when the card shown became another id (a box copy)."""
        self.box_notes: list[str] = []
        """How the table's box differed from the card file, one line per time it did (recorded)."""
        self.box_said: set[str] = set()
        """The box's differences already said (each is said once)."""
        self.box_waiting: dict[int, str] = {}
        """Card id → the box's difference a card drawn in secret showed (a phone entered its id):
        said only once the card has left every hand — played or shown —, never before (issue 34)."""
        self.asked = asked.Asked(self)
        """What the play screen asks of the game, kept until the next change (``asked.py``)."""

    # --- protocol -----------------------------------------------------------------------------
    @property
    def cards(self) -> CardSet:
        """The card set the table plays with; the shipped card file is read when first needed, not
        for the first frame (deferred, issue 21: the setup screen shows no card, and reading and
        checking the file was ~50 ms of the kiosk's start)."""
        if self._cards is None:
            self._cards = load_cards()
        return self._cards

    @property
    def state(self) -> State:
        assert self.e is not None
        return self.e

    def stage(self) -> str:
        """The engine's step in play; on the score pad the pad's (``padentry.STEPS``)."""
        if self.pad is not None:
            return self.pad.step
        return self.e.step if self.e is not None else ""

    def seat(self) -> int:
        """Whose decision or card it is now (-1 for a deck turning its offer, or none); on the pad
        the player being entered."""
        return self.pad.player if self.pad is not None else seat_now(self.e)

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
        if self.mode == "pad" and self.pad is not None:
            return LedState("open", self.pad.lamps(self.guide, self.task_page))
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
        if tasks.seat_showing(self.e, self.setup, self.cmds) >= 0:  # the task cards' buttons
            return LedState("open", tuple(tasks.lid_options(self.e.config.cards.tasks, self.task_page)))
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
        if self.pad is not None:
            return self.pad.canonical(text)
        canon = canonical_form(self, text)
        w = canon.split()
        if len(w) == 2 and w[0] in CARD_WORDS and int(w[1]) >= len(self.state.cards):
            raise CommandError(card_where(self.state, int(w[1])))
        return canon

    def _apply(self, canon: str) -> None:
        if self.pad is not None:
            said = self.pad.apply(canon)
            self.cmds.append(canon)
            self.log.extend(said)
            self.said_last = said
            return
        e = self.state
        mark = (len(e.history), len(e.events), e.config.cards, self.chain.link(e.history), self.secret,
                dict(self.box_waiting))
        try:
            w = canon.split()
            secretly = w[0] == "card" and self.stage() in SECRET_DRAWS
            note = self._shown(w)
            if note and secretly:  # drawn into a hand in secret: its note would name the card
                self.box_said.discard(note)
                self.box_waiting[int((self.shown_as or canon).split()[1])] = note
                note = ""
            e = self.state
            n_events = len(e.events)
            if w[0] in ("drawn", "kept"):
                self.secret = hidden_draw(e, self.secret, w[0])
            elif w[0] == "keep":
                before = len(e.history)
                keep(e, int(w[1]))
                self.secret = self.secret | filled_in(e, before, int(w[1]))
            elif w[0] == "task":
                seat = tasks.seat_showing(e, self.setup, self.cmds)
                self.e = tasks.show(e, self.setup, seat, int(w[1]) - 1, seat)
            elif w[0] == "unknown":
                self.e = enter_unknown(e, self.setup, canon, self.secret)
                note = self._lacks(int(w[1]))
            else:
                self._engine(canon if not self.shown_as else self.shown_as)
        except (IllegalActionError, ActionParseError, CommandError) as exc:
            self._restore(mark)
            if isinstance(exc, CommandError):
                raise
            raise CommandError(refusal(self.state, canon, exc)) from None
        self.secret = made_public(self.state, self.secret)
        self.cmds.append(canon)
        self.marks.append(mark)
        said = ([note] if note else []) + words.said_lines(self.state, self.state.events[n_events:])
        said += self._box_due()
        self.log.extend(said)
        self.said_last = said

    def _shown(self, w: list[str]) -> str:
        """A card the table shows (turned, or played from a hand): the game made to hold it where the
        table has it (``hidden.py``); the line saying how the box differs, said once ("" if not)."""
        self.shown_as = ""
        e = self.state
        if len(w) < 2 or not is_number(w[1], 3) or w[0] not in ("card", "sell", "plant", "offer"):
            return ""
        cid = int(w[1])
        if cid >= len(self.cards.cards):
            return ""
        shown = self.cards.cards[cid]  # the card as the file has it (the game's may be a stand-in by now)
        if w[0] == "card" and self.stage() in CHANCE_STAGES:
            st, used, note = shown_from_deck(e, self.setup, self.secret, self.deck_now(), shown)
        elif w[0] != "card" and self.stage() == "play":
            st, used, note = shown_in_hand(e, self.setup, self.secret, self.seat(), shown)
        else:
            return ""
        self.e = st
        if used != cid:
            self.shown_as = " ".join([w[0], str(used), *w[2:]])
            self.box_notes.append(note)
        if not note or note in self.box_said:
            return ""
        self.box_said.add(note)
        return note

    def _box_due(self) -> list[str]:
        """The waiting box notes of cards drawn in secret that are in no hand any more (played,
        sold, offered, shown): said now, once."""
        e = self.state
        holding = {c for seat in range(e.players) for c in held(e, seat)}
        out = []
        for cid in [c for c in self.box_waiting if c not in holding]:
            note = self.box_waiting.pop(cid)
            if note not in self.box_said:
                self.box_said.add(note)
                out.append(note)
        return out

    def _lacks(self, cid: int) -> str:
        """An unknown card added to the game (the box has a plant the file lacks): the line saying
        so, recorded."""
        if cid < len(self.cards.cards):
            return ""
        note = _("the box differs from the file: a plant the file lacks ({card}); play goes on").format(
            card=card_label(self.state.card(cid)))
        self.box_notes.append(note)
        return note

    def _restore(self, mark: tuple[Any, ...]) -> None:
        """The game as it was at ``mark`` (a command refused or taken back)."""
        hist, _events, cards, link, secret, waiting = mark
        self.box_waiting = dict(waiting)
        e = self.state
        history = link.actions()
        if cards is not e.config.cards or tuple(e.history[:hist]) != history:
            self.e = rebuilt(self.setup, cards, history)
        e = self.state
        while len(e.history) > hist:
            e.undo()
        self.secret = secret
        self.chain.back_to(link, history)

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
        e = self.e
        entered = self._entered_played()
        self.guide, self.named = (), entered  # the next question is asked without the last one's choice
        if self.pad is not None and self.pad.scores is None:
            self.mode = "pad"
            self.log.append(self.ask())
        elif e is not None and e.is_terminal() and tasks.seat_showing(e, self.setup, self.cmds) >= 0:
            self.mode = "play"  # the task cards are shown before the score pad
            self.log.append(self.ask())
        elif self.pad is not None or (e is not None and e.is_terminal()):
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
        self.guide, self.named, self.task_page, self.other = (), entered, 0, None
        self._changed()

    def _entered_played(self) -> int:
        """The card just entered by its printed facts (``unknown``) while its seat plays a hidden
        card: it is the one played, face up (CONFIRM plants it, BLIND sells it); else -1."""
        e = self.e
        if e is None or not self.cmds or not self.cmds[-1].startswith("unknown ") or e.step != "play":
            return -1
        cid = int(self.cmds[-1].split()[1])
        s = self.seat()
        return cid if cid in (e.hand(s), e.pending(s)) else -1

    def _take_back(self) -> str:
        last = self.cmds.pop()
        self.record = None
        if self.pad is not None:
            self.pad = padentry.rebuilt(self.setup, self.cards, self.cmds)
            self.mode = "pad"
            return last
        self._restore(self.marks.pop())
        self.mode = "play"
        self.record = None
        return last

    def _parse_setup(self, text: str) -> WSetup:
        return parse_setup(self.setup, text)

    def _start(self, setup: WSetup, *, journal: bool) -> None:
        self.setup = setup
        self.cmds, self.marks, self.chain = [], [], HistoryChain()
        self.secret, self.box_notes, self.box_waiting = frozenset(), [], {}
        if setup.pad:
            self._start_pad(setup, journal=journal)
            return
        self.pad = None
        self.e = new_game(setup.config(self.cards))
        tasks.deal(self.e)
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

    def _start_pad(self, setup: WSetup, *, journal: bool) -> None:
        """The score pad (setup ``pad=end``) from its first player's garden."""
        self.e, self.pad = None, padentry.PadEntry(setup, self.cards)
        self.mode, self.record, self.said_last = "pad", None, []
        if journal:
            self._emit("game", setup.to_dict(self.cards))
        self.log.append(_("Waldgärtner score pad: {n} players; enter each player's garden, partner bonuses and "
                          "cubes").format(n=setup.players))
        self._after()

    def _clear(self) -> None:
        self.e, self.pad = None, None
        self.marks, self.chain = [], HistoryChain()

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
        return [self.named_line(line) for line in words.phase_report(self.e)]

    def phase_summary(self) -> list[str]:
        """This round's step 1 per seat in short (the screen), the named seats' players said."""
        return [self.named_line(line) for line in words.phase_summary(self.e)]

    def held(self, seat: int) -> list[int]:
        return questions.held(self.state, seat)

    def question(self) -> str:
        """What the table must enter now, in words, without the lid's guided choice (a screen's
        passing state, not journalled): the text front end's status."""
        return questions.ask(self.e)

    def ask(self) -> str:
        """What the table must enter now, in words (with the guided choice's step once begun, and
        while a hidden card played waits to be named); worked out once per change (``asked.py``)."""
        if self.pad is not None and self.mode == "pad":
            return self.pad.question(self.guide)
        return asked.ask(self)

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
        and the score pad (the score pad's: the pad file ``score --game waldgaertner`` reads)."""
        if self.pad is not None:
            return {**self.pad.pad_dict(), **self.names_record()}
        return game_record(self.state, self.cmds, self.box_notes, self.names_record())

    def result_lines(self) -> list[str]:
        if self.pad is not None:
            return self.result_sheet().lines()
        return game_lines(self.state, self.seat_title, self.setup.tasks)

    def result_details(self) -> list[dict[str, Any]]:
        if self.pad is not None:
            return self.pad.details()
        return [dataclasses.asdict(s) for s in self.state.scores()]

    def result_winners(self) -> tuple[int, ...]:
        return self.pad.winners() if self.pad is not None else tuple(self.state.winners())


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None,
                   data: Any = None) -> WaldgaertnerCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return WaldgaertnerCompanion(on_command=on_command)
