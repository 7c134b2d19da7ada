from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from table.hardware import wiring
from table.hardware.pinmap import (
    BUTTON_NAMES,
    PinMapError,
    default_pinmap_text,
    load_pinmap,
    parse_pinmap,
    pinmap_from_dict,
)

REPO = Path(__file__).resolve().parents[2]


def default_dict() -> dict:
    return tomllib.loads(default_pinmap_text())


def problems_of(data: dict) -> list[str]:
    with pytest.raises(PinMapError) as info:
        pinmap_from_dict(data, "test.toml")
    assert info.value.source == "test.toml"
    assert str(info.value).startswith("test.toml: ")
    return info.value.problems


def test_default_pinmap_loads_and_is_complete():
    pm = load_pinmap()
    assert len(pm.trough_leds) == 7 and len(pm.trough_buttons) == 7
    assert set(pm.button_pins()) == set(BUTTON_NAMES)
    assert pm.status_led is not None and "status" in pm.led_pins()
    all_pins = list(pm.led_pins().values()) + list(pm.button_pins().values())
    assert len(all_pins) == len(set(all_pins)) == 18
    assert not {0, 1, 14, 15} & set(all_pins)
    assert pm.buttons_pull_up and pm.leds_active_high


def test_status_led_is_optional():
    data = default_dict()
    del data["leds"]["status"]
    assert pinmap_from_dict(data).status_led is None
    assert "status" not in pinmap_from_dict(data).led_pins()


@pytest.mark.parametrize(
    ("section", "key", "value", "expected"),
    [
        ("buttons", "undo", 14, "buttons.undo: BCM 14 is reserved (UART TXD"),
        ("buttons", "undo", 15, "buttons.undo: BCM 15 is reserved (UART RXD"),
        ("leds", "trough1", 0, "leds.trough1: BCM 0 is reserved (ID_SD"),
        ("leds", "trough1", 1, "leds.trough1: BCM 1 is reserved"),
        ("leds", "trough2", 28, "leds.trough2: BCM 28 is not a GPIO on the 40-pin header"),
        ("leds", "trough2", -3, "leds.trough2: BCM -3 is not a GPIO"),
        ("buttons", "blind", "GPIO26", "buttons.blind: must be a BCM GPIO number (integer), got 'GPIO26'"),
        ("buttons", "blind", True, "buttons.blind: must be a BCM GPIO number (integer), got True"),
        ("buttons", "blind", 4.0, "buttons.blind: must be a BCM GPIO number"),
        ("buttons", "shake", 9, "buttons.shake: unknown button"),
        ("leds", "trough8", 9, "leds.trough8: unknown led"),
        ("options", "buttons_pull_up", "yes", "options.buttons_pull_up: must be true or false"),
        ("options", "invert", True, "options.invert: unknown option"),
    ],
)
def test_each_kind_of_bad_value_is_named(section, key, value, expected):
    data = default_dict()
    data[section][key] = value
    problems = problems_of(data)
    assert len(problems) == 1, problems
    assert problems[0].startswith(expected), problems


def test_fixed_pull_up_pins_cannot_take_pull_down_buttons():
    data = default_dict()
    data["buttons"]["undo"] = 3
    assert pinmap_from_dict(data).undo == 3  # fine with the usual button-to-GND wiring
    data["options"]["buttons_pull_up"] = False
    (problem,) = problems_of(data)
    assert problem.startswith("buttons.undo: BCM 3 has a fixed pull-up (I2C SCL)")


def test_pin_used_twice_names_both_keys():
    data = default_dict()
    data["buttons"]["undo"] = data["leds"]["trough3"]
    (problem,) = problems_of(data)
    assert problem == "buttons.undo: BCM 22 is already used by leds.trough3"


def test_missing_devices_each_reported():
    data = default_dict()
    del data["buttons"]["confirm"]
    del data["leds"]["trough7"]
    problems = problems_of(data)
    assert sorted(problems) == [
        "buttons.confirm: missing (every button needs a pin)",
        "leds.trough7: missing (every led needs a pin)",
    ]


def test_all_problems_are_collected_at_once():
    data = default_dict()
    data["leds"]["trough1"] = 14
    data["buttons"]["undo"] = 17  # fine: trough1 LED no longer holds 17
    data["buttons"]["blind"] = data["buttons"]["confirm"]
    del data["buttons"]["trough2"]
    data["extra"] = {}
    problems = problems_of(data)
    assert len(problems) == 4, problems
    assert "4 problems" in str(PinMapError("f", problems))


def test_wrong_section_type():
    data = default_dict()
    data["leds"] = [1, 2, 3]
    problems = problems_of(data)
    assert problems[0] == "leds: must be a table [leds], got list"
    assert any(p.startswith("leds.trough1: missing") for p in problems)


def test_malformed_toml_and_unreadable_file(tmp_path):
    with pytest.raises(PinMapError, match=r"bad\.toml: 1 problem in the pin map:\n  - not valid TOML"):
        parse_pinmap("[leds\ntrough1 = 5", "bad.toml")
    missing = tmp_path / "nope.toml"
    with pytest.raises(PinMapError, match="no such file"):
        load_pinmap(missing)
    assert issubclass(PinMapError, ValueError)


def test_load_from_file(tmp_path):
    f = tmp_path / "pins.toml"
    f.write_text(default_pinmap_text().replace("undo = 4", "undo = 7"))
    pm = load_pinmap(f)
    assert pm.undo == 7 and pm.source == str(f)


def test_committed_wiring_svg_matches_the_generator():
    committed = (REPO / "docs" / "wiring.svg").read_text(encoding="utf-8")
    assert committed == wiring.render_svg(load_pinmap()), (
        "docs/wiring.svg is stale: run `python -m table.hardware.wiring`"
    )


def test_wiring_svg_names_every_device_and_reserved_pin():
    svg = wiring.render_svg(load_pinmap())
    for name in BUTTON_NAMES:
        assert f"{name} button" in svg
    for n in range(1, 8):
        assert f"trough{n} LED" in svg
    assert "GPIO14  reserved: UART TXD" in svg
    assert svg.count("<circle") == 40 + 5


def test_wiring_cli_writes_a_file(tmp_path, capsys):
    out = tmp_path / "w.svg"
    assert wiring.main(["--out", str(out)]) == 0
    assert out.read_text() == wiring.render_svg(load_pinmap())
    bad = tmp_path / "bad.toml"
    bad.write_text("[leds]\ntrough1 = 14\n")
    assert wiring.main(["--pins", str(bad), "--out", "-"]) == 2
    assert "reserved" in capsys.readouterr().err


@pytest.mark.parametrize("nested", ["[" * 50_000 + "]" * 50_000, "{a = " * 5_000 + "1" + "}" * 5_000])
def test_deep_nesting_is_one_clear_error_not_a_recursion_error(nested):
    with pytest.raises(PinMapError) as info:
        parse_pinmap(f"[leds]\ntrough1 = {nested}\n", "deep.toml")
    assert info.value.problems == ["not a pin map: arrays or tables nested too deeply"]
    assert str(info.value).startswith("deep.toml: 1 problem")
