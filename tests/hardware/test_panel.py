from __future__ import annotations

import queue
import threading
import time

import pytest

from table.hardware.events import ButtonPress, DieReading, EventValueError, SensorStatus
from table.hardware.panel import Panel, StatusModeError, TroughError
from table.hardware.pinmap import BUTTON_NAMES
from tests.fakes import ManualClock
from tests.hardware.waiting import drain


@pytest.fixture
def clock():
    return ManualClock(100.0)


@pytest.fixture
def panel(mock_factory, pinmap, clock):
    with Panel(pinmap, pin_factory=mock_factory, clock=clock) as p:
        yield p


HOLD = 0.005  # Panel's default min_hold_s


def press(p: Panel, name: str) -> float:
    """Press ``name`` for the hold time (on the panel's clock), let go; return the press time."""
    pin = p.button_pin(name)
    t = p.clock()
    pin.drive_low()
    if isinstance(p.clock, ManualClock):
        p.clock.advance(HOLD)
    else:
        time.sleep(3 * HOLD)
    pin.drive_high()
    return t


def wait_until(cond, timeout=60.0):  # only reached when the test fails: a slow machine is no failure
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.002)
    return cond()


def test_every_button_press_becomes_one_event(panel, clock, mock_factory, pinmap):
    for name in BUTTON_NAMES:
        clock.advance(1.0)
        pin = mock_factory.pin(pinmap.button_pins()[name])  # the very pin from the map
        t = clock.t
        pin.drive_low()
        clock.advance(HOLD)
        pin.drive_high()
        assert drain(panel.events) == [ButtonPress(name, t)]


@pytest.mark.parametrize("spike_s", [0.000001, 0.00002, 0.00005, 0.0049])
def test_a_spike_shorter_than_the_hold_time_is_no_press(panel, clock, spike_s):
    """A 1-50 µs spike induced on a long button wire used to count as a press."""
    pin = panel.button_pin("trough2")
    pin.drive_low()
    clock.advance(spike_s)
    pin.drive_high()
    assert panel.spikes == 1
    clock.advance(1.0)
    time.sleep(4 * HOLD)  # give a (wrong) confirm thread every chance to queue it
    assert drain(panel.events) == []
    t = press(panel, "trough2")  # a real press right after: not eaten by the debounce window
    assert drain(panel.events) == [ButtonPress("trough2", t)]
    assert panel.dropped_presses == 0


def test_a_held_button_is_confirmed_without_waiting_for_the_release(panel, clock):
    pin = panel.button_pin("undo")
    t = clock.t
    pin.drive_low()
    assert drain(panel.events) == []  # not yet: it has not held for min_hold_s
    clock.advance(HOLD)
    assert panel.events.get(timeout=60) == ButtonPress("undo", t)  # the confirm thread, while held
    clock.advance(1.0)
    pin.drive_high()
    assert drain(panel.events) == [] and panel.spikes == 0


def test_hold_time_zero_counts_every_edge_at_once(mock_factory, pinmap, clock):
    with Panel(pinmap, pin_factory=mock_factory, clock=clock, min_hold_s=0.0) as p:
        pin = p.button_pin("blind")
        pin.drive_low()
        pin.drive_high()
        assert drain(p.events) == [ButtonPress("blind", clock.t)]
    with pytest.raises(ValueError):
        Panel(pinmap, pin_factory=mock_factory, min_hold_s=-0.001)


def test_release_alone_is_no_event(panel):
    pin = panel.button_pin("confirm")
    pin.drive_low()
    drain(panel.events)
    pin.drive_high()
    assert drain(panel.events) == []


def test_debounce_drops_chatter_inside_window_on_injected_clock(panel, clock):
    press(panel, "trough3")
    for _ in range(5):  # contact chatter: presses 10 ms apart
        clock.advance(0.01)
        press(panel, "trough3")
    events = drain(panel.events)
    assert [e.button for e in events] == ["trough3"]
    assert panel.dropped_presses == 5
    clock.advance(0.049)  # still inside 50 ms of the last edge
    press(panel, "trough3")
    assert drain(panel.events) == []
    clock.advance(0.051)  # just past the window after the last edge: a new press
    t = press(panel, "trough3")
    assert drain(panel.events) == [ButtonPress("trough3", t)]


def test_bounce_on_release_is_not_a_new_press(panel, clock):
    pin = panel.button_pin("confirm")
    pin.drive_low()
    clock.advance(0.4)  # held for 0.4 s
    pin.drive_high()  # let go ...
    clock.advance(0.004)
    pin.drive_low()  # ... and the contact bounces
    clock.advance(0.002)
    pin.drive_high()
    assert [e.button for e in drain(panel.events)] == ["confirm"]
    assert panel.dropped_presses == 0 and panel.spikes == 1 and panel.noisy == {}  # bounce, no noise
    clock.advance(0.2)
    t = press(panel, "confirm")  # a real second press
    assert drain(panel.events) == [ButtonPress("confirm", t)]


