"""What else lives on the Pi's 40-pin header: screens, the Pi's own functions, and who holds a pin.

Every number here is a BCM GPIO number. The tables feed three things: the guide's table of
which pins each screen type takes (``docs/raspberry-pi.md``, *Pins and screens*), the test that
checks every shipped pin map against them, and :func:`likely_holder`, which names what probably
holds a pin that the kernel reports busy when the panel claims it.

Sources: the screens' published pinouts (Waveshare 3.5inch RPi LCD (A)/(B)/(C) and the
MHS-3.5/"LCD35" ILI9486 + XPT2046 boards share one: LCD_RS on header pin 18, RST on 22,
TP_IRQ on 11, LCD_CS on 24, TP_CS on 26, and SPI0 on 19/21/23); the Raspberry Pi's
device-tree overlays for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Screen:
    """One kind of screen and the header pins it takes: BCM number -> what the screen uses it for."""

    key: str
    name: str
    pins: dict[int, str] = field(default_factory=dict)
    note: str = ""


SPI_35_PINS: dict[int, str] = {
    7: "touch chip select (TP_CS, SPI0 CE1)",
    8: "display chip select (LCD_CS, SPI0 CE0)",
    9: "touch data out (TP_SO, SPI0 MISO)",
    10: "display and touch data in (SPI0 MOSI)",
    11: "SPI clock (SPI0 SCLK)",
    17: "touch interrupt (TP_IRQ)",
    24: "DC (data/command, LCD_RS) line",
    25: "RESET line",
}
"""The pins of a 3.5" SPI screen HAT with an ILI9486 display and an XPT2046 touch controller."""

SCREENS: tuple[Screen, ...] = (
    Screen("dsi", "DSI ribbon: official 7\" Touch Display, Touch Display 2", {},
           "the ribbon carries picture and touch; header pins only for power (5V, GND) if at all"),
    Screen("hdmi", "HDMI screen with USB touch", {},
           "no GPIO; a screen whose resistive touch plugs onto the header takes the SPI touch pins "
           "(check its pinout)"),
    Screen("spi35", "3.5\" SPI HAT: Waveshare 3.5inch RPi LCD (A), (B), (C); MHS-3.5 / \"LCD35\" "
           "(ILI9486 + XPT2046)", SPI_35_PINS,
           "it sits on header pins 1-26 and covers them; the free ones among them are reached from "
           "below or through a stacking header"),
)  # fmt: skip
"""The screen types the guide describes, in its order."""

SCREEN_KEYS = tuple(s.key for s in SCREENS)

PI_FUNCTIONS: dict[int, tuple[str, ...]] = {
    0: ("the HAT ID EEPROM's data line (ID_SD)",),
    1: ("the HAT ID EEPROM's clock line (ID_SC)",),
    2: ("I2C SDA (dtparam=i2c_arm=on)",),
    3: ("the shutdown button (dtoverlay=gpio-shutdown)", "I2C SCL (dtparam=i2c_arm=on)"),
    4: ("the 1-Wire bus (dtoverlay=w1-gpio)",),
    7: ("SPI0 CE1 (dtparam=spi=on)",),
    8: ("SPI0 CE0 (dtparam=spi=on)",),
    9: ("SPI0 MISO (dtparam=spi=on)",),
    10: ("SPI0 MOSI (dtparam=spi=on)",),
    11: ("SPI0 SCLK (dtparam=spi=on)",),
    14: ("the UART's TXD (enable_uart=1, dtparam=uart0)",),
    15: ("the UART's RXD (enable_uart=1, dtparam=uart0)",),
    18: ("I2S audio's bit clock (an I2S DAC overlay)",),
    19: ("I2S audio's frame clock (an I2S DAC overlay)",),
    20: ("I2S audio's data in (an I2S DAC overlay)",),
    21: ("I2S audio's data out (an I2S DAC overlay)",),
}
"""What the Pi itself may use a pin for, when the named setting in config.txt turns it on."""

SHUTDOWN_BCM = 3
"""``dtoverlay=gpio-shutdown``'s default pin: the only one that also wakes a halted Pi 1-4."""

UART_BCM = (14, 15)

PULLED_UP_AT_POWER_ON = range(0, 9)
"""GPIO 0-8 come out of reset with their pull-up on: an LED there glows faintly until the
kiosk drives it (GPIO 9-27 have a pull-down)."""


def screen(key: str) -> Screen:
    """The screen type ``key`` ("dsi", "hdmi", "spi35")."""
    for s in SCREENS:
        if s.key == key:
            return s
    raise KeyError(f"unknown screen type {key!r}; expected one of {', '.join(SCREEN_KEYS)}")


def likely_holder(bcm: int) -> str:
    """What most likely holds GPIO ``bcm`` when claiming it says busy, as a phrase that follows
    "GPIO 25 is busy: " — the 3.5" screen first (the usual culprit), then the Pi's own functions."""
    if bcm in SPI_35_PINS:
        return f'a 3.5" SPI screen uses it for its {SPI_35_PINS[bcm]}'
    if bcm in PI_FUNCTIONS:
        return "used by " + " or ".join(PI_FUNCTIONS[bcm])
    return "another program or a dtoverlay in /boot/firmware/config.txt holds it"
