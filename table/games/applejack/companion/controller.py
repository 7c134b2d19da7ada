"""The Applejack companion's state machine: :class:`Controller`, composed of one part per job.

It knows nothing of pygame, GPIO or SQLite. Two layers:

* :meth:`Controller.press` takes a *button* ("trough1".."trough7", "blind", "confirm",
  "undo", "cottage", "middle", "correct", "escape", digits and score-pad keys) and turns it,
  depending on the mode, into a *command* — or ignores it.
* :meth:`Controller.do` executes a command (text: ``take 3``, ``blind``, ``ack``, ``undo``,
  ``fix-die 5 2``, ``pad 1 brown 5,3``, ``pad-done`` …). Every command that changed
  something is handed to ``on_command`` (the journal) *after* it was applied, so replaying a
  journal through :meth:`do` rebuilds the exact state, announcement queue included.

The parts it holds (each a class with its own state, given the controller as the narrow typed
:class:`~.parts.Table` at construction; none knows another): :mod:`.setup_job` (the setup
screen), :mod:`.play` (the turn on the Track: take buttons, lamps, steps), :mod:`.correction_job`
(the correction screen), :mod:`.scorepad_job` (score pad and result), :mod:`.resume` (the resume
screen), :mod:`.teach_job` (teach mode), :mod:`.tracking` (orchard tracking and the bot's advice),
:mod:`.die_job` (the die sensor). A press goes :meth:`Controller.press` → the part of the screen
shown (``_command_for``) → a command → :meth:`Controller.do` → the part that owns the word. This
module holds the modes' dispatch, the start and reset of a game, the lines said, the journal, the
replay and the finished record.

What the screen must show is the controller's public state (``mode``, ``track``,
``queued``, ``correction``, ``pad`` …) and :meth:`Controller.buttons`; what the LEDs must show
is :meth:`Controller.leds`. ``version`` goes up on every change so a view redraws only when
something changed.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from table.companion.buttontable import says
from table.companion.leds import LedKind, LedState
from table.companion.phones_gate import enter_instead, lid_first
from table.companion.players import NamedSeats
from table.companion.protocol import UNFINISH
from table.companion.resuming import replay_quietly
from table.engine.errors import ActionParseError, IllegalActionError
from table.games.applejack.companion.announcements import Announcement
from table.games.applejack.companion.correction import Correction
from table.games.applejack.companion.correction_job import Corrector
from table.games.applejack.companion.die_job import DieWatch
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.hints import Hint, HintRequest
from table.games.applejack.companion.parts import TROUGH_BUTTONS, Forward, Mode
from table.games.applejack.companion.play import PLAY_KEYS, TAKE_KEYS, Buttons, PlayScreen
from table.games.applejack.companion.result import result_sheet
from table.games.applejack.companion.resume import ResumeOffer
from table.games.applejack.companion.scorepad import ScorePad
from table.games.applejack.companion.scorepad_job import FINISHING, ScorePadDesk
from table.games.applejack.companion.setup import Setup, campaign_middle
from table.games.applejack.companion.setup_job import SetupScreen
from table.games.applejack.companion.teach import Teacher
from table.games.applejack.companion.teach_job import TeachPart
from table.games.applejack.companion.tracked import OrchardMirror
from table.games.applejack.companion.tracking import ENGINE_VERBS, OrchardTracking
from table.games.applejack.companion.turnline import turn_line
from table.games.applejack.labels import seat_label as symbol_seat_label
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.rules.scoring import ScoreBreakdown
from table.games.applejack.rules.track import Track, track_record
from table.history.sheet import ResultSheet, no_result
from table.i18n import _, ngettext
from table.i18n.labels import listed
from table.i18n.names import variety_name

log = logging.getLogger(__name__)

BUTTONS = (*TROUGH_BUTTONS, "blind", "confirm", "undo")
"""The physical buttons on GPIO; the keyboard and the touchscreen add more names."""
SEAT_COLOURS: tuple[str, ...] = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")
"""Seat colours (blue, red, green, gold); every seat is also drawn with its symbol."""



class Controller(NamedSeats):
    """See the module docstring. ``on_command(kind, payload)`` receives ``("game", setup dict)``
    when a game starts, ``("cmd", text)`` for every command that changed the game and
    ``("finished", record dict)`` when the score pad is done."""


    def seat_label(self, seat: int) -> str:
        """Applejack's seats are the harvest board's symbols (``○ Circle``), not ``Seat 2``."""
        return symbol_seat_label(seat)

    def __init__(self, data: DataSet, *, on_command: Callable[[str, Any], None] | None = None,
                 rng: random.Random | None = None) -> None:
        self.game = "applejack"  # its key in table.games (table.companion.protocol.GameCompanion)
        self.data = data
        self.on_command = on_command
        self.rng = rng or random.Random()
        self.mode = Mode.SETUP
        self.setup = Setup()
        self.track: Track | None = None
        self.queued: list[Announcement] = []
        # the parts, one per job (declared with what they hold below); each is given the controller
        # as its narrow typed Table (parts.py)
        self.refusal = ""  # a short message about the last input that was refused
        self.coach: Any = None  # the result's fair target and coach: companion/coach.py, set by the front end
        self.storage_problem = ""  # the journal cannot be written now (one line; set by the session)
        self.version = 0
        self.log: list[str] = []  # every announcement / turn line, for the text view and speech
        self._said = 0
        self.setup_screen = SetupScreen(self)
        self.play = PlayScreen(self)
        self.corrector = Corrector(self)
        self.pad_desk = ScorePadDesk(self)
        self.resume = ResumeOffer(self)
        self.teach_mode = TeachPart(self)
        self.tracking = OrchardTracking(self)
        self.die = DieWatch(self)
        self._before_game: dict[str, Callable[[str], None]] = {  # the words that need no game, each journalling itself
            "setup": self._do_setup, "start": self._do_start, "resume": self.resume.do_resume,
            "discard": self.resume.do_discard, "new-game": self._do_new_game, "teach": self.teach_mode.command}
        self._steps: dict[str, Callable[[str], str | None]] = {  # a game's journalled words (a returned text is
            "undo": self._do_undo, "game": self._do_game, "untrack": self._do_untrack,  # journalled instead)
            "ack": self._do_ack, "pad-open": self._do_pad_open, "pad": self.pad_desk.set_field,
            "pad-at": self.pad_desk.place}

    # --- what the views and the seam read on the controller, held by its parts (parts.Forward) ---
    die: DieWatch  # the die sensor's readings and link (die_job.py)
    die_seen: Forward[Controller, int | None] = Forward(lambda c: c.die.seen)
    sensor_state: Forward[Controller, str] = Forward(lambda c: c.die.state)  # die_job.SENSOR_STATES
    sensor_note: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.die.note)
    die_wrong: Forward[Controller, Callable[[], bool]] = Forward(lambda c: c.die.wrong)
    shown_die: Forward[Controller, Callable[[], tuple[int, int]]] = Forward(lambda c: c.die.shown)
    resume: ResumeOffer  # the unfinished game offered on the resume screen (resume.py)
    corrector: Corrector  # the correction screen (correction_job.py)
    correction: Forward[Controller, Correction | None] = Forward(lambda c: c.corrector.correction)
    teach_mode: TeachPart  # teach mode (teach_job.py)
    teacher: Forward[Controller, Teacher] = Forward(lambda c: c.teach_mode.teacher)
    tracking: OrchardTracking  # orchard tracking and the bot's hints (tracking.py)
    tracked: Forward[Controller, OrchardMirror | None] = Forward(lambda c: c.tracking.tracked)
    advice: Forward[Controller, Hint | None] = Forward(lambda c: c.tracking.advice)
    waiting_line: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.tracking.waiting_line)
    current_advice: Forward[Controller, Callable[[], tuple[Hint, int] | None]] = Forward(
        lambda c: c.tracking.current_advice)
    hint_request: Forward[Controller, Callable[[], HintRequest | None]] = Forward(lambda c: c.tracking.hint_request)
    setup_screen: SetupScreen  # the setup screen's buttons and words (setup_job.py)
    honey_line: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.setup_screen.honey_line)
    starting_honey_text: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.setup_screen.starting_honey_text)
    play: PlayScreen  # the turn on the Track: its buttons, lamps and steps (play.py)
    take_step: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.play.take_step)
    buttons: Forward[Controller, Callable[[], Buttons]] = Forward(lambda c: c.play.buttons)
    pad_desk: ScorePadDesk  # the score pad, the result and the finished record (scorepad_job.py)
    pad: Forward[Controller, ScorePad | None] = Forward(lambda c: c.pad_desk.pad)
    results: Forward[Controller, list[ScoreBreakdown]] = Forward(lambda c: c.pad_desk.results)
    winners: Forward[Controller, tuple[int, ...]] = Forward(lambda c: c.pad_desk.winners)
    pad_line_problem: Forward[Controller, Callable[[str], str | None]] = Forward(lambda c: c.pad_desk.pad_line_problem)
    pad_help: Forward[Controller, Callable[[], str]] = Forward(lambda c: c.pad_desk.pad_help)
    pad_warnings: Forward[Controller, Callable[[], list[str]]] = Forward(lambda c: c.pad_desk.pad_warnings)

    @property
    def record(self) -> dict[str, Any] | None:
        """The finished game's record (None until the pad is done; the pad part's)."""
        return self.pad_desk.record

    @record.setter
    def record(self, record: dict[str, Any] | None) -> None:
        self.pad_desk.record = record

    # the seam's own names (table.companion.protocol) are written out, not forwarded: mypy checks
    # GameCompanion on them, which it cannot through a Forward
    def offer_resume(self, setup: Setup, cmds: list[str], info: str = "", *, refused: str = "") -> None:
        """An unfinished game was found: the resume part offers it (confirm resumes, undo twice discards)."""
        self.resume.offer(setup, cmds, info, refused=refused)

    @property
    def resume_info(self) -> str:
        """What the resume screen says of the game offered (the resume part's)."""
        return self.resume.info

    def die_reading(self, space: int) -> None:
        """A settled die position from the sensor (the die part's: shown, never obeyed)."""
        self.die.reading(space)

    @property
    def resume_refused(self) -> str:
        """Why the offered game cannot be resumed, "" when it can (the resume part's)."""
        return self.resume.refused

    def sensor_status(self, state: str) -> None:
        """The die sensor's link changed (the die part says it once)."""
        self.die.status(state)

    @property
    def discard_armed(self) -> bool:
        """Undo was pressed once on the resume screen: once more discards (the resume part's)."""
        return self.resume.discard_armed

    def give_advice(self, advice: Hint | None) -> bool:
        """The bot's computed advice: the tracking part shows it if the table still stands there."""
        return self.tracking.give_advice(advice)

    @property
    def lesson(self) -> str | None:
        """The lesson under the announcement or turn prompt (None: nothing to explain now)."""
        return self.teach_mode.lesson

    def can_unfinish(self) -> bool:
        """Whether undo on the result reopens the score pad (the pad part's)."""
        return self.pad_desk.can_unfinish()

    def say(self, line: str) -> None:
        """A line for the text view and speech (``log``; ``new_lines`` hands it out once)."""
        self.log.append(line)

    def new_lines(self) -> list[str]:
        """Lines added to ``log`` since the last call (text view, speech)."""
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    def say_next(self) -> None:
        """Say what comes next: the first waiting announcement, else the turn line (game on)."""
        if self.queued:
            self.say(self.queued[0].text)
        elif self.track is not None and not self.track.is_terminal():
            self.say(self.turn_line())

    def changed(self) -> None:
        """Something the screen shows changed: ``version`` goes up (the view redraws)."""
        self.version += 1

    def die_space(self) -> int | None:
        """Where the rules say the die stands now (None: no game): the simulated sensor follows it
        (``table.companion.protocol.MovesDie``)."""
        return self.track.state.die.space if self.track is not None else None

    # --- the setup screen and named seats (setup_job.py; table.companion.players.NamedSeats) --------
    def _setup_press(self, b: str) -> str | None:
        """A press on the setup screen: the name keyboard's, the history's or a name button's
        first (``NamedSeats``), then the setup screen's own (``SetupScreen``)."""
        if self.keyboard is not None:
            return self._keyboard_press(b)
        if self.history is not None:
            return self._history_press(b)
        named = self._name_press(b)
        if named is not None:
            return named
        if b in ("history", "H"):
            self.open_history()
            return ""
        return self.setup_screen.press(b)

    def _parse_setup(self, text: str) -> Setup:
        """``setup name SEAT [NAME]`` (``NamedSeats``); every other ``setup`` word (``SetupScreen``)."""
        if text.split(maxsplit=1)[:1] == ["name"]:
            named: Setup = self._name_setup(text)
            return named
        return self.setup_screen.parse(text)

    def with_name(self, seat: int, label: str | None = None) -> str:
        """``○ Circle (Ada)``: a seat's label with its player's name (the label alone when none)."""
        label = self.seat_label(seat) if label is None else label
        name = self.player_name(seat)
        return label if name is None else _("{seat} ({name})").format(seat=label, name=name)

    def named_line(self, line: str) -> str:
        """A line that names seats by their labels, with the players' names added."""
        for seat, name in enumerate(self.seat_names()):
            label = self.seat_label(seat)
            if name is not None and label in line:
                line = line.replace(label, self.with_name(seat, label), 1)
        return line

    def turn_line(self) -> str:
        """The turn line (``turnline.py``) with the players' names."""
        return self.named_line(turn_line(self.t))

    def result_sheet(self) -> ResultSheet:
        """The result as data (every game's result screen, table/display/result_view.py)."""
        if self.mode != Mode.RESULT or not self.results:
            return no_result()
        names = [self.player_name(s) or self.seat_label(s) for s in range(len(self.results))]
        return result_sheet(self.results, self.winners, names)

    def scored(self) -> None:
        """The pad was scored (or asked about empty fields): the QR page closes, the history reads itself again."""
        self.qr_open = False
        self.book.changed()

    def unscored(self) -> None:
        """The result was taken back: its coach goes, the history reads itself again."""
        self.coach = None
        self.book.changed()

    def retell(self) -> None:
        """The language was changed (the shell's ``language``): the waiting announcements are said
        again in it (everything else is worded when it is drawn or said)."""
        self.queued = [a.retold() for a in self.queued]
        self.changed()

    @property
    def t(self) -> Track:
        assert self.track is not None
        return self.track

    def leds(self) -> LedState:
        if self.mode == Mode.PLAY and self.track is not None:
            return self.play.leds()
        if self.mode == Mode.CORRECT and self.correction is not None and 2 <= self.correction.cursor <= 8:
            return LedState(LedKind.OPEN, (self.correction.cursor - 1,))
        if self.mode in (Mode.SETUP, Mode.RESULT, Mode.RESUME):
            return LedState(LedKind.CHASE)
        return LedState(LedKind.OFF)

    def press(self, button: str) -> bool:
        """A button, key or touch target; returns whether it did something."""
        if self.refusal:  # an old refusal does not stay on the screen past the next key
            self.refusal = ""
            self.changed()
        spot = self.pad_desk.spot()
        try:
            cmd = self._command_for(button)
            if cmd is None:
                return False
            if cmd != "":
                self.do(cmd)
            if spot is not None and self.pad_desk.spot() not in (None, spot):
                self.do(self.pad_desk.at_command())  # the cursor and the typing are journalled: a resume is exact
            elif cmd == "":
                self.changed()  # view-only change (cursor, typing, setup choice)
            return True
        except (CommandError, IllegalActionError, ActionParseError) as exc:
            self.refusal = str(exc)
            self.changed()
            return False

    def _command_for(self, b: str) -> str | None:
        """The command button ``b`` means on the screen shown ("": a change only the screen shows;
        None: nothing): each screen's part reads its own buttons."""
        match self.mode:
            case Mode.SETUP:
                return self._setup_press(b)  # the names first, then the setup screen
            case Mode.RESUME:
                return self.resume.press(b)
            case Mode.CORRECT:
                return self.corrector.press(b)
            case Mode.PAD:
                return self.pad_desk.press(b)
            case Mode.RESULT:
                return self._result_press(b)
        return self.corrector.open() if b == "correct" else self.play.press(b)  # the play screen

    def _result_press(self, b: str) -> str | None:
        if self.coach is not None and self.coach.press(b):  # the coach page (companion/coach.py)
            return ""
        if self._result_shared_press(b):  # the history, the play's QR code page (companion/players.py)
            return ""
        return {"confirm": "new-game", "undo": UNFINISH}.get(b)  # undo: the result back into the score pad

    button_tables: ClassVar[tuple[dict[tuple[str, str], Any], ...]] = ()
    """The buttons as data ``help`` lists (set below the class from the jobs' tables)."""

    def help_places(self) -> tuple[str, ...]:
        """Where ``help`` looks the buttons up: the mode (play: its keys, take buttons, troughs)."""
        return (str(self.mode),)

    def do(self, cmd: str) -> None:
        """Execute one command; raise CommandError / IllegalActionError when it cannot be done."""
        word, _sep, rest = cmd.strip().partition(" ")
        before = self._before_game.get(word)
        if before is not None:  # the setup, resume and teach words: they journal themselves
            before(rest)
            return
        if self.track is None:
            raise CommandError(_("start a game first (confirm)"))
        if word == "hint":
            self.tracking.ask_hint()  # advice, not a game step: never journalled
            return
        instead = lid_first(self, cmd.strip())  # play --web: what the phones hold comes first (phones_gate.py)
        if instead is not None:
            enter_instead(self, instead, self.do)
            return
        journal = cmd.strip()
        if self.tracked is not None and word in ENGINE_VERBS:
            word, rest = "game", cmd.strip()  # in a tracked game ``draw 17`` means ``game draw 17``
        if word in FINISHING:  # the score pad done, the result undone: journalled their own way (scorepad_job.py)
            self.pad_desk.finish(word, journal)
            self.changed()
            return
        step = self._steps.get(word)
        if step is not None:
            journal = step(rest) or journal
        else:
            self.play.track_step(cmd, word)
        self.teach_mode.moment()  # teach mode: the new prompt's explanation, the first time
        self.emit("cmd", journal)
        self.changed()

    def _do_setup(self, rest: str) -> None:
        if self.mode != Mode.SETUP:
            raise CommandError(_("a game is running"))
        self.setup = self._parse_setup(rest)
        self.changed()

    def _do_start(self, rest: str) -> None:
        if self.mode != Mode.SETUP:
            raise CommandError(_("a game is running"))
        self._start(self.setup, journal=True)

    def _do_new_game(self, rest: str) -> None:
        if self.mode not in (Mode.RESULT, Mode.SETUP):
            raise CommandError(_("finish this game first"))
        self._reset()

    def _do_undo(self, rest: str) -> None:
        if self.mode == Mode.CORRECT:
            self.corrector.close()
        self.tracking.undo()
        self.queued = []
        self.mode = Mode.PLAY
        self.say(_("Undone. {line}").format(line=self.turn_line()))

    def _do_game(self, rest: str) -> str:
        return "game " + self.tracking.game_step(rest)

    def _do_untrack(self, rest: str) -> None:
        self.tracking.untrack()

    def _do_ack(self, rest: str) -> None:
        if not self.queued:
            raise CommandError(_("nothing to confirm"))
        self.queued.pop(0)
        self.say_next()
        if not self.queued and self.t.is_terminal():
            self.pad_desk.open()

    def _do_pad_open(self, rest: str) -> None:
        if not self.t.is_terminal() or self.queued:
            raise CommandError(_("the game is not over"))
        self.pad_desk.open()

    def emit(self, kind: str, payload: Any) -> None:
        """One entry for the journal (``on_command``; none while a replay runs)."""
        if self.on_command is not None:
            self.on_command(kind, payload)

    def _start(self, setup: Setup, *, journal: bool) -> None:
        if setup.tracked and setup.campaign > 1 and len(setup.kept) != campaign_middle(setup.campaign):
            kept = campaign_middle(setup.campaign)
            raise CommandError(ngettext("a tracked campaign game {game} needs the kept tiles' numbers: "
                                        "setup kept=N,… ({n} tile)",
                                        "a tracked campaign game {game} needs the kept tiles' numbers: "
                                        "setup kept=N,… ({n} tiles)", kept).format(game=setup.campaign, n=kept))
        setup = replace(setup, hints=tuple(sorted({h for h in setup.hints if 0 <= h < setup.players}))
                        if setup.tracked else ())
        self.setup = setup
        self.track = Track(self.data, setup.track_config())
        self.tracking.start(self.track, setup)
        self.play.box_said = False  # the box-differs line is said once a game (box.py)
        self.mode = Mode.PLAY
        self.queued = []
        self.die.seen = None
        if journal:
            self.emit("game", setup.to_dict())
        self.say(self.new_game_line())
        self.say(self.honey_line())
        if setup.apple_tiles is not None:
            names = listed(variety_name(self.data.varieties[v].name) for v in setup.apple_tiles)
            self.say(_("Apple tiles, first printed apple first: {names}").format(names=names))
        if setup.tracked:
            self.say(_("Orchard tracking on (hints: {hints}): enter every tile drawn, taken and placed").format(
                hints=setup.hints_text()))
        self.teach_mode.start()  # teach mode: a fresh teacher (and a line saying it is on)
        self.say(self.turn_line())
        self.teach_mode.moment()  # teach mode: the first turn's explanation
        self.changed()

    def new_game_line(self) -> str:
        """"New game: 2 players, cottage tiles, die sensor on" in the current language."""
        setup = self.setup
        who = _("solo") if setup.players == 1 else ngettext("{n} player", "{n} players", setup.players).format(
            n=setup.players)
        text = _("New game: {players}").format(players=who)
        variants = setup.variants_text()
        if variants:
            text = _("{text}, {variants}").format(text=text, variants=variants)
        if setup.sensor:
            text = _("{text}, die sensor on").format(text=text)
        if self.sensor_note():
            text = _("{text} ({note}: the die is followed by turn count)").format(text=text, note=self.sensor_note())
        return text

    def _reset(self) -> None:
        self.mode = Mode.SETUP
        self.track = None
        self.tracking.start(None, None)
        self.queued = []
        self.pad_desk.clear()
        self.coach = None
        self.changed()

    def replay(self, setup: Setup, cmds: list[str]) -> None:
        """Rebuild a journalled game exactly: its setup, then every command without journalling."""
        replay_quietly(self, lambda: self._start(setup, journal=False), cmds)
        now = self.turn_line() if not self.queued else self.queued[0].text
        self.log.append(_("Resumed. {line}").format(line=now))
        self.changed()

    def track_record(self) -> dict[str, Any]:
        """The finished game as JSON data: the engine's ``applejack-track/1`` record plus the score pad."""
        assert self.pad is not None
        record = track_record(self.t)  # the engine's applejack-track/1: config + actions (replay reads it)
        config = record["config"]
        assert isinstance(config, dict)
        config["sensor"] = self.setup.sensor
        extra: dict[str, Any] = {}
        if self.tracked is not None:  # the whole game as well: `applejack-table replay` reads it too
            extra["game"] = GameRecord.of(self.tracked.state).to_dict()
        return {
            **record,
            **extra,
            **self.names_record(),  # the players picked on the setup screen (companion/players.py)
            "score_pad": self.pad.to_dict(tuple(v.id for v in self.data.varieties)),
            "scores": [{"harvest": r.harvest, "harvest_doubled": r.harvest_doubled,
                        "profitable_varieties": r.profitable_varieties, "variety_bonus": r.variety_bonus,
                        "blossoms": r.blossoms, "honey": r.honey, "total": r.total,
                        "per_variety": list(r.per_variety)} for r in self.results],
            "winners": list(self.winners),
        }


def _button_table() -> dict[tuple[str, str], Any]:
    """Applejack's buttons as data for ``help`` (table.companion.help), from the tables its
    presses read: the setup's, the score pad's, the play's keys and take buttons, the troughs."""
    table: dict[tuple[str, str], Any] = {("setup", "confirm"): says("start"), ("resume", "confirm"): says("resume"),
                                         ("resume", "undo"): says("discard"), ("result", "confirm"): says("new-game"),
                                         ("result", "undo"): says(UNFINISH)}
    table |= {("setup", b): h for b, h in SetupScreen._SETUP_BUTTONS.items()}
    table |= {("pad", b): h for b, h in ScorePadDesk._PAD_KEYS.items()}
    table |= {("play", b): says(c) for b, c in PLAY_KEYS.items()}
    table |= {("play", b): h for b, h in TAKE_KEYS.items()}
    table |= {("play", b): b for b in ("confirm", *TROUGH_BUTTONS)}
    return table


Controller.button_tables = (_button_table(),)
