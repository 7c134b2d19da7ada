"""Choosing the gpiozero pin factory, injected into every device (never set globally).

``make_pin_factory("mock")`` gives mock pins with PWM for development and tests;
``make_pin_factory(None)`` follows ``GPIOZERO_PIN_FACTORY`` if set, else uses lgpio on a
Raspberry Pi (the only pin library that works on a Pi 5) and mock pins anywhere else.
Asking for real pins off a Pi raises :class:`PinFactoryUnavailable` with a message that
tells how to use mock pins instead.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from pathlib import Path

from gpiozero.pins import Factory

from table.hardware.errors import HardwareError

PIN_FACTORY_NAMES = ("mock", "lgpio", "rpigpio")
"""Names accepted by :func:`make_pin_factory` (and ``--pins``)."""

_REAL_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory", "lgpio"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory", "RPi.GPIO"),
}

INSTALL_HINTS = {
    "lgpio": "sudo apt install python3-lgpio (Raspberry Pi OS / Debian; a venv needs "
    "--system-site-packages to see it, as systemd/install.sh makes it) or pip install 'applejack-table[pi]'",
    "RPi.GPIO": "sudo apt install python3-rpi.gpio or pip install 'applejack-table[pi]'",
}

MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))

MOCK_HINT = "run with `--pins mock` or set GPIOZERO_PIN_FACTORY=mock to use mock pins"


class UnknownPinFactoryError(HardwareError, ValueError):
    """The pin factory name is not one of :data:`PIN_FACTORY_NAMES`."""


class PinFactoryUnavailable(HardwareError, RuntimeError):
    """Real pins were asked for but cannot be had here; the message says what to do."""


def board_model(model_files: tuple[Path, ...] = MODEL_FILES) -> str | None:
    """The device-tree model string ("Raspberry Pi 5 Model B Rev 1.0"), or None if not a board."""
    for path in model_files:
        try:
            return path.read_bytes().rstrip(b"\0\n").decode("ascii", "replace")
        except OSError:
            continue
    return None


def running_on_pi(model_files: tuple[Path, ...] = MODEL_FILES) -> bool:
    model = board_model(model_files)
    return model is not None and "Raspberry Pi" in model


def make_pin_factory(
    name: str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    on_pi: bool | None = None,
) -> Factory:
    """Build a fresh pin factory to inject into devices (``pin_factory=``).

    ``name``: "mock", "lgpio", "rpigpio" or None (choose: ``GPIOZERO_PIN_FACTORY``, else lgpio
    on a Pi, else mock). ``environ`` and ``on_pi`` exist for tests.
    """
    env = os.environ if environ is None else environ
    if on_pi is None:
        on_pi = running_on_pi()
    if name is None:
        name = env.get("GPIOZERO_PIN_FACTORY") or ("lgpio" if on_pi else "mock")
    key = name.strip().lower()
    if key == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin  # deferred: the mock pins only when asked for

        return MockFactory(pin_class=MockPWMPin)
    if key not in _REAL_FACTORIES:
        known = ", ".join(PIN_FACTORY_NAMES)
        raise UnknownPinFactoryError(f"unknown pin factory {name!r}; choose one of {known}")
    if not on_pi:
        raise PinFactoryUnavailable(f"{key} pins need a Raspberry Pi, and this is not one: {MOCK_HINT}")
    module_name, class_name, package = _REAL_FACTORIES[key]
    try:
        module = importlib.import_module(module_name)
        factory: Factory = getattr(module, class_name)()
    except Exception as exc:  # the library is missing or broken, or the GPIO chip cannot be opened
        raise PinFactoryUnavailable(_unavailable_message(key, package, exc)) from exc
    return factory


def _unavailable_message(key: str, package: str, exc: Exception) -> str:
    """Why ``key`` pins cannot be had, with the advice that fits: install only when it is missing."""
    why = f"{type(exc).__name__}: {exc}"
    top = package.split(".")[0]
    if isinstance(exc, ModuleNotFoundError) and exc.name is not None and exc.name.split(".")[0] == top:
        return (
            f"cannot open {key} pins: {package} is not installed; install it: {INSTALL_HINTS[package]}; "
            f"or {MOCK_HINT}"
        )
    if isinstance(exc, ImportError):
        return (
            f"cannot open {key} pins: {package} is installed but does not load ({why}); "
            f"its C library may be missing or not match; the distribution's package brings both: "
            f"{INSTALL_HINTS[package].split(' or pip')[0]}; or {MOCK_HINT}"
        )
    return (
        f"cannot open {key} pins ({why}): {package} is installed, but the GPIO chip cannot be used; "
        "check that /dev/gpiochip* exist and that this user may open them "
        f"(ls -l /dev/gpiochip*: group gpio; id: member of gpio); or {MOCK_HINT}"
    )
