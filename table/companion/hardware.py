"""Making the hardware ports from the command line's ``--pins`` and ``--die``.

Until ``table.hardware`` provides a Panel (LEDs, buttons) and a die sensor driver, or with
``--pins none``, the LEDs are recorded only and no inputs arrive from GPIO.
"""

from __future__ import annotations

import logging
import queue
from typing import Any

from table.companion.ports import Indicators, PanelIndicators, RecordingIndicators

log = logging.getLogger("applejack.hardware")


def make_hardware(pins: str = "none", die: str = "off") -> tuple[Indicators, queue.Queue[Any]]:
    events: queue.Queue[Any] = queue.Queue()
    indicators: Indicators = RecordingIndicators()
    if pins != "none":
        try:
            from table.hardware.factory import make_pin_factory  # type: ignore[import-not-found,unused-ignore]
            from table.hardware.panel import Panel  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            log.info("the hardware layer is not installed: trough LEDs and buttons are off")
        else:
            panel = Panel(None, pin_factory=make_pin_factory(pins), events=events)
            indicators = PanelIndicators(panel)
    if die != "off":
        log.info("die sensor %r: not wired yet", die)
    return indicators, events
