"""A copy of ``scripts/dev.sh`` and ``pyproject.toml`` in a temporary tree with a fake ``.venv``:
the tests run the real script against stand-in programs that log how they were called."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def dev_tree(root: Path, fakes: Mapping[str, str]) -> Path:
    """``root`` with ``scripts/dev.sh``, ``pyproject.toml`` and ``.venv/bin/NAME`` for each of
    ``fakes`` (name → script text, made executable); returns ``root``."""
    (root / "scripts").mkdir()
    shutil.copy(REPO / "scripts/dev.sh", root / "scripts/dev.sh")
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    bin_dir = root / ".venv/bin"
    bin_dir.mkdir(parents=True)
    for name, text in fakes.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return root
