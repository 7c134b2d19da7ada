"""The lid panel: seven trough LEDs, ten buttons and an optional status LED.

Build it on an injected gpiozero pin factory (see :mod:`table.hardware.factory`)::

    with Panel(load_pinmap(), pin_factory=make_pin_factory("mock")) as panel:
        panel.leds.set_open([1, 4, 6])
        event = panel.events.get()        # ButtonPress("trough4", t=...)

Button presses become :class:`~table.hardware.events.ButtonPress` events in one thread-safe
``queue.Queue`` (``panel.events``); the gpiozero callbacks only stamp the edge and take note.

**The glitch filter** judges each wire's level over time, not edge by edge:

- A level counts only once it has held for ``min_hold_s`` (5 ms), measured between the edges'
  own times where the pin factory stamps them (lgpio: the kernel's timestamp of each edge; mock
  pins: when the pin was driven) and the panel runs on the monotonic clock, so a callback that
  runs late behind a busy thread does not stretch a spike (issue 22). RPi.GPIO's callbacks carry
  no time: there, and with an injected clock, the level is timed when the callbacks run.
- A pressed level shorter than that is a **spike** (a 1-50 µs pulse induced on a long wire):
  dropped, counted in ``.spikes`` and ``.spikes_by_button``; 5 spikes within 10 s on one wire
  are said once, as a log line and in ``.noisy`` ("trough 5's wire picks up noise: route it away
  from the LED wires"). A released level shorter than that inside a press is contact bounce.
- A press that held counts when the button had been let go (a release that held) for at least
  ``debounce_s`` (50 ms) before it; otherwise it is **chatter** (``.dropped_presses``). Spikes
  never move that release, so noise of any rate cannot push a real press into the chatter
  window (issue 35: with spikes every 20 ms, 9 of 10 presses were lost).
- The event's ``t`` is when the level changed. It is queued when the release comes after
  ``min_hold_s`` or, for a button still held, by the panel's confirm thread, which reads the level
  (twice, ``min_hold_s / 4`` apart, where edges carry their times) — the delay a person feels is
  those 5-6 ms.

**Busy pins.** A pin the kernel or another program holds (lgpio: "GPIO busy") leaves only its own
device out: ``.unavailable`` has one line per lost device naming the pin and what likely holds it
("GPIO 25 is busy, so the trough 3 button is off: a 3.5" SPI screen uses it for its RESET line").
"""

from __future__ import annotations

import errno
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from gpiozero import PWMLED, DigitalInputDevice
from gpiozero.exc import PinPWMUnsupported
from gpiozero.pins import Factory

from table.hardware.errors import HardwareError, HardwareSettingError
from table.hardware.events import ButtonPress
from table.hardware.factory import make_pin_factory
from table.hardware.header import likely_holder
from table.hardware.pinmap import BUTTON_NAMES, TROUGHS, PinMap

EDGE_STAMPING_FACTORIES = frozenset({"LGPIOFactory", "PiGPIOFactory", "MockFactory"})
"""gpiozero pin factories whose edges carry the time the level changed (see the module docstring)."""

CLOCK_SLACK_S = 1e-9
"""Float rounding allowed when comparing clock differences with ``min_hold_s``."""

NOISY_SPIKES = 5
NOISY_WINDOW_S = 10.0
"""A wire with this many spikes within this many seconds is said (once) to pick up noise."""

log = logging.getLogger("applejack.hardware")


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


class _MissingLed:
    """Stands in for an LED whose pin could not be claimed: every call does nothing, it reads 0."""

    pin = None
    value = 0.0

    def on(self) -> None:
        pass

    def off(self) -> None:
        pass

    def pulse(self, *args: Any, **kwargs: Any) -> None:
        pass

    def blink(self, *args: Any, **kwargs: Any) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass
class _Line:
    """What the panel knows of one button's wire. Stamps are edge times (see :meth:`Panel._stamp`)."""

    level: bool = False
    """The level the last reported edge left (True: pressed)."""
    since: Any = None
    """When the wire took that level (None: before the panel started)."""
    holding: bool = False
    """The pressed level since ``since`` has held for ``min_hold_s``: a press, under way."""
    last_end: Any = None
    """When the last held press was let go (None: none since the panel started)."""
    seen_at: Any = None
    """The confirm thread: when it first read the pressed level of the press it waits for."""
    last_look: Any = None
    """The confirm thread: when it last read that pressed level."""
    claimed: Any = None
    """When the confirm thread last took a press from the level it read: a press whose own edge
    was still on its way (behind a spike's late release) is then the same press, not a second."""
    recent_spikes: deque[Any] = field(default_factory=deque)
    """Stamps of this wire's recent spikes (for the noisy-wire line)."""


