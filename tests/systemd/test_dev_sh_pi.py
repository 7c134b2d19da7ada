"""scripts/dev.sh on a Raspberry Pi (issue 35, item 9): the README's venv drives the real pins.

The decision (``bash scripts/dev.sh pi-plan``) is tested without a Pi: APPLEJACK_MACHINE,
APPLEJACK_PY_MINOR and APPLEJACK_SYSTEM_LGPIO stand in for ``uname -m``, Python's minor version and
whether the system's python3-lgpio imports. dev.sh then runs for real in a copy of the tree whose
.venv/bin/python is a fake that logs its arguments (no pip download), as in test_dev_sh.py."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.systemd.devtree import dev_tree
from tests.systemd.helpers import REPO

FAKE = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$(dirname "$0")/../../calls.log"
"""


def plan(machine: str, minor: int, system: int) -> str:
    env = {**os.environ, "APPLEJACK_MACHINE": machine, "APPLEJACK_PY_MINOR": str(minor),
           "APPLEJACK_SYSTEM_LGPIO": str(system)}
    r = subprocess.run(["bash", str(REPO / "scripts/dev.sh"), "pi-plan"], capture_output=True, text=True, timeout=60,
                       env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.mark.parametrize(("machine", "minor", "system", "expected"), [
    ("aarch64", 11, 0, "pi plain pypi-wheel"),  # bookworm on a Pi: the extra's wheel
    ("armv7l", 12, 0, "pi plain pypi-wheel"),
    ("aarch64", 11, 1, "pi system-site python3-lgpio"),  # Raspberry Pi OS ships python3-lgpio
    ("aarch64", 13, 1, "pi system-site python3-lgpio"),  # trixie: no wheel, the system's package
    ("aarch64", 13, 0, "pi plain missing"),  # plain Debian trixie: said in one line (install.sh builds it)
    ("x86_64", 11, 0, "- plain mock-pins"),  # a laptop: no pin library at all
    ("x86_64", 13, 1, "- plain mock-pins"),
])
def test_the_pi_plan(machine: str, minor: int, system: int, expected: str) -> None:
    assert plan(machine, minor, system) == expected


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    dev_tree(tmp_path, {"python": FAKE, "applejack-table": FAKE})
    (tmp_path / ".venv/pyvenv.cfg").write_text("home = /usr/bin\ninclude-system-site-packages = false\n")
    return tmp_path


def dev_on_a_pi(tree: Path, system: int, *args: str) -> list[str]:
    env = {**os.environ, "PYTHON": "python3", "APPLEJACK_MACHINE": "aarch64", "APPLEJACK_PY_MINOR": "11",
           "APPLEJACK_SYSTEM_LGPIO": str(system)}
    r = subprocess.run(["bash", str(tree / "scripts/dev.sh"), *args], capture_output=True, text=True, timeout=60,
                       env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    return (tree / "calls.log").read_text().splitlines()


def test_on_a_pi_run_and_test_install_the_pi_extra(tree: Path) -> None:
    calls = dev_on_a_pi(tree, 0, "run")
    installs = [c for c in calls if " -m pip install" in c and "--upgrade pip" not in c]
    assert [c.rsplit(" ", 1)[1] for c in installs] == [".[pi]"]
    assert "include-system-site-packages = false" in (tree / ".venv/pyvenv.cfg").read_text()
    calls = dev_on_a_pi(tree, 0, "test", "-x")
    assert [c.rsplit(" ", 1)[1] for c in calls if " -e " in c][-1] == ".[test,pi]"


def test_with_the_systems_python3_lgpio_the_venv_sees_it(tree: Path) -> None:
    dev_on_a_pi(tree, 1, "run")
    assert "include-system-site-packages = true" in (tree / ".venv/pyvenv.cfg").read_text()
