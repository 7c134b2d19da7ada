"""Named players at the Applejack setup, the history screen and the result's QR code: the pure
logic (no pygame, no SQLite; the history itself is reached through an injected
:class:`PlayerBook`, ``table.history.HistoryBook`` at the table).

* **Names.** Each seat may get a player: a name button per seat cycles through *no name* → the
  people who played before (``History.players()``, most recent first, minus names another seat
  holds) → **New…**, which opens an on-screen letter keyboard (:class:`Keyboard`) to type a new
  one; keyboard typing works too. Text mode: ``setup name SEAT NAME`` (``setup name SEAT`` clears
  it) and ``players``. A name is 1..:data:`NAME_MAX` printable characters, two seats never share
  one (:func:`check_name`: :class:`PlayerNameError`, one line). Names are part of the
  :class:`~table.games.applejack.companion.setup.Setup` (journalled with it), shown on the play
  screen's turn line, the score pad and the result, and stored with the finished game (the
  record's ``names``).
* **History screen.** From the setup screen (``history`` button, key ``H``, text ``history``):
  :class:`HistorySummary` rows (personal bests per player, game and variant, solo marks, the last
  games), :data:`ROWS_PER_PAGE` a page.
* **QR code.** On the result screen a ``QR code`` button shows the finished game's QR code
  (statistics-app JSON, ``table.history.statsexport``) full height; text mode prints it after the result.

:class:`NamedSeats` is every game's part for all three (the name cycle, the keyboard, ``setup
name``, the record's ``names``, the history screen, the QR page): a base of Applejack's
``Controller`` (which adds its seat symbols, ``○ Circle (Ada)``) and of
``companion/module.TableModule``: Zankapfel, Draft Cider and Waldgärtner pick their players on a
Names page of their setup screens (``docs/history.md``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from table.companion.players_keyboard import KEY_PREFIX, NAME_MAX, Keyboard, PlayerNameError
from table.companion.protocol import CommandError, GameCompanion, WithName
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.history.book import HistoryBook
from table.history.readers import Readers
from table.history.rows import HistoryRow, HistorySummary, ResultQR
from table.history.sheet import ResultSheet
from table.i18n import N_, _
from table.i18n.labels import is_number, listed

NEW = N_("New…")
"""The last entry of a seat's name cycle: it opens the letter keyboard."""


PROGRAM = "applejack-table"
"""The console script ``pyproject.toml`` installs."""

def command_name(argv0: str | None = None, on_path: Callable[[str], str | None] = shutil.which) -> str:
    """How the table's command is typed here, for a line that names it: ``applejack-table`` when
    that is on the PATH, else the path it was started by relative to the working directory
    (``.venv/bin/applejack-table``: ``scripts/dev.sh run`` does not put the venv on the PATH), else
    the interpreter running the package (``.venv/bin/python -m table``)."""
    if on_path(PROGRAM):
        return PROGRAM
    started = sys.argv[0] if argv0 is None else argv0
    if os.path.basename(started) == PROGRAM and os.path.exists(started):
        return _typed_path(started)
    return f"{_typed_path(sys.executable)} -m table"


def _typed_path(path: str) -> str:
    """``path`` as typed from the working directory: relative when it lies under it, else absolute."""
    relative = os.path.relpath(os.path.abspath(path))
    if relative.startswith(os.pardir):
        return shlex.quote(os.path.abspath(path))
    return shlex.quote(relative if os.sep in relative else os.path.join(os.curdir, relative))


def check_name(text: str, taken: Sequence[str | None] = ()) -> str:
    """``text`` as a player's name (NFC, blanks around it dropped), or PlayerNameError: empty,
    longer than :data:`NAME_MAX`, a control character, or a name another seat holds (``taken``)."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        raise PlayerNameError(_("A name needs at least one letter"))
    if any(not c.isprintable() for c in name):
        raise PlayerNameError(_("A name cannot hold control characters"))
    if len(name) > NAME_MAX:
        raise PlayerNameError(_("A name has at most {n} characters").format(n=NAME_MAX))
    if name in taken:
        raise PlayerNameError(_("{name} already has a seat").format(name=name))
    return name


def cycle_next(current: str | None, known: Sequence[str], taken: Sequence[str | None]) -> str | None:
    """The next entry of a seat's name button: no name → each known name another seat does not
    hold → :data:`NEW` → no name again. A typed name not in ``known`` goes on to the first known."""
    options: list[str | None] = [None, *(n for n in known if n not in taken), NEW]
    if current in options:
        return options[(options.index(current) + 1) % len(options)]
    return options[1]


def names_dict(names: Sequence[str | None]) -> dict[str, Any]:
    """A setup's ``names`` as its journalled dict holds them (nothing when nobody is named)."""
    return {"names": list(names)} if any(n is not None for n in names) else {}