def device_label(name: str) -> str:
    """ "trough3" -> "trough 3", other names unchanged ("blind", "status")."""
    return f"trough {name[6:]}" if name.startswith("trough") else name


def noisy_wire_line(button: str) -> str:
    """The one line said when ``button``'s wire picks up noise."""
    who = f"{device_label(button)}'s wire" if button.startswith("trough") else f"the {button} button's wire"
    return f"{who} picks up noise: route it away from the LED wires"


def busy_pin_line(pin: int, label: str, exc: BaseException) -> str:
    """The one line said when claiming ``pin`` for the device ``label`` failed with ``exc``."""
    if is_busy(exc):
        return f"GPIO {pin} is busy, so the {label} is off: {likely_holder(pin)}"
    return f"GPIO {pin} cannot be used, so the {label} is off: {type(exc).__name__}: {exc}"


def is_busy(exc: BaseException) -> bool:
    """Whether claiming a pin failed because something else holds it: lgpio's "GPIO busy"
    (the kernel's EBUSY), gpiozero's own "pin in use" within this process."""
    from gpiozero.exc import GPIOPinInUse

    return (isinstance(exc, GPIOPinInUse) or getattr(exc, "errno", None) == errno.EBUSY
            or "busy" in str(exc).lower())  # fmt: skip


