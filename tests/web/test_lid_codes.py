"""The lid's "Phones" page (``table/display/phones_view.py``): one QR code per seat and one for the
spectators on the setup and result screens, reached from the help page, each code big enough to
scan, the fit rule holding at every size, and a golden image.

Regenerate the golden images after an intended change of the look, then view them::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/web/test_lid_codes.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from table.display.app import App
from table.display.phones_view import NEXT, PHONES, code_matrix, code_side
from table.display.players_view import QR_DARK, qr_edges
from table.games import games, load_game
from table.i18n import using
from table.web.door import Door
from table.web.kiosk import PhoneLinks, site_address
from tests.display.fit import fit_problems
from tests.display.golden import DISTANCE, MAX_DIFFERENT, different_pixels, load_golden
from tests.web.tables import shell

pytestmark = pytest.mark.usefixtures("pygame_display")

GOLDEN = Path(__file__).parent / "golden"
SIZES = ((480, 320), (800, 480), (1024, 600))
ADDRESS = "http://10.42.0.1:8080"
FIXED = [("Seat 1", f"{ADDRESS}/t/{'k' * 22}"), ("Seat 2", f"{ADDRESS}/t/{'m' * 22}"),
         ("Spectators", f"{ADDRESS}/t/{'s' * 22}")]
"""Links that do not change from run to run (a door's tokens do): the golden images' codes."""
SMALLEST_MODULE_PX = 6
"""A module of a code drawn at least this many pixels wide (a phone's camera reads it from a
metre away on a 3.5" panel: 6 px is 0.9 mm)."""


def _app(ctl, size):
    app = App(ctl, pygame.Surface(size), games=games(), clock=lambda: 0.0)
    app.step()
    return app


def _codes_page(app):
    """From the help page to the phones' page: the help page offers **Phones ▸** (and keeps the fit rule)."""
    app.view.drawn = []
    app.press("help")
    app.step()
    assert PHONES in {name for _r, name in app.view.targets}
    size = app.surface.get_size()
    assert not fit_problems(app.view.drawn, app.view.targets, size), fit_problems(app.view.drawn, app.view.targets,
                                                                                   size)
    app.view.drawn = []
    app.press(PHONES)
    app.step()
    assert app.phones_page == 0


def test_the_setup_screen_has_one_code_per_seat_and_the_spectators_from_the_door(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    ctl.do("setup players=3")
    door = Door(ctl)
    door.follow()  # the setup screen: the next game's tokens
    object.__setattr__(ctl, "phones", PhoneLinks(door, site_address({})))
    links = ctl.phones()
    assert [who for who, _a in links] == ["Seat 1", "Seat 2", "Seat 3", "Spectators"]
    app = _app(ctl, (480, 320))
    _codes_page(app)
    seen = []
    for k, (_who, address) in enumerate(links):
        assert app.phones_page == k
        matrix = code_matrix(address)
        side = code_side(app.view)  # the full height, less where the words need the room (3.5")
        assert side // len(matrix) >= SMALLEST_MODULE_PX
        xs = qr_edges(len(matrix), side, app.view.px(6))
        ys = qr_edges(len(matrix), side, app.view.px(6))
        drawn = [[app.surface.get_at(((xs[j] + xs[j + 1]) // 2, (ys[i] + ys[i + 1]) // 2))[:3] == QR_DARK
                  for j in range(len(matrix))] for i in range(len(matrix))]
        assert drawn == matrix  # the code of that very address, module for module
        seen.append(address)
        app.press(NEXT)
        app.step()
    assert app.phones_page == len(links)  # Next ▸ goes round: the first again
    app.press("confirm")  # anything else closes the page, and only closes it
    app.step()
    assert app.phones_page is None and ctl.mode == "setup"
    ctl.do("start")
    door.follow()
    assert [a for _w, a in ctl.phones()] == seen  # the codes shown at the setup open the game's seats
    journal.close()


def test_no_phones_no_button_and_no_codes_during_play(tmp_path):
    ctl, journal = shell(tmp_path, "zankapfel")
    app = _app(ctl, (480, 320))
    app.press("help")
    app.step()
    assert PHONES not in {name for _r, name in app.view.targets}  # play without --web: no button
    app.press("help")
    door = Door(ctl)
    object.__setattr__(ctl, "phones", PhoneLinks(door, ADDRESS))
    for line in load_game("zankapfel").part("table_script")(3, 1)[0][:3]:
        ctl.do(line)
    door.follow()
    assert ctl.mode == "play" and door.links()
    app.press("help")
    app.step()
    assert PHONES not in {name for _r, name in app.view.targets}  # the codes are the setup's and result's
    journal.close()


@pytest.mark.parametrize(("value", "address"), [
    ("", ADDRESS), ("http://192.168.1.20:8080/", "http://192.168.1.20:8080"), ("10.0.0.1", ADDRESS),
    ("http://a b", ADDRESS), ("https://box.local", "https://box.local")])
def test_the_codes_point_at_the_address_in_the_settings_or_the_hotspots(value, address, caplog):
    assert site_address({"APPLEJACK_WEB_URL": value}) == address
    assert len(caplog.records) == (address == ADDRESS and value != "")  # a bad one: one line


def _matches_golden(surface: pygame.Surface, name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    assert path.exists(), f"no golden image {name}; run with UPDATE_GOLDEN=1 to create it"
    count, _diff = different_pixels(surface, load_golden(path, surface))
    assert count <= MAX_DIFFERENT * surface.get_width() * surface.get_height(), (name, count, DISTANCE)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr", "ja"])
def test_the_codes_page_and_the_help_page_keep_the_fit_rule(tmp_path, size, language):
    ctl, journal = shell(tmp_path, "waldgaertner")
    object.__setattr__(ctl, "phones", lambda: FIXED)
    with using(language):
        app = _app(ctl, size)
        _codes_page(app)
        for k in range(len(FIXED)):
            problems = fit_problems(app.view.drawn, app.view.targets, size)
            assert not problems, (k, problems)
            if language == "en" and size in ((480, 320), (800, 480)) and k in (0, len(FIXED) - 1):
                _matches_golden(app.surface, f"phones-{'spectators' if k else 'seat'}-{size[0]}x{size[1]}.png")
            app.view.drawn = []
            app.press(NEXT)
            app.step()
    journal.close()
