"""The pygame virtual panel, headless (SDL_VIDEODRIVER=dummy)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from table.hardware.events import ButtonPress
from table.hardware.mocks import load_mock
from table.hardware.panel import Panel
from tests.fakes import ManualClock

vp = load_mock("virtual_panel")


@pytest.fixture
def setup(mock_factory, pinmap):
    with Panel(pinmap, pin_factory=mock_factory, clock=ManualClock(5.0), debounce_s=0.0) as panel:
        yield panel, vp.VirtualPanel(panel)


HELD = 0.01  # longer than the panel's min_hold_s: a person's click, not a spike


def click(v, name):
    centre = v.button_rects[name].center
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    v.panel.clock.advance(HELD)
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))


def test_click_on_a_button_gives_a_press_through_the_mock_pin(setup):
    panel, v = setup
    pin = panel.button_pin("trough4")
    pin.clear_states()
    click(v, "trough4")
    assert panel.events.get_nowait() == ButtonPress("trough4", 5.0)
    assert [s.state for s in pin.states] == [True, False, True]  # released, pressed (low), released
    click(v, "undo")
    assert panel.events.get_nowait().button == "undo"


def test_click_outside_buttons_does_nothing(setup):
    panel, v = setup
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    assert panel.events.empty() and not v.held


def test_keys_press_and_release(setup):
    panel, v = setup
    v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3))
    assert panel.button_pin("trough3").state is False
    panel.clock.advance(HELD)
    v.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_3))
    assert panel.button_pin("trough3").state is True
    v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    panel.clock.advance(HELD)
    v.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN))
    assert [panel.events.get_nowait().button for _ in range(2)] == ["trough3", "confirm"]
    assert v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) is False
    assert v.handle_event(pygame.event.Event(pygame.QUIT)) is False


def test_lit_led_is_drawn_lit(setup):
    panel, v = setup
    surface = pygame.Surface(vp.SIZE)
    panel.leds.set_open([2])
    panel.leds.on(5, brightness=0.5)
    v.draw(surface)
    at = {t: tuple(surface.get_at(v.led_centres[t]))[:3] for t in range(1, 8)}
    assert at[2] == vp.LED_ON
    assert at[1] == at[3] == vp.LED_OFF
    assert at[5] == vp.mix(vp.LED_OFF, vp.LED_ON, 0.5)
    panel.leds.all_off()
    v.draw(surface)
    assert tuple(surface.get_at(v.led_centres[2]))[:3] == vp.LED_OFF


def test_window_runs_headless_with_the_demo(setup):
    panel, v = setup
    demo = vp.Demo(panel)
    frames = []

    def on_frame():
        panel.clock.advance(HELD)
        if not frames:  # the window is open now: press "6" in it, let go a frame later
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_6))
        elif len(frames) == 1:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_6))
        frames.append(len(frames))
        demo.step()

    v.run(max_frames=5, fps=200, on_frame=on_frame)
    assert len(frames) == 5
    assert panel.led_pin(6).state == 1.0  # the demo lit the trough whose button was pressed
