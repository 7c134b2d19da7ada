"""The pin map: which BCM GPIO drives which trough LED and reads which button.

The wiring lives in a TOML file; the documented default ships in the package as
``table/hardware/default_pins.toml``. :func:`load_pinmap` reads and checks a file and
returns a :class:`PinMap`; every problem found is collected and reported at once in one
:class:`PinMapError` (file and key named for each), so a wrong config is fixed in one go.

All pin numbers are BCM GPIO numbers (``GPIO17``), never physical header pin numbers.
"""

from __future__ import annotations

import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from table.hardware.errors import HardwareError

TROUGHS = 7
"""Troughs on the Applejack board, numbered 1..7."""

TROUGH_NAMES: tuple[str, ...] = tuple(f"trough{n}" for n in range(1, TROUGHS + 1))
BUTTON_NAMES: tuple[str, ...] = (*TROUGH_NAMES, "blind", "confirm", "undo")
"""Every button the panel has, in the order a self-test asks for them."""
LED_NAMES: tuple[str, ...] = TROUGH_NAMES
OPTIONAL_LED_NAMES: tuple[str, ...] = ("status",)

USABLE_BCM = range(0, 28)
"""BCM GPIO numbers present on the 40-pin header of every Raspberry Pi since the B+."""

RESERVED_BCM: dict[int, str] = {
    0: "ID_SD of the HAT ID EEPROM",
    1: "ID_SC of the HAT ID EEPROM",
    14: "UART TXD to the die-position sensor",
    15: "UART RXD from the die-position sensor",
}
"""Pins the panel must not use, with the reason shown in the error."""

FIXED_PULL_UP_BCM: dict[int, str] = {2: "I2C SDA", 3: "I2C SCL"}
"""Pins with a 1.8 kohm pull-up on the board: no good for buttons wired to 3V3 with a pull-down."""

UART_BCM = (14, 15)
"""The UART's pins: reserved unless the map says ``keep_uart_free = false`` (the die sensor on USB)."""

OPTION_DEFAULTS: dict[str, bool] = {"buttons_pull_up": True, "leds_active_high": True, "keep_uart_free": True}

DEFAULT_SOURCE = "table/hardware/default_pins.toml"

SHIPPED_MAPS: dict[str, tuple[str, ...]] = {
    "default_pins.toml": ("dsi", "hdmi"),
    "spi_screen_pins.toml": ("dsi", "hdmi", "spi35"),
}
"""The pin maps shipped in ``table/hardware/`` -> the screen types (``table.hardware.header``)
whose pins each one leaves free; a test holds every map to it."""

MAX_PINMAP_BYTES = 64 * 1024
"""A pin map is a few hundred bytes; anything past this is not one (``/dev/zero``, a log...)."""


