"""Draw the wiring of a pin map as an SVG picture of the Pi's 40-pin header.

The pictures in ``docs/wiring.svg`` (the default pin map) and ``docs/wiring-spi-screen.svg``
(the map beside a 3.5" SPI screen) are generated from the shipped maps; a test checks that the
committed files equal what this module makes, so they cannot drift. Regenerate::

    python -m table.hardware.wiring                 # writes both pictures
    python -m table.hardware.wiring --pins my.toml --out -   # any pin map, to stdout

Plain SVG text, no dependency.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from table.hardware.header import SHUTDOWN_BCM, SPI_35_PINS
from table.hardware.pinmap import RESERVED_BCM, UART_BCM, PinMap, PinMapError, load_pinmap, load_shipped

# Physical pin number (1..40) -> BCM GPIO number, or a power/ground label.
HEADER: dict[int, int | str] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: 0, 28: 1, 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}  # fmt: skip

COLOURS = {"led": "#e07b00", "button": "#1f5fbf", "reserved": "#888888", "power": "#c0392b",
           "ground": "#222222", "free": "#bbbbbb", "screen": "#2e8b57"}  # fmt: skip

PICTURES = {"default_pins.toml": "wiring.svg", "spi_screen_pins.toml": "wiring-spi-screen.svg"}
"""Each shipped pin map -> its picture in ``docs/``."""

ROW_H = 24
TOP = 90
WIDTH = 900
PIN_X = (430, 470)  # centres of the odd (left) and even (right) header columns


def _pin_role(pin: int | str, pinmap: PinMap) -> tuple[str, str]:
    """(kind, label) of one header pin under this pin map."""
    if isinstance(pin, str):
        return ("ground" if pin == "GND" else "power"), pin
    for name, bcm in pinmap.led_pins().items():
        if bcm == pin:
            return "led", f"GPIO{pin}  {name} LED"
    for name, bcm in pinmap.button_pins().items():
        if bcm == pin:
            return "button", f"GPIO{pin}  {name} button"
    if pin in RESERVED_BCM and (pinmap.keep_uart_free or pin not in UART_BCM):
        return "reserved", f"GPIO{pin}  reserved: {RESERVED_BCM[pin]}"
    if pin in SPI_35_PINS and _leaves_spi_screen_free(pinmap):
        return "screen", f"GPIO{pin}  3.5\" screen: {SPI_35_PINS[pin]}"
    if pin == SHUTDOWN_BCM:
        return "free", f"GPIO{pin}  free: shutdown button (optional)"
    return "free", f"GPIO{pin}"


def _leaves_spi_screen_free(pinmap: PinMap) -> bool:
    used = set(pinmap.led_pins().values()) | set(pinmap.button_pins().values())
    return not used & set(SPI_35_PINS)


def render_svg(pinmap: PinMap) -> str:
    """The wiring picture of ``pinmap`` as SVG text (deterministic: same map, same text)."""
    rows = 20
    height = TOP + rows * ROW_H + 150
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        '<text x="20" y="30" font-size="18" font-weight="bold">Applejack Table: lid panel wiring</text>',
        f'<text x="20" y="52">Raspberry Pi 40-pin header, seen from above, pin 1 top left. '
        f"Generated from {escape(pinmap.source)}.</text>",
        f'<rect x="{PIN_X[0] - 20}" y="{TOP - 16}" width="{PIN_X[1] - PIN_X[0] + 40}" '
        f'height="{rows * ROW_H + 8}" rx="6" fill="#f3f3f3" stroke="#444444"/>',
    ]
    for physical in range(1, 41):
        row = (physical - 1) // 2
        left = physical % 2 == 1
        x = PIN_X[0] if left else PIN_X[1]
        y = TOP + row * ROW_H
        kind, label = _pin_role(HEADER[physical], pinmap)
        colour = COLOURS[kind]
        weight = ' font-weight="bold"' if kind in ("led", "button") else ""
        out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{colour}" stroke="#000000" stroke-width="0.5"/>')
        num_x = x - 14 if left else x + 14
        anchor = "end" if left else "start"
        out.append(f'<text x="{num_x}" y="{y + 4}" text-anchor="{anchor}" font-size="10">{physical}</text>')
        label_x = x - 36 if left else x + 36
        out.append(
            f'<text x="{label_x}" y="{y + 4}" text-anchor="{anchor}" fill="{colour}"{weight}>'
            f"{escape(label)}</text>"
        )
    y = TOP + rows * ROW_H + 30
    led_circuit = (
        "LED: GPIO -> 330 ohm -> LED anode; cathode -> GND (PWM dimmed)"
        if pinmap.leds_active_high
        else "LED: 3V3 -> 330 ohm -> LED anode; cathode -> GPIO (active low)"
    )
    button_circuit = (
        "Button: GPIO -> push button -> GND (internal pull-up; pressed reads low)"
        if pinmap.buttons_pull_up
        else "Button: GPIO -> push button -> 3V3 (internal pull-down; pressed reads high)"
    )
    reserved = (
        "Reserved: HAT ID EEPROM (GPIO0/1), die-sensor UART (GPIO14 TXD, GPIO15 RXD)"
        if pinmap.keep_uart_free
        else "Reserved: HAT ID EEPROM (GPIO0/1); the die sensor is on USB (GPIO14/15 are buttons)"
    )
    legend = [("led", led_circuit), ("button", button_circuit), ("reserved", reserved)]
    if _leaves_spi_screen_free(pinmap):
        legend.append(("screen", 'Kept free for a 3.5" SPI screen HAT (it covers header pins 1-26)'))
    legend += [("power", "Power: 3V3 / 5V"), ("ground", "Ground")]
    for i, (kind, text) in enumerate(legend):
        ly = y + i * 20
        out.append(f'<circle cx="30" cy="{ly}" r="6" fill="{COLOURS[kind]}"/>')
        out.append(f'<text x="44" y="{ly + 4}">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def default_svg_path(map_name: str = "default_pins.toml") -> Path:
    """The picture of a shipped pin map in ``docs/`` of the source tree this module sits in."""
    return Path(__file__).resolve().parents[2] / "docs" / PICTURES[map_name]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the lid panel wiring as SVG.")
    parser.add_argument("--pins", help="pin map TOML (default: the shipped default wiring)")
    parser.add_argument("--out", help="output file, '-' for stdout (default: docs/wiring.svg)")
    args = parser.parse_args(argv)
    if args.pins is None and args.out is None:  # every shipped map's picture
        for name in PICTURES:
            out = default_svg_path(name)
            out.write_text(render_svg(load_shipped(name)), encoding="utf-8")
            print(f"wrote {out}")
        return 0
    try:
        pinmap = load_pinmap(args.pins)
    except PinMapError as exc:
        print(exc, file=sys.stderr)
        return 2
    svg = render_svg(pinmap)
    if args.out == "-":
        sys.stdout.write(svg)
        return 0
    out = Path(args.out) if args.out else default_svg_path()
    out.write_text(svg, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
