"""Every game's result screen is the toolkit's (table/display/result_view.py): the same
buttons (QR code, History, New game), the sheet's heading, names and totals drawn."""

import pygame
import pytest

from table.games import load_game
from tests.companion.test_result_sheet import GAMES, finished


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_every_game_draws_the_same_result_screen(tmp_path, key, size):
    ctl, journal = finished(tmp_path, key)
    view = load_game(key).part("view")(size)
    view.drawn = []
    surf = pygame.Surface(size)
    view.new_frame()
    view.draw(surf, ctl)
    targets = {name for _rect, name in view.targets}
    assert {"qr", "history", "confirm"} <= targets, targets
    texts = [d.text for d in view.drawn]
    sheet = ctl.result_sheet()
    assert sheet.heading in texts and "ana" in texts
    assert all(str(s.total) in texts for s in sheet.seats)
    ctl.press("qr")
    view.draw(surf, ctl)
    assert "qr" in {name for _rect, name in view.targets}  # the QR page's Back
    journal.close()


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("key", GAMES)
def test_the_history_lists_games_as_targets_and_draws_a_game_s_view(tmp_path, key):
    ctl, journal = finished(tmp_path, key)
    view = load_game(key).part("view")((800, 480))
    surf = pygame.Surface((800, 480))
    ctl.press("history")
    view.new_frame()
    view.draw(surf, ctl)
    games = [name for _rect, name in view.targets if name.startswith("hist:game:")]
    assert len(games) == 1
    ctl.press(games[0])
    view.drawn = []
    view.new_frame()
    view.draw(surf, ctl)
    texts = [d.text for d in view.drawn]
    assert ctl.history_game.heading in texts and "ana" in texts
    assert "hist:back" in {name for _rect, name in view.targets}
    journal.close()