class PinMapError(HardwareError, ValueError):
    """A pin map file is malformed. ``problems`` lists one message per problem found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        count = len(self.problems)
        super().__init__(f"{source}: {count} problem{'s' if count != 1 else ''} in the pin map:\n{lines}")

    def one_line(self) -> str:
        """The file and every problem on one line (for a log line or a usage error); the missing
        devices are named together."""
        missing = [p.split(":")[0] for p in self.problems if p.endswith("needs a pin)")]
        rest = [p for p in self.problems if not p.endswith("needs a pin)")]
        if missing:
            rest.append("missing " + ", ".join(missing))
        return f"{self.source}: " + "; ".join(rest)


@dataclass(frozen=True)
class PinMap:
    """A checked wiring of the lid panel (BCM numbers).

    ``trough_leds[0]`` and ``trough_buttons[0]`` belong to trough 1.
    """

    trough_leds: tuple[int, ...]
    trough_buttons: tuple[int, ...]
    blind: int
    confirm: int
    undo: int
    status_led: int | None = None
    buttons_pull_up: bool = True
    leds_active_high: bool = True
    keep_uart_free: bool = True
    source: str = "<pinmap>"

    def led_pins(self) -> dict[str, int]:
        """LED name ("trough1".."trough7", "status" if fitted) -> BCM number."""
        pins = dict(zip(LED_NAMES, self.trough_leds, strict=True))
        if self.status_led is not None:
            pins["status"] = self.status_led
        return pins

    def button_pins(self) -> dict[str, int]:
        """Button name ("trough1".."trough7", "blind", "confirm", "undo") -> BCM number."""
        pins = dict(zip(TROUGH_NAMES, self.trough_buttons, strict=True))
        pins.update(blind=self.blind, confirm=self.confirm, undo=self.undo)
        return pins


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def pinmap_from_dict(data: Mapping[str, Any], source: str = "<pinmap>") -> PinMap:
    """Check a parsed TOML document and build a :class:`PinMap`; raise :class:`PinMapError`."""
    problems: list[str] = []
    used: dict[int, str] = {}
    pins: dict[str, int] = {}

    for unknown in sorted(set(data) - {"leds", "buttons", "options"}):
        problems.append(f"[{unknown}]: unknown section (expected [leds], [buttons], [options])")

    def section(name: str) -> Mapping[str, Any]:
        value = data.get(name, {})
        if not isinstance(value, Mapping):
            problems.append(f"{name}: must be a table [{name}], got {type(value).__name__}")
            return {}
        return value

    options = dict(OPTION_DEFAULTS)
    for name, value in section("options").items():
        key = f"options.{name}"
        if name not in OPTION_DEFAULTS:
            problems.append(f"{key}: unknown option (expected one of {', '.join(OPTION_DEFAULTS)})")
        elif not isinstance(value, bool):
            problems.append(f"{key}: must be true or false, got {value!r}")
        else:
            options[name] = value

    reserved = dict(RESERVED_BCM)
    if not options["keep_uart_free"]:
        for pin in UART_BCM:
            del reserved[pin]

    def check_pin(key: str, value: object) -> None:
        if not _is_int(value):
            problems.append(f"{key}: must be a BCM GPIO number (integer), got {value!r}")
            return
        assert isinstance(value, int)
        if value not in USABLE_BCM:
            problems.append(f"{key}: BCM {value} is not a GPIO on the 40-pin header (0..27)")
            return
        if value in reserved:
            hint = ""
            if value in UART_BCM:
                hint = " (a map for a die sensor on USB may set options.keep_uart_free = false)"
            problems.append(f"{key}: BCM {value} is reserved ({reserved[value]}){hint}")
            return
        if value in used:
            problems.append(f"{key}: BCM {value} is already used by {used[value]}")
            return
        used[value] = key
        pins[key] = value

    for sec_name, required, optional in (
        ("leds", LED_NAMES, OPTIONAL_LED_NAMES),
        ("buttons", BUTTON_NAMES, ()),
    ):
        sec = section(sec_name)
        for name in required:
            if name not in sec:
                problems.append(f"{sec_name}.{name}: missing (every {sec_name[:-1]} needs a pin)")
        for name, value in sec.items():
            key = f"{sec_name}.{name}"
            if name not in required and name not in optional:
                expected = ", ".join(required + optional)
                problems.append(f"{key}: unknown {sec_name[:-1]} (expected one of {expected})")
                continue
            check_pin(key, value)

    if not options["buttons_pull_up"]:
        for key, pin in pins.items():
            if key.startswith("buttons.") and pin in FIXED_PULL_UP_BCM:
                problems.append(
                    f"{key}: BCM {pin} has a fixed pull-up ({FIXED_PULL_UP_BCM[pin]}), so it cannot read a "
                    "button wired to 3V3 (options.buttons_pull_up = false); use another pin"
                )

    if problems:
        raise PinMapError(source, problems)
    return PinMap(
        trough_leds=tuple(pins[f"leds.{n}"] for n in LED_NAMES),
        trough_buttons=tuple(pins[f"buttons.{n}"] for n in TROUGH_NAMES),
        blind=pins["buttons.blind"],
        confirm=pins["buttons.confirm"],
        undo=pins["buttons.undo"],
        status_led=pins.get("leds.status"),
        buttons_pull_up=options["buttons_pull_up"],
        leds_active_high=options["leds_active_high"],
        keep_uart_free=options["keep_uart_free"],
        source=source,
    )


def parse_pinmap(text: str, source: str = "<pinmap>") -> PinMap:
    """Parse TOML text into a checked :class:`PinMap`; raise :class:`PinMapError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinMapError(source, [f"not valid TOML: {exc}"]) from None
    except RecursionError:  # tomllib parses nested arrays and inline tables recursively
        raise PinMapError(source, ["not a pin map: arrays or tables nested too deeply"]) from None
    return pinmap_from_dict(data, source)


def shipped_pinmap_text(name: str = "default_pins.toml") -> str:
    """The TOML text of a pin map shipped in the package (one of :data:`SHIPPED_MAPS`)."""
    return resources.files("table.hardware").joinpath(name).read_text(encoding="utf-8")


def load_shipped(name: str) -> PinMap:
    """A pin map shipped in the package (one of :data:`SHIPPED_MAPS`), checked."""
    return parse_pinmap(shipped_pinmap_text(name), f"table/hardware/{name}")


def default_pinmap_text() -> str:
    """The TOML text of the default wiring shipped in the package."""
    return shipped_pinmap_text("default_pins.toml")


def load_pinmap(path: str | Path | None = None) -> PinMap:
    """Load a pin map file, or the shipped default wiring when ``path`` is None.

    The file must be a regular file of at most :data:`MAX_PINMAP_BYTES` in UTF-8 (a FIFO, a
    device or a folder is refused before it is opened for reading); every fault is a
    :class:`PinMapError` naming the file."""
    if path is None:
        return parse_pinmap(default_pinmap_text(), DEFAULT_SOURCE)
    p = Path(path)
    source = str(p)
    try:
        if not stat.S_ISREG(p.stat().st_mode):
            raise PinMapError(source, ["not a regular file"])
        with p.open("rb") as f:
            data = f.read(MAX_PINMAP_BYTES + 1)
    except FileNotFoundError:
        raise PinMapError(source, ["no such file"]) from None
    except OSError as exc:
        raise PinMapError(source, [f"cannot read the file: {exc.strerror or exc}"]) from None
    if len(data) > MAX_PINMAP_BYTES:
        raise PinMapError(source, [f"larger than {MAX_PINMAP_BYTES // 1024} KiB: not a pin map"])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PinMapError(source, [f"not UTF-8 text (byte {exc.start})"]) from None
    return parse_pinmap(text, source)
