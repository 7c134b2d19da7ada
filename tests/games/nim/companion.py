"""Nim at the table: the shell's :class:`~table.companion.engine_module.EngineModule` (its commands
are the engine's actions). Commands: ``setup players=N heaps=3,4,5``, ``start``, ``take H N`` (or
``H N``), ``undo``, ``new``; a lamp per heap, its trough button takes one apple."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from table.companion.engine_module import EngineModule, EngineSetup, number, numbers
from table.companion.leds import LedState
from table.companion.protocol import CommandHook
from table.i18n import N_, _
from table.i18n.labels import seat_name
from tests.games.nim import rules
from tests.games.nim.record_reader import ROWS


@dataclass(frozen=True)
class NimSetup(EngineSetup):
    CONFIG = rules.Config
    players: int = 2
    heaps: tuple[int, ...] = (3, 4, 5)


BUTTONS: dict[tuple[str, str], str] = {
    **{("play", f"trough{h}"): f"take {h} 1" for h in range(1, 8)},  # a lamp per heap: take one apple
}
"""(mode, button) → command: Nim's buttons as data."""


class NimCompanion(EngineModule):
    title = N_("Nim")
    setup_type = NimSetup
    rules = rules
    setup_words: ClassVar[Mapping[str, Callable[[str], Any]]] = {"players": number, "heaps": numbers}
    result_rows = ROWS
    buttons = BUTTONS

    def __init__(self, *, on_command: CommandHook | None = None) -> None:
        super().__init__(game="nim", on_command=on_command)

    def leds(self) -> LedState:
        if self.mode != "play" or self.state is None:
            return LedState("chase")
        return LedState("open", tuple(h + 1 for h, n in enumerate(self.state.t.heaps) if n))

    def ask(self) -> str:
        return _("{seat}: take from heaps {heaps}").format(seat=seat_name(self.state.current_player()),
                                                           heaps=", ".join(map(str, self.state.t.heaps)))

    def short_forms(self, text: str) -> str:
        return f"take {text}" if len(text.split()) == 2 else text

    def event_words(self, event: Any) -> str:
        if isinstance(event, rules.Took):
            return _("{seat} takes {count} from heap {heap}").format(seat=seat_name(event.seat), count=event.count,
                                                                     heap=event.heap + 1)
        return str(event)


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> NimCompanion:
    return NimCompanion(on_command=on_command)