def names_of(d: dict[str, Any]) -> tuple[str | None, ...]:
    """A journalled setup's ``names`` (PlayerNameError when they are not a list of names and nulls)."""
    names = d.get("names", [])
    if not isinstance(names, list) or any(n is not None and not isinstance(n, str) for n in names):
        raise PlayerNameError(f"names must be a list of names and nulls, not {names!r:.60}")
    return tuple(names)


def remember(known: Sequence[str], names: Sequence[str | None]) -> list[str]:
    """``known`` with ``names`` (who just played) moved to the front, most recent first."""
    played = [n for n in names if n]
    return [*played, *(n for n in known if n not in played)]




class PlayerBook(Protocol):
    """Where names, the history and the QR code come from (``table.history.HistoryBook``)."""

    def players(self) -> list[str]: ...

    def summary(self) -> HistorySummary: ...

    def game_sheet(self, gid: int) -> ResultSheet | None: ...

    def result_qr(self, record: dict[str, Any]) -> ResultQR: ...

    def changed(self) -> None: ...


@dataclass
class NoBook:
    """No history (a controller made without a state dir, the tests): ``known`` names only."""

    known: list[str] = field(default_factory=list)

    def players(self) -> list[str]:
        return list(self.known)

    def summary(self) -> HistorySummary:
        return HistorySummary((HistoryRow("note", _("No games stored yet.")),))

    def game_sheet(self, gid: int) -> ResultSheet | None:
        return None

    def result_qr(self, record: dict[str, Any]) -> ResultQR:
        return ResultQR(problem=_("No QR code: this table keeps no history"))

    def changed(self) -> None:
        return None


def attach_book(module: M, state_dir: Any, readers: Readers) -> M:
    """Give a companion module with named seats (every game's) the history in ``state_dir``, its
    games' words from ``readers`` (the session calls this for every module it makes); anything
    else is returned as it is."""
    if isinstance(module, NamedSeats):
        module.book = HistoryBook(state_dir, readers)
    return module


M = TypeVar("M", bound=GameCompanion)
"""A game's companion module, handed back as it came."""


