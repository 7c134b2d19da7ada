"""The screen demo on the real Panel with gpiozero mock pins: the LEDs read back from the pins
follow the troughs, and a trough button (``drive_low``) leaves the demo for play."""

import pygame
import pytest

pytest.importorskip("table.hardware.panel")


from table.companion.ports import PanelIndicators
from table.display.demo import PLAY
from table.games.applejack.bots.demo import demo_steps
from table.games.applejack.files import load_dataset
from table.games.applejack.view.demo import ApplejackDemoScreen
from tests.scenarios.conftest import lit

DATA = load_dataset()



@pytest.fixture
def rig(panel_rig):
    panel, clock = panel_rig
    steps = demo_steps(DATA, games=0, players=2, seed=1, bots=["random"])
    screen = ApplejackDemoScreen(DATA, pygame.Surface((800, 480)), steps, pace=0, indicators=PanelIndicators(panel),
                        inputs=panel.events, clock=clock)
    return screen, panel, clock


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
    clock.t += 0.01  # held 10 ms: the panel ignores shorter spikes (min_hold_s)
    pin.drive_high()
    assert screen.step() == PLAY
