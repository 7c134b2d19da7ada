"""The one base class of every error the hardware layer raises.

``except HardwareError`` catches a bad pin map, a pin library that cannot be had, a bad die
sensor URL, a frame that cannot be encoded, a bad argument to the panel or the sensor...
Each subclass also keeps its conventional base: argument and data errors are ``ValueError``s,
"cannot be had here" errors are ``RuntimeError``s, so older ``except ValueError`` code still works.
"""

from __future__ import annotations


class HardwareError(Exception):
    """Base class of every exception defined in :mod:`table.hardware`."""


class HardwareSettingError(HardwareError, ValueError):
    """A device was built with a setting out of range (a negative time, back-off 0, ...)."""
