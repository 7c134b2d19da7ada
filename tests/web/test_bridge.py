"""The kiosk's socket: requests answered on the kiosk's main thread, bounded, in the state dir."""

from __future__ import annotations

import asyncio
import json
import socket
import stat
import threading
import time

import pytest
from starlette.testclient import TestClient

from table.web import bridge as B
from table.web.app import make_app
from table.web.client import KioskSocket
from table.web.kiosk import open_web
from tests.web.tables import door_ask, zankapfel_discord


@pytest.fixture
def table(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    yield ctl, door, tmp_path, lines, i
    journal.close()


def _raw(path, data: bytes) -> dict:
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(str(path))
        s.sendall(data)
        return json.loads(s.makefile("rb").readline())


def _asked_while_pumping(bridge, request):
    """``request`` through the web server's client while this thread pumps like the kiosk."""
    out = {}
    t = threading.Thread(target=lambda: out.update(asyncio.run(KioskSocket(bridge.path)(request))))
    t.start()
    while t.is_alive():
        bridge.pump()
        time.sleep(0.005)
    return out


def test_a_view_goes_through_the_socket_and_is_answered_on_the_pumping_thread(table):
    _ctl, door, tmp, _lines, _i = table
    bridge = B.Bridge(door, B.socket_path(tmp))
    bridge.start()
    try:
        mode = bridge.path.stat().st_mode
        assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o660
        answer = _asked_while_pumping(bridge, {"op": "view", "token": door.tokens.token(0)})
        assert answer["ok"] and answer["view"]["you"] == "Seat 1" and "private" in answer["view"]
        assert _asked_while_pumping(bridge, {"op": "view", "token": "forged"}) == {"ok": False, "error": "token"}
        bridge.pump()
        assert _raw(bridge.path, b'{"op": "version"}\n') == {"ok": True, "version": door.version()}  # no pump
        assert _raw(bridge.path, b"x" * (B.MAX_REQUEST + 10) + b"\n")["error"] == "too-long"
        assert _raw(bridge.path, b"[1, 2]\n")["error"] == "bad-request"
        assert _raw(bridge.path, b"not json\n")["error"] == "bad-request"
    finally:
        bridge.close()
    assert not bridge.path.exists()


def test_a_request_nobody_pumps_is_answered_busy_not_hung(table, monkeypatch):
    _ctl, door, tmp, _lines, _i = table
    monkeypatch.setattr(B, "WAIT_S", 0.05)
    bridge = B.Bridge(door, B.socket_path(tmp))
    bridge.start()
    try:
        assert _raw(bridge.path, json.dumps({"op": "view", "token": door.tokens.token(0)}).encode() + b"\n") == \
            {"ok": False, "error": "busy"}
    finally:
        bridge.close()


def test_a_file_that_is_not_a_socket_is_never_replaced(table):
    _ctl, door, tmp, _lines, _i = table
    path = B.socket_path(tmp)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("the owner's file")
    with pytest.raises(OSError):
        B.Bridge(door, path).start()
    assert path.read_text() == "the owner's file"


def test_the_kiosk_cannot_be_reached_is_a_503_not_a_traceback(tmp_path):
    with TestClient(make_app(KioskSocket(tmp_path / "none.sock"))) as client:
        r = client.get("/api/view/" + "A" * 22)
    assert r.status_code == 503 and r.json()["error"] == "table"


class _Hardware:
    def __init__(self) -> None:
        self.followed = 0

    def follow(self, ctl) -> None:
        self.followed += 1


def test_play_web_pumps_every_frame_and_writes_the_seat_links_for_the_owner(table):
    ctl, _door, tmp, lines, i = table
    hw = _Hardware()
    close = open_web(ctl, tmp, hw)
    try:
        hw.follow(ctl)
        assert hw.followed == 1
        links = tmp / "web-links.txt"
        assert not (tmp / "web" / "web-links.txt").exists()  # not where the web server's unit can read
        assert stat.S_IMODE(links.stat().st_mode) == 0o600
        rows = [line.split("\t") for line in links.read_text().splitlines()]
        assert [r[0] for r in rows] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4", "Spectators"]
        assert all(r[1].startswith("/t/") and len(r[1]) > 20 for r in rows)
        assert ctl.phones() == [(who, "http://10.42.0.1:8080" + path) for who, path in rows]  # the lid's codes
        for line in lines[i:]:
            if ctl.mode != "play":
                break
            ctl.do(line)
            hw.follow(ctl)
        assert ctl.mode == "result"
        after = [line.split("\t") for line in links.read_text().splitlines()]
        assert [r[0] for r in after] == [r[0] for r in rows]  # the next game's codes, on the result screen
        assert not {r[1] for r in after} & {r[1] for r in rows}  # the game ended: its links went with its tokens
    finally:
        close()
    assert not B.socket_path(tmp).exists()


def test_the_update_stream_sends_the_view_then_gone_when_the_game_ends(table):
    _ctl, door, _tmp, _lines, _i = table
    token = door.tokens.token(2)
    ask = door_ask(door)
    with TestClient(make_app(ask, poll_s=0.01, stream_s=5)) as client, \
            client.stream("GET", f"/api/events/{token}") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        got = r.iter_lines()
        first = next(line for line in got if line.startswith("data:"))
        assert json.loads(first[5:])["you"] == "Seat 3"
        door.tokens.expire()  # as the end of the game does (its version moves)
        assert next(line for line in got if line.startswith("event:")) == "event: gone"


def test_a_failing_desk_never_stops_the_kiosk(table, caplog):
    _ctl, door, tmp, _lines, _i = table

    class Broken:
        def view(self, ctl, seat):
            raise RuntimeError("a bug in a game's seat desk")

    door.desk = Broken()
    bridge = B.Bridge(door, B.socket_path(tmp))
    bridge.start()
    try:
        for _n in range(2):
            answer = _asked_while_pumping(bridge, {"op": "view", "token": door.tokens.token(0)})
            assert answer == {"ok": False, "error": "busy"}
    finally:
        bridge.close()
    assert sum("the request failed" in r.getMessage() for r in caplog.records) == 1


def test_many_phones_asking_at_the_same_moment_are_all_answered(table):
    _ctl, door, tmp, _lines, _i = table
    bridge = B.Bridge(door, B.socket_path(tmp))
    bridge.start()
    ask = KioskSocket(bridge.path)

    async def phones():
        return await asyncio.gather(*(ask({"op": "view", "token": door.tokens.token(k % 4)}) for k in range(40)))

    out = []
    t = threading.Thread(target=lambda: out.extend(asyncio.run(phones())))
    try:
        t.start()
        while t.is_alive():
            bridge.pump()
            time.sleep(0.01)
    finally:
        bridge.close()
    assert [a.get("ok") for a in out] == [True] * 40


def test_the_open_streams_share_one_version_question_per_poll():
    from table.web.app import SharedVersion

    asked = []
    now = [0.0]

    async def ask(request):
        asked.append(request)
        return {"ok": True, "version": [len(asked)]}

    shared = SharedVersion(ask, 0.2, clock=lambda: now[0])

    async def eight_phones_poll():
        return [await shared() for _phone in range(8)]

    assert asyncio.run(eight_phones_poll()) == [[1]] * 8
    now[0] += 0.25
    assert asyncio.run(eight_phones_poll()) == [[2]] * 8
    assert len(asked) == 2
