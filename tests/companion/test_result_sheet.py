"""One result for every game (table/history/sheet.py, table/display/result_view.py): the
game gives the rows, the toolkit draws them; the QR code's link carries what the screen shows;
the history and the QR code open from every game's result."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from table.companion.session import open_session
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.games.draftcider.script import table_script as draftcider_script
from table.games.waldgaertner.script import table_script as waldgaertner_script
from table.games.zankapfel.script import table_script as zankapfel_script
from table.history.statsexport import LINK

DATA = load_dataset()
GAMES = ("applejack", "zankapfel", "draftcider", "waldgaertner")


def script(key: str, ctl) -> list[str]:
    if key == "applejack":
        return auto_script(DATA, ctl.current.setup, 3)
    if key == "zankapfel":
        return zankapfel_script(3, 1)[0]
    if key == "draftcider":
        return draftcider_script(4, 6)[0]
    return waldgaertner_script(3, 8)[0]


def finished(tmp_path, key: str):
    """A session of game ``key`` with seat 1 named "ana" (lower case) played to its result."""
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key)
    for line in script(key, ctl):
        if line == "start":
            ctl.do("setup name 1 ana")
        ctl.do(line)
    assert ctl.mode == "result", key
    return ctl, journal


def decoded(link: str) -> dict:
    assert link.startswith(LINK)
    return json.loads(parse_qs(urlsplit(link).query, strict_parsing=True)["data"][0])


@pytest.mark.parametrize("key", GAMES)
def test_the_link_in_the_qr_code_is_what_the_result_screen_shows(tmp_path, key):
    ctl, journal = finished(tmp_path, key)
    sheet = ctl.result_sheet()
    assert sheet.seats and len(sheet.labels) >= 4
    assert all(len(s.values) == len(sheet.labels) for s in sheet.seats)
    assert sheet.seats[0].name == "ana"  # the name as it was typed
    qr = ctl.result_qr()
    assert qr.gid == journal.last_history_id and qr.matrix and not qr.problem
    doc = decoded(qr.link)
    assert doc["game"]["sourceGameId"] == key
    assert doc["players"][0]["name"] == "ana"
    assert [p["score"] for p in doc["players"]] == [s.total for s in sheet.seats]
    assert [p["winner"] for p in doc["players"]] == [s.winner for s in sheet.seats]
    assert any(s.winner for s in sheet.seats) and doc["players"][0]["sourcePlayerId"] == "ana"
    journal.close()


@pytest.mark.parametrize("key", GAMES)
def test_every_result_opens_the_qr_code_and_the_history(tmp_path, key):
    ctl, journal = finished(tmp_path, key)
    assert ctl.press("qr") and ctl.qr_open
    assert ctl.press("confirm") and not ctl.qr_open and ctl.mode == "result"  # back, not a new game
    assert ctl.press("history") and ctl.history is not None
    assert any("ana" in row.text for row in ctl.history.rows)
    assert ctl.press("escape") and ctl.history is None and ctl.mode == "result"
    ctl.press("confirm")
    assert ctl.mode == "setup"
    journal.close()


@pytest.mark.parametrize("key", GAMES)
def test_the_history_s_game_view_shows_the_game_as_its_result_did(tmp_path, key):
    ctl, journal = finished(tmp_path, key)
    result = ctl.result_sheet()
    ctl.press("history")
    (row,) = [r for r in ctl.history.rows if r.gid is not None]
    assert ctl.press(f"hist:game:{row.gid}") and ctl.history_game is not None
    stored = ctl.history_game
    assert [(s.name, s.total, s.winner) for s in stored.seats][:1] == [("ana", result.seats[0].total,
                                                                        result.seats[0].winner)]
    assert [s.total for s in stored.seats] == [s.total for s in result.seats]
    assert [s.values for s in stored.seats] == [s.values for s in result.seats]  # the same breakdown rows
    assert stored.labels == result.labels
    ctl.press("escape")
    assert ctl.history_game is None and ctl.history is not None  # back to the list
    journal.close()
