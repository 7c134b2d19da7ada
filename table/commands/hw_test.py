"""``applejack-table hw-test``: check the lid hardware step by step.

Lights the trough LEDs one by one (then the status LED), asks for each button in turn, and
reads the die sensor, printing every frame it sends. On mock pins it runs by itself: it
presses the buttons through the mock pins and, without ``--die``, starts the die-sensor
simulator on a loopback TCP port and moves the die. Exit code 0 when every check passed,
1 when one failed, 2 when the hardware could not be set up (bad pin map, no pins here, a bad
``--die`` URL): those errors go to stderr as one ``hw-test: ...`` message, the report to stdout.
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
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
    parser.add_argument("--config", metavar="TOML", help="pin map file (default: the shipped wiring)")
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


class HardwareTest:
    """One hw-test run; ``results`` holds (check, verdict, detail), verdict PASS/FAIL/SHOWN/SKIP."""

    def __init__(self, args: argparse.Namespace, out: Any = print, err: Any = None) -> None:
        self.args = args
        self.out = out
        self.err = err if err is not None else (lambda text: print(text, file=sys.stderr))
        self.results: list[tuple[str, str, str]] = []

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
                self.check_die(panel)
            finally:
                panel.leds.all_off()
                panel.set_status("off")
            factory.close()
        failed = [r for r in self.results if r[1] == "FAIL"]
        self.out(f"hw-test: {len(self.results) - len(failed)} of {len(self.results)} checks passed or shown, "
                 f"{len(failed)} failed")  # fmt: skip
        return 1 if failed else 0

    # -- LEDs ----------------------------------------------------------------------------------
    def check_leds(self, panel: Any) -> None:
        self.out("LEDs: each trough lights in turn" + ("" if self.mock else "; watch them"))
        step = 0.02 if self.scripted else 0.4
        for trough in range(1, 8):
            panel.leds.on(trough)
            lit = [t for t in range(1, 8) if panel.leds.value(t) > 0]
            time.sleep(step)
            panel.leds.off(trough)
            name = f"trough {trough} LED"
            if not self.mock:
                self.record(name, "SHOWN", f"BCM {panel.pinmap.trough_leds[trough - 1]}")
            else:
                last = [float(s.state) for s in panel.led_pin(trough).states][-2:]
                ok = lit == [trough] and last == [1.0, 0.0]
                self.record(name, "PASS" if ok else "FAIL", f"lit {lit}, last pin states {last}")
        if panel.status is not None:
            panel.set_status("on")
            state = panel.status.pin.state
            time.sleep(step)
            panel.set_status("off")
            if self.mock:
                self.record("status LED", "PASS" if state == 1.0 else "FAIL", f"pin state {state}")
            else:
                self.record("status LED", "SHOWN", f"BCM {panel.pinmap.status_led}")

    # -- buttons -------------------------------------------------------------------------------
    def check_buttons(self, panel: Any) -> None:
        self.out(
            "Buttons: " + ("pressed through the mock pins" if self.scripted else "press each when asked")
        )
        # scripted presses arrive at once; the timeout is only reached when something is broken,
        # so it is the same --timeout (a short fixed one failed on slow machines)
        timeout = self.args.timeout
        for name in BUTTON_NAMES:
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
