"""scripts/dev.sh and pyproject.toml: `run` installs only the runtime, `test` the test tools too,
neither reinstalls when nothing changed; .ci/run calls exactly `bash scripts/dev.sh test`.

dev.sh runs for real in a copy of the tree whose .venv/bin/python is a fake that logs its
arguments (no pip download)."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.systemd.devtree import dev_tree
from tests.systemd.helpers import REPO, find_tool

FAKE_PYTHON = """#!/usr/bin/env bash
echo "python $*" >> "$(dirname "$0")/../../calls.log"
"""
FAKE_APP = """#!/usr/bin/env bash
echo "applejack-table $*" >> "$(dirname "$0")/../../calls.log"
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return dev_tree(tmp_path, {"python": FAKE_PYTHON, "applejack-table": FAKE_APP})


def dev(tree: Path, *args: str) -> list[str]:
    log = tree / "calls.log"
    log.unlink(missing_ok=True)
    result = subprocess.run(["bash", str(tree / "scripts/dev.sh"), *args], capture_output=True, text=True,
                            timeout=60, env={**os.environ, "PYTHON": "python3",
                                             "APPLEJACK_SKIP_BROWSER_INSTALL": "1"})  # fmt: skip (tests/web/test_ci.py)
    assert result.returncode == 0, result.stdout + result.stderr
    return log.read_text().splitlines() if log.exists() else []


def pip_installs(calls: list[str]) -> list[str]:
    return [c for c in calls if " -m pip install" in c and "--upgrade pip" not in c]


def test_run_installs_only_the_runtime_and_only_once(tree: Path) -> None:
    calls = dev(tree, "run", "--text")
    assert [c.rsplit(" ", 1)[1] for c in pip_installs(calls)] == ["."]
    assert calls[-1] == "applejack-table run --text"
    again = dev(tree, "run")
    assert pip_installs(again) == [] and again == ["applejack-table run"]


def test_test_installs_the_test_extra_and_a_test_venv_serves_run(tree: Path) -> None:
    dev(tree, "run")
    calls = dev(tree, "test", "-k", "x")  # a run-only venv lacks the test tools
    assert [c.rsplit(" ", 1)[1] for c in pip_installs(calls)] == [".[test]"]
    assert [c for c in calls if "pip" not in c] == [
        "python -m ruff check .", "python -m mypy", "python -m pytest -q -n 3 --dist worksteal -k x"]  # fmt: skip
    assert pip_installs(dev(tree, "test")) == []
    assert pip_installs(dev(tree, "run")) == []


def test_the_tests_write_bytecode_and_keep_their_files_on_tmpfs(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With PYTHONDONTWRITEBYTECODE set, each pytest worker compiled and assertion-rewrote every test
    module again and every ``python -m table`` child compiled what it imports; on the disk every
    journal step waited for its fsync (issue 19). A TMPDIR the caller chose is kept."""
    dev(tree, "test")
    log_env = 'echo "python $2 ${PYTHONDONTWRITEBYTECODE:-writes} ${TMPDIR:-disk}" >> "$(dirname "$0")/../../calls.log"'
    (tree / ".venv/bin/python").write_text(f"#!/usr/bin/env bash\n{log_env}\n")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("TMPDIR", raising=False)
    shm = "/dev/shm" if shm_usable() else "disk"
    assert dev(tree, "test") == ["python ruff 1 disk", "python mypy 1 disk", f"python pytest writes {shm}"]
    monkeypatch.setenv("TMPDIR", str(tree))
    assert dev(tree, "test")[-1] == f"python pytest writes {tree}"


def shm_usable() -> bool:
    """Whether dev.sh puts the tests' files on /dev/shm: writable, not mounted noexec, 512 MB free."""
    if not (os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK)):
        return False
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        mounts = []
    if any(len(f) > 3 and f[1] == "/dev/shm" and "noexec" in f[3].split(",") for f in map(str.split, mounts)):
        return False
    st = os.statvfs("/dev/shm")
    return st.f_bavail * st.f_frsize // 1024 >= 524288


def test_a_changed_pyproject_reinstalls(tree: Path) -> None:
    dev(tree, "test")
    with (tree / "pyproject.toml").open("a") as f:
        f.write("\n# changed\n")
    assert len(pip_installs(dev(tree, "run"))) == 1
    assert [p.name.split("-")[1] for p in (tree / ".venv").glob(".installed-*")] == ["runtime"]


def test_ci_calls_exactly_the_test_command() -> None:
    lines = [ln for ln in (REPO / ".ci/run").read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines[-1] == "bash scripts/dev.sh test"
    assert sum("dev.sh" in ln for ln in lines) == 1


def test_licence_is_an_spdx_string_and_setuptools_knows_it() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert data["project"]["license"] == "MIT"  # the table form is deprecated by setuptools
    requires = data["build-system"]["requires"]
    assert any(r.replace(" ", "").startswith("setuptools>=") and int(r.split(">=")[1].split(".")[0]) >= 77
               for r in requires)  # fmt: skip


def test_the_pi_extra_does_not_ask_pip_for_lgpio_on_python_3_13() -> None:
    from packaging.requirements import Requirement

    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    (lgpio,) = [Requirement(r) for r in data["project"]["optional-dependencies"]["pi"] if r.startswith("lgpio")]
    pi = {"sys_platform": "linux", "platform_machine": "aarch64"}
    assert lgpio.marker is not None
    assert lgpio.marker.evaluate({**pi, "python_version": "3.11"})  # bookworm: a wheel on PyPI
    assert not lgpio.marker.evaluate({**pi, "python_version": "3.13"})  # trixie: python3-lgpio


def test_dev_sh_is_shellcheck_clean() -> None:
    shellcheck = find_tool("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck not installed")
    result = subprocess.run([shellcheck, "--severity=style", str(REPO / "scripts/dev.sh"), str(REPO / ".ci/run")],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


NOISY_PYTHON = """#!/usr/bin/env bash
echo "python $*" >> "$(dirname "$0")/../../calls.log"
if [[ "$*" == *"pip install"* ]]; then
  echo "Editable installation: setuptools notes a person need not read" >&2
  exit "${FAKE_PIP_STATUS:-0}"
fi
"""


@pytest.mark.parametrize("status", [0, 1])
def test_set_up_is_quiet_unless_it_fails(tree: Path, status: int) -> None:
    """pip's and setuptools' notes ("Editable installation…") are shown only when the install fails."""
    (tree / ".venv/bin/python").write_text(NOISY_PYTHON)
    result = subprocess.run(["bash", str(tree / "scripts/dev.sh"), "run"], capture_output=True, text=True,
                            timeout=60, env={**os.environ, "PYTHON": "python3", "FAKE_PIP_STATUS": str(status)})
    if status == 0:
        assert result.returncode == 0 and "Editable" not in result.stdout + result.stderr, result.stderr
    else:
        assert result.returncode == 1 and "Editable installation" in result.stderr
        assert "installing the dependencies failed" in result.stderr
