"""The events the hardware layer puts in the companion's one queue.

Everything the lid reports arrives as one of these frozen dataclasses in a single
``queue.Queue`` (``Panel.events``; the die sensor is handed the same queue). Times ``t`` are
seconds on the clock injected into the device that made the event (``time.monotonic`` by
default), so they compare with each other but not with wall-clock time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from table.hardware.errors import HardwareError
from table.hardware.pinmap import BUTTON_NAMES

ButtonName = Literal[
    "trough1", "trough2", "trough3", "trough4", "trough5", "trough6", "trough7", "blind", "confirm", "undo"
]
SensorState = Literal["connected", "disconnected", "reconnecting"]
SENSOR_STATES: Final = ("connected", "disconnected", "reconnecting")


class EventValueError(HardwareError, ValueError):
    """An event was built with a value outside its documented set."""


@dataclass(frozen=True)
class ButtonPress:
    """A debounced press of one lid button.

    ``button`` is "trough1".."trough7", "blind", "confirm" or "undo"; ``t`` the press time (s).
    """

    button: str
    t: float

    def __post_init__(self) -> None:
        if self.button not in BUTTON_NAMES:
            known = ", ".join(BUTTON_NAMES)
            raise EventValueError(f"unknown button {self.button!r}; expected one of {known}")

    @property
    def trough(self) -> int | None:
        """The trough number 1..7 for a trough button, else None."""
        return int(self.button[6:]) if self.button.startswith("trough") else None


@dataclass(frozen=True)
class DieReading:
    """The die has come to rest on path space ``space`` (1..N) and stayed there for the settle window.

    ``t`` is the time (s) the reading was confirmed.
    """

    space: int
    t: float

    def __post_init__(self) -> None:
        if not isinstance(self.space, int) or isinstance(self.space, bool) or self.space < 1:
            raise EventValueError(f"a die reading needs a path space number >= 1, got {self.space!r}")


@dataclass(frozen=True)
class SensorStatus:
    """The die sensor's link changed: ``state`` is "connected", "disconnected" or "reconnecting".

    ``detail`` is a human-readable reason (port name, error text, retry delay); ``t`` in seconds.
    """

    state: str
    detail: str
    t: float

    def __post_init__(self) -> None:
        if self.state not in SENSOR_STATES:
            known = ", ".join(SENSOR_STATES)
            raise EventValueError(f"unknown sensor state {self.state!r}; expected one of {known}")


HardwareEvent = ButtonPress | DieReading | SensorStatus
"""Anything found in the hardware event queue."""
