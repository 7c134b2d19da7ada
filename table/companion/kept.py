"""The owner's kept settings (issue 24's settings page): the screen's hours, the idle demo's games
and the names offered at setup, kept in one small file in the state directory.

``<state dir>/table-settings.json`` (0600) holds ``{"schedule": "07:00-23:00" | "", "demo_games":
[key, …], "names": [name, …]}``. It is written whole (a temporary file fsynced, renamed, the folder
fsynced: a power cut leaves the old file or the new one) and checked when it is read, each value
through the table's own code — the schedule by :func:`table.schedule.parse_schedule`, each
name by :func:`table.companion.players.check_name` —: a file that does not read, or a value that
is not good, is one log line and the default for it (never a traceback).

Each setting is read where it is used, so a change on the page takes effect without a restart:

- the **schedule**: :func:`follow_schedule` gives the screen's power state (``ScreenPower``)
  the kept window when it is made and again whenever :func:`save` writes a new one;
- the **demo games**: :func:`idle_demo_turn` when the idle demo starts (the games it shows in turn);
- the **names**: :func:`offered_names` every time a seat's name button turns (the kept names first,
  then the history's players; the session makes every game's module through :func:`attach_book`).

The command line and the environment still rule: ``--schedule`` / ``$APPLEJACK_SCREEN_SCHEDULE``
and ``--demo-games`` / ``$APPLEJACK_DEMO_GAMES`` given, the kept value waits (:func:`override`
says which one rules; the page shows it).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from table.companion.players import NamedSeats, check_name
from table.companion.players_keyboard import PlayerNameError
from table.companion.protocol import GameCompanion
from table.engine.errors import TableError
from table.schedule import SCHEDULE_ENV, ScheduleError, parse_schedule
from table.storage.statedir import replace_private

log = logging.getLogger("applejack.settings")

FILE_NAME = "table-settings.json"
"""The kept settings' file beside the journal."""
LONGEST_FILE = 16 * 1024
"""Bytes of the file read at most (a full names list is about 1 kB)."""
MOST_NAMES = 40
"""Names kept at most (the name button cycles through them all)."""
DEMO_ENV = "APPLEJACK_DEMO_GAMES"
OVERRIDES: dict[str, tuple[str, str]] = {"schedule": ("--schedule", SCHEDULE_ENV),
                                         "demo_games": ("--demo-games", DEMO_ENV)}
"""The settings the command line or the environment may give instead: (option, variable)."""


@dataclass(frozen=True)
class Kept:
    """The kept settings: ``schedule`` (``HH:MM-HH:MM``, "" = always on), ``demo_games`` (the idle
    demo's games in turn, () = every game), ``names`` (offered first at setup, in this order)."""

    schedule: str = ""
    demo_games: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"schedule": self.schedule, "demo_games": list(self.demo_games), "names": list(self.names)}


class SettingRefused(TableError):
    """A value the table does not take (``str()`` is the one line to show)."""


def check_schedule(text: object) -> str:
    """``text`` as a kept schedule: "" (always on) or its ``HH:MM-HH:MM`` form; SettingRefused
    with the screen's own words (``ScheduleError``) otherwise."""
    if not isinstance(text, str):
        raise SettingRefused("schedule: HH:MM-HH:MM, or empty for always on")
    try:
        found = parse_schedule(text)
    except ScheduleError as exc:
        raise SettingRefused(str(exc)) from None
    return "" if found is None else str(found)


def check_demo_games(keys: object, known: Sequence[str] | None = None) -> tuple[str, ...]:
    """``keys`` as the demo's games: game keys (each once, in order; of ``known`` when given)."""
    if not isinstance(keys, list | tuple) or any(not isinstance(k, str) for k in keys):
        raise SettingRefused("demo games: a list of game keys")
    if known is not None:
        unknown = [k for k in keys if k not in known]
        if unknown:
            raise SettingRefused(f"demo games: {unknown[0][:30]!r} is not one of {', '.join(known)}")
    return tuple(dict.fromkeys(keys))


def check_names(names: object) -> tuple[str, ...]:
    """``names`` as the kept names list: each through the setup's own ``check_name`` (a name
    twice is kept once), at most :data:`MOST_NAMES`; SettingRefused with the first problem."""
    if not isinstance(names, list | tuple) or any(not isinstance(n, str) for n in names):
        raise SettingRefused("names: a list of names")
    kept: list[str] = []
    for raw in names:
        if not raw.strip():
            continue
        try:
            name = check_name(raw)
        except PlayerNameError as exc:
            raise SettingRefused(f"{raw[:30]!r}: {exc}") from None
        if name not in kept:
            kept.append(name)
    if len(kept) > MOST_NAMES:
        raise SettingRefused(f"names: at most {MOST_NAMES}")
    return tuple(kept)


# --- the file --------------------------------------------------------------------------------------
_said: set[str] = set()
"""The problems already logged (each once per process, not once per read)."""


def _say(line: str) -> None:
    if line not in _said:
        _said.add(line)
        log.warning("%s", line)


