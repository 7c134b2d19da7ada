"""systemd/applejack-web.service: the phones' server in its own sandbox, the kiosk still offline."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from table.web.bridge import socket_path
from tests.systemd.helpers import SYSTEMD_DIR, UNIT, find_tool, read_unit

WEB_UNIT = SYSTEMD_DIR / "applejack-web.service"
EXPOSURE_LIMIT = 2.0


def test_the_kiosk_keeps_no_network_and_the_web_unit_reaches_only_private_addresses():
    kiosk = read_unit(UNIT)["Service"]
    web = read_unit(WEB_UNIT)["Service"]
    assert kiosk["PrivateNetwork"] == ["yes"]
    assert web["IPAddressDeny"] == ["any"]
    allowed = " ".join(web["IPAddressAllow"]).split()
    assert "any" not in allowed and "0.0.0.0/0" not in allowed
    assert web["BindReadOnlyPaths"] == [str(socket_path(Path("/var/lib/applejack-table")).parent)]
    assert "BindPaths" not in web  # read-only: connecting needs no more, and bridge.sock cannot be replaced
    assert web["TemporaryFileSystem"] == ["/var/lib:ro"]  # nothing else of the state dir
    assert f"--socket {socket_path(Path('/var/lib/applejack-table'))}" in web["ExecStart"][0]
    assert "table.web.serve" in web["ExecStart"][0]
    assert web["CapabilityBoundingSet"] == [] and web["NoNewPrivileges"] == ["yes"]


def _analyze() -> str:
    tool = find_tool("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze not installed (Debian: apt-get install systemd)")
    helped = subprocess.run([tool, "security", "--help"], capture_output=True, text=True).stdout
    if "--offline" not in helped:
        pytest.skip("this systemd-analyze has no `security --offline` (needs systemd 252 or newer)")
    return tool


def test_security_exposure_is_at_most_2():
    tool = _analyze()
    r = subprocess.run([tool, "security", "--offline=yes", f"--threshold={int(EXPOSURE_LIMIT * 10)}", "--no-pager",
                        str(WEB_UNIT)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "applejack-web.service:" not in r.stderr, r.stderr  # a misspelt setting would not count
    level = float(r.stdout.split("Overall exposure level for applejack-web.service: ")[1].split()[0])
    assert level <= EXPOSURE_LIMIT


def test_systemd_analyze_verify_is_clean(tmp_path):
    tool = _analyze()
    for candidate in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")):
        if (candidate / "multi-user.target").is_file():
            break
    else:
        pytest.skip("no systemd unit directory with multi-user.target on this machine")
    root = tmp_path / "root"
    shutil.copytree(candidate, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    (root / "etc/systemd/system" / WEB_UNIT.name).write_text(WEB_UNIT.read_text())
    exe = root / "opt/applejack-table/venv/bin/python"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    r = subprocess.run([tool, "verify", f"--root={root}", "--no-pager", WEB_UNIT.name], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert [line for line in (r.stdout + r.stderr).splitlines() if "applejack" in line] == []


def test_connecting_to_the_socket_through_a_read_only_bind_mount_works(tmp_path):
    """What BindReadOnlyPaths= gives the web server: the socket's folder mounted read-only. A
    client connects and is answered; the folder cannot be written (the socket not replaced). Needs
    root (a bind mount); skipped elsewhere."""
    import os
    import socket as so

    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a bind mount needs root")
    src, dst = tmp_path / "web", tmp_path / "seen"
    src.mkdir()
    dst.mkdir()
    listener = so.socket(so.AF_UNIX)
    listener.bind(str(src / "bridge.sock"))
    listener.listen(1)
    done = subprocess.run(["mount", "--bind", str(src), str(dst)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"no bind mount here: {done.stderr.decode().strip()}")
    try:
        assert subprocess.run(["mount", "-o", "remount,bind,ro", str(dst)], capture_output=True).returncode == 0
        with so.socket(so.AF_UNIX) as client:
            client.connect(str(dst / "bridge.sock"))
            answer, _addr = listener.accept()
            client.sendall(b"{}\n")
            assert answer.recv(3) == b"{}\n"
            answer.close()
        with pytest.raises(OSError):
            (dst / "bridge.sock").unlink()  # read-only: nobody in the web unit replaces it
        with pytest.raises(OSError):
            (dst / "other.sock").write_text("")
    finally:
        subprocess.run(["umount", str(dst)], capture_output=True)
        listener.close()
