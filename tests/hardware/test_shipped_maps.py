"""Every shipped pin map keeps clear of the screens it is for and of the Pi's own functions
(issue 31): the pins each screen type takes (``table.hardware.header``, the guide's table), the
HAT ID EEPROM (0/1), the shutdown button's GPIO 3, the UART (14/15) where the map keeps it
free, and no LED on a pin pulled up at power-on."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.hardware import wiring
from table.hardware.header import PULLED_UP_AT_POWER_ON, SCREEN_KEYS, SHUTDOWN_BCM, UART_BCM, likely_holder, screen
from table.hardware.pinmap import SHIPPED_MAPS, load_pinmap, load_shipped

REPO = Path(__file__).resolve().parents[2]


def used(name: str) -> dict[int, str]:
    pm = load_shipped(name)
    return {pin: f"leds.{k}" for k, pin in pm.led_pins().items()} | {
        pin: f"buttons.{k}" for k, pin in pm.button_pins().items()}


def test_the_maps_on_disk_are_the_shipped_ones():
    on_disk = {p.name for p in (REPO / "table" / "hardware").glob("*.toml")}
    assert on_disk == set(SHIPPED_MAPS)


@pytest.mark.parametrize("name", sorted(SHIPPED_MAPS))
def test_each_map_avoids_the_pins_of_every_screen_it_is_for(name):
    pins = used(name)
    for key in SHIPPED_MAPS[name]:
        clash = {pin: (pins[pin], screen(key).pins[pin]) for pin in pins if pin in screen(key).pins}
        assert clash == {}, f"{name} with a {key} screen"


@pytest.mark.parametrize("name", sorted(SHIPPED_MAPS))
def test_each_map_leaves_the_pis_own_pins_alone(name):
    pm = load_shipped(name)
    pins = used(name)
    assert not {0, 1} & set(pins), "the HAT ID EEPROM"
    assert SHUTDOWN_BCM not in pins, "the shutdown button (dtoverlay=gpio-shutdown)"
    if pm.keep_uart_free:
        assert not set(UART_BCM) & set(pins)
    else:
        assert "die sensor must be on USB" in (REPO / "table" / "hardware" / name).read_text()
    assert not set(PULLED_UP_AT_POWER_ON) & set(pm.led_pins().values()), "an LED that glows at power-on"


def test_the_default_map_collides_with_a_spi_screen_and_says_which_map_to_take():
    clash = sorted(pin for pin in used("default_pins.toml") if pin in screen("spi35").pins)
    assert clash == [10, 17, 24, 25]  # status LED, trough 1 LED, trough 2 and 3 buttons
    assert "spi35" not in SHIPPED_MAPS["default_pins.toml"]
    assert "spi_screen_pins.toml" in (REPO / "table" / "hardware" / "default_pins.toml").read_text()


def test_the_spi_map_fits_seven_leds_and_ten_buttons():
    pm = load_shipped("spi_screen_pins.toml")
    assert pm.status_led is None and len(set(used("spi_screen_pins.toml"))) == 17
    assert set(SCREEN_KEYS) == set(SHIPPED_MAPS["spi_screen_pins.toml"])


@pytest.mark.parametrize("name", sorted(wiring.PICTURES))
def test_each_committed_picture_matches_its_map(name):
    committed = (REPO / "docs" / wiring.PICTURES[name]).read_text(encoding="utf-8")
    assert committed == wiring.render_svg(load_shipped(name)), "stale: run `python -m table.hardware.wiring`"


def test_the_guide_lists_every_screen_pin_and_both_maps():
    guide = (REPO / "docs" / "raspberry-pi.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Pins and screens"):]
    section = section[: section.index("\n## ", 4)]
    for pin in screen("spi35").pins:
        assert f"| {pin} |" in section, pin
    for name in SHIPPED_MAPS:
        assert f"table/hardware/{name}" in section
    assert "wiring-spi-screen.svg" in section and "wiring.svg" in section


def test_likely_holder_names_the_screen_first():
    assert likely_holder(25) == 'a 3.5" SPI screen uses it for its RESET line'
    assert likely_holder(3).startswith("used by the shutdown button (dtoverlay=gpio-shutdown)")
    assert likely_holder(14) == "used by the UART's TXD (enable_uart=1, dtparam=uart0)"


def test_a_user_map_may_take_the_uart_only_when_it_says_so(tmp_path):
    text = (REPO / "table" / "hardware" / "spi_screen_pins.toml").read_text()
    f = tmp_path / "pins.toml"
    f.write_text(text.replace("keep_uart_free = false", "keep_uart_free = true"))
    from table.hardware.pinmap import PinMapError

    with pytest.raises(PinMapError) as info:
        load_pinmap(f)
    assert info.value.problems == [
        "buttons.trough5: BCM 14 is reserved (UART TXD to the die-position sensor) (a map for a die sensor on USB "
        "may set options.keep_uart_free = false)",
        "buttons.trough6: BCM 15 is reserved (UART RXD from the die-position sensor) (a map for a die sensor on USB "
        "may set options.keep_uart_free = false)",
    ]
    assert info.value.one_line().startswith(f"{f}: buttons.trough5: BCM 14 is reserved")
    assert "\n" not in info.value.one_line()
