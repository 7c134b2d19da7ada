"""Issue 34 (5): the owner's code is shown only after an action at the lid (help ▸ Settings), is new
each time that screen opens, expires after a while and when the lid says so (a game begins); the
settings and the export need the current one."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from starlette.testclient import TestClient

from table.games import load_game
from table.web.app import make_app
from table.web.kiosk import open_web
from table.web.owner import LIFE_S, OwnerCode, OwnerDesk
from tests.web.tables import door_ask, shell
from tests.web.test_lid_codes import _app

pytestmark = pytest.mark.usefixtures("pygame_display")


def _token(link: str) -> str:
    return link.rsplit("/o/", 1)[1]


def test_a_new_code_each_time_the_lids_settings_screen_opens_and_only_the_current_one_opens_the_page(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    hw = SimpleNamespace(follow=lambda c: None)
    close = open_web(ctl, tmp_path, hw)
    try:
        door = ctl.phones.door
        hw.follow(ctl)
        app = _app(ctl, (480, 320))
        shown = []
        for _time in range(2):
            app.press("help")
            app.press("owner")  # the lid's action: help ▸ Settings
            assert app.owner_open
            shown.append(_token(ctl.owner_page()))
            app.press("confirm")  # any touch closes the screen: the code stays good for a while
            assert not app.owner_open
        assert shown[0] != shown[1]  # new each time
        with TestClient(make_app(door_ask(door))) as client:
            assert client.get(f"/api/owner/{shown[0]}").status_code == 403  # the last one opens nothing
            assert client.get(f"/api/owner/{shown[1]}").status_code == 200
            r = client.get(f"/api/owner/{shown[1]}/export/csv")
            assert r.status_code == 200
            for line in load_game("zankapfel").part("table_script")(3, 1)[0][:2]:  # a game begins at the lid
                ctl.do(line)
                hw.follow(ctl)
            assert ctl.mode == "play"
            assert client.get(f"/api/owner/{shown[1]}").status_code == 403  # the lid said so
            assert client.get(f"/api/owner/{shown[1]}/export/csv").status_code == 403
            assert client.post(f"/api/owner/{shown[1]}", content=json.dumps({"language": "de"}),
                               headers={"origin": "http://testserver"}).status_code == 403
    finally:
        close()
        journal.close()


def test_the_code_expires_after_a_while():
    now = [100.0]
    code = OwnerCode("http://10.42.0.1:8080", clock=lambda: now[0])
    desk = OwnerDesk(code)
    token = _token(code.show())
    shell = SimpleNamespace()
    assert desk.handle(shell, {"op": "owner-view", "token": "x" * 22}) == {"ok": False, "error": "token"}
    now[0] += LIFE_S - 1
    assert code.current() == token
    now[0] += 2
    assert code.current() is None  # expired
    assert desk.handle(shell, {"op": "owner-view", "token": token}) == {"ok": False, "error": "token"}
    code.show()
    code.end()
    assert code.current() is None
