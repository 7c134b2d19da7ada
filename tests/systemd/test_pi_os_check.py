"""scripts/pi-os-check.sh cannot pass where a step fails (issue 35, item 9), keeps each step's whole
log, and says how lgpio was got (scripts/lgpio_origin.py). The emulated roots take an hour; here
the script's own ``step`` function runs on this machine, and the lgpio decision on fake installs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.systemd.helpers import REPO

SCRIPT = REPO / "scripts/pi-os-check.sh"


def run_step(tmp_path: Path, command: str) -> subprocess.CompletedProcess[str]:
    """The script's ``step`` on ``command`` (as the check runs every step), with LOGS in tmp_path."""
    text = SCRIPT.read_text()
    step = re.search(r"^step\(\) \{.*?^\}", text, re.S | re.M)
    assert step is not None
    body = f"set -euo pipefail\nTIMES=()\nLOGS={tmp_path}\n{step.group(0)}\nstep 'a step' demo {command}\necho after"
    return subprocess.run(["bash", "-c", body], capture_output=True, text=True, timeout=60)


def test_a_failing_step_stops_the_check_and_keeps_its_whole_log(tmp_path: Path) -> None:
    r = run_step(tmp_path, "bash -o pipefail -euc 'seq 1 100; false | tail -1'")  # as in_root runs it
    assert r.returncode == 1 and "after" not in r.stdout
    assert "FAILED: a step (exit 1" in r.stderr and str(tmp_path / "demo.log") in r.stderr
    assert (tmp_path / "demo.log").read_text().splitlines()[:100] == [str(i) for i in range(1, 101)]


def test_a_passing_step_goes_on(tmp_path: Path) -> None:
    r = run_step(tmp_path, "seq 1 10")
    assert r.returncode == 0 and r.stdout.rstrip().endswith("after") and "   10" in r.stdout


def test_no_step_hides_its_exit_status_behind_a_pipe() -> None:
    text = SCRIPT.read_text()
    assert "bash -o pipefail -euc" in text
    for line in text.splitlines():
        if "step " in line and not line.lstrip().startswith(("#", "step()")):
            assert "| tail" not in line and "|tail" not in line, line


def fake_lgpio(site: Path, tag: str | None) -> Path:
    site.mkdir(parents=True)
    (site / "lgpio.py").write_text("")
    if tag is not None:
        info = site / "lgpio-0.2.2.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lgpio\nVersion: 0.2.2.0\n")
        (info / "WHEEL").write_text(f"Wheel-Version: 1.0\nGenerator: bdist_wheel\nTag: {tag}\n")
    return site


def origin(site: Path | None, prefix: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = (f"import sys; sys.path.insert(0, {str(site)!r}); sys.argv[1:] = {[*args, '--prefix', str(prefix)]!r}; "
            f"sys.path.insert(0, {str(REPO / 'scripts')!r}); import lgpio_origin; sys.exit(lgpio_origin.main())")
    return subprocess.run([sys.executable, "-S", "-c", code] if site else [sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("tag", "words"), [
    ("cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64", "lgpio 0.2.2.0: a PyPI wheel"),
    ("cp313-cp313-linux_aarch64", "lgpio 0.2.2.0: built from its source distribution"),
])
def test_how_lgpio_was_got_in_the_venv(tmp_path: Path, tag: str, words: str) -> None:
    venv = tmp_path / "venv"
    r = origin(fake_lgpio(venv / "lib/site-packages", tag), venv, "--require")
    assert r.returncode == 0 and r.stdout.startswith(words), r.stdout + r.stderr


def test_lgpio_outside_the_venv_is_the_distributions(tmp_path: Path) -> None:
    r = origin(fake_lgpio(tmp_path / "usr/lib/python3/dist-packages", None), tmp_path / "venv", "--require")
    assert r.returncode == 0 and r.stdout.startswith("lgpio: python3-lgpio, the distribution's package"), r.stdout


def test_no_lgpio_fails_only_when_required(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert origin(empty, tmp_path, "--require").returncode == 1
    r = origin(empty, tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("lgpio: missing")
