"""systemd/applejack-table.service: what the kiosk needs, how locked down it is, and what systemd says.

The content checks run everywhere. The systemd-analyze checks run where systemd-analyze is
installed (Debian: package systemd) and skip with the reason otherwise.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.systemd.helpers import ENV_TEMPLATE, INSTALL_SH, REPO, UNIT, find_tool, read_unit

EXPOSURE_LIMIT = 3.0
GROUPS = {"gpio", "dialout", "video", "render", "input", "audio"}  # audio: speech (espeak-ng)


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return read_unit(UNIT)


def one(unit: dict[str, dict[str, list[str]]], section: str, key: str) -> str:
    values = unit[section].get(key, [])
    assert len(values) == 1, f"[{section}] {key}= should be set once, found {values}"
    return values[0]


def words(unit: dict[str, dict[str, list[str]]], section: str, key: str) -> list[str]:
    return [word for value in unit[section].get(key, []) for word in value.split()]


def test_runs_the_kiosk_as_the_applejack_user(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "User") == "applejack"
    assert set(words(unit, "Service", "SupplementaryGroups")) == GROUPS
    assert one(unit, "Service", "ExecStart") == "/opt/applejack-table/venv/bin/applejack-table play"
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert "applejack-table" in scripts, "ExecStart runs the console script pyproject.toml must provide"
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_notify_watchdog_and_restart_policy(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert one(unit, "Service", "WatchdogSec") == "30s"
    assert one(unit, "Service", "Restart") == "on-failure"
    # the start-rate limit lives in [Unit]; in [Service] systemd ignores it with a warning
    assert one(unit, "Unit", "StartLimitIntervalSec")
    assert int(one(unit, "Unit", "StartLimitBurst")) >= 1
    assert "StartLimitIntervalSec" not in unit["Service"]
    assert "StartLimitBurst" not in unit["Service"]


def test_environment_file_and_state_directory(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "EnvironmentFile") == "/etc/default/applejack-table"
    assert one(unit, "Service", "StateDirectory") == "applejack-table"
    # lgpio writes its notification FIFOs into the working directory: it must be the state dir
    assert one(unit, "Service", "WorkingDirectory") == "%S/applejack-table"


def test_environment_template_sets_what_the_app_reads() -> None:
    assignments = {}
    for line in ENV_TEMPLATE.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            assert key.isidentifier() and not key.startswith("export"), line
            assignments[key] = value
    assert assignments == {
        "GPIOZERO_PIN_FACTORY": "lgpio",
        "SDL_VIDEODRIVER": "kmsdrm",
        "APPLEJACK_PINS": "/etc/applejack-table/pins.toml",
        "APPLEJACK_DIE_SENSOR": "/dev/applejack-die",
        "APPLEJACK_IDLE_DEMO": "5",
        "APPLEJACK_DIM_AFTER": "10",
    }
    shipped = str(REPO / "table" / "hardware" / "default_pins.toml")  # what install.sh copies there
    assignments["APPLEJACK_PINS"] = shipped
    # and play reads them as its defaults
    import argparse
    import os
    from unittest import mock

    from table.commands import play

    with mock.patch.dict(os.environ, assignments):
        parser = argparse.ArgumentParser()
        play.add_arguments(parser)
        args = parser.parse_args([])
    assert (args.die, args.idle_demo) == ("/dev/applejack-die", 5.0)
    assert args.pin_map.source == shipped


def test_devices_are_closed_except_gpio_serial_display_input_sound(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "DevicePolicy") == "closed"
    allowed = dict(value.split() for value in unit["Service"]["DeviceAllow"])
    assert allowed == {
        "char-gpiochip": "rw",
        "char-ttyACM": "rw",
        "char-ttyUSB": "rw",
        "char-ttyAMA": "rw",  # the UART route: the PL011 on GPIO 14/15
        "char-drm": "rw",
        "char-input": "r",
        "char-alsa": "rw",  # speech (espeak-ng)
    }
    # char-* groups are looked up in /proc/devices at start: the drivers must be loaded before
    wants = set(words(unit, "Unit", "Wants"))
    after = set(words(unit, "Unit", "After"))
    for module in ("drm", "cdc_acm", "usbserial"):
        assert f"modprobe@{module}.service" in wants & after


def test_sandbox_settings(unit: dict[str, dict[str, list[str]]]) -> None:
    service = unit["Service"]
    expected = {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "PrivateNetwork": "yes",
        "IPAddressDeny": "any",
        "ProtectKernelTunables": "yes",
        "ProtectKernelModules": "yes",
        "ProtectControlGroups": "yes",
        "ProtectClock": "yes",
        "ProtectHostname": "yes",
        "ProtectProc": "invisible",
        "RestrictNamespaces": "yes",
        "RestrictRealtime": "yes",
        "RestrictSUIDSGID": "yes",
        "LockPersonality": "yes",
        "SystemCallArchitectures": "native",
        "UMask": "0077",
    }
    assert {key: one(unit, "Service", key) for key in expected} == expected
    assert "CapabilityBoundingSet" in service and service["CapabilityBoundingSet"] == []
    assert set(words(unit, "Service", "RestrictAddressFamilies")) == {"AF_UNIX", "AF_NETLINK"}
    assert service["SystemCallFilter"][0] == "@system-service"
    # gpiozero reads the Pi model from /proc/device-tree or /proc/cpuinfo; subset=pid hides both
    assert "ProcSubset" not in service
    # PrivateDevices=yes would hide /dev/dri, /dev/gpiochip*, the serial tty
    assert service.get("PrivateDevices", ["no"]) == ["no"]


def test_unit_and_installer_agree_on_names_and_paths(unit: dict[str, dict[str, list[str]]]) -> None:
    script = INSTALL_SH.read_text()
    assert "readonly USER_NAME=applejack" in script
    groups = re.search(r"^readonly USER_GROUPS=\(([^)]*)\)", script, re.MULTILINE)
    assert groups is not None and set(groups.group(1).split()) == GROUPS
    assert "readonly PREFIX=/opt/applejack-table" in script
    assert "readonly ENV_DEST=/etc/default/applejack-table" in script
    assert "readonly STATE_DIR=/var/lib/applejack-table" in script  # the user's home = StateDirectory


# ---- systemd-analyze --------------------------------------------------------------------------


def systemd_analyze() -> str:
    tool = find_tool("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze not installed (Debian: apt-get install systemd)")
    return tool


def offline_security_supported(tool: str) -> bool:
    help_text = subprocess.run([tool, "security", "--help"], capture_output=True, text=True).stdout
    return "--offline" in help_text


def security(tool: str, unit_file: Path, threshold: int) -> subprocess.CompletedProcess[str]:
    if not offline_security_supported(tool):
        pytest.skip("this systemd-analyze has no `security --offline` (needs systemd 252 or newer)")
    return subprocess.run(
        [tool, "security", "--offline=yes", f"--threshold={threshold}", "--no-pager", str(unit_file)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def exposure(output: str, unit_name: str) -> float:
    match = re.search(rf"Overall exposure level for {re.escape(unit_name)}: (\d+\.\d+)", output)
    assert match, f"no exposure figure in:\n{output}"
    return float(match.group(1))


def test_security_exposure_is_at_most_3() -> None:
    tool = systemd_analyze()
    result = security(tool, UNIT, threshold=int(EXPOSURE_LIMIT * 10))
    assert result.returncode == 0, result.stdout + result.stderr
    assert exposure(result.stdout, UNIT.name) <= EXPOSURE_LIMIT
    # a misspelt or misparsed setting would silently not count: systemd only warns about it
    assert "applejack-table.service:" not in result.stderr, result.stderr


def test_security_threshold_fails_an_unhardened_unit(tmp_path: Path) -> None:
    tool = systemd_analyze()
    bare = tmp_path / "bare.service"
    bare.write_text("[Service]\nType=notify\nExecStart=/bin/true\n")
    result = security(tool, bare, threshold=int(EXPOSURE_LIMIT * 10))
    assert result.returncode != 0
    assert exposure(result.stdout, bare.name) > EXPOSURE_LIMIT


def verify_root(tmp_path: Path, unit_text: str) -> Path:
    """A root with our unit, a stand-in ExecStart binary and the host's units (for the targets)."""
    for candidate in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")):
        if (candidate / "multi-user.target").is_file():
            host_units = candidate
            break
    else:
        pytest.skip("no systemd unit directory with multi-user.target on this machine")
    root = tmp_path / "root"
    shutil.copytree(host_units, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    (root / "etc/systemd/system" / UNIT.name).write_text(unit_text)
    exe = root / "opt/applejack-table/venv/bin/applejack-table"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    return root


def verify(tool: str, root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [tool, "verify", f"--root={root}", "--no-pager", UNIT.name],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_systemd_analyze_verify_is_clean(tmp_path: Path) -> None:
    tool = systemd_analyze()
    result = verify(tool, verify_root(tmp_path, UNIT.read_text()))
    assert result.returncode == 0, result.stderr
    complaints = [line for line in (result.stdout + result.stderr).splitlines() if "applejack" in line]
    assert complaints == []


def test_systemd_analyze_verify_catches_a_misspelt_setting(tmp_path: Path) -> None:
    # guards the test above: on this systemd, a bad key shows up in the output we inspect
    tool = systemd_analyze()
    broken = UNIT.read_text().replace("ProtectSystem=strict", "ProtectSystm=strict")
    result = verify(tool, verify_root(tmp_path, broken))
    assert "ProtectSystm" in result.stdout + result.stderr


@pytest.mark.parametrize(("value", "speak"), [("1", True), ("yes", True), ("On", True), ("0", False), ("", False),
                                              ("nope", False)])
def test_applejack_speak_in_the_env_file_turns_speech_on(value: str, speak: bool) -> None:
    import argparse
    import os
    from unittest import mock

    from table.commands import play

    assert "#APPLEJACK_SPEAK=1" in ENV_TEMPLATE.read_text()  # documented, off by default
    with mock.patch.dict(os.environ, {"APPLEJACK_SPEAK": value}):
        parser = argparse.ArgumentParser()
        play.add_arguments(parser)
        assert parser.parse_args([]).speak is speak
