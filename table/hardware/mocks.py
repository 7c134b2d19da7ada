"""Finding the off-device simulators in ``hardware-mocks/`` of a source checkout.

``hardware-mocks/`` is not part of the installed package (it holds development tools and
the sensor board's firmware), so it is loaded by path. Used by ``hw-test`` on mock pins and
by the tests.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from table.hardware.errors import HardwareError

MOCKS_DIR = Path(__file__).resolve().parents[2] / "hardware-mocks"


class HardwareMocksMissing(HardwareError, RuntimeError):
    """``hardware-mocks/`` is not next to the package (an installed wheel, not a checkout)."""


def load_mock(name: str, path: Path | None = None) -> ModuleType:
    """Import ``hardware-mocks/<name>.py`` (or ``path``) as module ``hardware_mocks_<name>``."""
    file = path if path is not None else MOCKS_DIR / f"{name.replace('.', '/')}.py"
    module_name = "hardware_mocks_" + name.replace("/", "_").replace(".", "_")
    if module_name in sys.modules:
        return sys.modules[module_name]
    if not file.is_file():
        raise HardwareMocksMissing(f"{file} not found: the simulators come with a source checkout")
    spec = importlib.util.spec_from_file_location(module_name, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module
