"""Every exception class the hardware layer defines shares one base, HardwareError."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import table.hardware
from table.hardware.errors import HardwareError, HardwareSettingError


def hardware_exception_classes() -> list[type[BaseException]]:
    found = []
    for info in pkgutil.iter_modules(table.hardware.__path__):
        module = importlib.import_module(f"table.hardware.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


def test_every_hardware_error_class_subclasses_hardware_error():
    classes = hardware_exception_classes()
    names = {c.__name__ for c in classes}
    # the ones that exist today, so that a rename cannot make this test vacuous
    assert {"PinMapError", "PinFactoryUnavailable", "UnknownPinFactoryError", "DieSensorUrlError",
            "FrameValueError", "TroughError", "PanelPinsError", "StatusModeError", "EventValueError",
            "HardwareMocksMissing", "HardwareSettingError"} <= names  # fmt: skip
    strays = [c.__name__ for c in classes if not issubclass(c, HardwareError)]
    assert strays == []


def test_bad_settings_raise_the_setting_error(mock_factory, pinmap):
    from table.hardware.die_sensor import DieSensor, DieSettler
    from table.hardware.panel import Panel

    with pytest.raises(HardwareSettingError):
        DieSettler(settle_s=-1)
    with pytest.raises(HardwareSettingError):
        DieSensor("loop://", backoff_initial_s=0, start=False)
    with pytest.raises(HardwareSettingError):
        Panel(pinmap, pin_factory=mock_factory, debounce_s=-0.1)
    assert issubclass(HardwareSettingError, ValueError)
