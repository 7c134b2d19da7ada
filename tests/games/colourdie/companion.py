"""Colour Die at the table: the shell's :class:`~table.companion.engine_module.EngineModule` (its
commands are the engine's actions). ``setup players=N apples=N raven=N``, ``start``, ``roll FACE``
(or the face alone: ``red``, ``basket``, ``raven``), ``pick COLOUR``, ``undo``, ``new``. The lamps
1-6 are the die's faces while it is rolled (their buttons enter the roll), 1-4 the colours left
when the basket picks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from table.companion.engine_module import EngineModule, EngineSetup, number
from table.companion.leds import LedState
from table.companion.protocol import CommandHook
from table.i18n import N_, _
from table.i18n.labels import seat_name
from tests.games.colourdie import rules
from tests.games.colourdie.record_reader import ROWS

COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
                "basket": N_("basket"), "raven": N_("raven")}
"""The die's faces as the table hears them."""


@dataclass(frozen=True)
class DieSetup(EngineSetup):
    CONFIG = rules.Config
    players: int = 4
    apples: int = 3
    raven: int = 6


BUTTONS: dict[tuple[str, str], str] = {
    **{("roll", f"trough{f + 1}"): f"roll {face}" for f, face in enumerate(rules.FACES)},
    **{("pick", f"trough{c + 1}"): f"pick {colour}" for c, colour in enumerate(rules.COLOURS)},
}
"""(mode or stage, button) → command: Colour Die's buttons as data."""


class ColourDieCompanion(EngineModule):
    title = N_("Colour Die")
    setup_type = DieSetup
    rules = rules
    setup_words: ClassVar[Mapping[str, Callable[[str], Any]]] = {"players": number, "apples": number,
                                                                 "raven": number}
    result_rows = ROWS
    buttons = BUTTONS

    def __init__(self, *, on_command: CommandHook | None = None) -> None:
        super().__init__(game="colourdie", on_command=on_command)

    def stage(self) -> str:
        return "pick" if self.state is not None and self.state.t.basket else "roll"

    def leds(self) -> LedState:
        if self.mode != "play" or self.state is None:
            return LedState("chase")
        if self.stage() == "pick":
            return LedState("open", tuple(c + 1 for c, n in enumerate(self.state.t.left) if n))
        return LedState("open", tuple(range(1, len(rules.FACES) + 1)))

    def ask(self) -> str:
        seat = seat_name(self.state.t.turn)
        left = ", ".join(f"{_(COLOUR_WORDS[c])} {n}" for c, n in zip(rules.COLOURS, self.state.t.left, strict=True))
        if self.stage() == "pick":
            return _("{seat}: pick an apple of any colour ({left})").format(seat=seat, left=left)
        return _("{seat}: roll the die (apples left: {left}; the raven {step} of {steps})").format(
            seat=seat, left=left, step=self.state.t.raven, steps=self.state.config.raven)

    def short_forms(self, text: str) -> str:
        if text in rules.FACES:
            return f"{'pick' if self.stage() == 'pick' else 'roll'} {text}"
        return text

    def event_words(self, event: Any) -> str:
        if isinstance(event, rules.Rolled):
            return _("{seat} rolls {face}").format(seat=seat_name(event.seat), face=_(COLOUR_WORDS[event.face]))
        if isinstance(event, rules.Picked):
            return _("{seat} picks a {colour} apple").format(seat=seat_name(event.seat),
                                                             colour=_(COLOUR_WORDS[event.colour]))
        if isinstance(event, rules.RavenStep):
            return _("The raven steps to {step} of {steps}").format(step=event.step, steps=event.steps)
        if isinstance(event, rules.Over):
            return _("Every apple is picked!") if event.outcome == "won" else _("The raven has reached the orchard!")
        return str(event)


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> ColourDieCompanion:
    return ColourDieCompanion(on_command=on_command)
