"""Issue 34 (8), the smaller items: the links file follows the names, a host name in
``APPLEJACK_WEB_URL`` passes the Host check, the kiosk's socket times out idle connections and
closing one prints no traceback."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from starlette.testclient import TestClient

from table.web import serve
from table.web.bridge import READ_S, Bridge, socket_path
from table.web.kiosk import open_web
from tests.web.tables import shell


class _Hardware:
    def follow(self, ctl) -> None:
        pass


def test_the_links_file_names_the_players_once_their_names_are_set(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    hw = _Hardware()
    close = open_web(ctl, tmp_path, hw)
    try:
        hw.follow(ctl)
        links = tmp_path / "web-links.txt"
        before = [line.split("\t") for line in links.read_text().splitlines()]
        assert before[0][0] == "Seat 1"
        ctl.current._set_name(0, "Ana")  # a name chosen on the setup screen
        ctl.current._set_name(2, "Cleo")
        hw.follow(ctl)
        after = [line.split("\t") for line in links.read_text().splitlines()]
        assert [r[0] for r in after][:3] == ["Ana", "Seat 2", "Cleo"]
        assert [r[1] for r in after] == [r[1] for r in before]  # the same codes, the players named
    finally:
        close()
        journal.close()


def test_a_host_name_in_the_lids_address_passes_the_host_check(monkeypatch, tmp_path):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.update(app=self.config.app))
    monkeypatch.setenv("APPLEJACK_WEB_URL", "http://Applejack.local:8080")
    assert serve.main(["--socket", str(tmp_path / "s.sock"), "--host", "10.42.0.1", "--port", "8080"]) == 0
    with TestClient(seen["app"], base_url="http://applejack.local:8080") as client:
        assert client.get("/").status_code == 200  # the name the lid's codes hold
        assert client.get("/", headers={"host": "APPLEJACK.local:8080"}).status_code == 200
        assert client.get("/", headers={"host": "10.42.0.1:8080"}).status_code == 200
        assert client.get("/", headers={"host": "evil.example:8080"}).status_code == 400
    assert serve.own_hosts("10.42.0.1", 8080, "http://box.lan") >= {"box.lan", "box.lan:80"}
    assert serve.own_hosts("10.42.0.1", 8080, "http://[fd00::1]:9000") >= {"[fd00::1]:9000"}
    assert serve.own_hosts("10.42.0.1", 8080, "http://x:notaport") == serve.own_hosts("10.42.0.1", 8080)


class _Door:
    def version(self) -> list[int]:
        return [0, 0, 0, 0]

    def follow(self) -> bool:
        return False

    def handle(self, request):
        return {"ok": True}


def test_an_idle_connection_to_the_kiosks_socket_is_closed_and_a_closed_one_prints_nothing(tmp_path, capfd):
    bridge = Bridge(_Door(), socket_path(tmp_path))  # type: ignore[arg-type]
    bridge.start()
    try:
        idle = socket.socket(socket.AF_UNIX)
        idle.connect(str(bridge.path))
        idle.settimeout(READ_S + 3)
        start = time.monotonic()
        assert idle.recv(100) == b""  # closed by the kiosk, not held for ever
        assert time.monotonic() - start <= READ_S + 1.5
        idle.close()
        gone = []
        for _k in range(20):  # asked, then the web server goes away before the answer (nobody pumps)
            s = socket.socket(socket.AF_UNIX)
            s.connect(str(bridge.path))
            s.sendall(b'{"op": "view", "token": "x"}\n')
            s.close()
            gone.append(s)
        deadline = time.monotonic() + 10
        while bridge.requests.qsize() < 20 and time.monotonic() < deadline:
            time.sleep(0.01)
        bridge.pump()  # answered: into closed connections
        time.sleep(0.3)
        threads = [t for t in threading.enumerate() if t.name.startswith("Thread-") and t.is_alive()]
        assert len(threads) < 20
    finally:
        bridge.close()
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "BrokenPipe" not in out + err


@pytest.mark.parametrize("line", ["", "{", "[1]"])
def test_a_broken_request_line_is_answered_and_prints_nothing(tmp_path, capfd, line):
    bridge = Bridge(_Door(), socket_path(tmp_path))  # type: ignore[arg-type]
    bridge.start()
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(str(bridge.path))
            s.sendall(line.encode() + b"\n")
            assert b"bad-request" in s.makefile("rb").readline()
    finally:
        bridge.close()
    assert "Traceback" not in "".join(capfd.readouterr())
