"""The owner's settings page beyond the language (``table/web/owner_form.py``, ``exports.py``,
``settings.py``): the screen's hours, the demo's games and the names kept and in effect at once,
the history exported in pieces, the same guard as every other page."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import time
from datetime import time as dtime

import pytest
from starlette.testclient import TestClient

from table.commands.attract import demo_games
from table.companion import kept as K
from table.display.power import ScreenPower
from table.games import games
from table.history.readers import Readers
from table.history.store import History
from table.schedule import SCHEDULE_ENV, Schedule
from table.web import bridge as B
from table.web.app import make_app
from table.web.door import Door
from table.web.exports import PIECE
from table.web.guard import MAX_BODY, Guesses
from table.web.owner import OwnerDesk, owner_token
from tests.web.tables import data, door_ask, shell

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.delenv(SCHEDULE_ENV, raising=False)
    monkeypatch.delenv(K.DEMO_ENV, raising=False)
    monkeypatch.setattr("sys.argv", ["applejack-table", "play", "--web"])
    ctl, journal = shell(tmp_path, "zankapfel")
    door = Door(ctl)
    door.owner = OwnerDesk(owner_token(tmp_path), tmp_path)
    yield ctl, door, tmp_path, owner_token(tmp_path)
    journal.close()


def _post(client, token, form):
    return client.post(f"/api/owner/{token}", content=json.dumps(form), headers=ORIGIN)


def test_the_owner_keeps_the_hours_the_demo_games_and_the_names_and_they_take_effect_at_once(table):
    ctl, door, tmp, token = table
    power = ScreenPower(600.0, None, local_time=lambda: dtime(3, 0), start=0.0)
    K.follow_schedule(power, tmp, environ={}, argv=[])  # the kiosk's screen saver, as screen_saver_for does
    with TestClient(make_app(door_ask(door))) as client:
        view = client.get(f"/api/owner/{token}").json()["view"]
        assert view["schedule"] == "" and view["names"] == [] and view["demo_games"] == []
        assert [k for k, _t in view["demo_options"]] == list(demo_games())  # the idle demo's games, in order
        assert view["schedule_rules"] is None and view["demo_rules"] is None
        r = _post(client, token, {"schedule": "7:00-23:00", "demo_games": ["waldgaertner", "zankapfel"],
                                  "names": ["Ada", " Bo ", ""]})
        assert r.status_code == 200, r.text
        view = r.json()["view"]
        assert (view["schedule"], view["demo_games"], view["names"]) == (
            "07:00-23:00", ["waldgaertner", "zankapfel"], ["Ada", "Bo"])
    assert K.load(tmp) == K.Kept("07:00-23:00", ("waldgaertner", "zankapfel"), ("Ada", "Bo"))
    assert power.schedule == Schedule.parse("07:00-23:00")  # the screen follows without a restart
    assert ctl.known_players()[:2] == ["Ada", "Bo"]  # offered at setup now
    assert K.idle_demo_turn("all", ("applejack",), [k for k, _t in view["demo_options"]], tmp,
                            environ={}, argv=[]) == ("waldgaertner", "zankapfel")


def test_a_refused_value_is_one_line_in_the_tables_words_and_changes_nothing(table):
    _ctl, door, tmp, token = table
    with TestClient(make_app(door_ask(door))) as client:
        assert _post(client, token, {"names": ["Ada"], "schedule": "08:00-20:00"}).status_code == 200
        before = (tmp / K.FILE_NAME).read_bytes()
        for form, words in (({"schedule": "25:00-07:00", "names": ["Eve"]}, "past 23:59"),
                            ({"names": ["x" * 21]}, "at most 20"),
                            ({"demo_games": ["chess"]}, "chess"),
                            ({"names": "Ada"}, "a list"),
                            ({"language": "xx", "names": ["Eve"]}, "language")):
            r = _post(client, token, form)
            assert r.status_code == 409 and words in r.json()["line"], (form, r.text)
            assert (tmp / K.FILE_NAME).read_bytes() == before
        assert client.get(f"/api/owner/{token}").json()["view"]["names"] == ["Ada"]


def test_the_page_says_when_the_command_line_or_environment_rules(table, monkeypatch):
    _ctl, door, _tmp, token = table
    monkeypatch.setenv(SCHEDULE_ENV, "06:00-22:00")
    monkeypatch.setattr("sys.argv", ["applejack-table", "play", "--web", "--demo-games", "mixed"])
    with TestClient(make_app(door_ask(door))) as client:
        view = client.get(f"/api/owner/{token}").json()["view"]
    assert SCHEDULE_ENV in view["schedule_rules"] and "--demo-games" in view["demo_rules"]


def test_the_settings_post_is_guarded_like_every_other(table):
    _ctl, door, tmp, token = table
    guesses = Guesses()
    with TestClient(make_app(door_ask(door), guesses=guesses)) as client:
        r = client.post(f"/api/owner/{token}", content=json.dumps({"names": ["Eve"]}),
                        headers={"origin": "http://evil.example"})
        assert r.status_code == 403
        big = json.dumps({"names": ["A" * 20] * (MAX_BODY // 20)})
        assert _post(client, token, json.loads(big)).status_code == 413
        assert _post(client, "A" * 22, {"names": ["Eve"]}).status_code == 403
        assert client.get(f"/api/owner/{door.tokens.token(0) if door.tokens.active else 'B' * 22}/export/csv"
                          ).status_code == 403
    assert not (tmp / K.FILE_NAME).exists()


def _history(tmp, games_n: int) -> None:
    from tests.test_history_command import pad_record

    readers = Readers(games())
    with History(tmp, clock=iter(range(1_800_000_000, 1_900_000_000, 3600)).__next__) as h:
        for i in range(games_n):
            names = (f"Spieler Ä{i % 7}", "=HYPERLINK(1)", "Bo")[: 1 + i % 3]
            h.add(readers.read(pad_record(names, tuple(40 + i + k for k in range(len(names))), f"t{i}"), data()))


def test_the_history_is_exported_in_pieces_that_fit_the_socket_and_equal_the_history_command(table, capsys):
    import argparse

    from table.commands import history

    _ctl, door, tmp, token = table
    _history(tmp, 60)
    answers = []

    async def ask(request):
        answer = door.handle(json.loads(json.dumps(request)))
        answers.append(len(json.dumps(answer, ensure_ascii=False).encode()) + 1)
        return answer

    with TestClient(make_app(ask)) as client:
        got = client.get(f"/api/owner/{token}/export/csv")
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
        assert 'filename="applejack-history.csv"' in got.headers["content-disposition"]
        csv_pieces = len(answers)
        got_json = client.get(f"/api/owner/{token}/export/json")
        assert got_json.status_code == 200
    assert csv_pieces > 3 and len(got.content) > 3 * PIECE
    assert max(answers) <= B.MAX_REQUEST  # no answer bigger than the socket's bound
    args = argparse.Namespace(words=[], qr=None, export=None, link=None, coach=None, csv=True, player=None,
                              state_dir=str(tmp))
    capsys.readouterr()
    assert history.run(args) == 0
    assert got.content.decode() == capsys.readouterr().out  # the very bytes of `history --csv`
    rows = list(csv.reader(io.StringIO(got.content.decode())))
    assert len(rows) == 1 + sum(1 + i % 3 for i in range(60)) and "'=HYPERLINK(1)" in got.content.decode()
    doc = json.loads(got_json.content)
    assert len(doc["plays"]) == 60 and {p["name"] for p in doc["players"]} >= {"Bo", "=HYPERLINK(1)"}
    assert all(s["playerRefId"] in {p["id"] for p in doc["players"]} for play in doc["plays"]
               for s in play["playerScores"])
    from table.history.statsexport import payload

    with History(tmp, read_only=True) as h:  # each play as `history --export GAME_ID` gives it
        one = json.loads(payload(h.game(5), Readers(games()), h.record(5)))
    assert one["plays"][0]["uuid"] == doc["plays"][4]["uuid"]
    assert one["plays"][0]["playerScores"][0]["score"] == doc["plays"][4]["playerScores"][0]["score"]
    assert door.owner.exports._data == b""  # nothing of the history left in the kiosk's memory


def test_an_export_the_kiosk_stops_answering_is_broken_off_never_a_short_file(table):
    _ctl, door, tmp, token = table
    _history(tmp, 40)
    asked = [0]

    async def ask(request):
        if request.get("op") == "owner-export" and request.get("part") == 2:
            return {"ok": False, "error": "table"}
        asked[0] += 1
        return door.handle(json.loads(json.dumps(request)))

    with TestClient(make_app(ask)) as client, pytest.raises(Exception, match="part 2"):
        client.get(f"/api/owner/{token}/export/csv")
    with TestClient(make_app(door_ask(door))) as client:
        stale = door.handle({"op": "owner-export", "token": token, "kind": "csv", "part": 1, "export": "forged"})
        assert stale["error"] == "refused"
        assert client.get(f"/api/owner/{token}/export/pdf").status_code == 404
        empty = tmp / "empty"
        empty.mkdir()
        door.owner.exports.state_dir = empty  # no history yet: the header only
        assert client.get(f"/api/owner/{token}/export/csv").text.startswith("game_id,date_utc")


def test_the_export_goes_through_the_kiosks_socket(table):
    from table.web.client import KioskSocket

    _ctl, door, tmp, token = table
    _history(tmp, 30)
    bridge = B.Bridge(door, B.socket_path(tmp))
    bridge.start()
    out = {}

    def serve():
        async def run():
            ask = KioskSocket(bridge.path)
            first = await ask({"op": "owner-export", "token": token, "kind": "csv", "part": 0})
            parts = [first]
            for k in range(1, first["parts"]):
                parts.append(await ask({"op": "owner-export", "token": token, "kind": "csv", "part": k,
                                        "export": first["export"]}))
            return parts
        out["parts"] = asyncio.run(run())

    t = threading.Thread(target=serve)
    t.start()
    try:
        while t.is_alive():
            bridge.pump()
            time.sleep(0.002)
    finally:
        bridge.close()
    import base64

    from table.companion.history_export import history_export

    parts = out["parts"]
    assert len(parts) > 2 and all(p["ok"] for p in parts)
    assert b"".join(base64.b64decode(p["data"]) for p in parts) == history_export(tmp, "csv", Readers(games()))


def test_an_export_nobody_finishes_is_dropped_from_the_kiosk_after_its_time(table):
    from table.web import exports as E

    _ctl, door, tmp, token = table
    _history(tmp, 30)
    now = [0.0]
    door.owner.exports = E.Exports(tmp, clock=lambda: now[0])
    first = door.handle({"op": "owner-export", "token": token, "kind": "json", "part": 0})
    assert first["ok"] and first["parts"] > 1 and door.owner.exports._data
    ok = door.handle({"op": "owner-export", "token": token, "kind": "json", "part": 1, "export": first["export"]})
    assert ok["ok"] and ok["part"] == 1
    now[0] = E.KEPT_S + 1
    late = door.handle({"op": "owner-export", "token": token, "kind": "json", "part": 2, "export": first["export"]})
    assert late["error"] == "refused" and door.owner.exports._data == b""
    assert door.handle({"op": "owner-export", "token": "A" * 22, "kind": "json", "part": 0}) == {
        "ok": False, "error": "token"}
