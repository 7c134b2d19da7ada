"""The companion's ports to the hardware: an input queue and the trough LEDs ("Indicators").

Inputs arrive in one ``queue.Queue`` as the hardware layer's events (``ButtonPress``,
``DieReading``, ``SensorStatus`` from ``table.hardware.events``); :func:`feed` hands each to
the controller. :class:`PanelIndicators` drives a ``table.hardware.panel.Panel``'s LEDs from
the controller's :class:`~table.companion.leds.LedState`; :class:`RecordingIndicators`
is the fake for tests and for running without GPIO.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any, Protocol

from table.companion.leds import LedState
from table.companion.protocol import GameCompanion


class Indicators(Protocol):
    def show(self, leds: LedState) -> None: ...

    def close(self) -> None: ...


class RecordingIndicators:
    """Remembers what the LEDs would show (tests, and no GPIO): the last ``keep`` states, so a
    kiosk running for days without GPIO does not grow."""

    def __init__(self, keep: int = 1000) -> None:
        self.keep = keep
        self.shown: list[LedState] = []

    @property
    def current(self) -> LedState | None:
        return self.shown[-1] if self.shown else None

    def show(self, leds: LedState) -> None:
        self.shown.append(leds)
        if len(self.shown) > self.keep:
            del self.shown[: -self.keep]

    def close(self) -> None:
        pass


class PanelIndicators:
    """LED states onto a hardware Panel (its ``leds``: set_open, blink_sequence, chase, all_off)."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.leds = getattr(panel, "leds", panel)

    def show(self, leds: LedState) -> None:
        if leds.kind == "open":
            self.leds.set_open(leds.troughs)
        elif leds.kind == "refill" and leds.troughs:
            self.leds.blink_sequence(leds.troughs)
        elif leds.kind == "chase":
            self.leds.chase()
        else:
            self.leds.all_off()

    def close(self) -> None:
        try:
            self.leds.all_off()
        finally:
            self.panel.close()


def feed(ctl: GameCompanion, item: Any) -> bool:
    """One hardware event into the controller (duck-typed on the event's fields), or a bot's advice
    computed off the UI thread (an item with ``advice``: Applejack's ``HintReady``)."""
    if hasattr(item, "advice"):
        return bool(ctl.give_advice(item.advice))
    button = getattr(item, "button", None)
    if isinstance(button, str):
        return bool(ctl.press(button))
    space = getattr(item, "space", None)
    if isinstance(space, int):
        ctl.die_reading(space)
        return True
    state = getattr(item, "state", None)
    if isinstance(state, str):
        ctl.sensor_status(state)
        return True
    return False


def drain(ctl: GameCompanion, q: queue.Queue[Any], on_press: Callable[[], None] | None = None) -> int:
    """Feed every queued item to ``ctl``; ``on_press`` is called for each button press (someone
    is at the table — die readings and sensor news are not people)."""
    n = 0
    while True:
        try:
            item = q.get_nowait()
        except queue.Empty:
            return n
        if on_press is not None and isinstance(getattr(item, "button", None), str):
            on_press()
        feed(ctl, item)
        n += 1
