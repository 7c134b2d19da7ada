from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.hardware.factory import (
    PinFactoryUnavailable,
    UnknownPinFactoryError,
    board_model,
    make_pin_factory,
    running_on_pi,
)


def test_mock_factory_has_pwm_pins_and_is_not_global(mock_factory):
    before = Device.pin_factory
    f = make_pin_factory("mock", on_pi=False)
    assert isinstance(f, MockFactory) and f.pin_class is MockPWMPin
    assert Device.pin_factory is before
    assert make_pin_factory("MOCK", on_pi=True).pin_class is MockPWMPin


def test_none_follows_environment_then_platform():
    env = {"GPIOZERO_PIN_FACTORY": "mock"}
    assert isinstance(make_pin_factory(None, environ=env, on_pi=True), MockFactory)
    assert isinstance(make_pin_factory(None, environ={}, on_pi=False), MockFactory)
    with pytest.raises(PinFactoryUnavailable):  # env asks for lgpio off a Pi
        make_pin_factory(None, environ={"GPIOZERO_PIN_FACTORY": "lgpio"}, on_pi=False)


@pytest.mark.parametrize("name", ["lgpio", "rpigpio"])
def test_real_pins_off_pi_give_one_clear_message(name):
    with pytest.raises(PinFactoryUnavailable) as info:
        make_pin_factory(name, environ={}, on_pi=False)
    msg = str(info.value)
    assert "--pins mock" in msg and "GPIOZERO_PIN_FACTORY=mock" in msg and "not" in msg


def test_real_pins_on_pi_without_library_give_clear_message(monkeypatch):
    import importlib

    real = importlib.import_module

    def fake_import(name, *a, **k):
        if name == "gpiozero.pins.lgpio":
            raise ModuleNotFoundError("No module named 'lgpio'", name="lgpio")
        return real(name, *a, **k)

    monkeypatch.setattr(importlib, "import_module", fake_import)
    with pytest.raises(PinFactoryUnavailable, match=r"lgpio is not installed; install it: sudo apt install "
                       r"python3-lgpio.*--pins mock"):  # fmt: skip
        make_pin_factory(None, environ={}, on_pi=True)


def fail_import_with(monkeypatch, exc: Exception) -> None:
    import importlib

    real = importlib.import_module

    def fake_import(name, *a, **k):
        if name == "gpiozero.pins.lgpio":
            raise exc
        return real(name, *a, **k)

    monkeypatch.setattr(importlib, "import_module", fake_import)


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (ModuleNotFoundError("No module named 'lgpio'", name="lgpio"), "lgpio is not installed"),
        (ImportError("liblgpio.so.1: cannot open shared object file"), "lgpio is installed but does not load"),
        (OSError(13, "Permission denied", "/dev/gpiochip0"), "lgpio is installed, but the GPIO chip cannot be used"),
        (RuntimeError("can not open gpiochip"), "lgpio is installed, but the GPIO chip cannot be used"),
    ],
)
def test_lgpio_advice_fits_the_failure(monkeypatch, exc, expected):
    fail_import_with(monkeypatch, exc)
    with pytest.raises(PinFactoryUnavailable) as info:
        make_pin_factory("lgpio", environ={}, on_pi=True)
    msg = str(info.value)
    assert expected in msg and "--pins mock" in msg
    if "not installed" not in expected:  # installed: pip-installing it again would not help
        assert "pip install" not in msg
    if "chip" in expected:  # installed and loaded: the fix is access to the chip, not a package
        assert "apt install" not in msg
    if isinstance(exc, OSError):
        assert "/dev/gpiochip" in msg and "gpio" in msg


def test_unknown_name():
    with pytest.raises(UnknownPinFactoryError, match="mock, lgpio, rpigpio"):
        make_pin_factory("pigpio", on_pi=True)
    assert issubclass(UnknownPinFactoryError, ValueError)


def test_board_detection(tmp_path):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    assert board_model((tmp_path / "missing", model)) == "Raspberry Pi 5 Model B Rev 1.0"
    assert running_on_pi((model,))
    model.write_bytes(b"Radxa ROCK 5B\0")
    assert not running_on_pi((model,))
    assert not running_on_pi((tmp_path / "missing",))
