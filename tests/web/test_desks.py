"""The games' ``seat_desk`` parts, and a game without one."""

from __future__ import annotations

import pytest

from table.games import games
from table.web.door import Door
from tests.web.tables import shell


@pytest.mark.parametrize("game", [g for g in games() if g.has_part("seat_desk")], ids=lambda g: g.key)
def test_each_seat_desk_part_resolves_to_a_desk_with_a_view_and_a_choice(game):
    desk = game.part("seat_desk")()
    assert callable(desk.view) and callable(desk.choose)


def test_the_games_with_hidden_entries_at_the_table_have_a_desk():
    assert {g.key for g in games() if g.has_part("seat_desk")} >= {"zankapfel", "waldgaertner"}


def test_a_game_without_a_desk_shows_the_phones_only_the_shells_public_facts(tmp_path):
    ctl, journal = shell(tmp_path, "applejack")
    try:
        ctl.do("start")
        door = Door(ctl)
        assert door.follow()
        door.desk = None  # every game has its desk now (Draft Cider's, Applejack's pad): a game without one
        view = door.handle({"op": "view", "token": door.tokens.token(0)})["view"]
        assert set(view) == {"game", "mode", "language", "version", "you", "seats", "asked"}  # asked: seatphones.py
        refused = door.handle({"op": "choose", "token": door.tokens.token(0), "form": {"card": "1"}})
        assert refused["error"] == "refused" and refused["line"]
    finally:
        journal.close()
