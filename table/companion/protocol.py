"""What the companion's shell needs from one game's companion module (issue 12 §1).

The shell — ``play`` (kiosk loop, text front end, journal and resume, LEDs, buttons, speech,
idle demo) — drives every game through this one shape. A game's companion module (Applejack's
``Controller``; the other games' ``TableModule`` subclasses) is a pure state machine: no pygame,
GPIO, SQLite, threads or clock. Its screens are drawn by the game's view (its ``view`` part, on
``table/display/``'s toolkit) and printed by its text part; both read the module's public
attributes only.

The shell, the front ends and the toolkit speak to a game through :class:`GameCompanion` only
(never ``Any``, never a ``getattr`` probe): what every game has is a member of it; what only some
games have is a small runtime-checkable protocol beside it (:class:`Staged`, :class:`Teaches`,
:class:`Announces`, :class:`CoachesLid`, :class:`HintsLid`, :class:`Unfinishes`,
:class:`ExplainsButtons`, :class:`Titled`, :class:`Asks`, :class:`Retells`), asked with
``isinstance``. :class:`TableShell` is what the front ends hold:
the shell over every game (``shell.Shell``), a :class:`GameCompanion` itself plus the game
choice, the language and the phones' pages when ``play --web`` lets them in.

Inputs: ``press(button)`` takes a lid button (``trough1`` … ``trough7``, ``confirm``, ``undo``,
``blind``, ``correct``), a key or a touch target and maps it to a command for the current
``mode``; ``do(command)`` applies one command text (what a script line or the journal holds).
Refusals raise this module's ``CommandError`` (or an engine error) inside ``do``; ``press`` catches them and
puts the reason in ``refusal`` until the next key.

Journal: every command that changed the game is reported to ``on_command(kind, payload)``
after it was applied: ``("game", setup_dict)`` when a game starts, ``("cmd", text)`` per step,
``("discard", None)``, ``("finished", record_dict)``, and ``("unfinish", UNFINISH)`` when undo on
the result reopened the score pad (the journal appends it as the game's next step and withdraws
the finished record and its history entry). Replaying the same commands through
``replay(setup_dict, commands)`` on a fresh module rebuilds the exact state (power cut).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from table.companion.leds import LedState
from table.engine.errors import TableError
from table.history.rows import HistorySummary, ResultQR
from table.history.sheet import ResultSheet

if TYPE_CHECKING:  # the shell's own modules, which import this one (a type, not a floor: same room)
    from table.companion.announce import AnnouncementQueue
    from table.companion.gamedef import GameDef
    from table.companion.players_keyboard import Keyboard
    from table.companion.teaching import Teaching


class CommandError(TableError):
    """A command the table cannot have meant now: one line (shown, spoken), nothing changes.
    Every game's companion module raises this one class."""


CommandHook = Callable[[str, Any], None]
"""``on_command(kind, payload)``: "game" (setup dict), "cmd" (command text), "discard", "finished",
"unfinish" (the step text :data:`UNFINISH`)."""
UNFINISH = "unfinish"
"""The journalled step that reopens a finished game's score pad (undo on its result): a game
whose steps hold it had its result withdrawn; replayed, it leaves the pad open again."""


@runtime_checkable
class LedView(Protocol):
    """What the seven trough LEDs show: ``kind`` is ``open`` (``troughs`` lit), ``refill``
    (blink ``troughs`` in this order), ``chase`` or ``off``. A game without troughs uses the
    seven lamps as it likes (Zankapfel: seats) through the same four kinds."""

    @property
    def kind(self) -> str: ...

    @property
    def troughs(self) -> tuple[int, ...]: ...


class Journalled(Protocol):
    """What a replay silences of a module (``resuming.replay_quietly``): its journal hook and its log."""

    on_command: CommandHook | None
    log: list[str]
    _said: int

    def do(self, command: str) -> None: ...


