import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from tests.fakes import ManualClock


@pytest.fixture
def panel_rig():
    """A real Panel on fresh gpiozero mock pins with a manual clock and pygame up; restores the
    pin factory and shuts pygame's display afterwards. Yields ``(panel, clock)``."""
    from table.hardware.panel import Panel
    from table.hardware.pinmap import load_pinmap

    saved = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    clock = ManualClock(100.0)
    pygame.display.init()
    pygame.font.init()
    panel = Panel(load_pinmap(), pin_factory=factory, clock=clock)
    try:
        yield panel, clock
    finally:
        panel.close()
        factory.reset()
        Device.pin_factory = saved
        pygame.display.quit()


def lit(panel):
    """The troughs whose LED the mock pins show lit."""
    return tuple(n for n in range(1, 8) if panel.led_pin(n).state > 0)