class NamedSeats:
    """Named seats for any game's setup (Applejack's ``Controller``, and the other games'
    ``companion/module.TableModule``): the name cycle, the letter keyboard, ``setup name``.
    A user keeps ``mode`` and a frozen ``setup`` with ``players`` and ``names`` (a tuple, one
    entry per seat, trailing unnamed seats left out). State has class-level defaults."""

    mode: Any
    setup: Any
    book: PlayerBook = NoBook()
    keyboard: Keyboard | None = None
    """The letter keyboard while a seat's name is typed (setup screen), else None."""
    names_open: bool = False
    """The other games' setup: the Names page (a name button per seat) covers the setup screen."""

    history: HistorySummary | None = None
    """The history screen while it is open (the setup's or the result's History button), else None."""
    history_page: int = 0
    history_game: ResultSheet | None = None
    """The history's game view (a game's row touched): the stored game as the result shows it."""
    qr_open: bool = False
    """The result screen shows the QR code page."""
    _qr: ResultQR | None = None
    _qr_record: int | None = None
    _qr_told: int | None = None
    record: dict[str, Any] | None

    def covering(self) -> bool:
        """A name's keyboard, the Names page or the history covers the setup screen: the lid's
        buttons and keys belong to it (the shell does not switch games under it)."""
        return self.mode == "setup" and (self.keyboard is not None or self.names_open or self.history is not None)

    # --- the history screen and the result's QR code, the same in every game ----------------------
    def _history_press(self, b: str) -> str:
        assert self.history is not None
        if self.history_game is not None:  # the game's view: any key goes back to the list
            self.history_game = None
            return ""
        if b.startswith("hist:game:") and is_number(b[10:], 12):
            self.history_game = self.book.game_sheet(int(b[10:]))
        elif b in ("hist:next", "next", "down", "trough2"):
            self.history_page = min(self.history_page + 1, self.history.pages - 1)
        elif b in ("hist:prev", "prev", "up", "trough1"):
            self.history_page = max(self.history_page - 1, 0)
        elif b in ("hist:back", "escape", "confirm", "undo", "history", "H", "backspace"):
            self.history = None
        return ""

    def open_history(self) -> None:
        """The history screen from its first page."""
        self.history, self.history_page, self.history_game = self.book.summary(), 0, None

    def _result_shared_press(self, b: str) -> bool:
        """The result screen's History and QR code (every game): whether ``b`` was theirs."""
        if self.history is not None:
            self._history_press(b)
            return True
        if b in ("history", "H"):
            self.qr_open = False
            self.open_history()
            return True
        return self._qr_press(b)

    def _qr_press(self, b: str) -> bool:
        """The result screen's QR page: ``qr`` opens and closes it; while open every key closes it."""
        if b == "qr" or (self.qr_open and b in ("confirm", "escape", "undo", "backspace")):
            self.qr_open = not self.qr_open
            return True
        return False

    def result_qr(self) -> ResultQR:
        """The finished game's QR code (computed once per result)."""
        if self.record is None:
            return ResultQR(problem=_("No finished game"))
        if self._qr is None or self._qr_record != id(self.record):
            try:
                self._qr = self.book.result_qr(self.record)
            except Exception as exc:  # never a reason to lose the result screen
                self._qr = ResultQR(problem=_("No QR code: {reason}").format(reason=str(exc)[:80]))
            self._qr_record = id(self.record)
        return self._qr

    def qr_command(self) -> str:
        """The command that prints the finished game's QR code, as it works here: the program as it
        can be typed (:func:`command_name`), the history's directory and the game's id
        (``.venv/bin/applejack-table history --state-dir DIR --qr 7``)."""
        directory = getattr(self.book, "directory", None)
        gid = self._qr.gid if self._qr is not None and self._qr.gid is not None else "ID"
        where = f" --state-dir {shlex.quote(str(directory))}" if directory is not None else ""
        return f"{command_name()} history{where} --qr {gid}"

    def result_qr_lines(self) -> list[str]:
        """Text mode, once per result: the QR code as terminal text and its history id."""
        if self.mode != "result" or self.record is None or self._qr_told == id(self.record):
            return []
        self._qr_told = id(self.record)
        qr = self.result_qr()
        if qr.problem:
            return [qr.problem]
        return [qr.text, _("History game {gid}: scan the code with a statistics app (BG Stats) to import "
                           "this play").format(gid=qr.gid)]

    def seat_label(self, seat: int) -> str:
        """A seat nobody was picked for: ``Seat 2`` (0-based ``seat``)."""
        return _("Seat {n}").format(n=seat + 1)

    def seat_title(self, seat: int) -> str:
        """A seat as the other games' screens name it: its player, else ``Seat 2``."""
        name = self.player_name(seat)
        return name if name is not None else self.seat_label(seat)

    def named_line(self, line: str) -> str:
        """A line that names seats ``Seat 2`` with the players' names where they have one (every
        prompt, announcement and spoken line of the other games goes through it). A marked line
        (``table.companion.announce.Announced``) keeps its mark."""
        marked = type(line)
        for seat, name in enumerate(self.seat_names()):
            if name is not None:
                line = re.sub(re.escape(self.seat_label(seat)) + r"(?!\d)", name.replace("\\", r"\\"), line)
        return line if type(line) is marked else marked(line)

    def seat_names(self) -> tuple[str | None, ...]:
        """One entry per seat of the setup: the player's name, None where nobody was picked."""
        names = tuple(getattr(self.setup, "names", ()) or ())
        return tuple(names[s] if s < len(names) else None for s in range(self.setup.players))

    def player_name(self, seat: int) -> str | None:
        names = self.seat_names()
        return names[seat] if 0 <= seat < len(names) else None

    def _set_name(self, seat: int, name: str | None) -> None:
        names = list(self.seat_names())
        if name is not None:
            name = check_name(name, [n for s, n in enumerate(names) if s != seat])
        names[seat] = name
        while names and names[-1] is None:
            names.pop()
        self.setup = replace(self.setup, names=tuple(names))

    def known_players(self) -> list[str]:
        try:
            return self.book.players()
        except Exception:  # the history is a convenience: no names offered rather than no game
            return []

    def names_record(self) -> dict[str, Any]:
        """The record's ``names`` (one per seat, null where nobody was picked), or nothing."""
        return names_dict(self.seat_names())

    def _name_press(self, b: str) -> str | None:
        """The setup screen's name targets (``name<seat>`` cycles, ``newname<seat>`` opens the
        keyboard) and every key while the keyboard is up; None: not a name's press."""
        if self.keyboard is not None:
            return self._keyboard_press(b)
        if b.startswith("name") and is_number(b[4:]):
            seat = int(b[4:])
            if seat >= self.setup.players:
                return None
            names = self.seat_names()
            nxt = cycle_next(names[seat], self.known_players(), [n for s, n in enumerate(names) if s != seat])
            if nxt == NEW:
                self._set_name(seat, None)
                self.keyboard = Keyboard(seat)
            else:
                self._set_name(seat, nxt)
            return ""
        if b.startswith("newname") and is_number(b[7:]) and int(b[7:]) < self.setup.players:
            self.keyboard = Keyboard(int(b[7:]))
            return ""
        return None

    def _names_page_press(self, b: str) -> str | None:
        """The other games' setup screen: ``names`` opens the Names page; on it ``name<seat>``
        (or the lid's trough button of the seat) cycles a seat's name, ``newname<seat>`` types
        one, ``names:done`` (CONFIRM, ESCAPE) closes it; every other key is swallowed. None:
        the page is closed and ``b`` is not ``names``."""
        if self.keyboard is not None:
            return self._keyboard_press(b)
        if not self.names_open:
            if b == "names":
                self.names_open = True
                return ""
            return None
        if b in ("names", "names:done", "confirm", "escape", "undo", "backspace"):
            self.names_open = False
            return ""
        if b.startswith("trough") and is_number(b[6:]):
            b = f"name{int(b[6:]) - 1}"
        return self._name_press(b) or ""

    def _keyboard_press(self, b: str) -> str:
        kb = self.keyboard
        assert kb is not None
        try:
            if b in ("kb:ok", "confirm"):
                self._set_name(kb.seat, kb.text) if kb.text.strip() else self._set_name(kb.seat, None)
                self.keyboard = None
            elif b in ("kb:cancel", "escape"):
                self.keyboard = None
            elif b in ("backspace", "undo"):
                self.keyboard = kb.key("back")
            elif b.startswith(KEY_PREFIX):
                self.keyboard = kb.key(b[len(KEY_PREFIX):])
            elif b.startswith("char:"):
                self.keyboard = kb.type(b[5:]) if b[5:] != " " else kb.key("space")
            elif b == "blind":  # the lid's BLIND button (and the space bar): a blank
                self.keyboard = kb.key("space")
        except PlayerNameError as exc:
            raise CommandError(str(exc)) from None
        return ""  # every other key is swallowed while the keyboard is up

    def _name_setup(self, text: str) -> Any:
        """``setup name SEAT [NAME]`` (a name may hold blanks; without one the seat's name goes):
        the setup it makes, or CommandError."""
        words = text.split(maxsplit=2)
        if len(words) < 2 or not is_number(words[1]) or not 1 <= int(words[1]) <= self.setup.players:
            raise CommandError(_("setup name SEAT NAME: a seat from 1 to {n}, e.g. setup name 1 Ada").format(
                n=self.setup.players))
        before = self.setup
        try:
            self._set_name(int(words[1]) - 1, words[2] if len(words) > 2 else None)
        except PlayerNameError as exc:
            raise CommandError(str(exc)) from None
        changed, self.setup = self.setup, before
        return changed


