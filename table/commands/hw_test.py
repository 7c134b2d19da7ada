"""``applejack-table hw-test``: check the lid hardware step by step.

Lights the trough LEDs one by one (then the status LED) and asks the person whether each one
is lit (y/n), asks for each button in turn, says which button wires picked up noise, and reads
the die sensor, printing every frame it sends. On mock pins it runs by itself: it reads the LEDs'
pin states, presses the buttons through the mock pins and, without ``--die``, starts the
die-sensor simulator on a loopback TCP port and moves the die.

On real pins it first checks that the kiosk is not running (``systemctl is-active
applejack-table``): the kiosk holds the pins, so hw-test says in one line to stop it. The wiring is
``--pin-map``/``--config``, else ``$APPLEJACK_PINS``, else the shipped default. A pin that is
busy is a failed check naming the pin and what likely holds it; the other devices are tested.

Exit code 0 when every check passed, 1 when one failed, 2 when the hardware could not be set up
(bad pin map, no pins here, a bad ``--die`` URL, the kiosk running): those errors go to stderr
as one ``hw-test: ...`` message, the report to stdout.
"""

from __future__ import annotations

import argparse
import os
import queue
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from table.commands.inputs import InputError, decode_utf8, read_bytes, seconds
from table.hardware.die_protocol import Hello, encode
from table.hardware.events import ButtonPress, DieReading, SensorStatus
from table.hardware.pinmap import BUTTON_NAMES, PinMapError, load_pinmap, parse_pinmap

PIN_CHOICES = ("mock", "lgpio", "rpigpio")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pins",
        choices=PIN_CHOICES,
        help="pin library (default: GPIOZERO_PIN_FACTORY, else lgpio on a Pi, mock elsewhere)",
    )
    parser.add_argument(
        "--die", metavar="URL", help="die sensor port: /dev/serial0, /dev/ttyACM0, socket://HOST:PORT"
    )
    parser.add_argument(
        "--script", action="store_true", help="press the buttons and move the die by itself (needs mock pins)"
    )
    parser.add_argument("--pin-map", "--config", dest="config", metavar="TOML",
                        default=os.environ.get("APPLEJACK_PINS", "").strip() or None,
                        help="pin map file (default: $APPLEJACK_PINS, else the shipped default_pins.toml)")
    parser.add_argument(
        "--timeout", type=seconds, default=30.0, help="seconds to wait for each press or reading (default 30)"
    )


def run(args: argparse.Namespace) -> int:
    return HardwareTest(args).run()


def _pinmap(path: str) -> Any:
    """``--config``: the pin map file read with a bound (``/dev/zero`` is not a wiring), every
    fault a PinMapError naming the file."""
    try:
        text = decode_utf8(read_bytes(path, 1024 * 1024, "pin map"), path)
    except InputError as exc:
        raise PinMapError(path, [str(exc).removeprefix(f"{path}: ")]) from None
    try:
        return parse_pinmap(text, path)
    except RecursionError:
        raise PinMapError(path, ["nested too deeply"]) from None


SERVICE = "applejack-table"
STOP_LINE = (f"the kiosk is running and holds the pins: stop it first (sudo systemctl stop {SERVICE}), "
             f"run hw-test, then start it again (sudo systemctl start {SERVICE})")  # fmt: skip