def test_debounce_is_per_button(panel, clock):
    press(panel, "trough1")
    clock.advance(0.001)
    press(panel, "trough2")
    clock.advance(0.001)
    press(panel, "undo")
    assert [e.button for e in drain(panel.events)] == ["trough1", "trough2", "undo"]


def test_events_go_into_a_given_queue(mock_factory, pinmap, clock):
    q: queue.Queue = queue.Queue()
    with Panel(pinmap, pin_factory=mock_factory, clock=clock, events=q) as p:
        assert p.events is q
        t = press(p, "blind")
        assert q.get_nowait() == ButtonPress("blind", t)


def test_led_on_off_through_mock_pin_states(panel):
    pin = panel.led_pin(4)
    pin.clear_states()
    panel.leds.on(4)
    panel.leds.off(4)
    panel.leds.on(4, brightness=0.25)
    pin.assert_states([0.0, 1.0, 0.0, 0.25])
    assert [s.state for s in pin.states] == [0.0, 1.0, 0.0, 0.25]
    assert panel.leds.value(4) == 0.25


def test_set_open_lights_exactly_those(panel):
    panel.leds.on(7)
    panel.leds.set_open([1, 3, 6])
    assert [panel.led_pin(t).state for t in range(1, 8)] == [1.0, 0, 1.0, 0, 0, 1.0, 0]
    panel.leds.set_open([])
    assert all(panel.led_pin(t).state == 0 for t in range(1, 8))


def test_all_off(panel):
    panel.leds.set_open(range(1, 8))
    panel.leds.all_off()
    assert all(panel.led_pin(t).state == 0 for t in range(1, 8))


@pytest.mark.parametrize("bad", [0, 8, -1, "3", 2.0, True, None])
def test_bad_trough_numbers_raise_trough_error(panel, bad):
    with pytest.raises(TroughError):
        panel.leds.on(bad)
    with pytest.raises(TroughError):
        panel.leds.set_open([1, bad])
    assert issubclass(TroughError, ValueError)


def test_pulse_fades(panel):
    panel.leds.pulse(2, fade_in_s=0.3, fade_out_s=0.3)
    pin = panel.led_pin(2)
    assert wait_until(lambda: len({round(s.state, 2) for s in pin.states}) > 5)
    levels = [s.state for s in pin.states]
    assert any(0 < v < 1 for v in levels)  # PWM in between, not just on/off
    panel.leds.off(2)
    assert pin.state == 0


def _on_times(pins_by_trough, bases):
    """Absolute times each LED pin went on, rebuilt from MockPin's relative state history."""
    ons = []
    for trough, pin in pins_by_trough.items():
        t = bases[trough]
        for s in pin.states[1:]:
            t += s.timestamp
            if s.state == 1.0:
                ons.append((t, trough))
    return [trough for _, trough in sorted(ons)]


def test_blink_sequence_follows_the_refill_order_and_repeats(panel):
    pins = {t: panel.led_pin(t) for t in range(1, 8)}
    bases = {}
    for t, pin in pins.items():
        pin.clear_states()
        bases[t] = pin._last_change
    order = [5, 2, 7]
    panel.leds.blink_sequence(order, on_s=0.01, gap_s=0.005, pause_s=0.01)
    assert wait_until(lambda: sum(s.state == 1.0 for s in pins[7].states) >= 3)
    panel.leds.all_off()
    seq = _on_times(pins, bases)
    assert seq[:9] == order * 3
    assert all(len(pins[t].states) == 1 for t in (1, 3, 4, 6))  # untouched LEDs stayed dark
    assert all(pin.state == 0 for pin in pins.values())


def test_another_call_stops_the_sequence(panel):
    panel.leds.blink_sequence([1, 2], on_s=0.005, gap_s=0.0, pause_s=0.0)
    assert wait_until(lambda: len(panel.led_pin(2).states) > 3)
    panel.leds.on(6)
    n1, n2 = len(panel.led_pin(1).states), len(panel.led_pin(2).states)
    time.sleep(0.03)
    assert (len(panel.led_pin(1).states), len(panel.led_pin(2).states)) == (n1, n2)
    assert [panel.led_pin(t).state for t in range(1, 8)] == [0, 0, 0, 0, 0, 1.0, 0]


def test_chase_runs_over_all_troughs(panel):
    panel.leds.chase(step_s=0.003)
    assert wait_until(lambda: all(any(s.state == 1.0 for s in panel.led_pin(t).states) for t in range(1, 8)))
    panel.leds.all_off()


def test_blink_sequence_rejects_bad_input(panel):
    with pytest.raises(TroughError):
        panel.leds.blink_sequence([])
    with pytest.raises(TroughError):
        panel.leds.blink_sequence([1, 9])
    with pytest.raises(ValueError):
        panel.leds.blink_sequence([1], on_s=0)


def test_status_led(panel):
    pin = panel.pin_factory.pin(panel.pinmap.status_led)
    panel.set_status("on")
    assert pin.state == 1.0
    panel.set_status("off")
    assert pin.state == 0
    panel.set_status("blink")
    assert wait_until(lambda: pin.state == 1.0)
    panel.set_status("off")
    with pytest.raises(StatusModeError):
        panel.set_status("glow")


