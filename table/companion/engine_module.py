"""The companion of a game whose table commands are its engine's own actions (``EngineModule``).

Where the table sees everything the engine needs — every move and every die as it lands, no
hidden hand to infer — a game's companion is its engine driven by the action texts people type
or press (the tests' Nim and Colour Die). :class:`EngineModule` is that companion on
:class:`~table.companion.module.TableModule`: it writes every hook (``_canonical``, ``_apply``,
``_take_back``, ``_after``, ``_start``, ``_clear``, ``_parse_setup``, ``setup_help``,
``resumed_line``, the result's ``result_details`` and ``result_winners``) once, so a game gives
only what is its own:

* ``title``, ``setup_type`` (a frozen setup with ``players``, ``names``, ``config()`` → the rules'
  ``Config``, ``to_dict``/``from_dict``: a subclass of :class:`EngineSetup` naming its choices
  and their defaults is all of it), ``rules`` (its rules module: ``new_game(config)``),
  ``setup_words`` (``setup key=value`` → the setup's field, parsed), ``result_rows`` (the
  breakdown's rows of its ``Score``), ``buttons`` ((mode or stage, button) → command);
* ``ask()`` (what the table is asked now, in words), ``leds()`` (the seven lamps);
* optionally ``short_forms(text)`` (``"2 3"`` → ``"take 2 3"``), ``event_words(event)`` (an
  event as the table hears it; default its text form), ``stage()`` (the place in its buttons
  table during play; default ``"play"``), ``started_line()``, ``over_line()``.

The finished record is the engine's (``to_record()``) plus ``scores``, ``winners`` and
``names``: ``replay`` and the history read it (``history.readers.RECORD_EXTRAS``).
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from table.companion.buttontable import SHELL_SCREENS, Says
from table.companion.module import TableModule
from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError, CommandHook
from table.engine.errors import ActionParseError, IllegalActionError, TableError
from table.i18n import _, ngettext


def number(word: str) -> int:
    """A ``setup`` value that is a whole number (``players=3``)."""
    return int(word)


def numbers(word: str) -> tuple[int, ...]:
    """A ``setup`` value that is numbers joined by commas (``heaps=3,4,5``)."""
    return tuple(int(w) for w in word.split(","))


@dataclasses.dataclass(frozen=True)
class EngineSetup:
    """The setup screen's choices of an :class:`EngineModule` game: the rules' ``Config`` fields
    (a subclass declares them with the setup screen's defaults, and names the ``CONFIG``) and
    the players' ``names``. ``config()`` is the rules' config of the choices; the journalled form
    (``to_dict``/``from_dict``) is the config's plus the names::

        @dataclass(frozen=True)
        class DieSetup(EngineSetup):
            CONFIG = rules.Config
            players: int = 4
            apples: int = 3
            raven: int = 6
    """

    CONFIG: ClassVar[Any]
    """The rules' ``Config`` (its fields are the setup's choices; ``to_dict``/``from_dict``)."""
    names: tuple[str | None, ...] = dataclasses.field(default=(), kw_only=True)
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def choices(self) -> dict[str, Any]:
        """The setup's choices by name: the rules' config fields."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "names"}

    def config(self) -> Any:
        """The rules' config of these choices (its ``ConfigError`` for an impossible set-up)."""
        return self.CONFIG(**self.choices())

    def to_dict(self) -> dict[str, Any]:
        return {**self.config().to_dict(), **names_dict(self.names)}

    @classmethod
    def from_dict(cls, d: Any) -> Self:
        """A journalled setup: the rules' config read back (a ``ConfigError`` otherwise) and the names."""
        config = cls.CONFIG.from_dict(d)
        return cls(**{f.name: getattr(config, f.name) for f in dataclasses.fields(cls) if f.name != "names"},
                   names=names_of(d))


