"""Fixtures for the hardware tests.

``mock_factory`` follows gpiozero's own test suite: per test it swaps ``Device.pin_factory``,
and afterwards resets the mock factory and restores what was there. Our code must never
use the global factory (every device gets the factory injected), so the global is swapped
for a factory that fails the test if anything asks it for a pin; the test gets a fresh
``MockFactory(pin_class=MockPWMPin)`` to inject.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.hardware.pinmap import PinMap, load_pinmap


class GlobalFactoryUsed(AssertionError):
    pass


class _ForbiddenFactory(MockFactory):
    """Stands in for gpiozero's global factory: any use means a device was not injected."""

    def pin(self, name, pin_class=None, **kwargs):  # type: ignore[no-untyped-def]
        raise GlobalFactoryUsed(f"a device asked gpiozero's global pin factory for pin {name!r}")


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    saved = Device.pin_factory
    Device.pin_factory = _ForbiddenFactory()
    factory = MockFactory(pin_class=MockPWMPin)
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()
        Device.pin_factory = saved


@pytest.fixture
def pinmap() -> PinMap:
    return load_pinmap()
