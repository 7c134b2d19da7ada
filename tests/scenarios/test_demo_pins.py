"""The screen demo on the real Panel with gpiozero mock pins: the LEDs read back from the pins
follow the troughs, and a trough button (``drive_low``) leaves the demo for play."""

import pygame
import pytest

pytest.importorskip("table.hardware.panel")

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.bots.demo import demo_steps
from table.companion.ports import PanelIndicators
from table.datafiles import load_dataset
from table.display.demo import PLAY, DemoScreen
from table.hardware.panel import Panel
from table.hardware.pinmap import load_pinmap
from tests.fakes import ManualClock

DATA = load_dataset()



@pytest.fixture
def rig():
    saved = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    clock = ManualClock(100.0)
    pygame.display.init()
    pygame.font.init()
    panel = Panel(load_pinmap(), pin_factory=factory, clock=clock)
    steps = demo_steps(DATA, games=0, players=2, seed=1, bots=["random"])
    screen = DemoScreen(DATA, pygame.Surface((800, 480)), steps, pace=0, indicators=PanelIndicators(panel),
                        inputs=panel.events, clock=clock)
    try:
        yield screen, panel, clock
    finally:
        panel.close()
        factory.reset()
        Device.pin_factory = saved
        pygame.display.quit()


def lit(panel):
    return tuple(n for n in range(1, 8) if panel.led_pin(n).state > 0)


def test_open_troughs_are_lit_on_the_pins_after_a_turn_step(rig):
    screen, panel, _clock = rig
    checked = 0
    while checked < 5:
        assert screen.step() is None
        step = screen.current
        if step.seat is not None and not step.game_over and screen.leds.kind == "open":
            assert lit(panel) == tuple(sorted(step.state.open_troughs()))
            checked += 1


def test_a_trough_button_on_the_pins_leaves_the_demo(rig):
    screen, panel, clock = rig
    for _ in range(20):
        assert screen.step() is None
    clock.t += 1.0  # outside the debounce window
    pin = panel.button_pin("trough3")
    pin.drive_low()
    pin.drive_high()
    assert screen.step() == PLAY
