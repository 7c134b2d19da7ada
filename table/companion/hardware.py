"""Making the hardware ports from the command line's ``--pins`` and ``--die``.

``--pins NAME``: a :class:`table.hardware.panel.Panel` on ``make_pin_factory(NAME)`` ("auto":
``$GPIOZERO_PIN_FACTORY``, else lgpio on a Pi and mock pins elsewhere) whose button presses go
into the one input queue and whose trough LEDs follow the controller. ``--pins none``: LEDs only recorded, no buttons.
The wiring is the pin map given (``play --pin-map FILE``, checked when the arguments are read), else
the file named by ``$APPLEJACK_PINS`` (``/etc/applejack-table/pins.toml`` on an installed table),
else the shipped default. A pin map that cannot be read, or a pin library that cannot be had, is one
log line and the lid runs without LEDs and buttons; a pin that is busy (a screen's driver holds it)
is one line naming it, and only that LED or button is lost (``Panel.unavailable``).

``--die URL`` (a serial port, ``socket://host:port`` …): a :class:`table.hardware.die_sensor.DieSensor`
posting DieReading / SensorStatus into the same queue. ``--die sim``: the simulator from
``hardware-mocks/`` on a local TCP port, which puts the die where the rules say after each
turn (so the whole chain runs on a laptop); ``--die off``: no sensor.

Without ``table.hardware`` (or without the mocks directory) the ports fall back to the
recording fake with one log line.
"""

from __future__ import annotations

import logging
import os
import queue
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from table.companion.ports import Indicators, PanelIndicators, RecordingIndicators
from table.companion.protocol import GameCompanion, MovesDie

log = logging.getLogger("applejack.hardware")


@dataclass
class Hardware:
    indicators: Indicators
    events: queue.Queue[Any]
    panel: Any = None
    sensor: Any = None
    sim: Any = None
    _sim_space: int | None = field(default=None, repr=False)

    def follow(self, ctl: GameCompanion) -> None:
        """With the simulated die: put the die where the rules say it stands now (a game with a
        die on a track: Applejack's; any other game leaves the simulator alone)."""
        if self.sim is None or not isinstance(ctl, MovesDie):
            return
        space = ctl.die_space()
        if space is not None and space != self._sim_space:
            self._sim_space = space
            self.sim.place(space)

    def close(self) -> None:
        for part in (self.sensor, self.sim):
            if part is not None:
                part.close()
        self.indicators.close()


PINS_SETTING = "APPLEJACK_PINS"
"""The environment setting naming the pin map file (``/etc/default/applejack-table``)."""


def pin_map_setting(environ: Mapping[str, str] | None = None) -> str | None:
    """The pin map file ``$APPLEJACK_PINS`` names, or None (blank counts as unset)."""
    value = (os.environ if environ is None else environ).get(PINS_SETTING, "").strip()
    return value or None


def make_hardware(pins: str = "none", die: str = "off", pin_map: Any = None) -> Hardware:
    """The lid's ports. ``pin_map``: a checked ``PinMap``, a file, or None ($APPLEJACK_PINS, else
    the shipped default wiring)."""
    events: queue.Queue[Any] = queue.Queue()
    hw = Hardware(RecordingIndicators(), events)
    if pins != "none":
        try:
            # deferred: gpiozero, an optional dependency of the Pi only (--pins none never needs it)
            from table.hardware.factory import make_pin_factory
            from table.hardware.panel import Panel
            from table.hardware.pinmap import PinMap, PinMapError, load_pinmap
        except ImportError as exc:
            log.info("the hardware layer is not installed (%s): trough LEDs and buttons are off", exc)
        else:
            try:
                wiring = pin_map if isinstance(pin_map, PinMap) else load_pinmap(pin_map or pin_map_setting())
                hw.panel = Panel(wiring, pin_factory=make_pin_factory(None if pins == "auto" else pins),
                                 events=events)
            except PinMapError as exc:
                log.error("trough LEDs and buttons unavailable: %s", exc.one_line())
            except Exception as exc:  # no GPIO here …: the screen and keys still work
                log.error("trough LEDs and buttons unavailable: %s", str(exc).replace("\n", " "))
            else:
                hw.indicators = PanelIndicators(hw.panel)
    if die != "off":
        try:
            from table.hardware.die_sensor import DieSensor  # deferred: pyserial, optional (only with --die)
        except ImportError as exc:
            log.info("the hardware layer is not installed (%s): no die sensor", exc)
            return hw
        url = die
        if die == "sim":
            try:
                from table.hardware.mocks import load_mock  # deferred: the simulator only with --die sim

                hw.sim = load_mock("die_sensor_sim").DieSensorSim(spaces=40)
            except Exception as exc:  # the mocks live in a source checkout only
                log.info("no die sensor simulator (%s): no die sensor", exc)
                return hw
            url = hw.sim.serve_tcp()
        try:
            hw.sensor = DieSensor(url, events)  # it reconnects by itself when the port comes and goes
        except ValueError as exc:
            log.error("die sensor unavailable: %s", exc)
    return hw
