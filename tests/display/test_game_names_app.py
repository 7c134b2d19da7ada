"""Named players on the other games' setup screens in the app (issue 15): the Names button, the
Names page and the letter keyboard, by touch and keys, fitting 480×320 in every language."""

import pygame
import pytest

from table import games as registry
from table.display.app import App
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.zankapfel.companion import ZankapfelCompanion
from table.i18n import LANGUAGES, using
from tests.display.input_events import key, touch
from tests.display.test_languages import overflows

pytestmark = pytest.mark.usefixtures("pygame_each")
MODULES = (ZankapfelCompanion, DraftCiderCompanion, WaldgaertnerCompanion)


def names(app):
    return {n for _r, n in app.view.targets}


@pytest.mark.parametrize("module", MODULES)
def test_names_by_touch_and_keys(module):
    ctl = module()
    app = App(ctl, pygame.Surface((480, 320)), games=registry.games())
    app.step()
    assert "names" in names(app) and "confirm" in names(app)
    app.step([touch(app, "names")])
    assert ctl.names_open and "name0" in names(app) and "newname1" in names(app) and "confirm" not in names(app)
    app.step([touch(app, "name0")])  # nobody known: the keyboard
    assert ctl.keyboard is not None and "kb:A" in names(app)
    app.step([touch(app, "kb:A")])
    app.step([touch(app, "kb:l"), key(pygame.K_i, "i"), key(pygame.K_RETURN)])
    assert ctl.keyboard is None and ctl.seat_names()[0] == "Ali"
    app.step([touch(app, "newname1")])
    app.step([key(pygame.K_b, "B"), key(pygame.K_o, "o")])
    assert ctl.keyboard is not None and ctl.keyboard.text == "Bo"
    app.step([key(pygame.K_ESCAPE)])
    assert ctl.keyboard is None and ctl.seat_names()[1] is None  # escape cancels
    app.step([key(pygame.K_ESCAPE)])
    assert not ctl.names_open and ctl.mode == "setup"
    assert "names" in names(app)  # the Names button, now with Ali
    app.step([key(pygame.K_RETURN)])
    assert ctl.mode == "play" and ctl.seat_names()[0] == "Ali"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("module", MODULES)
def test_the_names_page_and_keyboard_fit_480x320(module, language):
    with using(language):
        ctl = module()
        ctl.do("setup players=6")
        for seat, name in enumerate(("Wilhelmina Eleonore", "Bo", "Zoë", "Ada Lovelace-Byron")):
            ctl.do(f"setup name {seat + 1} {name}")
        app = App(ctl, pygame.Surface((480, 320)), games=registry.games())
        for press in ("", "names", "newname4"):
            if press:
                ctl.press(press)
            app.view.drawn = []
            app.drawn_version = -1
            app.draw_if_changed()
            assert not overflows(app.view.drawn, (480, 320)), (press, overflows(app.view.drawn, (480, 320)))