@runtime_checkable
class GameCompanion(Protocol):
    """One game's companion module, as the shell sees it (every game's module has all of it)."""

    @property
    def game(self) -> str:
        """The game's key in ``table.games`` (``"applejack"``, ``"zankapfel"`` …)."""
        ...

    @property
    def mode(self) -> str:
        """The screen: ``setup``, ``resume`` and ``result`` are shared names (the idle demo may take
        over from ``setup`` and ``result``); every other mode is the game's own."""
        ...

    version: int
    """Bumped on every visible change: front ends redraw only when it moved."""
    refusal: str
    """The last refusal, one line; cleared by the next key."""
    storage_problem: str
    """Set by the session when the journal cannot be written (shown on every screen)."""
    on_command: CommandHook | None
    log: list[str]
    """Every line said so far (the terminal prints, speech says the new ones: :meth:`new_lines`)."""
    _said: int
    """How many lines of ``log`` :meth:`new_lines` has handed out (the shell carries both over when
    it switches games, so nothing is said twice or lost)."""
    record: dict[str, Any] | None
    """The finished game's record (None before the end)."""

    @property
    def setup(self) -> Any:
        """The game's own setup value (each game's class: its players, options)."""
        ...

    @property
    def track(self) -> object | None:
        """Applejack's physical track once a game is on (None: no game, or a game without one)."""
        ...

    @property
    def resume_info(self) -> str: ...

    @property
    def resume_refused(self) -> str: ...

    @property
    def discard_armed(self) -> bool: ...

    def press(self, button: str) -> bool: ...

    def do(self, command: str) -> None: ...

    def leds(self) -> LedState:
        """What the seven lamps show now (a :class:`LedView`: ``leds.LedState``)."""
        ...

    def new_lines(self) -> list[str]:
        """Announcement lines since the last call: printed in text mode, spoken with --speak."""
        ...

    def offer_resume(self, setup: Any, cmds: list[str], info: str = "", *, refused: str = "") -> None: ...

    def replay(self, setup: Any, cmds: list[str]) -> None: ...

    def result_sheet(self) -> ResultSheet: ...

    def give_advice(self, advice: Any) -> bool:
        """A bot's advice computed off the UI thread, handed back (True: it was still wanted)."""
        ...

    def die_reading(self, space: int) -> None:
        """The die sensor read the die on ``space`` (a game without a die ignores it)."""
        ...

    def sensor_status(self, state: str) -> None: ...

    # --- the named seats and the history (``players.NamedSeats``, every game's) ---------------------
    keyboard: Keyboard | None
    names_open: bool
    history: HistorySummary | None
    history_page: int
    history_game: ResultSheet | None
    qr_open: bool

    def covering(self) -> bool: ...

    def result_qr(self) -> ResultQR: ...

    def result_qr_lines(self) -> list[str]: ...

    def qr_command(self) -> str: ...

    def seat_label(self, seat: int) -> str: ...

    def seat_title(self, seat: int) -> str: ...

    def seat_names(self) -> tuple[str | None, ...]: ...

    def player_name(self, seat: int) -> str | None: ...

    def known_players(self) -> list[str]: ...


class AdviceJob(Protocol):
    """A hint or coach job asked of the lid (``lidhint.HintJob``, ``coach_lid.LidCoachJob``): its
    ``compute()`` runs off the UI thread and its result goes back through ``give_advice``; ``key``
    names where the table stood when it was asked."""

    @property
    def key(self) -> str: ...

    def compute(self) -> Any: ...


@runtime_checkable
class HintsLid(Protocol):
    """A game that gives hints on the lid where the choice is public (``lidhint.LidHinted``)."""

    def lid_hint_request(self) -> AdviceJob | None: ...

    def give_advice(self, advice: Any) -> bool: ...


@runtime_checkable
class Retells(Protocol):
    """A game that says its waiting announcements again (after a change of language)."""

    def retell(self) -> None: ...


@runtime_checkable
class MovesDie(Protocol):
    """A game with a die on a track (Applejack): where the rules say the die stands now."""

    def die_space(self) -> int | None:
        """The die's space (None: no game on the table)."""
        ...


@runtime_checkable
class WithName(Protocol):
    """A game whose seats have their own words beside the player's name (Applejack's
    ``○ Circle (Ada)``: its ``Controller.with_name``)."""

    def with_name(self, seat: int, label: str | None = None) -> str: ...


