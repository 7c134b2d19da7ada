"""A seat's coach on its phone after the game (``table/web/coaching.py``): a coach ticket in that
seat's own view, opening only its coach of the finished game, until the next game begins; the
seat's token still expires with the game."""

from __future__ import annotations

import dataclasses
import time
from types import SimpleNamespace

from starlette.testclient import TestClient

from table.companion import gamedef
from table.web.app import make_app
from table.web.coaching import _applejack
from table.web.tokens import SPECTATOR
from tests.web.tables import at_the_lid_again, door_ask, zankapfel_discord

CALLS: list[tuple[int, bool]] = []


def fake_coach(record, seat, *, lid=False, check=None):
    """A game's ``coach`` part as docs/bots.md gives it (coach3's): lines for one seat."""
    check()  # called before each decision: the game is still the last one
    CALLS.append((seat, lid))
    assert isinstance(record, dict) and record  # the finished record (ctl.record on the result)
    return [f"Turn 3 · seat {seat + 1}: cost 2.0 points\nYou: a\nBot: b"]


def without_coach(monkeypatch, ctl):
    """The table's game without a ``coach`` part (whether or not the registry gives it one)."""
    parts = {k: v for k, v in ctl.definition.parts.items() if k != "coach"}
    plain = dataclasses.replace(ctl.definition, parts=parts)
    monkeypatch.setattr(type(ctl), "definition", property(lambda _shell: plain))


def _to_the_end(ctl, door, lines, i):
    for line in lines[i:]:
        at_the_lid_again(ctl, line)  # a seat's page is open, its player plays at the lid
        door.follow()
    assert ctl.mode == "result"


def _poll(client, ticket):
    for _ in range(3000):
        r = client.get(f"/api/coach/{ticket}")
        assert r.status_code == 200, r.text
        if r.json()["coach"]["state"] != "computing":
            return r.json()["coach"]
        time.sleep(0.01)
    raise AssertionError("the coach never came")


def test_the_coach_ticket_is_the_seats_own_and_opens_only_its_coach_after_the_game(tmp_path, monkeypatch):
    ctl, _j, door, lines, i = zankapfel_discord(tmp_path)
    without_coach(monkeypatch, ctl)
    with TestClient(make_app(door_ask(door))) as client:
        views = {s: client.get(f"/api/view/{door.tokens.token(s)}").json()["view"] for s in (0, 1, SPECTATOR)}
        ticket = client.get(f"/api/coach/{door.tokens.token(0)}").json()["ticket"]
        assert ticket == client.get(f"/api/coach/{door.tokens.token(0)}").json()["ticket"]  # one per seat and game
        assert client.get(f"/api/coach/{door.tokens.token(1)}").json()["ticket"] != ticket
        assert client.get(f"/api/coach/{door.tokens.token(SPECTATOR)}").status_code == 409
        assert not any(ticket in str(v) for v in views.values())  # never in a view
        early = client.get(f"/api/coach/{ticket}")
        assert early.status_code == 200 and early.json()["coach"]["state"] == "none"  # not before the end
        assert client.get(f"/api/view/{ticket}").status_code == 403  # a ticket is no token
        token = door.tokens.token(0)
        _to_the_end(ctl, door, lines, i)
        assert client.get(f"/api/view/{token}").status_code == 410  # the token expired with its game: "over"
        coach = client.get(f"/api/coach/{ticket}").json()["coach"]
        assert coach["state"] == "none" and coach["line"].startswith("no coach here")  # a game without a coach part
        assert client.get("/api/coach/forged-ticket-000000").status_code == 403
        ctl.do("new")  # the next game
        door.follow()
        ctl.do("start")
        door.follow()
        assert ctl.mode == "play"
        assert client.get(f"/api/coach/{ticket}").status_code == 403  # gone when the next game begins


def test_the_games_coach_part_is_called_for_that_seat_on_the_worker(tmp_path, monkeypatch):
    monkeypatch.setattr(gamedef, "PARTS", gamedef.PARTS | {"coach"})
    ctl, _j, door, lines, i = zankapfel_discord(tmp_path)
    parts = {**ctl.definition.parts, "coach": "tests.web.test_advice_coach:fake_coach"}
    with_coach = dataclasses.replace(ctl.definition, parts=parts)
    monkeypatch.setattr(type(ctl), "definition", property(lambda _shell: with_coach))
    CALLS.clear()
    tickets = {s: door.handle({"op": "coach", "token": door.tokens.token(s)})["ticket"] for s in (0, 2)}
    _to_the_end(ctl, door, lines, i)
    with TestClient(make_app(door_ask(door))) as client:
        first = client.get(f"/api/coach/{tickets[2]}").json()["coach"]
        assert first["state"] in ("computing", "ready"), first
        coach = _poll(client, tickets[2])
        assert coach == {"state": "ready", "lines": ["Turn 3 · seat 3: cost 2.0 points\nYou: a\nBot: b"]}
        assert _poll(client, tickets[0])["lines"][0].startswith("Turn 3 · seat 1")
    assert sorted(CALLS) == [(0, False), (2, False)]  # each seat once, with what that seat knew


def test_applejacks_coach_gives_a_seat_its_own_turns_only():
    def row(seat, turn):
        return SimpleNamespace(seat=seat, head=lambda players: f"Turn {turn} · seat {seat + 1}",
                               split=lambda: "", you=lambda: "You: x", theirs=lambda: "Bot: y")

    job = SimpleNamespace(coach_status="done", players=2, rows=[row(0, 1), row(1, 2), row(0, 3)],
                          coach_line=lambda: "")
    assert _applejack(job, 0) == {"state": "ready", "lines": ["Turn 1 · seat 1\nYou: x\nBot: y",
                                                              "Turn 3 · seat 1\nYou: x\nBot: y"]}
    assert _applejack(SimpleNamespace(coach_status="running"), 1) == {"state": "computing"}
