"""What the lid's seven lamps show, for every game: a :class:`LedState` of one :class:`LedKind`.

Applejack lights its troughs; another game uses the seven lamps as it likes (Zankapfel: the
seats) through the same four kinds. ``table.companion.ports`` hands the state to the panel
(``table.hardware.panel``), which drives the GPIO pins.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class LedKind(StrEnum):
    """What the seven trough LEDs do (``table.companion.protocol.LedView``)."""

    OPEN = "open"
    """``troughs`` lit."""
    REFILL = "refill"
    """``troughs`` blink in this order."""
    CHASE = "chase"
    """A light runs round (setup, resume, game over)."""
    OFF = "off"


@dataclass(frozen=True, slots=True)
class LedState:
    """What the seven trough LEDs must show: ``open`` (these troughs lit), ``refill`` (blink
    ``troughs`` in this order), ``chase`` (setup / game over) or ``off``."""

    kind: str  # a LedKind; plain words ("open") are made one
    troughs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, LedKind):  # a plain word ("open") becomes its kind
            object.__setattr__(self, "kind", LedKind(self.kind))
