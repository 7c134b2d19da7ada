"""The lid panel: seven trough LEDs, ten buttons and an optional status LED.

Build it on an injected gpiozero pin factory (see :mod:`table.hardware.factory`)::

    with Panel(load_pinmap(), pin_factory=make_pin_factory("mock")) as panel:
        panel.leds.set_open([1, 4, 6])
        event = panel.events.get()        # ButtonPress("trough4", t=...)

Button presses become :class:`~table.hardware.events.ButtonPress` events in one thread-safe
``queue.Queue`` (``panel.events``); the gpiozero callbacks only stamp the time and take note.
Two filters work on the injected clock:

- **Spikes.** A press counts only once the button has held its pressed level for ``min_hold_s``
  (5 ms): a 1-50 µs spike induced on a long button wire is dropped (``panel.spikes``). The
  event's ``t`` is still the moment the level changed; it is queued when the release comes
  after ``min_hold_s`` or, for a button still held, by the panel's confirm thread as soon as
  ``min_hold_s`` has passed — the delay a person feels is those 5 ms.
  How long the level held is measured between the edges' own times where the pin factory
  stamps its edges (lgpio: the kernel's timestamp of each edge; pigpio: the daemon's tick; mock
  pins: when the pin was driven) and the panel runs on the monotonic clock: a callback that runs
  late — Python switches threads every 5 ms, and the render loop is busy — no longer makes a
  microsecond spike look held (issue 22). RPi.GPIO's callbacks carry no time: there, and with an
  injected clock, the hold is measured on the clock when the callbacks run, as before.
- **Chatter.** A press less than ``debounce_s`` seconds after the previous edge of the same
  button (a press, kept or dropped, or a release) is dropped, so a chattering contact gives one
  event, on pressing and on letting go. A spike's edges do not count as edges here.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from gpiozero import PWMLED, DigitalInputDevice
from gpiozero.exc import PinPWMUnsupported
from gpiozero.pins import Factory

from table.hardware.errors import HardwareError, HardwareSettingError
from table.hardware.events import ButtonPress
from table.hardware.factory import make_pin_factory
from table.hardware.pinmap import BUTTON_NAMES, TROUGHS, PinMap

EDGE_STAMPING_FACTORIES = frozenset({"LGPIOFactory", "PiGPIOFactory", "MockFactory"})
"""gpiozero pin factories whose edges carry the time the level changed (see the module docstring)."""

CLOCK_SLACK_S = 1e-9
"""Float rounding allowed when comparing clock differences with ``min_hold_s``."""


class TroughError(HardwareError, ValueError):
    """A trough number outside 1..7 (or not an int) was given."""


class PanelPinsError(HardwareError, ValueError):
    """The pin factory cannot drive the panel (e.g. mock pins without PWM)."""


class StatusModeError(HardwareError, ValueError):
    """A status LED mode other than "on", "off", "blink" was given."""


def check_trough(trough: object) -> int:
    """Return ``trough`` if it is an int 1..7, else raise :class:`TroughError`."""
    if not isinstance(trough, int) or isinstance(trough, bool) or not 1 <= trough <= TROUGHS:
        raise TroughError(f"trough must be an integer 1..{TROUGHS}, got {trough!r}")
    return trough


class _Sequencer:
    """A background thread that lights one LED after another, round after round, until stopped."""

    def __init__(self, steps: Sequence[tuple[PWMLED, float, float]], pause_s: float) -> None:
        self._steps = steps
        self._pause_s = pause_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="trough-led-sequence", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            for led, on_s, gap_s in self._steps:
                led.on()
                if self._stop.wait(on_s):
                    return
                led.off()
                if gap_s > 0 and self._stop.wait(gap_s):
                    return
            if self._pause_s > 0 and self._stop.wait(self._pause_s):
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


class TroughLeds:
    """The seven trough LEDs (PWM). Any call stops a running :meth:`blink_sequence` or :meth:`chase`."""

    def __init__(self, leds: Sequence[PWMLED]) -> None:
        if len(leds) != TROUGHS:
            raise HardwareSettingError(f"need {TROUGHS} trough LEDs, got {len(leds)}")
        self._leds = tuple(leds)
        self._lock = threading.RLock()
        self._sequencer: _Sequencer | None = None

    def _led(self, trough: int) -> PWMLED:
        return self._leds[check_trough(trough) - 1]

    def _stop_sequence(self) -> None:
        if self._sequencer is not None:
            self._sequencer.stop()
            self._sequencer = None
            for led in self._leds:
                led.off()

    def on(self, trough: int, brightness: float = 1.0) -> None:
        """Light ``trough`` (1..7) steadily; ``brightness`` 0..1 (PWM duty)."""
        with self._lock:
            led = self._led(trough)
            self._stop_sequence()
            if brightness >= 1.0:
                led.on()
            else:
                led.value = max(0.0, brightness)

    def off(self, trough: int) -> None:
        """Put out ``trough`` (1..7)."""
        with self._lock:
            led = self._led(trough)
            self._stop_sequence()
            led.off()

    def set_open(self, troughs: Iterable[int]) -> None:
        """Exactly these troughs lit steadily, all others off."""
        with self._lock:
            wanted = {check_trough(t) for t in troughs}
            self._stop_sequence()
            for n, led in enumerate(self._leds, start=1):
                if n in wanted:
                    led.on()
                else:
                    led.off()

    def pulse(self, trough: int, fade_in_s: float = 0.8, fade_out_s: float = 0.8) -> None:
        """Fade ``trough`` in and out continuously (gpiozero's PWM thread); other LEDs unchanged."""
        with self._lock:
            led = self._led(trough)
            self._stop_sequence()
            led.pulse(fade_in_time=fade_in_s, fade_out_time=fade_out_s, background=True)

    def blink_sequence(
        self, troughs: Sequence[int], on_s: float = 0.4, gap_s: float = 0.15, pause_s: float = 1.0
    ) -> None:
        """Blink ``troughs`` one at a time in the given order (the refill order), ``on_s`` seconds lit,
        ``gap_s`` dark between two, ``pause_s`` dark after each round; repeats until another call."""
        with self._lock:
            order = [check_trough(t) for t in troughs]
            if not order:
                raise TroughError("blink_sequence needs at least one trough")
            if on_s <= 0 or gap_s < 0 or pause_s < 0:
                raise HardwareSettingError(f"need on_s > 0, gap_s >= 0, pause_s >= 0; got {on_s}, {gap_s}, {pause_s}")
            self._stop_sequence()
            for led in self._leds:
                led.off()
            steps = [(self._leds[t - 1], on_s, gap_s) for t in order]
            self._sequencer = _Sequencer(steps, pause_s)

    def chase(self, step_s: float = 0.12) -> None:
        """Demo: a light running 1 -> 7 round and round."""
        self.blink_sequence(list(range(1, TROUGHS + 1)), on_s=step_s, gap_s=0.0, pause_s=0.0)

    def all_off(self) -> None:
        """Every trough LED off, any sequence stopped."""
        with self._lock:
            self._stop_sequence()
            for led in self._leds:
                led.off()

    def value(self, trough: int) -> float:
        """Current brightness 0..1 of ``trough``."""
        return float(self._led(trough).value)

    def close(self) -> None:
        with self._lock:
            self._stop_sequence()


class Panel:
    """The lid panel on pins from ``pinmap``.

    ``pin_factory``: a gpiozero factory to build every device on (None: :func:`make_pin_factory`
    chooses, and the panel closes it with itself). ``clock``: seconds, monotonic; used for event
    times, debouncing and the hold time. ``debounce_s``: seconds. ``min_hold_s``: seconds a press
    must hold its level to count (0: every edge counts at once). ``events``: the queue to put
    events in (created if None), exposed as ``.events``.
    """

    def __init__(
        self,
        pinmap: PinMap,
        pin_factory: Factory | None = None,
        clock: Callable[[], float] = time.monotonic,
        debounce_s: float = 0.05,
        events: queue.Queue[Any] | None = None,
        min_hold_s: float = 0.005,
    ) -> None:
        if debounce_s < 0:
            raise HardwareSettingError(f"debounce_s must be >= 0, got {debounce_s}")
        if not 0 <= min_hold_s < 1:
            raise HardwareSettingError(f"min_hold_s must be 0 <= min_hold_s < 1 second, got {min_hold_s}")
        self.pinmap = pinmap
        self._own_factory = pin_factory is None
        self.pin_factory: Factory = make_pin_factory(None) if pin_factory is None else pin_factory
        self.clock = clock
        self.debounce_s = debounce_s
        self.min_hold_s = min_hold_s
        self.events: queue.Queue[Any] = queue.Queue() if events is None else events
        self.dropped_presses = 0
        """Presses dropped by the debounce window (a chattering contact shows up here)."""
        self.spikes = 0
        """Presses dropped because the level did not hold for ``min_hold_s`` (noise on the wire)."""
        self._last_edge: dict[str, float] = {}
        self._pending: dict[str, tuple[float, float | None, Any]] = {}
        """Button -> (press time, the edge before it, the press edge's own ticks or None): pressed,
        not yet held for ``min_hold_s``."""
        self.edge_times = clock is time.monotonic and any(
            cls.__name__ in EDGE_STAMPING_FACTORIES for cls in type(self.pin_factory).__mro__)
        """The hold is measured between the edges' own times (the factory stamps them)."""
        self._press_lock = threading.Condition(threading.Lock())
        self._confirmer: threading.Thread | None = None
        self._closed = False
        self._devices: list[Any] = []
        try:
            trough_leds = [self._add(PWMLED(pin, active_high=pinmap.leds_active_high,
                                            pin_factory=self.pin_factory))
                           for pin in pinmap.trough_leds]  # fmt: skip
            self.leds = TroughLeds(trough_leds)
            self.status: PWMLED | None = None
            if pinmap.status_led is not None:
                self.status = self._add(
                    PWMLED(
                        pinmap.status_led, active_high=pinmap.leds_active_high, pin_factory=self.pin_factory
                    )
                )
            # DigitalInputDevice is gpiozero's Button without the hold thread: the panel needs no
            # hold events, and ten hold threads would cost ten threads and 0.1 s each at close().
            self.buttons: dict[str, DigitalInputDevice] = {}
            for name, pin in pinmap.button_pins().items():
                button = self._add(
                    DigitalInputDevice(
                        pin, pull_up=pinmap.buttons_pull_up, bounce_time=None, pin_factory=self.pin_factory
                    )
                )
                button.when_activated = partial(self._pressed, name)
                button.when_deactivated = partial(self._released, name)
                self.buttons[name] = button
        except PinPWMUnsupported as exc:
            self.close()
            raise PanelPinsError(
                "the trough LEDs need PWM pins; for mock pins use make_pin_factory('mock') "
                "(MockFactory(pin_class=MockPWMPin))"
            ) from exc
        except BaseException:
            self.close()
            raise

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def _edge_ticks(self, name: str) -> Any:
        """The ticks of the edge being reported for ``name`` (gpiozero sets the device's
        ``_last_changed`` to the edge's ticks just before it calls the callback), or None."""
        return getattr(self.buttons[name], "_last_changed", None) if self.edge_times else None

    def _held_s(self, pending: tuple[float, float | None, Any], t: float, edge: Any) -> float:
        """Seconds the pressed level held: between the edges' own ticks where both are known."""
        if edge is not None and pending[2] is not None:
            return float(self.pin_factory.ticks_diff(edge, pending[2]))
        return t - pending[0]

    def _released(self, name: str) -> None:
        # A release is an edge too: contact bounce on letting go must not read as a new press.
        t = self.clock()
        edge = self._edge_ticks(name)
        with self._press_lock:
            pending = self._pending.pop(name, None)
            if pending is not None and self._held_s(pending, t, edge) < self.min_hold_s - CLOCK_SLACK_S:
                self.spikes += 1  # noise, not a press: its edges are forgotten too
                if pending[1] is None:
                    self._last_edge.pop(name, None)
                else:
                    self._last_edge[name] = pending[1]
                return
            self._last_edge[name] = t
            if pending is not None:  # held long enough, released before the confirm thread saw it
                self.events.put(ButtonPress(name, pending[0]))

    def _pressed(self, name: str) -> None:
        # Runs in gpiozero's callback thread: stamp, debounce, note or enqueue; nothing else.
        t = self.clock()
        edge = self._edge_ticks(name)
        with self._press_lock:
            last = self._last_edge.get(name)
            self._last_edge[name] = t
            if last is not None and t - last < self.debounce_s:
                self.dropped_presses += 1
                return
            if self.min_hold_s > 0:
                self._pending[name] = (t, last, edge)
                if self._confirmer is None and not self._closed:
                    self._confirmer = threading.Thread(target=self._confirm, name="panel-buttons", daemon=True)
                    self._confirmer.start()
                self._press_lock.notify()
                return
        self.events.put(ButtonPress(name, t))

    def _confirm(self) -> None:
        """The confirm thread: queue a held press once it has held ``min_hold_s`` on the clock."""
        lock = self._press_lock
        while True:
            with lock:
                while not self._pending and not self._closed:
                    lock.wait()
                if self._closed:
                    return
                now = self.clock()
                due = [(n, p) for n, p in self._pending.items() if now - p[0] >= self.min_hold_s - CLOCK_SLACK_S]
                if self.edge_times:
                    # the level already let go: its release edge is on its way (its callback is
                    # late) and will judge the hold by the edges' times; not a press to confirm
                    due = [(n, p) for n, p in due if self.buttons[n].is_active]
                if not due:
                    # wait real seconds for the rest of the hold (an injected clock may stand
                    # still: then check again every min_hold_s)
                    left = min(self.min_hold_s - (now - p[0]) for p in self._pending.values())
                    lock.wait(max(0.0005, min(left, self.min_hold_s)))
                    continue
                # held for min_hold_s with no release edge yet: a press. (Where edges carry their
                # times the level was read above; a release in flight is judged once, by
                # _released, since whoever pops the pending press under the lock decides.)
                for name, pending in due:
                    del self._pending[name]
                    self.events.put(ButtonPress(name, pending[0]))  # under the lock: never lost

    def set_status(self, mode: str) -> None:
        """Status LED "on", "off" or "blink" (1 Hz); does nothing if the map has no status LED."""
        if mode not in ("on", "off", "blink"):
            raise StatusModeError(f"status LED mode must be 'on', 'off' or 'blink', got {mode!r}")
        if self.status is None:
            return
        if mode == "on":
            self.status.on()
        elif mode == "off":
            self.status.off()
        else:
            self.status.blink(on_time=0.5, off_time=0.5, background=True)

    def button_pin(self, name: str) -> Any:
        """The gpiozero pin object behind button ``name`` (a MockPin on mock pins)."""
        if name not in BUTTON_NAMES:
            raise HardwareSettingError(f"unknown button {name!r}; expected one of {', '.join(BUTTON_NAMES)}")
        return self.buttons[name].pin

    def led_pin(self, trough: int) -> Any:
        """The gpiozero pin object behind trough LED ``trough`` (1..7)."""
        return self.leds._led(trough).pin

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Stop sequences, release every pin (and the factory if the panel made it). Idempotent."""
        if self._closed:
            return
        self._closed = True
        with self._press_lock:
            self._press_lock.notify_all()
        if self._confirmer is not None:
            self._confirmer.join()
        leds = getattr(self, "leds", None)
        if leds is not None:
            leds.close()
        for device in reversed(self._devices):
            device.close()
        self._devices.clear()
        if self._own_factory:
            self.pin_factory.close()

    def __enter__(self) -> Panel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
