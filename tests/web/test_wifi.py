"""Issue 34 (3): the Wi-Fi cannot lock the table out (``table/web/wifi.py``, ``app.StreamLimits``).

The real uvicorn server with the phones' settings (``wifi.server_config``) on a loopback port,
the kiosk's socket and a kiosk thread (``tests/web/browser.Kiosk``). Each client has its own
loopback address (Linux answers every 127.x.y.z): the seats' phones 127.0.1.N, the crowd
127.0.2.N, as phones on the hotspot each have theirs. Every loop is bounded by a deadline.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from table.games import load_game
from table.web.app import POLL_S
from table.web.door import Door
from table.web.tokens import SPECTATOR
from table.web.wifi import CONNECTIONS_PER_ADDRESS, REQUEST_S
from tests.web.browser import Kiosk, serve, shut_down
from tests.web.tables import play_until, shell

pytest.importorskip("uvicorn", reason="uvicorn not installed (the web extra)")

UPDATE_S = 2.0
"""A seat's page shows a lid's change within this (the issue's goal; seconds)."""


def _connect(port: int, source: str, timeout: float = 5.0) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def _closed_within(s: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``s`` (None: still open after ``seconds``)."""
    start = time.monotonic()
    s.settimeout(0.2)
    while time.monotonic() - start < seconds:
        try:
            if s.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - start
    return None


def _get(port: int, source: str, path: str, cookie: str = "") -> tuple[int, dict[str, Any]]:
    """One GET from ``source`` (with ``cookie``): (status, JSON body)."""
    with _connect(port, source) as s:
        more = f"Cookie: {cookie}\r\n" if cookie else ""
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{more}Connection: close\r\n\r\n".encode())
        data = b""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head else 0
    try:
        return status, json.loads(body) if body else {}
    except ValueError:
        return status, {}


class Stream(threading.Thread):
    """An update stream held open from ``source``: every view's version and when it came."""

    def __init__(self, port: int, source: str, token: str) -> None:
        super().__init__(daemon=True)
        self.port, self.source, self.token = port, source, token
        self.status = 0
        self.cookie = ""
        """The device cookie the server gave this phone (a seat is one phone: its reload sends it)."""
        self.seen: list[tuple[float, list[int]]] = []
        self.open = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            s = _connect(self.port, self.source)
            s.sendall(f"GET /api/events/{self.token} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
            s.settimeout(0.2)
            data = b""
            while not self.stop.is_set():
                try:
                    chunk = s.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                data += chunk
                if not self.status and b"\r\n\r\n" in data:
                    head = data.split(b"\r\n\r\n", 1)[0]
                    self.status = int(head.split(b" ", 2)[1])
                    for line in head.split(b"\r\n"):
                        if line.lower().startswith(b"set-cookie: "):
                            self.cookie = line[12:].split(b";", 1)[0].decode()
                    self.open.set()
                while b"\n\n" in data:
                    event, data = data.split(b"\n\n", 1)
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: {") and b'"version"' in line:
                            self.seen.append((time.monotonic(), json.loads(line[6:])["version"]))
            s.close()
        except OSError:
            pass
        finally:
            self.open.set()


def test_idle_and_half_sent_connections_are_closed_within_seconds(tmp_path):
    kiosk = _zankapfel_kiosk(tmp_path)
    server, serving, _base = serve(tmp_path)
    port = server.config.port
    try:
        idle = _connect(port, "127.0.2.1")  # opens and says nothing
        half = _connect(port, "127.0.2.2")
        half.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: slow".encode())  # half a head
        body = _connect(port, "127.0.2.3")
        body.sendall(f"POST /api/choose/x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"card\"".encode())  # half a body
        for s in (idle, half):
            took = _closed_within(s, REQUEST_S + 3)
            assert took is not None and took <= REQUEST_S + 1.5, took
            s.close()
        body.settimeout(REQUEST_S + 3)
        assert b" 408 " in body.recv(4096).split(b"\r\n")[0]
        body.close()
    finally:
        shut_down_all(server, serving, kiosk)


def test_one_address_holds_a_bounded_number_of_connections_and_others_are_served(tmp_path):
    kiosk = _zankapfel_kiosk(tmp_path)
    server, serving, _base = serve(tmp_path)
    port = server.config.port
    held: list[socket.socket] = []
    try:
        held = [_connect(port, "127.0.2.9") for _k in range(CONNECTIONS_PER_ADDRESS)]
        time.sleep(0.3)
        extra = _connect(port, "127.0.2.9")
        took = _closed_within(extra, 2.0)  # one more from the same address: closed at once
        assert took is not None and took < 1.0, took
        extra.close()
        status, _body = _get(port, "127.0.1.1", "/")  # another address: served
        assert status == 200
    finally:
        for s in held:
            s.close()
        shut_down_all(server, serving, kiosk)


def test_with_63_idle_connections_and_32_spectator_streams_every_seat_updates_within_2_s(tmp_path):
    """The issue's goal, measured: the crowd (63 idle connections, held open by opening new ones
    as they are closed, and 32 spectators' streams, reopened when refused) and four seats' pages,
    each on its own address; five lid changes; every seat's stream shows each within 2 s."""
    kiosk = _zankapfel_kiosk(tmp_path)
    server, serving, _base = serve(tmp_path, poll_s=POLL_S)  # the server's own pace (0.4 s)
    port = server.config.port
    tokens = kiosk.call(lambda: {s: kiosk.door.tokens.token(s) for s in (0, 1, 2, 3, SPECTATOR)})
    stop = threading.Event()
    crowd: list[threading.Thread] = []

    def idle_holder(source: str, count: int) -> None:
        sockets: list[socket.socket] = []
        deadline = time.monotonic() + 120
        while not stop.is_set() and time.monotonic() < deadline:
            sockets = [s for s in sockets if _still_open(s)]
            while len(sockets) < count and not stop.is_set():
                try:
                    sockets.append(_connect(port, source, timeout=2.0))
                except OSError:
                    break
            stop.wait(0.2)
        for s in sockets:
            s.close()

    def spectator_holder(source: str, count: int) -> None:
        streams: list[Stream] = []
        deadline = time.monotonic() + 120
        while not stop.is_set() and time.monotonic() < deadline:
            for st in [st for st in streams if not st.is_alive()]:
                streams.remove(st)
            while len(streams) < count:
                st = Stream(port, source, tokens[SPECTATOR])
                st.start()
                streams.append(st)
            stop.wait(0.5)
        for st in streams:
            st.stop.set()

    for k in range(4):  # 63 idle connections: 16 + 16 + 16 + 15 (each address at its bound)
        crowd.append(threading.Thread(target=idle_holder, args=(f"127.0.2.{10 + k}", 16 if k < 3 else 15)))
    for k in range(8):  # 32 spectators' streams, 4 an address
        crowd.append(threading.Thread(target=spectator_holder, args=(f"127.0.2.{20 + k}", 4)))
    for t in crowd:
        t.daemon = True
        t.start()
    seats: list[Stream] = []
    try:
        time.sleep(REQUEST_S + 1.0)  # the crowd in place (and its first idle ones already timed out once)
        seats = [Stream(port, f"127.0.1.{s + 1}", tokens[s]) for s in range(4)]
        for st in seats:
            st.start()
        for st in seats:
            assert st.open.wait(10) and st.status == 200, st.status  # a seat's stream is never refused
        lags: list[float] = []
        crowds: list[int] = []
        for line in _lid_lines(kiosk, 5):
            crowds.append(len(server.server_state.connections))  # the crowd is there as the lid changes
            kiosk.lid(line)
            changed_at = time.monotonic()
            now = kiosk.call(kiosk.door.version)
            for st in seats:
                deadline = changed_at + 10
                while not any(v == now for _t, v in st.seen) and time.monotonic() < deadline:
                    time.sleep(0.01)
                came = [t for t, v in st.seen if v == now]
                assert came, f"seat stream from {st.source} never showed {now}"
                lags.append(came[0] - changed_at)
        doorman = server.config.http_protocol_class.doorman
        print(f"\nseat updates under the crowd: {len(lags)}, max {max(lags):.3f} s, "
              f"median {sorted(lags)[len(lags) // 2]:.3f} s; connections open {min(crowds)}-{max(crowds)}; "
              f"idle ones timed out {doorman.timed_out}, refused for their address {doorman.refused}")
        assert max(lags) < UPDATE_S
        assert min(crowds) >= 63 + 4  # the 63 idle ones (as the crowd keeps them) and the seats' streams at least
        assert doorman.timed_out >= 63  # every idle connection was closed once at least
        status, answer = _get(port, "127.0.1.1", f"/api/view/{tokens[0]}", seats[0].cookie)  # a reload in the crowd
        assert status == 200 and answer["ok"]
    finally:
        stop.set()
        for st in seats:
            st.stop.set()
        for t in crowd:
            t.join(10)
        shut_down_all(server, serving, kiosk)


# --- tools -------------------------------------------------------------------------------------------
def _still_open(s: socket.socket) -> bool:
    """Whether the server has not closed ``s`` (closes it here when it has)."""
    s.setblocking(False)
    try:
        closed = s.recv(1) == b""
    except BlockingIOError:
        return True
    except OSError:
        closed = True
    if closed:
        s.close()
    return not closed


def _zankapfel_kiosk(tmp: Path) -> Kiosk:
    """A 4-seat Zankapfel begun at the lid; the script's next lines are the lid's (``door.script``)."""
    def table(t: Path) -> tuple[Any, Any, Any]:
        ctl, journal = shell(t, "zankapfel")
        door = Door(ctl)
        lines = load_game("zankapfel").part("table_script")(4, 3)[0]
        i = play_until(ctl, door, lines, lambda c: True)
        door.script = lines[i:]  # type: ignore[attr-defined]  # a test's note on the door
        return ctl, journal, door
    kiosk = Kiosk(tmp, table)
    kiosk.start()
    assert kiosk.ready.wait(30) and kiosk.error is None, kiosk.error
    return kiosk


def _lid_lines(kiosk: Kiosk, n: int) -> list[str]:
    return list(kiosk.door.script[:n])


def shut_down_all(server: Any, serving: threading.Thread, kiosk: Kiosk) -> None:
    class _NoDriver:
        def quit(self) -> None:
            pass
    shut_down(_NoDriver(), server, serving, kiosk)
