"""Whole games on the real Panel with gpiozero mock pins: a press is ``pin.drive_low()`` (and
release), the LEDs are read back from the mock pins' state."""

import random
import time

import pygame
import pytest

pytest.importorskip("table.hardware.panel")


from table import games as registry
from table.companion.ports import PanelIndicators
from table.display.app import App
from table.games.applejack.companion.api import Controller
from table.games.applejack.files import load_dataset
from tests.scenarios.conftest import lit

DATA = load_dataset()



@pytest.fixture
def rig(panel_rig):
    panel, clock = panel_rig
    ctl = Controller(DATA)
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=PanelIndicators(panel),
              inputs=panel.events)
    return app, ctl, panel, clock


def press(app, panel, clock, name):
    clock.t += 1.0  # well outside the debounce window
    pin = panel.button_pin(name)
    pin.drive_low()
    clock.t += 0.01  # held 10 ms: the panel ignores shorter spikes (min_hold_s)
    pin.drive_high()
    app.step()


def wait_lit(panel, trough, timeout=60.0):  # reached only on failure: a slow CPU must not flake
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if panel.led_pin(trough).state > 0:
            return True
        time.sleep(0.005)
    return False


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_a_whole_game_on_mock_pins(rig, players, seed):
    app, ctl, panel, clock = rig
    rng = random.Random(seed)
    app.step()
    press(app, panel, clock, f"trough{players}")
    press(app, panel, clock, "confirm")
    assert ctl.mode == "play"
    refills = 0
    while ctl.mode == "play":
        t = ctl.t
        if ctl.queued:
            a = ctl.queued[0]
            if a.kind == "refill" and refills < 2:
                refills += 1
                assert wait_lit(panel, a.troughs[0]), "the first trough of the refill order blinks"
            elif a.kind != "refill":
                assert lit(panel) == ()
            press(app, panel, clock, "confirm")
            continue
        if t.is_terminal():
            press(app, panel, clock, "confirm")
            continue
        legal = t.legal_actions()
        assert lit(panel) == tuple(sorted(a.a for a in legal if a.kind == "take"))
        action = rng.choice(legal)
        n = len(t.history)
        if action.kind == "take":
            press(app, panel, clock, f"trough{action.a}")
        elif action.kind == "blind":
            press(app, panel, clock, "blind")
        assert len(t.history) == n + 1 and t.history[-1] == action
        if rng.random() < 0.05:
            press(app, panel, clock, "undo")
            assert len(t.history) == n
            press(app, panel, clock, f"trough{action.a}" if action.kind == "take" else "blind")
    assert ctl.mode == "pad" and refills >= 1


def test_the_simulated_die_sensor_follows_the_rules_and_a_wrong_space_is_shown():
    pytest.importorskip("table.hardware.die_sensor")
    from table.companion.hardware import make_hardware
    from table.games.applejack.companion.api import Setup

    hw = make_hardware("mock", "sim")
    if hw.sim is None:
        pytest.skip("hardware-mocks/ not in this checkout")
    ctl = Controller(DATA)
    ctl.setup = Setup(2, sensor=True)
    ctl.do("start")
    app = App(ctl, pygame.Surface((480, 320)), games=registry.games(), indicators=hw.indicators, inputs=hw.events,
              after_step=hw.follow)

    def until(cond, timeout=60.0):  # reached only on failure
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            app.step()
            if cond():
                return True
            time.sleep(0.02)
        return False

    try:
        assert until(lambda: ctl.die_seen == 1 and ctl.sensor_state == "connected")
        ctl.do("take 2")
        ctl.do("ack")
        assert until(lambda: ctl.die_seen == 2) and not ctl.die_wrong()
        hw.sim.place(5)  # someone puts the die on the wrong space
        assert until(lambda: ctl.die_seen == 5)
        assert ctl.die_wrong() and ctl.t.state.die.space == 2  # shown, not obeyed
    finally:
        hw.close()


def test_without_gpio_or_with_a_bad_sensor_url_the_kiosk_still_runs(caplog, monkeypatch):
    from table.companion.hardware import make_hardware
    from table.companion.ports import RecordingIndicators

    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")  # real pins asked for off a Pi
    monkeypatch.setattr("table.hardware.factory.running_on_pi", lambda *a, **k: False)
    hw = make_hardware("lgpio", "ftp://nowhere")
    try:
        assert isinstance(hw.indicators, RecordingIndicators) and hw.sensor is None
        assert "trough LEDs and buttons unavailable" in caplog.text
        assert "die sensor unavailable" in caplog.text
    finally:
        hw.close()
