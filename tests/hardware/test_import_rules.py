"""Import rules of the house: the hardware layer loads neither pygame nor the engine, and the
hw-test command module defers gpiozero and pyserial to run()."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HARDWARE_DIR = REPO / "table" / "hardware"
HARDWARE_MODULES = [f"table.hardware.{p.stem}" for p in sorted(HARDWARE_DIR.glob("[!_]*.py"))]


def loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return set(out.stdout.split())


def test_hardware_imports_no_pygame_and_no_engine():
    assert len(HARDWARE_MODULES) >= 8  # pinmap, wiring, events, factory, panel, die_*, mocks
    mods = loaded_after("\n".join(f"import {m}" for m in HARDWARE_MODULES))
    assert "pygame" not in mods
    assert not any(m.startswith("table.engine") or m.startswith("table.display") for m in mods)


def test_hw_test_command_module_is_cheap_to_import():
    mods = loaded_after("import table.cli; table.cli.build_parser()")
    assert "table.commands.hw_test" in mods
    assert not {"gpiozero", "serial", "pygame"} & mods