def kiosk_running() -> bool:
    """Whether the kiosk's service is active (``systemctl is-active``); False where there is no systemctl."""
    systemctl = shutil.which("systemctl")
    if systemctl is None:
        return False
    try:
        done = subprocess.run([systemctl, "is-active", "--quiet", f"{SERVICE}.service"], timeout=10, check=False,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def ask_person(question: str) -> bool | None:
    """Ask on the terminal until the answer is y or n; None at the end of the input."""
    while True:
        try:
            answer = input(f"    {question} [y/n] ").strip().lower()
        except EOFError:
            return None
        if answer in ("y", "yes", "j", "ja", "o", "oui"):
            return True
        if answer in ("n", "no", "nein", "non"):
            return False


LED_HINT = "check its wire, its resistor, and that the LED's long leg (anode) faces the GPIO"


class HardwareTest:
    """One hw-test run; ``results`` holds (check, verdict, detail), verdict PASS/FAIL/WARN/SHOWN/SKIP.

    ``ask``: asks the person a yes/no question (None: no answer); ``service_active``: whether
    the kiosk runs (both replaceable in tests)."""

    def __init__(self, args: argparse.Namespace, out: Any = print, err: Any = None,
                 ask: Callable[[str], bool | None] = ask_person,
                 service_active: Callable[[], bool] = kiosk_running) -> None:  # fmt: skip
        self.args = args
        self.out = out
        self.err = err if err is not None else (lambda text: print(text, file=sys.stderr))
        self.ask = ask
        self.service_active = service_active
        self.results: list[tuple[str, str, str]] = []
        self.mock = True
        self.scripted = True

    def record(self, check: str, verdict: str, detail: str = "") -> None:
        self.results.append((check, verdict, detail))
        self.out(f"  [{verdict}] {check}" + (f": {detail}" if detail else ""))

    def run(self) -> int:
        # deferred: gpiozero and pyserial load only when the lid's devices are used
        from gpiozero.pins.mock import MockFactory

        from table.hardware.factory import PinFactoryUnavailable, UnknownPinFactoryError, make_pin_factory
        from table.hardware.panel import Panel

        try:
            pinmap = _pinmap(self.args.config) if self.args.config else load_pinmap(None)
        except PinMapError as exc:
            self.err(f"hw-test: {exc}")
            return 2
        if self.args.die is not None:
            # deferred: gpiozero and pyserial load only when the lid's devices are used
            from table.hardware.die_sensor import DieSensorUrlError, check_url

            try:
                check_url(self.args.die)
            except DieSensorUrlError as exc:
                self.err(f"hw-test: --die: {exc}")
                return 2
        wants_mock = (self.args.pins or os.environ.get("GPIOZERO_PIN_FACTORY", "")).strip().lower() == "mock"
        if not wants_mock and self.service_active():
            self.err(f"hw-test: {STOP_LINE}")
            return 2
        try:
            factory = make_pin_factory(self.args.pins)
        except (PinFactoryUnavailable, UnknownPinFactoryError) as exc:
            self.err(f"hw-test: {exc}")
            return 2
        self.mock = isinstance(factory, MockFactory)
        if self.args.script and not self.mock:
            self.err("hw-test: --script presses buttons through mock pins; use it with --pins mock")
            factory.close()
            return 2
        self.scripted = self.mock
        self.out(f"hw-test on {type(factory).__name__} pins, wiring from {pinmap.source}")
        with Panel(pinmap, pin_factory=factory) as panel:
            try:
                self.check_leds(panel)
                self.check_buttons(panel)
                self.check_wires(panel)
                self.check_die(panel)
            finally:
                panel.leds.all_off()
                panel.set_status("off")
            factory.close()
        failed = [r for r in self.results if r[1] == "FAIL"]
        warned = [r for r in self.results if r[1] == "WARN"]
        self.out(f"hw-test: {len(self.results) - len(failed) - len(warned)} of {len(self.results)} checks passed "
                 f"or shown, {len(failed)} failed" + (f", {len(warned)} warned" if warned else ""))  # fmt: skip
        return 1 if failed else 0

    # -- LEDs ----------------------------------------------------------------------------------
    def check_leds(self, panel: Any) -> None:
        self.out("LEDs: each trough lights in turn" + ("" if self.mock else "; say whether it is lit"))
        step = 0.02 if self.scripted else 0.4
        for trough in range(1, 8):
            name = f"trough {trough} LED"
            pin = panel.pinmap.trough_leds[trough - 1]
            if f"trough{trough}" in panel.unavailable:
                self.record(name, "FAIL", panel.unavailable[f"trough{trough}"])
                continue
            panel.leds.on(trough)
            lit = [t for t in range(1, 8) if panel.leds.value(t) > 0]
            if self.mock:
                time.sleep(step)
                panel.leds.off(trough)
                last = [float(s.state) for s in panel.led_pin(trough).states][-2:]
                ok = lit == [trough] and last == [1.0, 0.0]
                self.record(name, "PASS" if ok else "FAIL", f"lit {lit}, last pin states {last}")
                continue
            answer = self.ask(f"Is the LED of trough {trough} lit, and only that one? (GPIO {pin})")
            panel.leds.off(trough)
            self.record_answer(name, answer, f"GPIO {pin}")
        if "status" in panel.unavailable:
            self.record("status LED", "FAIL", panel.unavailable["status"])
        elif panel.status is not None:
            panel.set_status("on")
            state = panel.status.pin.state
            if self.mock:
                time.sleep(step)
                panel.set_status("off")
                self.record("status LED", "PASS" if state == 1.0 else "FAIL", f"pin state {state}")
            else:
                answer = self.ask(f"Is the status LED lit? (GPIO {panel.pinmap.status_led})")
                panel.set_status("off")
                self.record_answer("status LED", answer, f"GPIO {panel.pinmap.status_led}")

    def record_answer(self, name: str, answer: bool | None, where: str) -> None:
        if answer is None:
            self.record(name, "SHOWN", f"{where} (no answer)")
        elif answer:
            self.record(name, "PASS", where)
        else:
            self.record(name, "FAIL", f"{where}: {LED_HINT}")

    # -- buttons -------------------------------------------------------------------------------
    def check_buttons(self, panel: Any) -> None:
        self.out(
            "Buttons: " + ("pressed through the mock pins" if self.scripted else "press each when asked")
        )
        # scripted presses arrive at once; the timeout is only reached when something is broken,
        # so it is the same --timeout (a short fixed one failed on slow machines)
        timeout = self.args.timeout
        for name in BUTTON_NAMES:
            if f"button:{name}" in panel.unavailable:
                self.record(f"{name} button", "FAIL", panel.unavailable[f"button:{name}"])
                continue
            self.out(f"  press {name} (BCM {panel.pinmap.button_pins()[name]})")
            pin = panel.button_pin(name) if self.scripted else None
            if pin is not None:  # held down until the panel has taken the press (>= its min_hold_s)
                pin.drive_low() if panel.pinmap.buttons_pull_up else pin.drive_high()

            def is_this_press(e: Any, n: str = name) -> bool:
                return isinstance(e, ButtonPress) and e.button == n

            event = self.wait_for(panel.events, is_this_press, timeout)
            if pin is not None:
                pin.drive_high() if panel.pinmap.buttons_pull_up else pin.drive_low()
            if event is None:
                self.record(f"{name} button", "FAIL", f"no press within {timeout:g} s")
            else:
                self.record(f"{name} button", "PASS")
            panel.leds.all_off()

    def check_wires(self, panel: Any) -> None:
        """The button wires: noise picked up while the test ran (the panel's spike count)."""
        spiky = {n: c for n, c in panel.spikes_by_button.items() if c}
        for name, line in panel.noisy.items():
            self.record(f"{name} wire", "WARN", f"{line} ({spiky.get(name, 0)} spikes)")
        if not panel.noisy:
            detail = "no noise on any button wire" if not spiky else "a few spikes: " + ", ".join(
                f"{n} {c}" for n, c in spiky.items())
            self.record("button wires", "PASS", detail)

    def wait_for(self, events: Any, match: Any, timeout: float) -> Any:
        """The first event that ``match``es within ``timeout`` s; others are shown and dropped."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                event = events.get(timeout=left)
            except queue.Empty:
                return None
            if match(event):
                return event
            self.out(f"    (event: {event})")

    # -- die sensor ----------------------------------------------------------------------------
    def check_die(self, panel: Any) -> None:
        # deferred: gpiozero and pyserial load only when the lid's devices are used
        from table.hardware.die_sensor import DieSensor, DieSensorUrlError

        url = self.args.die
        sim = None
        if url is None and self.mock:
            # deferred: gpiozero and pyserial load only when the lid's devices are used
            from table.hardware.mocks import HardwareMocksMissing, load_mock

            try:
                sim = load_mock("die_sensor_sim").DieSensorSim(spaces=20, snapshot_interval_s=0.5)
            except HardwareMocksMissing as exc:
                self.record("die sensor", "SKIP", str(exc))
                return
            url = sim.serve_tcp()
            self.out(f"Die sensor: simulator on {url}")
        if url is None:
            self.record("die sensor", "SKIP", "no --die URL given (the Pi's UART is --die /dev/serial0)")
            return
        hellos: list[Hello] = []

        def show(frame: Any) -> None:
            self.out(f"    frame {encode(frame).decode('ascii').strip()}")
            if isinstance(frame, Hello):
                hellos.append(frame)

        # a person gets --timeout; the simulated die moves when asked, so its wait is only ever used
        # up when something is broken: a generous one (a fixed 3 s failed on a slow emulated machine)
        timeout = max(self.args.timeout, 60.0) if sim is not None else self.args.timeout
        try:
            sensor = DieSensor(url, panel.events, settle_s=0.3, on_frame=show)
        except DieSensorUrlError as exc:
            self.record("die sensor link", "FAIL", str(exc))
            return
        try:
            status = self.wait_for(
                panel.events,
                lambda e: isinstance(e, SensorStatus) and e.state == "connected",
                timeout,
            )
            if status is None:
                self.record("die sensor link", "FAIL", f"{url}: not connected ({sensor.status})")
                return
            self.record("die sensor link", "PASS", url)
            end = time.monotonic() + timeout
            while not hellos and time.monotonic() < end:
                time.sleep(0.02)
            if hellos:
                h = hellos[-1]
                self.record("die sensor hello", "PASS", f"firmware {h.firmware}, {h.spaces} spaces")
            else:
                self.record("die sensor hello", "FAIL", "no HELLO frame (old firmware or wrong baud rate?)")
            if sim is not None:
                self.out("  moving the die: 3, then sliding over 4 to 5")
                sim.place(3)
                first = self.wait_for(panel.events, lambda e: isinstance(e, DieReading), timeout)
                sim.slide([4, 5], step_s=0.02)
                second = self.wait_for(panel.events, lambda e: isinstance(e, DieReading), timeout)
                got = [e.space if e else None for e in (first, second)]
                self.record(
                    "die readings", "PASS" if got == [3, 5] else "FAIL", f"read {got}, expected [3, 5]"
                )
            else:
                self.out("  put the die on any path space")
                reading = self.wait_for(panel.events, lambda e: isinstance(e, DieReading), timeout)
                if reading is None:
                    self.record("die reading", "FAIL", f"no settled reading within {timeout:g} s")
                else:
                    self.record("die reading", "PASS", f"space {reading.space}")
            stats = sensor.parser.stats
            self.out(f"  frames {stats.frames}, rejected {stats.rejected}: {stats.as_dict()}")
        finally:
            sensor.close()
            if sim is not None:
                sim.close()
