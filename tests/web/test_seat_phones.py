"""Issue 34 (2): a seat is one phone. The first phone (device key in a cookie, HttpOnly,
SameSite=Strict) to open a seat's code keeps it; another device gets "Seat 2 is open on another
phone" (no guess) and takes over only when the first phone or the lid agrees; the lid's strip shows
a seat with two phones; a spectator's code stays open to all."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from table.web.app import DEVICE_COOKIE, make_app
from table.web.guard import GUESSES
from table.web.tokens import SPECTATOR
from tests.web.tables import door_ask, zankapfel_discord

ORIGIN = {"origin": "http://testserver"}


def test_the_first_phone_keeps_a_seat_another_is_refused_and_takes_over_when_the_first_agrees(tmp_path):
    _ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    app = make_app(door_ask(door))
    seat2 = door.tokens.token(1)
    with TestClient(app) as first, TestClient(app) as second:
        page = first.get(f"/t/{seat2}")
        cookie = page.headers["set-cookie"]
        assert cookie.startswith(f"{DEVICE_COOKIE}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
        assert first.get(f"/api/view/{seat2}").status_code == 200
        for _try in range(2 * GUESSES):  # the second phone, again and again: refused, never a guess
            r = second.get(f"/api/view/{seat2}")
            assert r.status_code == 423 and r.json()["line"] == "Seat 2 is open on another phone"
            assert "private" not in r.text
        assert second.post(f"/api/choose/{seat2}", content=json.dumps({"card": "8"}), headers=ORIGIN).status_code == 423
        assert second.get(f"/api/events/{seat2}").status_code == 423
        lid = door.progress()
        assert lid is not None and "Seat 2: two phones" in lid.line()  # the lid's strip
        mine = first.get(f"/api/view/{seat2}").json()["view"]
        assert mine["asked"] is True  # the first phone's page offers to hand it over
        spectator = door.tokens.token(SPECTATOR)
        assert first.get(f"/api/view/{spectator}").status_code == 200
        assert second.get(f"/api/view/{spectator}").status_code == 200  # the spectators' code: open to all
        assert first.post(f"/api/handover/{seat2}", content="{}", headers=ORIGIN).status_code == 200
        assert second.get(f"/api/view/{seat2}").status_code == 200  # handed over
        assert first.get(f"/api/view/{seat2}").status_code == 423  # and the first phone is now the other one
    journal.close()


def test_the_lid_lets_another_phone_take_a_seat(tmp_path):
    ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    object.__setattr__(ctl, "phones_release", door.release)  # as play --web does (kiosk.open_web)
    app = make_app(door_ask(door))
    seat1 = door.tokens.token(0)
    with TestClient(app) as lost, TestClient(app) as new:
        assert lost.get(f"/api/view/{seat1}").status_code == 200  # a phone that then went flat
        assert new.get(f"/api/view/{seat1}").status_code == 423
        ctl.do("phone 1")  # typed at the lid
        assert "the next phone to open its code takes the seat" in ctl.log[-1]
        assert new.get(f"/api/view/{seat1}").status_code == 200
        assert lost.get(f"/api/view/{seat1}").status_code == 423
        assert door.progress() is None or "two phones" in door.progress().line()
    journal.close()


def test_a_phone_without_a_cookie_gets_one_and_a_forged_cookie_is_replaced(tmp_path):
    _ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    app = make_app(door_ask(door))
    with TestClient(app) as phone:
        r = phone.get(f"/api/view/{door.tokens.token(2)}")
        assert r.status_code == 200 and DEVICE_COOKIE in phone.cookies
        key = phone.cookies[DEVICE_COOKIE]
        assert phone.get(f"/api/view/{door.tokens.token(2)}").status_code == 200  # the same phone: its seat
        assert phone.cookies[DEVICE_COOKIE] == key
    with TestClient(app, cookies={DEVICE_COOKIE: "x"}) as odd:
        r = odd.get(f"/api/view/{door.tokens.token(2)}")
        assert r.status_code == 423  # a too-short key is no key: a new one, another device
        assert r.cookies.get(DEVICE_COOKIE) not in (None, "x")  # the answer sets a new one
    journal.close()