class EngineModule(TableModule):
    """A companion whose commands are its engine's action texts (see the module doc)."""

    rules: ClassVar[Any] = None
    """The game's rules module: ``new_game(config)`` (the table's chance comes as actions)."""
    setup_words: ClassVar[Mapping[str, Callable[[str], Any]]] = {"players": number}
    """The words of ``setup key=value``: each a field of ``setup_type`` and its value's parser."""
    buttons: ClassVar[Mapping[tuple[str, str], str]] = {}
    """(mode, or in play :meth:`stage`, button) → command: the game's buttons as data (the shell's
    screens — resume, discard, Start, New game — and UNDO in play come with this base)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The help page lists the buttons (``button_tables``): the shell's screens', then the game's."""
        super().__init_subclass__(**kwargs)
        cls.button_tables = (SHELL_SCREENS, {place: Says(command) for place, command in cls.buttons.items()})

    def __init__(self, *, game: str, on_command: CommandHook | None = None) -> None:
        super().__init__(self.setup_type(), game=game, on_command=on_command)
        self.state: Any = None
        """The engine's state of the game on the table (None on the setup screen)."""

    # --- what the game writes ----------------------------------------------------------------------
    @abstractmethod
    def ask(self) -> str:
        """What the table is asked now, in words (said after every command; the screen's question)."""

    # --- what a game may say differently -----------------------------------------------------------
    def short_forms(self, text: str) -> str:
        """A command as typed → the engine's action text (default: as it is)."""
        return text

    def event_words(self, event: Any) -> str:
        """An engine event as the table hears it (default: its text form)."""
        return str(event)

    def stage(self) -> str:
        """Where the game is during play, for the buttons table (default ``play``)."""
        return "play"

    def started_line(self) -> str:
        """The line said when a game starts."""
        n = self.setup.players
        return ngettext("New game of {game}: {players} player", "New game of {game}: {players} players", n).format(
            game=_(self.title), players=n)

    def over_line(self) -> str:
        """The line said when the game is over (the result screen's verdict)."""
        return self.result_sheet().verdict

    def help_places(self) -> tuple[str, ...]:
        return (self.mode, self.stage()) if self.mode == "play" else (self.mode,)

    # --- the hooks of TableModule ---------------------------------------------------------------------
    def _command_for(self, button: str) -> str | None:
        """The shell's screens' buttons (``SHELL_SCREENS``), UNDO in play, then the game's :attr:`buttons`."""
        shell = SHELL_SCREENS.get((self.mode, button))
        if shell is not None:
            return shell.command
        if self.mode == "play" and button == "undo":
            return "undo"
        place = self.stage() if self.mode == "play" else self.mode
        return self.buttons.get((place, button))

    def setup_help(self, text: str) -> str:
        words = " ".join(f"{w}=…" for w in self.setup_words)
        return _("{command}: on the setup screen: setup {words}, or start").format(command=repr(text), words=words)

    def _parse_setup(self, text: str) -> Any:
        """``setup key=value …`` (:attr:`setup_words`) → the next setup, checked by its ``config()``."""
        values: dict[str, Any] = {}
        for word in text.split()[1:]:
            key, _eq, value = word.partition("=")
            parse = self.setup_words.get(key)
            if parse is None:
                raise CommandError(_("unknown setup word {word}; setup {words}").format(
                    word=repr(key[:20]), words=" ".join(f"{w}=…" for w in self.setup_words)))
            try:
                values[key] = parse(value)
            except ValueError:
                raise CommandError(_("{word}: not a value for {key}").format(word=repr(value[:20]), key=key)) from None
        setup = dataclasses.replace(self.setup, **values)
        try:
            setup.config()
        except TableError as exc:  # the rules' ConfigError: an impossible set-up
            raise CommandError(str(exc)) from None
        return setup

    def _start(self, setup: Any, *, journal: bool) -> None:
        self.setup, self.cmds, self.record = setup, [], None
        self.state = self.rules.new_game(setup.config())
        if journal:
            self._emit("game", setup.to_dict())
        self.log.append(self.started_line())
        self._after()

    def _canonical(self, text: str) -> str:
        try:
            return str(self.state.action_to_string(self.state.string_to_action(self.short_forms(text))))
        except ActionParseError as exc:
            raise CommandError(str(exc)) from None

    def _apply(self, canon: str) -> None:
        try:
            events = self.state.apply(canon)
        except IllegalActionError as exc:
            raise CommandError(str(exc)) from None
        said = [self.event_words(e) for e in events]
        self.cmds.append(canon)
        self.log.extend(said)
        self.said_last = said

    def _take_back(self) -> str:
        self.state.undo()
        self.mode, self.record = "play", None
        return self.cmds.pop()

    def _after(self) -> None:
        if self.state.is_terminal():
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self._emit("finished", self.record)
                self.log.append(self.over_line())
        else:
            self.mode = "play"
            self.log.append(self.ask())
        self._changed()

    def _clear(self) -> None:
        self.state = None

    def resumed_line(self) -> str:
        return _("Resumed. {asked}").format(asked=self.ask()) if self.mode == "play" else \
            _("Resumed: the game is over")

    # --- the record and the result ----------------------------------------------------------------
    def finished_record(self) -> dict[str, Any]:
        """The engine's record plus what the table adds: each seat's total, the winners, the names."""
        return {**self.state.to_record(), "scores": [s.total for s in self.state.scores()],
                "winners": list(self.state.winners()), **self.names_record()}

    def result_details(self) -> list[dict[str, Any]]:
        return [dataclasses.asdict(s) for s in self.state.scores()]

    def result_winners(self) -> tuple[int, ...]:
        return tuple(self.state.winners())
