"""Issue 34 (7): every value a phone sends is checked — non-ASCII digits (``²``, ``①``, ``٣``)
are a plain refusal (409 and one line), never a traceback; the kiosk's log keeps working after
any failure of the phones' side."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from starlette.testclient import TestClient

from table.web.app import make_app
from table.web.bridge import LOG_EVERY_S, Bridge
from table.web.guard import Guard
from tests.web.tables import door_ask, waldgaertner_dice, waldgaertner_draw, zankapfel_discord
from tests.web.test_pads_on_phones import applejack_pad

ORIGIN = {"origin": "http://testserver"}
ODD = ("²", "①", "٣", "٣٣", "1²", "𝟘", "-1", "1e3", 10**40, 1.5, True, None, [1], {"a": 1})


def _refused_plainly(door: Any, seat: int, form: dict[str, Any]) -> None:
    door.phones.forget()  # each client here is another browser: the seat is not held by the last one
    with TestClient(make_app(door_ask(door)), raise_server_exceptions=True) as client:
        r = client.post(f"/api/choose/{door.tokens.token(seat)}", content=json.dumps(form), headers=ORIGIN)
    assert r.status_code == 409, (form, r.status_code, r.text)
    line = r.json()["line"]
    assert line and "\n" not in line and "Traceback" not in line


@pytest.mark.parametrize("value", ODD)
def test_zankapfel_a_discord_card_or_dice_in_other_digits_is_refused_plainly(tmp_path, value):
    ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    before = list(ctl.cmds)
    _refused_plainly(door, 0, {"card": value, "dice": "0"})
    _refused_plainly(door, 0, {"card": "8", "dice": value}) if value is not None else None
    assert ctl.cmds == before and door.desk.held(ctl) == {}
    journal.close()


@pytest.mark.parametrize("value", ODD)
def test_waldgaertner_a_drawn_card_or_die_in_other_digits_is_refused_plainly(tmp_path, value):
    _ctl, journal, door, _lines, _i = waldgaertner_draw(tmp_path / "draw")
    _refused_plainly(door, 0, {"card": value})
    journal.close()
    _ctl, journal, door, _lines, _i = waldgaertner_dice(tmp_path / "dice")
    _refused_plainly(door, 0, {"die": value})
    journal.close()


@pytest.mark.parametrize("value", ODD)
def test_applejack_a_pad_value_in_other_digits_is_refused_plainly(tmp_path, value):
    _ctl, journal, door, _lines = applejack_pad(tmp_path)
    _refused_plainly(door, 0, {"what": "honey", "value": value})
    journal.close()


def test_a_content_length_in_other_digits_is_refused_not_raised():
    """``Content-Length: ²`` (the byte 0xB2, latin-1's superscript two) is 413, not a ValueError."""
    sent: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the app is never reached")

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/choose/x",
             "headers": [(b"host", b"testserver"), (b"origin", b"http://testserver"), (b"content-length", b"\xb2")]}
    asyncio.run(Guard(app)(scope, receive, send))
    assert sent[0]["status"] == 413


class _Failing:
    """A door whose every request fails in a new way (what no check foresaw)."""

    def __init__(self) -> None:
        self.n = 0

    def version(self) -> list[int]:
        return [0, 0, 0, 0]

    def follow(self) -> bool:
        return False

    def handle(self, request: Any) -> Any:
        self.n += 1
        raise ValueError(f"invalid literal for int() with base 10: '²' (#{self.n})")


def test_every_failure_of_the_phones_side_is_one_log_line_and_the_log_keeps_working(tmp_path, caplog):
    now = [100.0]
    bridge = Bridge(_Failing(), tmp_path / "b.sock", clock=lambda: now[0])  # type: ignore[arg-type]
    caplog.set_level(logging.INFO, logger="applejack.web")
    for step in range(3):
        for _k in range(4):
            bridge.requests.put(p := _pending({"op": "view", "token": "x"}))
            bridge.pump()
            assert p.answer == {"ok": False, "error": "busy"}
        now[0] += LOG_EVERY_S + 0.1
        lines = [r for r in caplog.records if r.name == "applejack.web"]
        assert len(lines) == step + 1  # a line for every period with failures, none lost for good
        assert all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)  # no traceback
    assert "3 more not logged" in lines[-1].getMessage() and "'²'" in lines[-1].getMessage()


def _pending(request: dict[str, Any]) -> Any:
    from table.web.bridge import _Pending

    return _Pending(request)
