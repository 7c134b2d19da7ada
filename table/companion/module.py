"""What every module game's companion shares: the resume screen, journal replay, ``press``, ``do``.

Zankapfel's, Draft Cider's, Waldgärtner's and the tests' games' modules subclass
:class:`TableModule`: the fields every module starts with, ``do`` (the resume and setup screens,
``new``, ``undo``, ``ack``, ``teach``, then the game's command in its one form, journalled),
resume, discard and exact replay of a journal (its base
:class:`~table.companion.resuming.Resumable`), ``press`` and ``press_past`` (a button, key or
touch mapped by the module's ``_command_for`` to a command, a refusal kept in ``refusal`` until
the next key: its base :class:`~table.companion.pressing.Pressing`), the result screen's sheet
(its base :class:`~table.companion.result_sheet.ShowsResult`), announcements and teach mode, and
the shell's calls those games have no use for (no die sensor).

**The recipe** (``docs/adding-a-game.md``): a module calls ``super().__init__(setup, game=…,
on_command=…)``, names its ``title``, ``setup_type`` (a frozen setup with ``players``,
``names``, ``to_dict``/``from_dict``) and ``result_rows`` (the result's breakdown rows: its
record reader's ``rows``), and writes the hooks — abstract here, so a module that misses one
cannot be made: ``_parse_setup``, ``setup_help``, ``_start``, ``_canonical``, ``_apply``,
``_take_back``, ``_after``, ``_clear``, ``_command_for``, ``resumed_line``, ``leds`` and the
result's ``result_details`` (per seat the breakdown, with ``total``) and ``result_winners``.
A game whose commands are its engine's own actions writes none of them itself:
:class:`~table.companion.engine_module.EngineModule` has them all. ``refusal_for`` lets a game
refuse a journalled setup it cannot replay (Waldgärtner: another card file).
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from table.companion.announce import ACK, Announced, Announcement, AnnouncementQueue, Told, mark_lines
from table.companion.coach_lid import CoachDone, LidCoached
from table.companion.lidhint import LidHinted
from table.companion.phones_gate import enter_instead, lid_first
from table.companion.players import NamedSeats
from table.companion.pressing import Pressing
from table.companion.protocol import CommandError, CommandHook
from table.companion.result_sheet import ShowsResult
from table.companion.resuming import Resumable
from table.companion.teaching import NOT_NOW, NOTHING_TO_SKIP, TEACH, TEACH_WORDS, Syllabus, Teaching, teach_setting
from table.engine.errors import TableError
from table.history.readers import BreakdownRow
from table.i18n import _


class NamedLog(list[str]):
    """The module's log: every line appended says the named seats' players (``named_line``)."""

    def __init__(self, namer: Callable[[str], str]) -> None:
        super().__init__()
        self.namer = namer

    def append(self, line: str) -> None:
        super().append(self.namer(line))

    def extend(self, lines: Iterable[str]) -> None:
        super().extend(self.namer(line) for line in lines)


def _named_ask(ask: Callable[[Any], str]) -> Callable[[Any], str]:
    def named(self: Any) -> str:
        return str(self.named_line(ask(self)))

    named.__doc__ = ask.__doc__
    if getattr(ask, "__isabstractmethod__", False):  # still the game's to write (EngineModule.ask)
        named.__isabstractmethod__ = True  # type: ignore[attr-defined]
    return named


class TableModule(LidCoached, LidHinted, NamedSeats, Resumable, Pressing, ShowsResult, metaclass=ABCMeta):
    """A game's companion module beside Applejack's (see the module docstring). Its setup has
    ``names`` (:class:`~table.companion.players.NamedSeats`): the setup screen's **Names** page
    (``names``) picks a player per seat, text mode's ``setup name SEAT NAME`` too."""

    title: ClassVar[str] = "game"
    setup_type: ClassVar[Any] = None
    error_type: ClassVar[type[Exception]] = ValueError
    """The module's own refusal (its ``CommandError``), raised for a game that cannot resume."""
    longest_command: ClassVar[int] = 0
    """A command longer than this (normalised) is refused as not one short line; 0: no limit."""
    button_tables: ClassVar[tuple[Mapping[tuple[str, str], Any], ...]] = ()
    """The game's buttons as data ((mode or stage, button) → handler; ``buttons.py``): ``help``
    lists the buttons of the places the table is at (:meth:`help_places`)."""
    result_rows: ClassVar[tuple[BreakdownRow, ...]] = ()
    """The result's breakdown rows: the game's record reader's ``rows`` (the history shows the same)."""
    syllabus: ClassVar[Syllabus | None] = None
    """The game's teach mode sentences (its ``teach.py``); None: no teach mode."""

    def __init__(self, setup: Any, *, game: str, on_command: CommandHook | None) -> None:
        """The fields every game's module starts with: the setup screen with ``setup``, no
        commands, an empty log, no refusal, nothing to resume, no record yet."""
        if not self.result_rows or self.setup_type is None:
            raise TypeError(f"{type(self).__name__} names no result_rows or setup_type (TableModule's recipe)")
        self.game = game
        self.on_command = on_command
        self.mode = "setup"
        self.setup = setup
        self.cmds: list[str] = []
        self.version = 0
        self.refusal = ""
        self.storage_problem = ""
        self.log: list[str] = NamedLog(self.named_line)
        """Every line said (text mode, speech): a named seat is its player (``named_line``)."""
        self._said = 0
        self.resume_info = ""
        self.resume_refused = ""
        self.discard_armed = False
        self._resume_payload: tuple[Any, list[str]] | None = None
        self.record: dict[str, Any] | None = None
        self.track = None  # Applejack's front-end helpers look for it; these games have no harvest board
        self.die_seen: int | None = None
        self._hint_asked: str | None = None  # the position a hint was asked for (lidhint.LidHinted)
        self._said_last: list[str] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's ``ask`` (what the table is asked now) says the named seats' players."""
        super().__init_subclass__(**kwargs)
        if "ask" in cls.__dict__:
            cls.ask = _named_ask(cls.__dict__["ask"])  # type: ignore[attr-defined]

    @property
    def said_last(self) -> list[str]:
        """What the last command made happen (the screen shows its last line), players named."""
        return self._said_last

    @said_last.setter
    def said_last(self, lines: list[str]) -> None:
        self._said_last = [self.named_line(line) for line in lines]

    # --- the shell's calls these games have no use for -----------------------------------------
    def die_reading(self, space: int) -> None:
        """No die on a path in these games: a die sensor's reading is ignored."""

    def sensor_status(self, state: str) -> None:
        """No die sensor in these games."""

    def hint_request(self) -> None:
        """No Applejack-style hint requests (Applejack's worker asks every frame): the module
        games' hints are ``lid_hint_request`` (``lidhint.LidHinted``)."""
        return None

    def _setup_names(self, command: str) -> bool:
        """``setup name SEAT [NAME]`` on the setup screen (the name as typed, not lower-cased):
        whether ``command`` was one (the module's ``do`` asks first)."""
        words = command.split(maxsplit=2)
        if self.mode != "setup" or len(words) < 2 or words[0].lower() != "setup" or words[1].lower() != "name":
            return False
        self.setup = self._name_setup(command.split(maxsplit=1)[1])
        self._changed()
        return True

    # --- resume -----------------------------------------------------------------------------------
    def fresh(self) -> TableModule:
        """A new module of the same game for a dry run of a journal (the session's resume offer)."""
        game: Any = type(self)  # a game's module takes only keyword arguments, all with defaults
        fresh: TableModule = game()
        return fresh

    def _resume_or_setup(self, command: str, text: str) -> bool:
        """The resume and setup screens' commands, the same in every game: True when ``text``
        (``command`` normalised) was one of them; CommandError for a word those screens do not
        know; False in the other modes."""
        if self.mode == "resume":
            if text == "resume":
                self._resume()
                return True
            if text == "discard":
                self._discard()
                return True
            raise CommandError(_("an unfinished game is waiting: confirm resumes it, undo twice discards it"))
        if self.mode != "setup":
            return False
        if self._setup_names(command):
            return True
        if text.startswith("setup") or text.split()[:1] == [TEACH]:
            self._setup_words(text)
            return True
        if text == "start":
            self._begin(self.setup, journal=True)
            if self.teaching.asked:
                self._teach_command("on")  # journalled right after the setup: a replay turns it on there too
            return True
        raise CommandError(self.setup_help(text))

    def give_advice(self, advice: Any) -> bool:
        """A bot's advice computed off the UI thread: the result's coach, or a hint."""
        if isinstance(advice, CoachDone):
            return self.take_coach(advice)
        return LidHinted.give_advice(self, advice)

    # --- commands: the same steps in every game ---------------------------------------------------
    def do(self, command: str) -> None:
        """One command (script line, journal row, or what a key meant); CommandError if refused
        (its line says the named seats' players). The resume and setup screens' words, ``new``
        on the result, ``undo``; anything else is the game's: put in its one form
        (``_canonical``), applied, journalled, then ``_after``."""
        try:
            self._do(command)
        except TableError as exc:
            exc.args = (self.named_line(str(exc)),)
            raise

    def _do(self, command: str) -> None:
        text = " ".join(command.strip().lower().split())
        if not text:
            raise CommandError(_("an empty command"))
        if self.longest_command and len(text) > self.longest_command:
            raise CommandError(_("a command is one short line"))
        if text == "hint":  # advice, not a game step: never journalled
            self._ask_hint()
            return
        if self._resume_or_setup(command, text):
            return
        if self.mode == "result":
            if text == "new":
                self._reset()
                return
            if text == "coach":  # advice, not a game step: never journalled (coach_lid.py)
                self._ask_coach()
                return
            raise CommandError(_("the game is over and recorded: confirm starts a new one"))
        if text in ("undo", "u"):
            self._undo()
            self._teach_moment()
            return
        if text == ACK:
            self._ack()
            return
        if text.split()[:1] == [TEACH]:
            self._teach_command(text.partition(" ")[2])
            return
        canon = self._canonical(text)
        instead = lid_first(self, canon)  # play --web: what the phones hold comes first (phones_gate.py)
        if instead is not None:
            enter_instead(self, instead, self._do)
            return
        told_from, events_from = len(self.log), self._event_count()
        self._apply(canon)
        self._told(self._announced(events_from), told_from)
        self._emit("cmd", canon)  # journalled before a "finished" it may cause
        self._after()
        self._teach_moment()

    def _undo(self) -> None:
        """Take back the last command (the game's ``_take_back``), journalled and said."""
        if not self.cmds:
            raise CommandError(_("nothing to undo: this is the start of the game"))
        last = self._take_back()
        self.announcements.clear()
        self._emit("cmd", "undo")
        undone = _("Undone: {command}").format(command=last)
        self.log.append(undone)
        self.said_last = [undone]
        self._after()

    # --- announcements and teach mode (table.companion.announce, table.companion.teaching) ------------
    @property
    def announcements(self) -> AnnouncementQueue:
        """What the table is told: the waiting ones until CONFIRM (made on first use: a module
        need not call this base's ``__init__``)."""
        queue = self.__dict__.get("_announcements")
        if queue is None:
            queue = self.__dict__["_announcements"] = AnnouncementQueue()
        return queue

    @property
    def teaching(self) -> Teaching:
        """Teach mode (made on first use, like :attr:`announcements`)."""
        teaching = self.__dict__.get("_teaching")
        if teaching is None:
            teaching = self.__dict__["_teaching"] = Teaching(self.syllabus)
        return teaching

    def _begin(self, setup: Any, *, journal: bool) -> None:
        """A game starts (or is replayed): the game's ``_start``, its first announcements, no
        lessons yet (teach mode comes on with the journalled ``teach on`` after it)."""
        self.announcements.clear()
        self.teaching.restart()
        told_from = len(self.log)
        setting = self._setup_told(setup)  # said before the game's first question
        for told in setting:
            self.log.extend(Told(line) for line in told.text.split("\n"))
        self._start(setup, journal=journal)
        self._told([*setting, *self._announced(0)], told_from)

    def _setup_told(self, setup: Any) -> list[Announcement]:
        """The table's set-up as the rulebook gives it, the deal included (kind ``setup``: teach
        mode explains it), waiting for CONFIRM before the first question (issue 33); none by
        default and none for a score pad (the game was played)."""
        del setup
        return []

    def _told(self, told: list[Announcement], told_from: int) -> None:
        """A command told ``told``: queued (what waited before passes), marked in the log; the
        named seats' players said in them as in every other line (the panel, speech, text mode)."""
        told = [a.named(self.named_line) for a in told]
        self.announcements.step(told)
        mark_lines(self.log, told_from, told)

    def _ack(self) -> None:
        """CONFIRM on the waiting announcement (journalled ``ack``): the next one, else what is
        asked now."""
        if self.announcements.head is None:
            raise CommandError(_("nothing to confirm"))
        self.announcements.ack()
        self._emit("cmd", ACK)
        head = self.announcements.head
        if head is not None:
            self.log.append(Announced(head.text))
            self._changed()
        else:
            self._after()
        self._teach_moment()

    def _setup_words(self, text: str) -> None:
        """``setup key=value …`` on the setup screen, teach mode's ``teach=on`` among them."""
        choice, rest = teach_setting(text)
        if choice is not None and self.syllabus is not None:
            self.teaching.asked = choice
        elif choice is not None or rest.split()[:1] == [TEACH]:
            raise CommandError(self.setup_help(text))
        if choice is None or rest not in ("", "setup"):
            self.setup = self._parse_setup(rest)
        self._changed()

    def _teach_command(self, word: str) -> None:
        """``teach on|off|skip`` during a game: journalled, said."""
        if self.syllabus is None or word not in TEACH_WORDS:
            raise CommandError(_(NOT_NOW).format(words="teach on, teach off, teach skip"))
        if word == "skip" and self.teaching.lessons.current is None:
            raise CommandError(_(NOTHING_TO_SKIP))
        self.log.extend(self.teaching.command(word))
        self._emit("cmd", f"{TEACH} {word}")
        if word == "on":
            self._teach_moment()
        self._changed()

    def _teach_moment(self) -> None:
        """The prompt may have changed: its lesson, said once when new."""
        if self.mode == "result":
            self.announcements.clear()
        if self.syllabus is None or self.mode not in ("play", "pad"):
            return
        head = self.announcements.head
        kinds = [head.kind] if head is not None else []
        self.log.extend(self.teaching.moment([*kinds, *self.syllabus.moment(self)]))

    @property
    def lesson(self) -> str | None:
        """Teach mode's sentence for what is shown now (None: none)."""
        return self.teaching.lesson if self.mode in ("play", "pad") else None

    def retell(self) -> None:
        """The language was changed (the shell's ``language``): the announcements in it."""
        self.announcements.retell()
        self._changed()

    def _event_count(self) -> int:
        """How many events the game's engine has told so far (its announcements come from
        those after this count: ``_announced``)."""
        return 0

    def _announced(self, since: int) -> list[Announcement]:
        """The announcements of the engine's events after the first ``since`` (the game's)."""
        del since
        return []

    # the module's own (declared for the type checker)
    @abstractmethod
    def _parse_setup(self, text: str) -> Any:
        """``setup key=value …`` → the module's next setup (from ``self.setup``)."""
        raise NotImplementedError

    @abstractmethod
    def setup_help(self, text: str) -> str:
        """The refusal for ``text`` on the setup screen, naming the game's setup words."""
        raise NotImplementedError

    @abstractmethod
    def _start(self, setup: Any, *, journal: bool) -> None:
        raise NotImplementedError

    @abstractmethod
    def _canonical(self, text: str) -> str:
        """A game command's one form (what the journal keeps); CommandError if it is none."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, canon: str) -> None:
        """Apply one command in its one form: appended to ``cmds``, what it made happen to
        ``log`` and ``said_last``; nothing changes when it is refused."""
        raise NotImplementedError

    @abstractmethod
    def _take_back(self) -> str:
        """Undo the last of ``cmds`` (popped) in the game; returns it."""
        raise NotImplementedError

    @abstractmethod
    def _after(self) -> None:
        """After a command: the result once the game is over, else what is asked next."""
        raise NotImplementedError

    @abstractmethod
    def _command_for(self, button: str) -> str | None:
        raise NotImplementedError

    def _reset(self) -> None:
        """Back to the setup screen: no game (the game's ``_clear``), no commands, no record."""
        self.mode = "setup"
        self.qr_open, self.history, self.coach_open = False, None, False
        self._clear()
        self.announcements.clear()
        self.cmds = []
        self.record = None
        self._changed()

    @abstractmethod
    def leds(self) -> Any:
        """The seven lamps now (a :class:`~table.companion.leds.LedState`): the game's to use."""
        raise NotImplementedError

    @abstractmethod
    def _clear(self) -> None:
        """Drop the game's own state of the game just left (its engine, its entries)."""
        raise NotImplementedError

    # the shell's protocol, the same for every module: the log's new lines, the version, the journal hook
    def new_lines(self) -> list[str]:
        """Lines added to ``log`` since the last call (text view, speech)."""
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    def _changed(self) -> None:
        self.version += 1

    def _emit(self, kind: str, payload: Any) -> None:
        if self.on_command is not None:
            self.on_command(kind, payload)
