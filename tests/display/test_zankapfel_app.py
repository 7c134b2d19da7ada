"""Zankapfel in the pygame front end: keys, touch and the lid through ``App.step``; the shell's
game tab switches the view."""

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.companion.session import open_session
from table.display.app import App
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.applejack.view.screens import ApplejackView
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.view import ZankapfelView
from tests.display.input_events import key, touch

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_a_round_by_keys_touch_and_lid():
    ctl = ZankapfelCompanion()
    leds = RecordingIndicators()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=leds)
    assert isinstance(app.view, ZankapfelView)
    app.step([key(pygame.K_3, "3"), key(pygame.K_RETURN)])
    assert ctl.mode == "play" and ctl.setup.players == 3 and leds.current.troughs == (1,)
    assert ctl.announcements.head.kind == "setup"  # the set-up and the deal (issue 33): Done on its panel
    app.step([touch(app, "confirm")])
    app.step([touch(app, "sq:c3")])
    assert ctl.state.mayor == 12
    app.step([key(pygame.K_r, "r")])  # the face-up card
    assert ctl.state.face_up == 0
    for sq in ("a1", "b1", "c1", "d1", "e1", "a2"):
        app.step([touch(app, f"sq:{sq}")])
    assert ctl.stage() == "bid" and ctl.b.seat() == 0
    app.step([key(pygame.K_b, "b")])  # b buys in phase 1
    assert ctl.seat_status(0) == "bought"
    app.step([key(pygame.K_g, "g")])  # the card turned after the buy (g is green here, not the game tab)
    assert ctl.state.face_up == 2
    app.step([key(pygame.K_l, "l"), key(pygame.K_RETURN)])  # seats 2 and 3 lay
    assert ctl.stage() == "move"
    target = ctl.state.mayor_targets()[0]
    app.step([key(pygame.K_RETURN)])  # the cursor waits on a legal square
    assert ctl.b.move == target and ctl.stage() == "reveal"
    app.step([key(pygame.K_u, "u")])
    assert ctl.stage() == "move"


def test_the_game_tab_switches_the_view(tmp_path):
    ctl, journal = open_session(load_dataset(), tmp_path, games=games())
    try:
        app = App(ctl, pygame.Surface((480, 320)), games=registry.games())
        app.step()
        assert type(app.view) is ApplejackView and any(n == "game" for _, n in app.view.targets)
        app.step([touch(app, "game")])
        assert ctl.game == "zankapfel" and isinstance(app.view, ZankapfelView)
        for _ in range(5):  # round the other games with a companion, back to Applejack
            app.step([key(pygame.K_g, "g")])
            if ctl.game == "applejack":
                break
        assert ctl.game == "applejack" and type(app.view) is ApplejackView
    finally:
        journal.close()
