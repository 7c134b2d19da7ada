"""install.sh's phones' parts (issue 24): --web, --no-web, --hotspot, and the offer on a terminal.

Run for real into a temporary root (--root, --no-venv), like tests/systemd/test_install.py; the
offer is answered through a pseudo-terminal, as a person running ``sudo bash systemd/install.sh``.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from pathlib import Path

import pytest

from tests.systemd.helpers import INSTALL_SH, SYSTEMD_DIR, read_unit
from tests.systemd.test_install import INSTALLED, install, ok, snapshot

WEB_UNIT = "etc/systemd/system/applejack-web.service"
KIOSK_DROPIN = "etc/systemd/system/applejack-table.service.d/web.conf"
INTERFACE_DROPIN = "etc/systemd/system/applejack-web.service.d/interface.conf"
WEB_FILES = {WEB_UNIT, KIOSK_DROPIN, INTERFACE_DROPIN}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    target = tmp_path / "target"
    target.mkdir()
    return target


def files(root: Path) -> set[str]:
    return {rel for rel, (kind, _, _) in snapshot(root).items() if kind != "dir"}


def environment(path: Path) -> list[str]:
    return read_unit(path)["Service"]["Environment"]


def test_web_installs_the_web_unit_and_turns_the_kiosks_socket_on(root: Path) -> None:
    out = ok("--root", root, "--no-venv", "--web")
    assert files(root) == set(INSTALLED) | WEB_FILES
    assert (root / WEB_UNIT).read_bytes() == (SYSTEMD_DIR / "applejack-web.service").read_bytes()
    assert environment(root / KIOSK_DROPIN) == ["APPLEJACK_WEB=1"]
    assert environment(root / INTERFACE_DROPIN) == ["APPLEJACK_WEB_INTERFACE=wlan0"]
    for rel in WEB_FILES:
        assert (root / rel).stat().st_mode & 0o777 == 0o644, rel
    assert "skipped (--root" in out and "systemctl enable applejack-web.service" in out
    # and again: nothing changes
    before = snapshot(root)
    again = ok("--root", root, "--no-venv", "--web")
    assert snapshot(root) == before
    assert not any(line.startswith("+ ") for line in again.splitlines()), again


def test_a_later_run_without_flags_keeps_the_web_parts_and_no_web_removes_them(root: Path) -> None:
    ok("--root", root, "--no-venv", "--web", "--web-interface", "eth0")
    assert environment(root / INTERFACE_DROPIN) == ["APPLEJACK_WEB_INTERFACE=eth0"]
    (root / WEB_UNIT).write_text("[Service]\nExecStart=/bin/false\n")  # an older unit
    kept = ok("--root", root, "--no-venv")  # not a terminal: nothing asked
    assert "the phones' web server is installed: kept up to date" in kept
    assert (root / WEB_UNIT).read_bytes() == (SYSTEMD_DIR / "applejack-web.service").read_bytes()
    assert files(root) == set(INSTALLED) | WEB_FILES
    removed = ok("--root", root, "--no-venv", "--no-web")
    assert files(root) == set(INSTALLED)
    assert not (root / "etc/systemd/system/applejack-web.service.d").exists()
    assert not (root / "etc/systemd/system/applejack-table.service.d").exists()
    assert "systemctl disable --now applejack-web.service" in removed


def test_without_a_terminal_nothing_is_asked_and_nothing_of_the_web_installed(root: Path) -> None:
    out = ok("--root", root, "--no-venv")
    assert files(root) == set(INSTALLED)
    assert "--web installs it" in out


def test_uninstall_removes_the_web_parts_too(root: Path) -> None:
    ok("--root", root, "--no-venv", "--web")
    ok("--root", root, "--uninstall")
    assert files(root) == set()


def test_the_venv_gets_the_web_extra_only_with_web(root: Path) -> None:
    def pip_line(*args: str) -> str:
        out = ok("--root", root, "--dry-run", *args)
        (line,) = [line for line in out.splitlines() if "-m pip install" in line]
        return line

    assert pip_line().endswith("[pi]'")
    assert pip_line("--web").endswith("[pi,web]'")
    assert pip_line("--hotspot").endswith("[pi,web]'")


def test_hotspot_is_made_with_nmcli_without_printing_a_password(root: Path) -> None:
    out = install("--root", root, "--no-venv", "--hotspot", "--ssid", "Kitchen Table")
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if "nmcli" in line]
    assert any("device wifi hotspot ifname wlan0 con-name applejack-hotspot ssid 'Kitchen Table'" in line
               for line in lines), lines
    assert any("connection modify applejack-hotspot connection.autoconnect yes" in line for line in lines)
    assert all("'<password>'" in line for line in lines if "wifi hotspot" in line)
    assert files(root) == set(INSTALLED) | WEB_FILES  # --hotspot is --web as well


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (("--web-interface", "wlan0; rm -rf /"), {}, "not a network interface name"),
        (("--hotspot", "--ssid", "x" * 33), {}, "1 to 32 characters"),
        (("--hotspot",), {"APPLEJACK_HOTSPOT_PASSWORD": "short"}, "8 to 63 characters"),
    ],
)
def test_bad_web_settings_are_one_line(root: Path, args: tuple[str, ...], env: dict[str, str], message: str) -> None:
    result = subprocess.run(
        ["bash", str(INSTALL_SH), "--root", str(root), "--no-venv", *args],
        capture_output=True, text=True, timeout=60, env={**os.environ, "LC_ALL": "C", **env},
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def on_a_terminal(root: Path, answers: list[str]) -> str:
    """install.sh run on a pseudo-terminal; each question answered in turn. Its whole output."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        ["bash", str(INSTALL_SH), "--root", str(root), "--no-venv"],
        stdin=follower, stdout=follower, stderr=follower, env={**os.environ, "LC_ALL": "C"}, close_fds=True,
    )
    os.close(follower)
    seen, pending = b"", list(answers)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: install.sh ended
                break
            if not chunk:
                break
            seen += chunk
            if pending and seen.rstrip().endswith(b"[y/N]"):
                os.write(leader, pending.pop(0).encode() + b"\n")
        elif proc.poll() is not None:
            break
    os.close(leader)
    assert proc.wait(timeout=10) == 0, seen.decode(errors="replace")
    return seen.decode(errors="replace")


def test_on_a_terminal_it_offers_the_phones_and_the_hotspot(root: Path) -> None:
    out = on_a_terminal(root, ["y", "y"])
    assert "Serve each seat's page to the players' phones" in out
    assert 'Make the Pi its own Wi-Fi hotspot "Applejack Table" on wlan0' in out
    assert files(root) == set(INSTALLED) | WEB_FILES
    assert "device wifi hotspot ifname wlan0" in out


def test_on_a_terminal_a_no_installs_the_kiosk_alone(root: Path) -> None:
    out = on_a_terminal(root, ["n"])
    assert "Serve each seat's page" in out and "hotspot" not in out
    assert files(root) == set(INSTALLED)