def players_text(ctl: GameCompanion, line: str) -> str | None:
    """Text mode's ``players``, ``history`` and ``setup name …`` lines: what to print, or None
    when the line is not one of them (other words; ``history`` is Applejack's). ``ctl``: the shell
    (``module``: the game's own module behind it, ``shell.Shell.current``) or a lone module."""
    module = game_module(ctl)
    if not isinstance(module, NamedSeats):
        return None
    words = line.strip().split(maxsplit=1)
    word = words[0].lower() if words else ""
    if word == "players":
        known = ctl.known_players()
        names = ctl.seat_names()
        seats = listed(f"{s + 1} {seat_with_name(module, s)}" for s in range(len(names)))
        return "\n".join([_("Known players: {names}").format(names=listed(known) if known else _("none")),
                          _("Seats: {seats}  (setup name SEAT NAME)").format(seats=seats)])
    if word == "history":
        return str(module.book.summary().text())
    if word == "setup" and len(words) > 1 and words[1].lower().startswith("name"):
        try:
            ctl.do(line.strip())
        except TableError as exc:  # the game's refusal, one line
            return f"  ? {exc}"
        seats = listed(f"{s + 1} {seat_with_name(module, s)}" for s in range(module.setup.players))
        return _("Seats: {seats}").format(seats=seats)
    return None


def seat_with_name(ctl: GameCompanion | NamedSeats, seat: int) -> str:
    """A seat as text mode lists it: Applejack's ``○ Circle (Ada)``, the other games' ``Ada``
    (``Seat 2`` for a seat nobody was picked for)."""
    if isinstance(ctl, WithName):
        return ctl.with_name(seat)
    return ctl.seat_title(seat)
