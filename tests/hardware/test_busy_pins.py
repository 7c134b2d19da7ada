"""A pin the kernel or another program holds costs only its own device, with one line naming the
pin and what likely holds it (issue 31). The pins raise like lgpio does: ``lgpio.error('GPIO busy')``."""

from __future__ import annotations

import logging

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.hardware.events import ButtonPress
from table.hardware.panel import Panel, is_busy
from table.hardware.pinmap import load_pinmap


class error(Exception):  # named as lgpio names its exception class
    """What lgpio raises when the kernel says EBUSY."""


error.__module__ = "lgpio"


class BusyFactory(MockFactory):
    """Mock pins, some of which are held by "the kernel"."""

    def __init__(self, busy: set[int]) -> None:
        super().__init__(pin_class=MockPWMPin)
        self.busy = busy

    def pin(self, name, pin_class=None, **kwargs):  # type: ignore[no-untyped-def]
        if name in self.busy:
            raise error("GPIO busy")
        return super().pin(name, pin_class=pin_class, **kwargs)


@pytest.fixture
def spi_busy():
    factory = BusyFactory({17, 24, 25, 10})  # what a 3.5" SPI screen's drivers hold
    yield factory
    factory.close()


def test_busy_pins_lose_only_their_devices_with_one_line_each(spi_busy, caplog):
    pinmap = load_pinmap()  # the default map collides with a 3.5" SPI screen on exactly these
    with caplog.at_level(logging.WARNING, logger="applejack.hardware"), Panel(pinmap, pin_factory=spi_busy) as p:
        assert p.unavailable == {
            "trough1": 'GPIO 17 is busy, so the trough 1 LED is off: a 3.5" SPI screen uses it for its touch '
                       "interrupt (TP_IRQ)",
            "status": 'GPIO 10 is busy, so the status LED is off: a 3.5" SPI screen uses it for its display and '
                      "touch data in (SPI0 MOSI)",
            "button:trough2": 'GPIO 24 is busy, so the trough 2 button is off: a 3.5" SPI screen uses it for its DC '
                              "(data/command, LCD_RS) line",
            "button:trough3": 'GPIO 25 is busy, so the trough 3 button is off: a 3.5" SPI screen uses it for its '
                              "RESET line",
        }  # fmt: skip
        assert [r.getMessage() for r in caplog.records] == list(p.unavailable.values())
        assert all("\n" not in line for line in p.unavailable.values())
        # the rest works: the other LEDs light, the other buttons press
        p.leds.set_open([1, 2, 7])
        assert p.leds.value(1) == 0 and p.leds.value(2) == 1.0 and p.leds.value(7) == 1.0
        p.leds.chase(step_s=0.001)
        p.leds.all_off()
        p.set_status("blink")  # no status LED: nothing happens
        assert p.button_pin("trough2") is None and set(p.buttons) == set(pinmap.button_pins()) - {"trough2", "trough3"}
        pin = p.button_pin("trough4")
        pin.drive_low()
        event = p.events.get(timeout=60)
        assert isinstance(event, ButtonPress) and event.button == "trough4"
        pin.drive_high()


def test_a_pin_the_screen_does_not_take_says_so():
    factory = BusyFactory({26})
    with Panel(load_pinmap(), pin_factory=factory) as p:
        assert p.unavailable == {"button:blind": "GPIO 26 is busy, so the blind button is off: another program or "
                                                 "a dtoverlay in /boot/firmware/config.txt holds it"}
    factory.close()


def test_the_spi_screen_map_loses_nothing_to_the_screen():
    factory = BusyFactory({7, 8, 9, 10, 11, 17, 24, 25})
    from table.hardware.pinmap import load_shipped

    with Panel(load_shipped("spi_screen_pins.toml"), pin_factory=factory) as p:
        assert p.unavailable == {}
    factory.close()


def test_what_counts_as_busy():
    from gpiozero.exc import GPIOPinInUse

    assert is_busy(error("GPIO busy")) and is_busy(GPIOPinInUse("pin 4 is in use")) and is_busy(OSError(16, "x"))
    assert not is_busy(error("bad GPIO number")) and not is_busy(OSError(13, "Permission denied"))
