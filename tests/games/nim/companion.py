"""Nim at the table: a pure state machine the shell drives (``table.companion.protocol``), built on
the shell's :class:`~table.companion.module.TableModule` (resume, discard, replay, ``press``).
Commands: ``setup players=N heaps=3,4,5``, ``start``, ``take H N`` (or ``H N``), ``undo``, ``new``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError, CommandHook
from table.engine.errors import TableError
from tests.games.nim import rules


@dataclass(frozen=True)
class NimSetup:
    players: int = 2
    heaps: tuple[int, ...] = (3, 4, 5)
    names: tuple[str | None, ...] = ()

    def config(self) -> rules.Config:
        return rules.Config(self.players, self.heaps)

    def to_dict(self) -> dict[str, Any]:
        return {**self.config().to_dict(), **names_dict(self.names)}

    @classmethod
    def from_dict(cls, d: Any) -> NimSetup:
        c = rules.Config.from_dict(d)
        return cls(c.players, c.heaps, names_of(d))


BUTTONS: dict[tuple[str, str], str] = {
    ("setup", "confirm"): "start", ("resume", "confirm"): "resume", ("resume", "undo"): "discard",
    ("result", "confirm"): "new", ("play", "undo"): "undo",
    **{("play", f"trough{h}"): f"take {h} 1" for h in range(1, 8)},  # a lamp per heap: take one apple
}
"""(mode, button) → command: Nim's buttons as data."""


class NimCompanion(TableModule):
    title = "Nim"
    setup_type = NimSetup
    error_type = CommandError

    def __init__(self, *, on_command: CommandHook | None = None) -> None:
        self.game, self.on_command, self.mode, self.setup = "nim", on_command, "setup", NimSetup()
        self.state: rules.State | None = None
        self.version, self.refusal, self.storage_problem, self.log, self._said = 0, "", "", [], 0
        self.resume_info, self.resume_refused, self.discard_armed = "", "", False
        self._resume_payload: tuple[Any, list[str]] | None = None
        self.record: dict[str, Any] | None = None

    def leds(self) -> LedState:
        if self.mode != "play" or self.state is None:
            return LedState("chase")
        return LedState("open", tuple(h + 1 for h, n in enumerate(self.state.t.heaps) if n))

    def ask(self) -> str:
        assert self.state is not None
        return f"Seat {self.state.current_player() + 1}: take from heaps {self.state.t.heaps}"

    def resumed_line(self) -> str:
        return f"Resumed. {self.ask()}"

    def setup_help(self, text: str) -> str:
        return f"{text!r}: on the setup screen: setup players=N heaps=3,4,5, or start"

    def _command_for(self, button: str) -> str | None:
        return BUTTONS.get((self.mode, button))

    def _parse_setup(self, text: str) -> NimSetup:
        values = dict(w.partition("=")[::2] for w in text.split()[1:])
        try:
            players = int(values.pop("players", self.setup.players))
            heaps = tuple(int(h) for h in values.pop("heaps", ",".join(map(str, self.setup.heaps))).split(","))
            if values:
                raise CommandError(f"unknown setup word {next(iter(values))!r}")
            return NimSetup(players, rules.Config(players, heaps).heaps, self.setup.names)
        except (ValueError, TableError) as exc:  # int() of a typed word; ConfigError
            raise CommandError(f"setup players=N heaps=3,4,5 ({str(exc)[:60]})") from None

    def do(self, command: str) -> None:
        text = " ".join(command.strip().lower().split())
        if self._resume_or_setup(command, text):
            return
        if self.mode == "result":
            if text != "new":
                raise CommandError("the game is over and recorded: confirm starts a new one")
            self._reset()
            return
        assert self.state is not None
        if text in ("undo", "u"):
            if not self.state.history:
                raise CommandError("nothing to undo: this is the start of the game")
            self.state.undo()
        else:
            canon = f"take {text}" if len(text.split()) == 2 else text
            try:
                self.log.extend(str(e) for e in self.state.apply(canon))
            except TableError as exc:
                raise CommandError(str(exc)) from None
            text = canon
        self._emit("cmd", text)
        self._after()

    def _after(self) -> None:
        assert self.state is not None
        if self.state.is_terminal():
            self.mode = "result"
            self.record = {**self.state.to_record(), "scores": [s.total for s in self.state.scores()],
                           "winners": list(self.state.winners()), **self.names_record()}
            self.log.append(f"Game over: {self.seat_title(self.state.winners()[0])} wins")
            self._emit("finished", self.record)
        else:
            self.mode = "play"
            self.log.append(self.ask())
        self._changed()

    def _start(self, setup: NimSetup, *, journal: bool) -> None:
        self.setup, self.state, self.record = setup, rules.new_game(setup.config()), None
        if journal:
            self._emit("game", setup.to_dict())
        self.log.append(f"New game of Nim: {setup.players} players, heaps {list(setup.heaps)}")
        self._after()

    def _reset(self) -> None:
        self.mode, self.state, self.record = "setup", None, None
        self._changed()


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> NimCompanion:
    return NimCompanion(on_command=on_command)
