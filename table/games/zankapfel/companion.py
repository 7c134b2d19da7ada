"""Zankapfel's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Zankapfel engine (``table.games.zankapfel.rules``), whose chance actions are the card turned and the
die rolled as the table reports them. What the screen and the lamps show comes from that engine:
the score track (pawn positions), the 5×5 orchard with the mayor and its legal moves, the four
prices and harvest values at the mayor's square, whose turn it is, the discords.

**Commands** (what a script line or the journal holds; the journal keeps the canonical form on
the left, people may type the short form on the right):

=========================  ===============  ==================================================
``mayor c3``               ``c3``           the first player places (setup) or moves the mayor
``turn red``               ``red``, ``r``   the apple card turned face up (red yellow green blue joker)
``remove b2``              ``b2``           setup: a harvest token taken out of the game
``buy seat 2``             ``buy``          phase 1: the seat buys the face-up card
``lay seat 2``             ``lay``          phase 1: the seat lays an apple card face down
``pass seat 2``            ``pass``         phase 1: no card in hand and none to buy
``reveal seat 2 red``      ``red``          phase 3: the laid card, turned over
``joker seat 2 green``     ``green``        the colour the seat's joker harvests
``dice seat 2 1``          ``dice 2 1``     discord: the seat buys 0-3 dice (2 points each)
``dice-done``              ``ok``           everyone has decided on dice
``card seat 2 8``          ``8`` (0 = 10)   discord: the seat's discord card, turned over
``roll 4``                 ``4``            a die rolled (in the order the screen asks)
``undo``                   ``u``            take back the last command
=========================  ===============  ==================================================

**Hidden cards** are inferred (``deal``): the engine is rebuilt from the setup and the commands
after every command (a few milliseconds), so undo, resume and replay are the same code. The words
are in ``words``, the setup in ``setup``, the hidden deal and the engine mirror in ``deal``, the
command words in ``commands``, the lid's buttons as data in ``buttons``, a whole game as table
commands in ``script``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from table.companion.announce import Announcement, setup_told
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.protocol import CommandError, CommandHook
from table.engine.errors import IllegalActionError, TableError
from table.games.zankapfel.buttons import BUTTONS, command_for
from table.games.zankapfel.coach import GLUE as COACH
from table.games.zankapfel.commands import canonical
from table.games.zankapfel.deal import Build, DeckShort, box_lines, build_game, deal_plan
from table.games.zankapfel.files import load_decks
from table.games.zankapfel.hint import HINTS
from table.games.zankapfel.record_reader import ROWS
from table.games.zankapfel.rules import State
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules.config import LEGACY_DECK
from table.games.zankapfel.rules.decks import Decks
from table.games.zankapfel.setup import GAME, ZSetup, setup_line
from table.games.zankapfel.teach import SYLLABUS, announced, setup_steps
from table.games.zankapfel.words import both, end_reason_name, engine_refusal
from table.i18n import _, ngettext


class ZankapfelCompanion(TableModule):
    """Zankapfel at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``."""

    title = "Zankapfel"
    hint_glue = HINTS  # the strong bot's hint where the choice is public (hint.py)
    coach_glue = COACH  # the result's coach, what the lid may show of it (coach.py)
    result_rows = ROWS
    button_tables = (BUTTONS,)
    setup_type = ZSetup
    error_type = CommandError
    syllabus = SYLLABUS

    def _event_count(self) -> int:
        return len(self.b.e.events) if self.b is not None else 0

    def _announced(self, since: int) -> list[Announcement]:
        """A round, a harvest, a discord's result, a reshuffle: each waits for CONFIRM."""
        return announced(self.b.e.events[since:]) if self.b is not None else []

    def resume_summary(self, setup: Any, steps: int) -> str:
        following = self.b.ask() if self.b is not None and self.mode == "play" else _("game over")
        return ngettext("{players} players, {steps} step; next: {next}",
                        "{players} players, {steps} steps; next: {next}", steps).format(
            players=setup.players, steps=steps, next=following)

    def _setup_told(self, setup: Any) -> list[Announcement]:
        """The table's set-up and the deal (teach.py), before the mayor is placed."""
        return [setup_told(setup.players, setup_steps)]

    def ask(self) -> str:
        """What the table is asked now (the players named: ``TableModule``), "" outside a game."""
        return self.b.ask() if self.b is not None and self.mode == "play" else ""

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        assert self.b is not None
        return _("Resumed. {asked}").format(asked=self.b.ask())

    def __init__(self, *, on_command: CommandHook | None = None, decks: Decks | None = None) -> None:
        self.decks = decks or load_decks()
        super().__init__(ZSetup().with_deck(self.decks, self.decks.default), game=GAME, on_command=on_command)
        self.b: Build | None = None
        self.cursor = 12  # the grid cursor (keys): a square 0..24
        self.dice_chosen: dict[int, int] = {}
        """The dice stage's seat buttons: dice chosen for a seat, bought on CONFIRM (not journalled)."""
        self.bribe_offer: tuple[int, int] | None = None
        """The bribe stage's seat buttons: (seat, points) of the offer being made (not journalled)."""

    # --- protocol -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        assert self.b is not None
        return self.b.preview

    def entry_waiting(self) -> bool:
        """Dice or a bribe chosen by a seat's button and not yet bought: CONFIRM buys them first."""
        return bool(self.dice_chosen) or self.bribe_offer is not None or super().entry_waiting()

    def stage(self) -> str:
        return self.b.stage() if self.b is not None else ""

    def leds(self) -> LedState:
        """The seven lamps are seats: whose decision it is; in a discord, everyone in it."""
        if self.mode in ("setup", "resume", "result") or self.b is None:
            return LedState("chase")
        st = self.b.stage()
        if st == "dice":
            return LedState("open", tuple(s + 1 for s in self.b.fight_seats()))
        if st == "bribe":  # every other player may offer
            first = self.b.preview.first
            return LedState("open", tuple(s + 1 for s in range(self.setup.players) if s != first))
        s = self.b.seat()
        if st == "turn":
            s = self.b.preview.first
        return LedState("open", (s + 1,)) if s >= 0 else LedState("off")

    # --- buttons, keys, touch -----------------------------------------------------------------
    def _command_for(self, button: str) -> str | None:
        """What a button, key or touch means now: a look-up in ``buttons.BUTTONS``."""
        return command_for(self, button)

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return _("{command}: on the setup screen: setup players=N finish=M, or start").format(command=repr(text))

    def _canonical(self, text: str) -> str:
        assert self.b is not None
        return canonical(text, self.b)

    def _rebuild(self, cmds: list[str]) -> Build:
        deck = self.b.deck if self.b is not None else None
        return build_game(self.setup, cmds, deck)

    def _apply(self, canon: str) -> None:
        cmds = [*self.cmds, canon]
        before = self.b.deck if self.b is not None else self.setup.deck
        try:
            plan, deck = deal_plan(self.setup, cmds, before)
            if self.b is not None and (plan, deck) == (self.b.plan, self.b.deck):  # one step on (fast path)
                b = self.b
                try:
                    b.said = []
                    b.feed(canon)
                except DeckShort:
                    b = build_game(self.setup, cmds, deck)  # the box differs: a bigger deck
                except TableError:
                    self.b = self._rebuild(self.cmds)  # a refusal may have left the build half-done
                    raise
            else:
                b = build_game(self.setup, cmds, deck)
        except IllegalActionError as exc:
            if self.b is not None:
                self.b = self._rebuild(self.cmds)
            raise CommandError(engine_refusal(str(exc))) from None
        self.cmds.append(canon)
        self.b = b
        said = [*box_lines(self.setup.deck, before, b.deck), *b.said]
        self.log.extend(said)
        self.said_last = said
        self.dice_chosen, self.bribe_offer = {}, None

    def _after(self) -> None:
        assert self.b is not None
        if self.b.stage() == "over":
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self._emit("finished", self.record)
                self.book.changed()  # the names just played come first next time
        else:
            self.mode = "play"
            self.log.append(self.b.ask())
            self._aim_cursor()
        self._changed()

    def _aim_cursor(self) -> None:
        assert self.b is not None
        st = self.b.stage()
        p = self.b.preview
        if st == "move":
            targets = p.mayor_targets()
            if self.cursor not in targets:
                self.cursor = targets[0]
        elif st == "remove" and (self.cursor == p.mayor or self.cursor not in p.unharvested()):
            self.cursor = next(sq for sq in p.unharvested() if sq != p.mayor)
        elif st == "bribe":
            squares = [sq for sq in p.mayor_targets() if sq != self.b.move]
            if self.cursor not in squares:
                self.cursor = squares[0]

    def _take_back(self) -> str:
        last = self.cmds[-1]
        self.b = self._rebuild(self.cmds[:-1])
        self.cmds.pop()
        self.mode = "play"
        self.record = None
        self.dice_chosen, self.bribe_offer = {}, None
        return last

    def _parse_setup(self, text: str) -> ZSetup:
        """``setup players=N finish=M`` (``setup.ZSetup.with_words``)."""
        setup: ZSetup = self.setup.with_words(text, self.decks)
        return setup

    def _start(self, setup: ZSetup, *, journal: bool) -> None:
        self.setup = setup
        self.cmds = []
        self.b = Build(setup, deal_plan(setup, [])[0])
        self.dice_chosen, self.bribe_offer = {}, None
        self.mode = "play"
        self.record = None
        self.cursor = 12
        self.said_last = []
        if journal:
            self._emit("game", setup.to_dict())
        self.log.append(_("New game of Zankapfel: {players} players, finish at {finish} points").format(
            players=setup.players, finish=setup.finish))
        if setup != replace(setup, deck=LEGACY_DECK, bribery=False, open_order=False):  # said for games since issue 20
            self.log.append(setup_line(setup))
        self._after()

    def _clear(self) -> None:
        self.b = None

    # --- what the screens read ----------------------------------------------------------------
    def positions(self) -> list[int]:
        """Each seat's pawn; dice bought are paid at once, before the engine is told them."""
        p = self.state
        b = self.b
        assert b is not None
        return [p.position(s) - b.held_dice_cost(s) + b.held_bribe(s) for s in range(p.players)]

    def mayor_square(self) -> int:
        """The mayor's square as the board shows it (its new square as soon as it moved)."""
        return self.b.mayor_shown() if self.b is not None else -1

    def prices(self) -> list[tuple[str, int, int]]:
        """At the mayor's square: (kind, harvest value, price) for red, yellow, green, blue, joker."""
        mayor = self.mayor_square()
        if mayor < 0:
            return []
        out = [(c, A.value(i, mayor), A.price(i, mayor)) for i, c in enumerate(A.COLOURS)]
        return [*out, ("joker", max(v for _, v, _ in out), A.JOKER_PRICE)]

    def seat_status(self, seat: int) -> str:
        """Phase 1 and 3 in a word: bought, laid, revealed colour, in a discord."""
        b = self.b
        assert b is not None
        for c in reversed(b.block):
            w = c.split()
            if len(w) == 3 and int(w[2]) - 1 == seat:
                return {"buy": "bought", "lay": "laid", "pass": "passed"}[w[0]]
        if seat in b.reveals:
            return A.KINDS[b.reveals[seat]]
        if seat in b.fight_seats():
            return "discord"
        return ""

    def finished_record(self) -> dict[str, Any]:
        """The engine's record (``zankapfel-record/1``, replayable) plus the table's commands.
        The deal is inferred: cards a seat never revealed are placeholders."""
        assert self.b is not None
        e = self.b.e
        rec = e.to_record()
        rec["table_commands"] = list(self.cmds)
        rec["dealt_cards"] = "inferred: the table never shows a hand; unrevealed cards are placeholders"
        rec["scores"] = [s.total for s in e.scores()]
        rec["winners"] = list(e.winners())
        rec["end"] = e.end_reason
        if self.b.deck != self.setup.deck:  # the engine's config holds the box as the table showed it
            rec["deck_file"] = list(self.setup.deck)
        rec.update(self.names_record())
        return rec

    def result_lines(self) -> list[str]:
        """The end: who won, then each seat's points, the most first."""
        return [self.result_heading(), *(self.result_row(s) for s in self.result_order())]

    def result_order(self) -> list[int]:
        """The seats by points, the most first (the result screen's rows)."""
        pos = self.positions()
        return sorted(range(len(pos)), key=lambda s: -pos[s])

    def result_heading(self) -> str:
        e = self.state
        win = both([self.seat_title(s) for s in e.winners()])
        template = ngettext("Game over ({reason}): {winners} wins", "Game over ({reason}): {winners} win",
                            len(e.winners()))
        return template.format(reason=end_reason_name(e.end_reason), winners=win)

    def result_row(self, seat: int) -> str:
        pos = self.positions()[seat]
        return ngettext("{seat}: {n} point", "{seat}: {n} points", pos).format(seat=self.seat_title(seat), n=pos)

    def result_details(self) -> list[dict[str, Any]]:
        return [dataclasses.asdict(s) for s in self.state.scores()]

    def result_winners(self) -> tuple[int, ...]:
        return tuple(self.state.winners())


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> ZankapfelCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG
    (its deck file is read by the module, ``files.load_decks``)."""
    return ZankapfelCompanion(on_command=on_command)