def test_no_status_led_is_fine(mock_factory):
    import tomllib

    from table.hardware.pinmap import default_pinmap_text, pinmap_from_dict

    data = tomllib.loads(default_pinmap_text())
    del data["leds"]["status"]
    with Panel(pinmap_from_dict(data), pin_factory=mock_factory) as p:
        assert p.status is None
        p.set_status("blink")  # nothing to drive, no error


def test_close_is_idempotent_and_releases_pins(mock_factory, pinmap, clock):
    p = Panel(pinmap, pin_factory=mock_factory, clock=clock)
    p.leds.chase(step_s=0.005)
    p.close()
    p.close()
    assert p.closed
    # the pins are free again: a second panel on the same factory can be built
    with Panel(pinmap, pin_factory=mock_factory, clock=clock) as again:
        press(again, "undo")
        assert again.events.get_nowait().button == "undo"


def test_a_pin_taken_in_this_process_loses_only_its_button(mock_factory, pinmap, clock):
    from gpiozero import LED

    blocker = LED(pinmap.confirm, pin_factory=mock_factory)  # confirm's pin is taken
    with Panel(pinmap, pin_factory=mock_factory, clock=clock) as p:
        assert list(p.unavailable) == ["button:confirm"]
        line = p.unavailable["button:confirm"]
        assert line.startswith(f"GPIO {pinmap.confirm} is busy, so the confirm button is off")
        assert p.button_pin("confirm") is None
        t = press(p, "undo")
        assert drain(p.events) == [ButtonPress("undo", t)]
    blocker.close()
    with Panel(pinmap, pin_factory=mock_factory) as p:  # everything was released
        assert p.unavailable == {}


def test_mock_pins_without_pwm_give_a_clear_error(pinmap):
    from gpiozero.pins.mock import MockFactory

    from table.hardware.panel import PanelPinsError

    plain = MockFactory()
    with pytest.raises(PanelPinsError, match=r"make_pin_factory\('mock'\)"):
        Panel(pinmap, pin_factory=plain)
    from gpiozero import LED

    LED(pinmap.trough_leds[0], pin_factory=plain).close()  # the pin was released: no GPIOPinInUse
    plain.close()


def test_panel_without_factory_chooses_mock_off_pi(monkeypatch, pinmap):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    with Panel(pinmap) as p:
        press(p, "trough7")
        assert p.events.get_nowait().button == "trough7"


def test_event_classes_check_their_values():
    with pytest.raises(EventValueError):
        ButtonPress("trough8", 0.0)
    with pytest.raises(EventValueError):
        SensorStatus("asleep", "", 0.0)
    for bad in (0, -2, "3", True):
        with pytest.raises(EventValueError):
            DieReading(bad, 0.0)
    assert ButtonPress("trough5", 1.0).trough == 5
    assert ButtonPress("undo", 1.0).trough is None
    with pytest.raises(AttributeError):
        ButtonPress("undo", 1.0).t = 2.0  # type: ignore[misc]


def test_spikes_whose_callbacks_run_late_are_no_presses_with_a_busy_thread(mock_factory, pinmap):
    """Issue 22: the filter stamped an edge inside the Python callback, so it measured how late the
    callback ran, not how long the pulse was; with another thread busy (the render loop) some
    microsecond spikes became presses. Here each spike's two edges are delivered the way lgpio
    delivers them — each with the edge's own time, the level long back to released — and one in
    thirteen pairs arrives 6 ms late (past the 5 ms hold), while a thread spins. 0 of 1,300."""
    from gpiozero.pins.pi import PiPin

    stop = threading.Event()

    def busy() -> None:
        n = 0
        while not stop.is_set():
            n += 1

    spinner = threading.Thread(target=busy, daemon=True)
    spinner.start()
    try:
        with Panel(pinmap, pin_factory=mock_factory) as p:
            assert p.edge_times
            pin = p.button_pin("trough3")
            for i in range(1300):
                t0 = time.monotonic()
                pin._state = True  # the level: released again before any callback ran
                PiPin._call_when_changed(pin, t0, False)  # the press edge (buttons are active low)
                if i % 13 == 0:
                    time.sleep(0.006)  # this alert pair arrives late: the confirm thread runs first
                PiPin._call_when_changed(pin, t0 + 0.00001 * (1 + i % 5), True)  # 10-50 µs later
            time.sleep(0.02)
            assert drain(p.events) == []
            assert p.spikes == 1300
            # a real press with the edges' own times still counts, once, while held
            pin.drive_low()
            assert p.events.get(timeout=60).button == "trough3"
            pin.drive_high()
            time.sleep(0.02)
            assert drain(p.events) == []
    finally:
        stop.set()
        spinner.join()


def test_without_edge_times_the_filter_measures_on_the_clock(mock_factory, pinmap, clock):
    """An injected clock (or a factory whose edges carry no time, RPi.GPIO) keeps the old filter."""
    with Panel(pinmap, pin_factory=mock_factory, clock=clock) as p:
        assert not p.edge_times