class Panel:
    """The lid panel on pins from ``pinmap``.

    ``pin_factory``: a gpiozero factory to build every device on (None: :func:`make_pin_factory`
    chooses, and the panel closes it with itself). ``clock``: seconds, monotonic; used for event
    times, debouncing and the hold time. ``debounce_s``: seconds a button must have been let go
    before a new press counts. ``min_hold_s``: seconds a level must hold to count (0: every edge
    counts at once). ``events``: the queue to put events in (created if None), exposed as ``.events``.

    A device whose pin cannot be claimed (busy: a screen's driver or another program holds it)
    is left out: ``.unavailable`` maps its name ("trough3", "status", "button:undo") to the one
    line that says which pin and what likely holds it, logged once; every other device works.
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
        """Presses dropped because the button had not been let go for ``debounce_s`` (chatter)."""
        self.spikes = 0
        """Pressed levels that did not hold for ``min_hold_s`` (noise on a wire), all buttons."""
        self.spikes_by_button: dict[str, int] = dict.fromkeys(BUTTON_NAMES, 0)
        self.noisy: dict[str, str] = {}
        """Button -> the line said once when its wire picked up noise (:data:`NOISY_SPIKES` spikes
        within :data:`NOISY_WINDOW_S`)."""
        self.unavailable: dict[str, str] = {}
        self._lines: dict[str, _Line] = {}
        self.edge_times = clock is time.monotonic and any(
            cls.__name__ in EDGE_STAMPING_FACTORIES for cls in type(self.pin_factory).__mro__)
        """Levels are judged between the edges' own times (the factory stamps them)."""
        self._press_lock = threading.Condition(threading.Lock())
        self._confirmer: threading.Thread | None = None
        self._closed = False
        self._devices: list[Any] = []
        try:
            factory = self.pin_factory
            high = pinmap.leds_active_high
            trough_leds = [self._claim(f"trough{n}", f"trough {n} LED", pin,
                                       partial(PWMLED, pin, active_high=high, pin_factory=factory))
                           for n, pin in enumerate(pinmap.trough_leds, start=1)]  # fmt: skip
            self.leds = TroughLeds(trough_leds)
            self.status: PWMLED | None = None
            if pinmap.status_led is not None:
                status = self._claim("status", "status LED", pinmap.status_led,
                                     partial(PWMLED, pinmap.status_led, active_high=high, pin_factory=factory))
                self.status = None if isinstance(status, _MissingLed) else status
            # DigitalInputDevice is gpiozero's Button without the hold thread: the panel needs no
            # hold events, and ten hold threads would cost ten threads and 0.1 s each at close().
            self.buttons: dict[str, DigitalInputDevice] = {}
            for name, pin in pinmap.button_pins().items():
                button = self._claim(f"button:{name}", f"{device_label(name)} button", pin,
                                     partial(DigitalInputDevice, pin, pull_up=pinmap.buttons_pull_up,
                                             bounce_time=None, pin_factory=factory))
                if isinstance(button, _MissingLed):
                    continue
                self._lines[name] = _Line()
                self.buttons[name] = button  # before its callbacks: an edge may come at once
                button.when_activated = partial(self._edge, name, True)
                button.when_deactivated = partial(self._edge, name, False)
        except PinPWMUnsupported as exc:
            self.close()
            raise PanelPinsError(
                "the trough LEDs need PWM pins; for mock pins use make_pin_factory('mock') "
                "(MockFactory(pin_class=MockPWMPin))"
            ) from exc
        except BaseException:
            self.close()
            raise
        if self.min_hold_s > 0 and self.buttons:
            # started here, not by the first press: starting a thread takes milliseconds, which a
            # callback must not spend (it would stretch the level it is reporting)
            self._confirmer = threading.Thread(target=self._confirm, name="panel-buttons", daemon=True)
            self._confirmer.start()

    def _claim(self, key: str, label: str, pin: int, make: Callable[[], Any]) -> Any:
        """Build one device; a pin that cannot be claimed leaves it out with one line."""
        try:
            device = make()
        except PinPWMUnsupported:
            raise
        except Exception as exc:  # lgpio's "GPIO busy", gpiozero's pin in use, a pin the chip lacks
            line = busy_pin_line(pin, label, exc)
            self.unavailable[key] = line
            log.warning("%s", line)
            return _MissingLed()
        self._devices.append(device)
        return device

    # -- the buttons' glitch filter --------------------------------------------------------------
    # Judged on the pressed level over time, between the edges' own stamps. A pressed level that
    # holds min_hold_s is a press; one that does not is a spike and changes nothing at all — it
    # neither starts, ends, splits nor joins a press. Two held presses less than min_hold_s apart
    # are one (a scratchy contact); a press counts when the held press before it ended at least
    # debounce_s earlier, else it is chatter. So noise of any rate, even spikes closer together
    # than min_hold_s, can never push a real press into the chatter window (issue 35).

    def _stamp(self, name: str) -> Any:
        """When the edge being reported for ``name`` happened: the edge's own ticks where the
        factory stamps them (gpiozero sets the device's ``_last_changed`` just before it calls the
        callback), else the clock now."""
        if self.edge_times:
            return getattr(self.buttons[name], "_last_changed", None) or self.pin_factory.ticks()
        return self.clock()

    def _now(self) -> Any:
        return self.pin_factory.ticks() if self.edge_times else self.clock()

    def _diff(self, later: Any, earlier: Any) -> float:
        if self.edge_times:
            return float(self.pin_factory.ticks_diff(later, earlier))
        return float(later - earlier)

    def _event_time(self, stamp: Any) -> float:
        """A stamp as a time on the panel's clock (the event's ``t``)."""
        if self.edge_times:
            return self.clock() - max(0.0, self._diff(self._now(), stamp))
        return float(stamp)

    def _edge(self, name: str, pressed: bool) -> None:
        # Runs in gpiozero's callback thread: stamp, judge the level that just ended, note.
        stamp = self._stamp(name)
        with self._press_lock:
            line = self._lines[name]
            if pressed == line.level:
                return
            if pressed:
                line.level, line.since, line.seen_at = True, stamp, None
                if self.min_hold_s <= 0:
                    self._held(name, line)
                    return
                self._press_lock.notify()
                return
            held = float("inf") if line.since is None else self._diff(stamp, line.since)
            if held >= self.min_hold_s - CLOCK_SLACK_S:
                self._held(name, line)  # (if the confirm thread has not already)
                line.last_end, line.claimed = stamp, None
            elif line.since is not None:
                # a spike; if the confirm thread took a press meanwhile, it read the level of a
                # press whose edge is still on its way (line.claimed stays for that press)
                self._spike(name, line, line.since)
            line.level, line.since, line.holding = False, stamp, False

    def _held(self, name: str, line: _Line, at: Any = None) -> None:
        """The pressed level since ``line.since`` (or ``at``, where the confirm thread cannot
        trust that edge's stamp) has held for ``min_hold_s``. Under the lock."""
        if line.holding:
            return
        line.holding = True
        start = line.since if at is None else at
        claimed, line.claimed = line.claimed, None
        if claimed is not None and start is not None and self._diff(claimed, start) >= 0:
            return  # the press the confirm thread already took, its edge late behind a spike's
        while line.recent_spikes and self._diff(start, line.recent_spikes[-1]) < self.debounce_s:
            line.recent_spikes.pop()  # the contact's bounce as it closed, not noise
        if line.last_end is not None:
            gap = self._diff(start, line.last_end)
            if gap < self.min_hold_s - CLOCK_SLACK_S:
                return  # the same press, after a scratch of the contact
            if gap < self.debounce_s - CLOCK_SLACK_S:
                self.dropped_presses += 1
                return
        self.events.put(ButtonPress(name, self._event_time(start)))  # under the lock: never lost

    def _spike(self, name: str, line: _Line, at: Any) -> None:
        """A pressed level from ``at`` that did not hold: counted; said once when the wire is noisy.
        Under the lock. Spikes within ``debounce_s`` after a press ended (the contact's bounce as
        it opens) or before one began are not taken for noise."""
        self.spikes += 1
        self.spikes_by_button[name] += 1
        if line.last_end is not None and self._diff(at, line.last_end) < self.debounce_s:
            return
        recent = line.recent_spikes
        recent.append(at)
        while recent and self._diff(at, recent[0]) > NOISY_WINDOW_S:
            recent.popleft()
        settled = sum(1 for s in recent if self._diff(at, s) >= self.debounce_s)
        if settled >= NOISY_SPIKES and name not in self.noisy:
            self.noisy[name] = noisy_wire_line(name)
            log.warning("%s (%d spikes within %g s)", self.noisy[name], len(recent), NOISY_WINDOW_S)

    def _confirm(self) -> None:
        """The confirm thread: take a press once its level has held ``min_hold_s``, without
        waiting for the release. Where edges carry their times it reads the level twice, at least
        ``min_hold_s / 4`` apart, and both must be pressed, the first within ``min_hold_s`` of the
        press edge's stamp: a release whose callback runs late (a busy render thread) is never
        taken for a held press; when the thread itself ran late, the release edge decides."""
        lock = self._press_lock
        while True:
            with lock:
                waiting = [(n, ln) for n, ln in self._lines.items() if ln.level and not ln.holding]
                if not waiting and not self._closed:
                    lock.wait()
                    continue
                if self._closed:
                    return
                now = self._now()
                left = self.min_hold_s
                for name, line in waiting:
                    if not self.buttons[name].is_active:
                        line.seen_at = None  # let go already: its release edge is on its way
                        continue
                    if line.seen_at is None or (
                            self.edge_times and self._diff(now, line.last_look) > self._look_gap()):
                        line.seen_at = now  # (looks too far apart prove nothing)
                    line.last_look = now
                    held = self._diff(now, line.since)
                    seen = self._diff(now, line.seen_at) if self.edge_times else held
                    if self.edge_times and held - seen >= self.min_hold_s:
                        # first seen pressed long after the edge: the level read may belong to a
                        # later press whose edges are still on their way. A press once this thread
                        # has seen the level pressed for a whole hold itself, from its first look.
                        if seen >= self.min_hold_s - CLOCK_SLACK_S:
                            self._held(name, line, at=line.seen_at)
                            line.claimed = now
                        else:
                            left = min(left, self._second_look())
                        continue
                    if held >= self.min_hold_s - CLOCK_SLACK_S and seen >= self._second_look() - CLOCK_SLACK_S:
                        self._held(name, line)
                        line.claimed = now
                    else:
                        left = min(left, self.min_hold_s - held, self._second_look() - seen)
                # wait real seconds for the rest of the hold (an injected clock may stand still:
                # then check again every min_hold_s at most)
                lock.wait(max(0.0005, min(left, self.min_hold_s)))

    def _look_gap(self) -> float:
        """The longest gap between two looks at a pressed level that still counts as one look on
        (a loaded machine runs this thread late; a spike's look and a later press's do not join)."""
        return max(self.min_hold_s, self.debounce_s)

    def _second_look(self) -> float:
        return self.min_hold_s / 4 if self.edge_times else 0.0

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
        """The gpiozero pin object behind button ``name`` (a MockPin on mock pins); None when its
        pin could not be claimed."""
        if name not in BUTTON_NAMES:
            raise HardwareSettingError(f"unknown button {name!r}; expected one of {', '.join(BUTTON_NAMES)}")
        button = self.buttons.get(name)
        return None if button is None else button.pin

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