def load(state_dir: Path | None) -> Kept:
    """The kept settings in ``state_dir`` (the defaults when there is none); a file that does not
    read, or a value in it that is not good, is one log line and that value's default."""
    if state_dir is None:
        return Kept()
    path = Path(state_dir) / FILE_NAME
    try:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise OSError("not a plain file")
        with open(path, "rb") as f:
            raw = f.read(LONGEST_FILE + 1)
    except (FileNotFoundError, NotADirectoryError):
        return Kept()  # no file (a state dir that is no folder is the journal's line to say)
    except OSError as exc:
        _say(f"settings: {path} cannot be read ({exc}): the defaults are used")
        return Kept()
    try:
        found = json.loads(raw) if len(raw) <= LONGEST_FILE else None
    except ValueError:
        found = None
    if not isinstance(found, dict):
        _say(f"settings: {path} is not a settings file: the defaults are used (saving on the page replaces it)")
        return Kept()
    return _checked(found, path)


def _checked(found: Mapping[str, Any], path: Path) -> Kept:
    kept = Kept()
    checks: tuple[tuple[str, Callable[[Any], Any]], ...] = (
        ("schedule", check_schedule), ("demo_games", check_demo_games), ("names", check_names))
    for name, check in checks:
        if name not in found:
            continue
        try:
            kept = replace(kept, **{name: check(found[name])})
        except SettingRefused as exc:
            _say(f"settings: {path}: {exc}; its default is used")
    return kept


def save(state_dir: Path, kept: Kept) -> None:
    """Write ``kept`` whole (0600; a temporary file fsynced and renamed, the folder fsynced), then
    tell whoever follows a setting (:func:`follow_schedule`) at once."""
    replace_private(Path(state_dir) / FILE_NAME,
                    json.dumps(kept.as_json(), ensure_ascii=False, indent=1).encode() + b"\n")
    for follower in list(_followers):
        follower(kept)


_followers: list[Callable[[Kept], None]] = []
"""What :func:`save` tells at once (the screen's power state)."""


# --- who rules: the command line, the environment, or the kept value -------------------------------
def override(name: str, environ: Mapping[str, str] | None = None, argv: Sequence[str] | None = None) -> str | None:
    """What gives setting ``name`` instead of the kept value: the option on this process's command
    line (``--schedule``), else the environment's variable, else None (the kept value rules)."""
    if name not in OVERRIDES:
        return None
    option, variable = OVERRIDES[name]
    args = sys.argv[1:] if argv is None else argv
    if any(a == option or a.startswith(option + "=") for a in args):
        return option
    env = os.environ if environ is None else environ
    return variable if env.get(variable, "").strip() else None


def follow_schedule(power: Any, state_dir: Path | None, environ: Mapping[str, str] | None = None,
                    argv: Sequence[str] | None = None) -> None:
    """Give ``power`` (``ScreenPower``: its ``schedule``) the kept window now and after every
    :func:`save`, unless the command line or the environment gives the schedule."""
    if state_dir is None or override("schedule", environ, argv) is not None:
        return

    def apply(kept: Kept) -> None:
        power.schedule = parse_schedule(kept.schedule)

    apply(load(state_dir))
    _followers.append(apply)


def follow_kept_schedule(power: Any, args: Any, environ: Mapping[str, str] | None = None) -> None:
    """:func:`follow_schedule` for the screen saver made from a command's ``args`` (its
    ``--schedule`` given rules, as its ``--state-dir``'s kept file is the one read)."""
    given = ["--schedule"] if getattr(args, "schedule", None) is not None else []
    follow_schedule(power, default_dir(getattr(args, "state_dir", None)), environ, argv=given)


def idle_demo_turn(choice: str, turn: Sequence[str], known: Sequence[str], state_dir: Path | None,
                   environ: Mapping[str, str] | None = None, argv: Sequence[str] | None = None) -> tuple[str, ...]:
    """The games the idle demo shows in turn: ``turn`` (what ``choice``, play's ``--demo-games``,
    gives) when the command line or the environment chose, else the kept games that are among
    ``known`` (the games with a demo), else ``turn``."""
    if override("demo_games", environ, argv) is not None:
        return tuple(turn)
    kept = tuple(k for k in load(state_dir).demo_games if k in known)
    return kept or tuple(turn)


def offered_names(book: Any) -> list[str]:
    """The names a seat's name button offers: the kept names list first, then the history's
    players (``book.players()``, most recent first) that are not in it."""
    kept = list(load(getattr(book, "directory", None)).names)
    return [*kept, *(n for n in book.players() if n not in kept)]


class NamesFirst:
    """A game's history book (``players.PlayerBook``) whose ``players()`` is :func:`offered_names`:
    the kept names first (read at every turn of a name button), everything else the book's own."""

    def __init__(self, book: Any) -> None:
        self.book = book

    def players(self) -> list[str]:
        return offered_names(self.book)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.book, name)


M = TypeVar("M", bound=GameCompanion)


def attach_book(module: M, state_dir: Any, readers: Any) -> M:
    """``players.attach_book`` (the history in ``state_dir``), its names with the kept ones first
    (:class:`NamesFirst`); the session makes every game's module through this."""
    from table.companion.players import attach_book as with_history

    module = with_history(module, state_dir, readers)
    if isinstance(module, NamedSeats) and not isinstance(module.book, NamesFirst):
        module.book = NamesFirst(module.book)
    return module


def default_dir(state_dir: object) -> Path | None:
    """``state_dir`` (a command's ``--state-dir``), else the table's default one; None when refused."""
    if state_dir is not None:
        return Path(str(state_dir))
    from table.companion.journal import default_state_dir  # deferred: platformdirs only off systemd
    from table.storage.statedir import StateDirRefused

    try:
        return default_state_dir()
    except StateDirRefused:
        return None
