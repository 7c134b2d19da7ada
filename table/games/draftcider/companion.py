"""Draft Cider's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told each pick and mirrors it into the Draft Cider
engine (``table.games.draftcider.rules``, rules and rulings in ``docs/draftcider.md``). Two ways to
play, chosen on the setup screen:

**Live** (``pad=live``): per pick the table enters the card the player took — its colour,
height and sweetness — and the batch it went into. The lid's seven trough buttons plus BLIND
are exactly the eight batch keys (trough 1 Monochrome … trough 7 Steady Height, BLIND Bad);
once the card is entered their lamps light the batches where it may legally go (Bad, on BLIND,
always may; BLIND has no lamp). The centre is never entered on its own: the engine is rebuilt
from the picks after every pick (``deal.py``), so undo, resume and replay are the same code.

**End-only score pad** (``pad=end``): after the game each player's cards are entered batch by
batch (in the order played within a batch) and scored with ``engine.draftcider.pad``.

The module is split by job: ``words`` (what people read), ``setup`` (the setup screen's
choices), ``deal`` (the engine rebuilt from the picks), ``commands`` (command text → the
journal's form, with the table of every command), ``buttons`` (the lid's buttons as data),
``script`` (a whole game as table commands), ``pad_entry`` (the end-only score pad's commands),
and this controller.

A finished live game is the engine's ``draftcider-record/1`` (``engine.draftcider.replay``
reads it and scores it exactly); a finished pad is the pad JSON that ``applejack-table score
--game draftcider`` reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from table.companion.announce import Announcement, announcement, setup_told
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.protocol import CommandError, CommandHook
from table.games.draftcider.box import Box
from table.games.draftcider.buttons import BUTTONS, command_for
from table.games.draftcider.coach import GLUE as COACH
from table.games.draftcider.commands import STAGES, canonical
from table.games.draftcider.deal import Pick, build
from table.games.draftcider.hint import HINTS
from table.games.draftcider.pad_entry import PadEntry
from table.games.draftcider.record_reader import ROWS, batches_dict
from table.games.draftcider.result_words import ResultWords
from table.games.draftcider.rules import Card, Config, State
from table.games.draftcider.rules.events import PhaseStarted
from table.games.draftcider.rules.game import N_BATCHES, STANDARD_DECK
from table.games.draftcider.rules.scoring import (
    BAD,
    BATCHES,
    SPECIAL,
    placement_problem,
)
from table.games.draftcider.setup import GAME, DSetup
from table.games.draftcider.special import cost_note, costly_batches, plant_line
from table.games.draftcider.teach import SYLLABUS, setup_steps
from table.games.draftcider.words import (
    batch_key,
    batch_title,
    card_name,
    colour_name,
    height_text,
    placement_problem_words,
)
from table.i18n import N_, _
from table.i18n.labels import listed, seat_name


class DraftCiderCompanion(ResultWords, PadEntry, TableModule):
    """Draft Cider at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play`` (live), ``pad`` (end-only score pad), ``result``."""

    title = "Draft Cider"
    hint_glue = HINTS  # the strong bot's hint where the choice is public (hint.py)
    coach_glue = COACH  # the result's coach, what the lid may show of it (coach.py)
    result_rows = ROWS
    button_tables = (BUTTONS,)
    setup_type = DSetup
    error_type = CommandError
    longest_command = 80
    syllabus = SYLLABUS

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return _("Resumed. {asked}").format(asked=self.ask()) if self.mode != "result" else \
            _("Resumed: the game is over")

    def __init__(self, *, on_command: CommandHook | None = None, deck: tuple[Card, ...] | None = None) -> None:
        super().__init__(DSetup(), game=GAME, on_command=on_command)
        # the deck file's cards; the box may hold more (``box.py``: recorded, said once, play goes on)
        self.file_deck: tuple[Card, ...] = deck if deck is not None else STANDARD_DECK
        self.box = Box(self.file_deck)
        # live play
        self.picks: list[Pick] = []
        self.engine: State | None = None
        # the card being entered: colour, height, sweetness (live: the pick; pad: the next card)
        self.entry: list[Any] = []
        # the end-only pad
        self.pad_cards: list[list[list[Card]]] = []
        self.pad_player = 0
        self.pad_batch: int | None = None
        self.result: Any = None  # PadResult of the end-only pad
        self.pad_warned = False  # the pad was short of cards and CONFIRM asked once more

    # --- protocol -----------------------------------------------------------------------------
    # --- what is asked now ----------------------------------------------------------------------
    def stage(self) -> str:
        """``colour``, ``height``, ``sweetness``, ``batch`` (live and pad), ``choose`` (pad: a batch
        to fill), ``over``; ``""`` off the play screens."""
        if self.mode == "play":
            assert self.engine is not None
            if self.engine.is_terminal():
                return "over"
            return STAGES[len(self.entry)]
        if self.mode == "pad":
            if self.pad_batch is None:
                return "choose"
            return STAGES[len(self.entry)]
        return ""

    def seat(self) -> int:
        """The seat picking now (live), the player being entered (pad); -1 otherwise."""
        if self.mode == "play" and self.engine is not None and not self.engine.is_terminal():
            return self.engine.current_player()
        if self.mode == "pad":
            return self.pad_player
        return -1

    def entered_card(self) -> Card | None:
        return Card(*self.entry) if len(self.entry) == 3 else None

    def entry_text(self) -> str:
        """The card entered so far (``red h3``), in the current language."""
        if len(self.entry) == 3:
            return card_name(Card(*self.entry))
        if len(self.entry) == 2:
            return _("{colour} {height}").format(colour=colour_name(self.entry[0]), height=height_text(self.entry[1]))
        return colour_name(self.entry[0]) if self.entry else ""

    def orchard(self, seat: int) -> list[list[Card]]:
        if self.mode == "pad" or (self.mode == "result" and self.setup.pad == "end"):
            return self.pad_cards[seat]
        assert self.engine is not None
        return self.engine.orchards[seat]

    def legal_batches(self) -> tuple[int, ...]:
        """Live: the batches the entered card may go into for the seat picking (empty before the
        card is complete). Pad: the batches a card may be added to while choosing (all eight)."""
        card = self.entered_card()
        if self.mode == "play" and card is not None and self.engine is not None:
            orch = self.engine.orchards[self.engine.current_player()]
            return tuple(b for b in range(N_BATCHES) if placement_problem(orch, b, card) is None)
        if self.mode == "pad" and self.pad_batch is None:
            return tuple(range(N_BATCHES))
        return ()

    def costly_batches(self) -> tuple[int, ...]:
        """Live, once the card is entered: the legal batches where it would cost the picking seat's
        Special tree its +20 (the −20 penalty, D9); said in the question, drawn in another colour."""
        card = self.entered_card()
        if self.mode != "play" or card is None or self.engine is None or self.engine.is_terminal():
            return ()
        return costly_batches(self.engine.orchards[self.engine.current_player()], card, self.legal_batches())

    def phase_line(self) -> str:
        e = self.engine
        assert e is not None
        per = e.per_phase * e.players
        done = len(self.picks) - (e.phase - 1) * per if not e.is_terminal() else per
        return _("Phase {phase} of {phases} · pick {pick} of {picks}").format(phase=e.phase, phases=e.phases,
                                                                              pick=min(done + 1, per), picks=per)

    def ask(self) -> str:
        """What the table must enter now, in words."""
        st = self.stage()
        if self.mode == "play":
            assert self.engine is not None
            if st == "over":
                return _("Game over")
            who = seat_name(self.engine.current_player())
            entry = self.entry_text()
            if st == "colour":
                return _("{seat} picks a card: its colour? (1 green, 2 gold, 3 red)").format(seat=who)
            if st == "height":
                return _("{seat}: {card} — height? (1-5)").format(seat=who, card=entry)
            if st == "sweetness":
                return _("{seat}: {card} — sweetness? (1-5)").format(seat=who, card=entry)
            legal = self.legal_batches()
            keys = listed(f"{batch_key(b)} {batch_title(b)}" for b in legal)
            costly = self.costly_batches()
            if costly:  # the Special tree's price, said before the pick (D9)
                orchard = self.engine.orchards[self.engine.current_player()]
                return _("{seat}: {card} — which batch? It may go into {batches} ({costly}: {cost})").format(
                    seat=who, card=entry, batches=keys, costly=listed(batch_key(b) for b in costly),
                    cost=cost_note(orchard))
            return _("{seat}: {card} — which batch? It may go into {batches}").format(seat=who, card=entry,
                                                                                      batches=keys)
        if self.mode == "pad":
            return self.pad_ask(st)
        return ""

    # --- LEDs -----------------------------------------------------------------------------------
    def leds(self) -> LedState:
        """Lamps light the buttons that mean something now: the colours (1-3), heights and
        sweetnesses (1-5), and — once the card is entered — the batches it may legally go into
        (troughs 1-7; Bad is BLIND, which has no lamp). Chase on the setup, resume and result."""
        st = self.stage()
        if self.mode not in ("play", "pad") or st in ("", "over"):
            return LedState("chase")
        if st == "colour":
            return LedState("open", (1, 2, 3))
        if st in ("height", "sweetness"):
            return LedState("open", (1, 2, 3, 4, 5))
        return LedState("open", tuple(b + 1 for b in self.legal_batches() if b != BAD))

    # --- buttons, keys, touch -----------------------------------------------------------------
    def _command_for(self, b: str) -> str | None:
        """What button ``b`` means now (``buttons.BUTTONS``, looked up by ``press``)."""
        return command_for(self, b)

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return _("{command}: on the setup screen: setup players=N easy=on|off pad=live|end, or start").format(
            command=repr(text))

    def _parse_setup(self, text: str) -> DSetup:
        return DSetup.from_text(text, self.setup)

    def _canonical(self, text: str) -> str:
        return canonical(text, self)

    # --- applying (the same code for live input, undo, resume and replay) ---------------------
    def _apply(self, canon: str) -> None:
        said = self._said_for(canon)
        self.cmds.append(canon)
        self.said_last = said
        self.log.extend(said)

    def _said_for(self, canon: str) -> list[str]:
        """Apply one canonical command; returns what is said. Nothing changes when it is refused."""
        w = canon.split()
        verb = w[0]
        st = self.stage()
        if self.mode == "play":
            return self._apply_live(canon, verb, w, st)
        return self._apply_pad(canon, verb, w, st)

    def _take_attr(self, verb: str, w: list[str], st: str, complete: Callable[[Card], list[str]]) -> list[str]:
        """A colour, height or sweetness of the card being entered; once the card is whole,
        ``complete(card)`` (nothing kept of this step when that refuses it)."""
        if st != verb:
            raise CommandError(_("{command}: not now ({asked})").format(command=f"{verb} {w[1]}", asked=self.ask()))
        self.entry.append(w[1] if verb == "colour" else int(w[1]))
        if len(self.entry) < 3:
            return []
        try:
            return complete(Card(*self.entry))
        except CommandError:
            self.entry.pop()
            raise

    def _used_live(self) -> Counter[Card]:
        assert self.engine is not None
        deck = self.engine.deck
        return Counter(deck[c] for c, _ in self.picks)

    def _apply_live(self, canon: str, verb: str, w: list[str], st: str) -> list[str]:
        assert self.engine is not None
        if st == "over":
            raise CommandError(_("the game is over"))
        if verb in STAGES[:3]:
            return self._take_attr(verb, w, st, lambda _card: [])
        if verb == "card":
            if st != "colour":
                raise CommandError(_("a card is entered at the start of a pick; undo first ({asked})").format(
                    asked=self.ask()))
            card = Card.from_text(" ".join(w[1:]))
            self.entry = [card.colour, card.height, card.sweetness]
            return []
        if verb == "batch":
            if st != "batch":
                raise CommandError(_("{command}: enter the card first ({asked})").format(command=f"batch {w[1]}",
                                                                                         asked=self.ask()))
            return self._pick(Card(*self.entry), BATCHES.index(w[1]))
        if verb == "pick":
            seat = int(w[2]) - 1
            if st != "colour":
                raise CommandError(self._half_entered())
            if seat != self.engine.current_player():
                raise CommandError(_("it is {seat}'s pick, not {other}'s").format(
                    seat=seat_name(self.engine.current_player()), other=seat_name(seat)))
            card = Card.from_text(" ".join(w[3:6]))
            return self._pick(card, BATCHES.index(w[6]))
        raise CommandError(_("{command}: not in a live game ({asked})").format(command=repr(canon), asked=self.ask()))

    def _half_entered(self) -> str:
        return _("a card is half entered ({card}): finish it or undo").format(card=self.entry_text())

    def _pick(self, card: Card, b: int) -> list[str]:
        e = self.engine
        assert e is not None
        seat = e.current_player()
        problem = placement_problem_words(e.orchards[seat], b, card)
        if problem:
            raise CommandError(_("{card} cannot go into {batch}: {problem}").format(
                card=card_name(card), batch=batch_title(b), problem=problem))
        idx, differs = self.box.take(card, self._used_live())
        before_phase = e.phase
        before_special = e.score(seat).batches[SPECIAL]
        new = build(self._config(), [*self.picks, (idx, b)])
        self.picks.append((idx, b))
        self.engine = new
        self.entry = []
        score = new.score(seat)
        said = [differs] if differs else []
        said.append(plant_line(seat, card, b, new.orchards[seat], score.batches[b], score.total, before_special))
        if new.is_terminal():
            said += self.result_lines()
        elif new.phase != before_phase:
            said.append(self.phase_start_line())
        return said

    def phase_start_line(self) -> str:
        e = self.engine
        assert e is not None
        return phase_words(e.phase, e.phases, e.per_phase, e.players, e.first_seat(e.phase))

    # announcements (table.companion.announce): a phase's deal waits for CONFIRM
    def _event_count(self) -> int:
        return len(self.engine.events) if self.engine is not None else 0

    def _setup_told(self, setup: Any) -> list[Announcement]:
        """The table's set-up (teach.py), before the first phase's deal; none for the end-only pad."""
        return [setup_told(setup.players, setup_steps)] if setup.pad == "live" else []

    def _announced(self, since: int) -> list[Announcement]:
        e = self.engine
        if e is None:
            return []
        return [announcement("phase", N_("Deal"), partial(phase_words, ev.phase, e.phases, e.per_phase, e.players,
                                                          ev.seat))
                for ev in e.events[since:] if isinstance(ev, PhaseStarted)]

    def _after(self) -> None:
        done = (self.mode == "play" and self.engine is not None and self.engine.is_terminal()) or \
            (self.mode == "pad" and self.result is not None)
        if done:
            self.mode = "result"
            self.record = self.finished_record()
            self._emit("finished", self.record)
            self.book.changed()  # the names just played come first next time
        else:
            self.log.append(self.ask())
        self._changed()

    def _take_back(self) -> str:
        last = self.cmds[-1]
        self._refold(self.cmds[:-1])
        return last

    def _refold(self, cmds: list[str]) -> None:
        """The state after ``cmds`` from the start of the game (undo)."""
        self._fresh(self.setup)
        for c in cmds:
            self._said_for(c)
            self.cmds.append(c)

    def _config(self) -> Config:
        """The engine's config: the setup's players and easy mode, and this game's deck (the file's
        cards and any the box showed beyond them)."""
        return Config(self.setup.players, easy=self.setup.easy, deck=self.box.deck())

    def _fresh(self, setup: DSetup) -> None:
        self.setup = setup
        self.box = Box(self.file_deck)
        self.cmds = []
        self.entry = []
        self.record = None
        self.result = None
        self.pad_warned = False
        self.said_last = []
        self.picks = []
        if setup.pad == "live":
            self.mode = "play"
            self.engine = build(self._config(), [])
            self.pad_cards = []
        else:
            self.mode = "pad"
            self.engine = None
            self.pad_cards = [[[] for _b in BATCHES] for _p in range(setup.players)]
            self.pad_player, self.pad_batch = 0, None

    def _start(self, setup: DSetup, *, journal: bool) -> None:
        self._fresh(setup)
        if journal:
            self._emit("game", setup.to_dict())
        if setup.pad == "live":
            e = self.engine
            assert e is not None
            line = _("New game of Draft Cider: {players} players, {phases} phases of {per} cards each, easy mode "
                     "(Bad costs nothing)") if setup.easy else \
                _("New game of Draft Cider: {players} players, {phases} phases of {per} cards each")
            self.log.append(line.format(players=setup.players, phases=e.phases, per=e.per_phase))
            self.log.append(self.phase_start_line())
        else:
            line = _("Draft Cider score pad: {players} players, easy mode (Bad costs nothing); enter each player's "
                     "cards batch by batch, in the order played") if setup.easy else \
                _("Draft Cider score pad: {players} players; enter each player's cards batch by batch, in the "
                  "order played")
            self.log.append(line.format(players=setup.players))
        self._after()

    def _clear(self) -> None:
        self.engine = None
        self.result = None
        self.entry = []

    # --- the end ------------------------------------------------------------------------------
    def final_scores(self) -> tuple[Any, ...]:
        if self.setup.pad == "end":
            assert self.result is not None
            return tuple(self.result.scores)
        assert self.engine is not None
        return self.engine.scores()

    def winners(self) -> tuple[int, ...]:
        if self.setup.pad == "end":
            assert self.result is not None
            return tuple(self.result.names.index(n) for n in self.result.winners)
        assert self.engine is not None
        return self.engine.winners()

    def finished_record(self) -> dict[str, Any]:
        """Live: the engine's ``draftcider-record/1`` (its deal is exactly the cards picked).
        Pad: the pad JSON ``score --game draftcider`` reads."""
        if self.setup.pad == "end":
            return {**self.pad_dict(), **self.names_record()}
        assert self.engine is not None
        return {**self.engine.to_record(), **self.names_record()}

    def result_details(self) -> list[dict[str, Any]]:
        return [batches_dict(s) for s in self.final_scores()]

    def result_winners(self) -> tuple[int, ...]:
        return self.winners()


def phase_words(phase: int, phases: int, per_phase: int, players: int, seat: int) -> str:
    """A phase's start as announced: its number, the cards to deal, who picks first."""
    return _("Phase {phase} of {phases}: deal {n} cards to the centre ({per} per player); {seat} picks first"
             ).format(phase=phase, phases=phases, n=per_phase * players, per=per_phase, seat=seat_name(seat))


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> DraftCiderCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return DraftCiderCompanion(on_command=on_command)
