"""Issue 34 (9): the browser tests run in CI. ``bash scripts/dev.sh test`` installs Debian's
``chromium`` and ``chromium-driver`` where missing (apt-get, as root or with sudo, as it installs
python3-venv), and with ``CI`` set a missing browser fails the run instead of skipping.

dev.sh runs for real in a copy of the tree (a fake ``.venv/bin/python``, as in
``tests/systemd/test_dev_sh.py``), on a PATH of this machine's tools without the browser, with
fake ``apt-get``, ``sudo`` and ``id`` that log what they were asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.systemd.devtree import dev_tree

REPO = Path(__file__).resolve().parents[2]
HIDDEN = {"chromium", "chromium-browser", "chromedriver", "apt-get", "sudo", "id"}
FAKE = {
    "python": '#!/bin/bash\necho "python $*" >> "$LOG"\n',
    "apt-get": '#!/bin/bash\necho "apt-get $*" >> "$LOG"\n',
    "sudo": '#!/bin/bash\necho "sudo $*" >> "$LOG"\n"$@"\n',
    "id": '#!/bin/bash\n[[ $1 == -u ]] && { echo "${FAKE_UID:-0}"; exit 0; }\nexec /usr/bin/id "$@"\n',
}


def _path_without_browser(tmp: Path) -> Path:
    """A folder of links to this machine's tools, without the browser (and with the fakes)."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if not folder or not Path(folder).is_dir() or ".venv" in folder:
            continue
        for tool in Path(folder).iterdir():
            target = bin_dir / tool.name
            if tool.name not in HIDDEN and not target.exists() and not target.is_symlink():
                target.symlink_to(tool)
    for name in ("apt-get", "sudo", "id"):
        (bin_dir / name).write_text(FAKE[name])
        (bin_dir / name).chmod(0o755)
    return bin_dir


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return dev_tree(tmp_path, {"python": FAKE["python"]})


def _dev_test(tree: Path, bin_dir: Path, **env: str) -> list[str]:
    log = tree / "calls.log"
    log.unlink(missing_ok=True)
    run = subprocess.run(["bash", str(tree / "scripts/dev.sh"), "test"], capture_output=True, text=True, timeout=120,
                         env={"PATH": str(bin_dir), "HOME": str(tree), "LOG": str(log), "PYTHON": "python3", **env})
    assert run.returncode == 0, run.stdout + run.stderr
    return log.read_text().splitlines()


def test_the_test_command_installs_chromium_and_its_driver_where_missing(tree, tmp_path):
    bin_dir = _path_without_browser(tmp_path)
    calls = _dev_test(tree, bin_dir)  # as root
    assert "apt-get update -qq" in calls
    assert "apt-get install -y -qq chromium chromium-driver" in calls
    assert calls.index("apt-get install -y -qq chromium chromium-driver") < calls.index("python -m ruff check .")
    calls = _dev_test(tree, bin_dir, FAKE_UID="1000")  # a user: with sudo
    assert "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver" in calls


def test_the_test_command_installs_nothing_where_the_browser_is(tree, tmp_path):
    bin_dir = _path_without_browser(tmp_path)
    for name in ("chromium", "chromedriver"):
        (bin_dir / name).write_text("#!/bin/sh\n")
        (bin_dir / name).chmod(0o755)
    calls = _dev_test(tree, bin_dir)
    assert not [c for c in calls if c.startswith(("apt-get", "sudo"))]
    assert calls[-1].startswith("python -m pytest")


@pytest.mark.parametrize("ci", ["", "true"])
def test_with_ci_set_a_missing_browser_fails_the_run_instead_of_skipping(tmp_path, ci):
    bin_dir = _path_without_browser(tmp_path)
    env = {"PATH": str(bin_dir), "HOME": str(tmp_path), "PYTHONPATH": str(REPO), "CI": ci}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                          "-p", "no:randomly", "tests/web/test_advice_browser.py"], cwd=REPO, capture_output=True,
                         text=True, timeout=300, env=env)
    out = run.stdout + run.stderr
    if ci:
        assert run.returncode != 0 and "CI is set, so the browser tests may not be skipped" in out, out
    else:
        assert run.returncode in (0, 5) and "1 skipped" in out and "Chromium not installed" in out, out  # 5: none ran
