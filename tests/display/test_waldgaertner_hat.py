"""Issue 33 item 6: Waldgärtner on the 3.5" HAT (480×320) at the fit rule's 2.5 mm capitals shows
less, never loses a choice: a question's buttons that two rows do not hold are paged (**More ▸**,
the toolkit's PAGE target), every one of them reachable, CONFIRM's and Undo on every page, and a
new question (or the game started from a setup page) starts on its first page. The fit itself is
``test_every_screen_is_legible_and_touchable`` in tests/test_every_game.py."""

import pygame
import pytest

from table.display.toolkit import PAGE
from table.games.waldgaertner.samples import SCREENS, at
from table.games.waldgaertner.view import WaldgaertnerView
from table.i18n import using

pytestmark = pytest.mark.usefixtures("pygame_display")
HAT = (480, 320)
PAGED = [name for name in SCREENS if name in ("reveal", "die", "play", "special", "tasks", "other-card")
         or (name.startswith("pad-") and name not in ("pad-setup", "pad-result"))]


def built(name: str, lang: str):
    """The sample ``name`` built in ``lang`` (a pad typed in English plant names: built in English)."""
    from table.companion.protocol import CommandError

    try:
        with using(lang):
            return at(name)
    except CommandError:
        return at(name)


def targets_by_page(view: WaldgaertnerView, ctl) -> list[set[str]]:
    pages = []
    for page in range(view.pages(ctl)):
        view.page = page
        view.draw(pygame.Surface(HAT), ctl)
        pages.append({n for _r, n in view.targets})
    return pages


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_every_button_of_a_paged_question_is_on_a_page(lang):
    for name in PAGED:
        ctl = built(name, lang)
        with using(lang):
            view = WaldgaertnerView(HAT)
            wanted = {n for _label, n, _c in view.screen_items(ctl)}
            pages = targets_by_page(view, ctl)
            assert wanted <= set().union(*pages), (name, wanted - set().union(*pages))
            for shown in pages:
                assert "undo" in shown, name
                assert ("confirm" in shown) == ("confirm" in wanted), name
                assert (PAGE in shown) == (len(pages) > 1), name


def test_a_new_question_starts_on_its_first_page():
    with using("de"):  # the size classes' long German words: three pages
        ctl = at("play")
        view = WaldgaertnerView(HAT)
        assert view.pages(ctl) > 1
        view.page = 1
        view.draw(pygame.Surface(HAT), ctl)
        assert "trough1" not in {n for _r, n in view.targets}
        ctl.press("trough3")  # a size class chosen: the next question
        view.draw(pygame.Surface(HAT), ctl)
        assert view.page == 0


def test_the_game_started_from_the_setup_s_second_page_asks_on_its_first():
    with using("de"):
        ctl = at("setup")
        view = WaldgaertnerView(HAT)
        assert view.pages(ctl) > 1
        view.page = 1
        view.draw(pygame.Surface(HAT), ctl)
        assert "tasks" in {n for _r, n in view.targets} and "players:3" not in {n for _r, n in view.targets}
        ctl.do("setup players=4")
        ctl.do("start")
        ctl.do("deck 1")
        view.draw(pygame.Surface(HAT), ctl)
        assert view.page == 0
