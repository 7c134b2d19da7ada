"""The kiosk's wiring comes from a setting (issue 31): ``$APPLEJACK_PINS`` or ``play --pin-map``,
checked like every other input; a busy pin costs only its own LED or button."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.hardware.test_busy_pins import BusyFactory

REPO = Path(__file__).resolve().parents[2]
SPI_MAP = REPO / "table" / "hardware" / "spi_screen_pins.toml"


def refusal(capsys, *args):
    from table.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    return exited.value.code, capsys.readouterr().err


def test_the_kiosk_takes_the_map_applejack_pins_names(monkeypatch):
    from table.companion.hardware import make_hardware

    monkeypatch.setenv("APPLEJACK_PINS", str(SPI_MAP))
    hw = make_hardware("mock", "off")
    try:
        assert hw.panel.pinmap.source == str(SPI_MAP) and hw.panel.pinmap.trough_leds[0] == 12
        hw.panel.leds.set_open([1])
        assert hw.panel.pin_factory.pin(12).state == 1.0
    finally:
        hw.close()


def test_play_reads_applejack_pins_when_it_reads_its_arguments(monkeypatch):
    from table.cli import build_parser

    monkeypatch.setenv("APPLEJACK_PINS", str(SPI_MAP))
    args = build_parser().parse_args(["play", "--text"])
    assert args.pin_map.source == str(SPI_MAP) and args.pin_map.status_led is None
    monkeypatch.delenv("APPLEJACK_PINS")
    assert build_parser().parse_args(["play", "--text"]).pin_map is None  # the shipped default


@pytest.mark.parametrize(("text", "problem"), [
    ("[leds\n", "not valid TOML"),
    ("[leds]\ntrough1 = 14\n", "leds.trough1: BCM 14 is reserved"),
    (None, "no such file"),
])  # fmt: skip
def test_a_bad_pin_file_is_one_line_naming_the_file_and_the_problem(tmp_path, capsys, monkeypatch, text, problem):
    f = tmp_path / "pins.toml"
    if text is not None:
        f.write_text(text)
    code, err = refusal(capsys, "play", "--text", "--pin-map", str(f))
    assert code == 2 and problem in err and str(f) in err
    assert err.strip().splitlines()[-1].startswith("applejack-table play: error: argument --pin-map: " + str(f))
    assert "Traceback" not in err
    monkeypatch.setenv("APPLEJACK_PINS", str(f))  # the same from the env file
    code, err = refusal(capsys, "play", "--text")
    assert code == 2 and problem in err and f"--pin-map: {f}: " in err


def test_a_fifo_or_a_huge_file_is_refused_without_reading_it(tmp_path, capsys):
    import os

    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    code, err = refusal(capsys, "play", "--text", "--pin-map", str(fifo))
    assert code == 2 and f"{fifo}: not a regular file" in err
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (65 * 1024))
    code, err = refusal(capsys, "play", "--text", "--pin-map", str(big))
    assert code == 2 and "not a pin map" in err


def test_a_busy_pin_at_start_is_one_line_and_the_rest_works(monkeypatch, caplog):
    from table.companion.hardware import make_hardware
    from table.companion.ports import PanelIndicators

    factory = BusyFactory({25})  # the screen's RESET line, the default map's trough 3 button
    monkeypatch.delenv("APPLEJACK_PINS", raising=False)
    monkeypatch.setattr("table.hardware.factory.make_pin_factory", lambda name=None, **kw: factory)
    with caplog.at_level(logging.INFO):
        hw = make_hardware("lgpio", "off")
    try:
        assert isinstance(hw.indicators, PanelIndicators)
        lines = [r.getMessage() for r in caplog.records if "GPIO" in r.getMessage()]
        assert lines == ['GPIO 25 is busy, so the trough 3 button is off: a 3.5" SPI screen uses it for its '
                         "RESET line"]
        assert "unavailable" not in caplog.text  # the panel as a whole is not off
        pin = hw.panel.button_pin("trough4")
        pin.drive_low()
        assert hw.events.get(timeout=60).button == "trough4"
        pin.drive_high()
        hw.panel.leds.on(3)
        assert hw.panel.leds.value(3) == 1.0
    finally:
        hw.close()
        factory.close()


def test_a_bad_file_in_the_setting_leaves_the_demo_without_leds_with_one_line(tmp_path, monkeypatch, caplog):
    from table.companion.hardware import make_hardware
    from table.companion.ports import RecordingIndicators

    bad = tmp_path / "pins.toml"
    bad.write_text("[leds]\ntrough1 = 99\n")
    monkeypatch.setenv("APPLEJACK_PINS", str(bad))
    hw = make_hardware("mock", "off")  # what `demo` does: it has no --pin-map of its own
    try:
        assert isinstance(hw.indicators, RecordingIndicators) and hw.panel is None
        (line,) = [r.getMessage() for r in caplog.records if "unavailable" in r.getMessage()]
        assert line.startswith(f"trough LEDs and buttons unavailable: {bad}: leds.trough1: BCM 99 is not a GPIO")
        assert line.endswith("; missing leds.trough2, leds.trough3, leds.trough4, leds.trough5, leds.trough6, "
                             "leds.trough7, buttons.trough1, buttons.trough2, buttons.trough3, buttons.trough4, "
                             "buttons.trough5, buttons.trough6, buttons.trough7, buttons.blind, buttons.confirm, "
                             "buttons.undo")
        assert "\n" not in line
    finally:
        hw.close()