@runtime_checkable
class Asks(Protocol):
    """A game that words what the table is asked now (the help page's first line)."""

    def ask(self) -> str: ...


@runtime_checkable
class Staged(Protocol):
    """A game whose play has named stages (the module games: ``TableModule.stage``); a game's teach
    ``moment`` reads it."""

    @property
    def mode(self) -> str: ...

    def stage(self) -> str: ...


@runtime_checkable
class Teaches(Protocol):
    """A game with teach mode: the lesson shown now (None: none)."""

    @property
    def lesson(self) -> str | None: ...


@runtime_checkable
class TeachModule(Protocol):
    """A module game's teach mode (``teaching.Teaching``: the setup's choice, its syllabus)."""

    @property
    def teaching(self) -> Teaching: ...


@runtime_checkable
class Announces(Protocol):
    """A game whose announcements wait for CONFIRM in the shell's queue (``announce.py``)."""

    @property
    def announcements(self) -> AnnouncementQueue: ...


@runtime_checkable
class CoachesLid(Protocol):
    """A game whose result offers the coach's lines on the lid (``coach_lid.py``)."""

    coach_open: bool

    def coach_offered(self) -> bool: ...

    def lid_coach_request(self) -> AdviceJob | None: ...

    def give_advice(self, advice: Any) -> bool: ...

    def coach_page_lines(self) -> list[str]: ...


@runtime_checkable
class HoldsCoach(Protocol):
    """A game whose result holds the coach job a front end started (Applejack's ``coach``: its
    fair target and turn-by-turn coach, ``games/applejack/companion/coach.py``)."""

    coach: Any


@runtime_checkable
class Unfinishes(Protocol):
    """A game whose result can be taken back (undo on the result reopens the score pad)."""

    def can_unfinish(self) -> bool: ...


@runtime_checkable
class ExplainsButtons(Protocol):
    """A game whose buttons are data the help page reads (``help.py``)."""

    @property
    def button_tables(self) -> tuple[Mapping[tuple[str, str], Any], ...]: ...

    def help_places(self) -> tuple[str, ...]: ...


@runtime_checkable
class Titled(Protocol):
    """A module that names its game's title itself (``TableModule.title``; a lone module the
    registry does not hold)."""

    @property
    def title(self) -> str: ...


class OwnerPage(Protocol):
    """``play --web``: the owner's settings page for the lid's settings screen
    (``table/web/owner.py``): called, its address with the current code; :meth:`show` as the screen
    opens makes a new code (the one before opens nothing any more) and gives its address."""

    def __call__(self) -> str: ...

    def show(self) -> str: ...


class ResultLink(Protocol):
    """``play --web``: the short link for the result's QR page (``table/web/resultlinks.py``,
    ``ShortQR``): called with the play's BG Stats import link, the code of
    ``<the lid's phone address>/r/<token>`` (a :class:`ResultQR` whose ``link`` is that address),
    which the lid's web server redirects to the import link while the kiosk keeps the token."""

    def __call__(self, link: str, gid: int | None = None) -> ResultQR: ...


@runtime_checkable
class TableShell(GameCompanion, Protocol):
    """What the front ends hold: the shell over every game (``shell.Shell``). Beside the current
    game's members: the game choice, the language, and — with ``play --web`` — the phones' pages
    (each None without it; ``table/web/kiosk.py`` sets them)."""

    @property
    def definition(self) -> GameDef: ...

    @property
    def games(self) -> tuple[GameDef, ...]:
        """Every game the shell may put on the table, in the setup screen's order."""
        ...

    def choosing(self) -> bool: ...

    def switch(self, key: str) -> None: ...

    def set_language(self, code: str | None = None) -> str: ...

    phones: Callable[[], Any] | None
    phones_progress: Callable[[], Any] | None
    phones_news: Callable[[], list[str]] | None
    owner_page: OwnerPage | None
    phones_release: Callable[[int], str] | None
    result_link: ResultLink | None
