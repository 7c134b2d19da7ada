"""The lid's settings screen (``table/display/owner_view.py``): the owner's page as a QR code and
written out, reached from the setup screen's help page with the phones let in; the fit rule at
every size and language, golden images.

Regenerate the golden images after an intended change of the look, then view them::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/web/test_owner_lid.py
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from table.display.owner_view import OWNER
from table.display.phones_view import PHONES, code_matrix, code_side
from table.display.players_view import QR_DARK, qr_edges
from table.games import load_game
from table.i18n import using
from table.web.owner import FixedPage, owner_page, owner_token
from tests.display.fit import fit_problems
from tests.web.tables import shell
from tests.web.test_lid_codes import FIXED, SIZES, SMALLEST_MODULE_PX, _app, _matches_golden

pytestmark = pytest.mark.usefixtures("pygame_display")

ADDRESS = "http://10.42.0.1:8080"
FIXED_OWNER = f"{ADDRESS}/o/{'q' * 22}"
"""An owner's page that does not change from run to run: the golden images' code."""


def _owner_screen(app) -> None:
    """From the help page to the settings screen: the help page offers **Settings ▸** beside
    **Phones ▸** and keeps the fit rule."""
    app.view.drawn = []
    app.press("help")
    app.step()
    names = {name for _r, name in app.view.targets}
    assert OWNER in names and PHONES in names
    size = app.surface.get_size()
    problems = fit_problems(app.view.drawn, app.view.targets, size)
    assert not problems, problems
    app.view.drawn = []
    app.press(OWNER)
    app.step()
    assert app.owner_open


def test_the_setup_screens_help_page_opens_the_owners_code_and_address(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    token = owner_token(tmp_path)
    address = f"{ADDRESS}/o/{token}"
    object.__setattr__(ctl, "phones", lambda: FIXED)
    object.__setattr__(ctl, "owner_page", owner_page(ADDRESS, token))
    app = _app(ctl, (480, 320))
    _owner_screen(app)
    matrix = code_matrix(address)
    side = code_side(app.view)  # the full height, less where the words need the room (3.5")
    assert side // len(matrix) >= SMALLEST_MODULE_PX
    xs = ys = qr_edges(len(matrix), side, app.view.px(6))
    drawn = [[app.surface.get_at(((xs[j] + xs[j + 1]) // 2, (ys[i] + ys[i + 1]) // 2))[:3] == QR_DARK
              for j in range(len(matrix))] for i in range(len(matrix))]
    assert drawn == matrix  # the code of the owner's page, module for module
    written = "".join(t.text for t in app.view.drawn if t.text in address)  # its lines, whatever their width
    assert token in written and written.endswith(token)  # the address and its token written out
    app.press("confirm")  # any press closes it, and only closes it
    app.step()
    assert not app.owner_open and not app.help_open and ctl.mode == "setup"
    journal.close()


def test_no_settings_button_without_the_phones_nor_away_from_the_setup_screen(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    app = _app(ctl, (480, 320))
    app.press("help")
    app.step()
    assert OWNER not in {name for _r, name in app.view.targets}  # play without --web
    app.press("help")
    object.__setattr__(ctl, "phones", lambda: FIXED)
    object.__setattr__(ctl, "owner_page", owner_page(ADDRESS, "q" * 22))
    for line in load_game("zankapfel").part("table_script")(3, 1)[0][:3]:
        ctl.do(line)
    assert ctl.mode == "play"
    app.press("help")
    app.step()
    assert OWNER not in {name for _r, name in app.view.targets}  # nobody sets the table up during play
    journal.close()


def test_play_web_gives_the_lid_the_owners_page_at_the_site_address(tmp_path, monkeypatch):
    from table.web.kiosk import open_web

    monkeypatch.setenv("APPLEJACK_WEB_URL", "http://192.168.1.20:8080")
    ctl, journal = shell(tmp_path, "zankapfel")
    hw = SimpleNamespace(follow=lambda c: None)
    close = open_web(ctl, tmp_path, hw)
    try:
        assert ctl.owner_page().startswith("http://192.168.1.20:8080/o/")
        assert not (tmp_path / "web-owner").exists()  # no lasting owner's code any more (issue 34)
    finally:
        close()
        journal.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr", "ja"])
def test_the_settings_screen_and_the_help_page_keep_the_fit_rule(tmp_path, size, language):
    ctl, journal = shell(tmp_path, "waldgaertner")
    object.__setattr__(ctl, "phones", lambda: FIXED)
    object.__setattr__(ctl, "owner_page", FixedPage(FIXED_OWNER))
    with using(language):
        app = _app(ctl, size)
        _owner_screen(app)
        problems = fit_problems(app.view.drawn, app.view.targets, size)
        assert not problems, problems
        assert any("q" * 8 in t.text for t in app.view.drawn)  # the address is written out at every size
        if language == "en":
            _matches_golden(app.surface, f"owner-{size[0]}x{size[1]}.png")
            app.press(OWNER)
            app.press("help")
            app.step()
            _matches_golden(app.surface, f"owner-help-{size[0]}x{size[1]}.png")
    pygame.event.clear()
    journal.close()
