"""A screen too full for the 3.5" panel is split over pages the view turns itself (issue 21):
Applejack's setup at 480×320 — the players first, then the table's options, then the variants — turned by
touching its page button, which the app handles without the game seeing it."""

import pygame
import pytest

from table import games as registry
from table.display.app import App
from table.display.toolkit import PAGE
from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import sample
from tests.display.input_events import touch

DATA = load_dataset()
pytestmark = pytest.mark.usefixtures("pygame_each")


def test_the_page_button_turns_the_small_setup_through_its_options_and_back():
    ctl = sample(DATA, "setup-variants")
    pressed: list[str] = []
    press = ctl.press
    ctl.press = lambda name: (pressed.append(name), press(name))[1]  # type: ignore[method-assign]
    app = App(ctl, pygame.Surface((480, 320)), games=registry.games())
    app.draw_if_changed()
    first = {name for _r, name in app.view.targets}
    assert {PAGE, "trough1", "name0", "name3", "language", "confirm"} <= first and "trough5" not in first
    app.step([touch(app, PAGE)])
    second = {name for _r, name in app.view.targets}
    assert {PAGE, "teach", "trough5", "trough7", "history", "confirm"} <= second
    assert "trough1" not in second and "language" not in second
    app.step([touch(app, PAGE)])
    third = {name for _r, name in app.view.targets}
    assert {PAGE, "trough6", "orchards", "orchard0", "orchard3", "confirm"} <= third
    assert "trough1" not in third and "trough5" not in third
    app.step([touch(app, PAGE)])
    assert "trough1" in {name for _r, name in app.view.targets}
    assert PAGE not in pressed  # the view's own: the game never sees it


def test_a_screen_that_fits_has_one_page():
    for size in ((800, 480), (1024, 600)):
        view = registry.load_game("applejack").part("view")(size)
        assert view.pages(sample(DATA, "setup")) == 1
