"""Golden images of the players' screens (names at the setup, the letter keyboard, the history,
the result with its QR code) at 480×320 and 800×480, and the QR code drawn module for module.

Regenerate after an intended change of the look, then view the PNGs::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_players_golden.py
"""

import itertools
import json
from urllib.parse import parse_qs, urlsplit

import pygame
import pytest
import segno

from table.display.players_view import QR_DARK, QR_LIGHT, draw_qr, qr_edges
from table.display.qr_page import module_px
from table.games import games
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.games.applejack.view.screens import ApplejackView
from table.history.book import HistoryBook
from table.history.finish import record_finished
from table.history.readers import Readers
from table.history.rows import ROWS_PER_PAGE
from table.history.statsexport import play_link, qr_matrix
from table.history.store import History

from .golden import assert_matches_golden

READERS = Readers(games())

SIZES = ((480, 320), (800, 480))
PLAYED = 1_763_900_000.0  # a fixed date: the screens and the QR code do not move with the clock
DATA = load_dataset()
NAMES = ("players-setup", "players-keyboard", "players-keyboard-extra", "players-history", "players-play",
         "players-result", "players-result-qr")

pytestmark = pytest.mark.usefixtures("pygame_display")


def finished(state_dir, setup, seed, names, order):
    """A game played to the result with ``names`` picked, stored in the history at PLAYED."""
    ctl = Controller(DATA)
    ctl.book = HistoryBook(state_dir, READERS)
    ctl.setup = setup
    for seat, name in enumerate(names):
        if name:
            ctl.do(f"setup name {seat + 1} {name}")
    for cmd in auto_script(DATA, ctl.setup, seed):
        ctl.do(cmd)
    assert ctl.mode == "result"
    record_finished(state_dir, ctl.record, READERS, data=DATA, played=PLAYED + order * 3600)
    return ctl


@pytest.fixture(scope="module")
def histories(tmp_path_factory):
    """A history with named players (several games, a solo one), one controller at its result."""
    state = tmp_path_factory.mktemp("players-state")
    finished(state, Setup(1), 5, ["Ada"], 0)
    finished(state, Setup(2, cottage=True), 2, ["Ada", "Bruno"], 1)
    finished(state, Setup(3), 4, ["Chiyo", "Ada", None], 2)
    last = finished(state, Setup(2), 3, ["Ada", "Bruno"], 3)
    return state, last


def sample(name, histories):
    state, last = histories
    if name in ("players-result", "players-result-qr"):
        last.qr_open = name == "players-result-qr"
        return last
    ctl = Controller(DATA)
    ctl.book = HistoryBook(state, READERS)
    ctl.setup = Setup(3, cottage=True)
    ctl.press("name0")  # the most recent players first: Bruno (then Ada, Chiyo)
    ctl.press("name1")  # Ada (Bruno sits at seat 1)
    if name == "players-keyboard" or name == "players-keyboard-extra":
        ctl.press("name2")  # Chiyo
        ctl.press("name2")  # New…: the keyboard
        for key in ("kb:D", "kb:o", "kb:r"):
            ctl.press(key)
        if name == "players-keyboard-extra":
            ctl.press("kb:page")
            ctl.press("kb:ö")
    elif name == "players-history":
        ctl.press("history")
    elif name == "players-play":
        ctl.do("start")
    return ctl


def render(name, size, histories):
    surf = pygame.Surface(size)
    ApplejackView(size).draw(surf, sample(name, histories))
    return surf


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_players_screen_matches_golden(name, size, histories):
    assert_matches_golden(render(name, size, histories), f"{name}-{size[0]}x{size[1]}.png")


def test_setup_sample_has_the_names_and_the_buttons(histories):
    ctl = sample("players-setup", histories)
    assert ctl.seat_names() == ("Bruno", "Ada", None)
    view = ApplejackView((480, 320))
    view.draw(pygame.Surface((480, 320)), ctl)
    names = {n for _r, n in view.targets}
    view.page = 1  # the 3.5" HAT: the History on the second setup page
    view.draw(pygame.Surface((480, 320)), ctl)
    assert {"name0", "name1", "name2"} <= names and "history" in {n for _r, n in view.targets}


def test_keyboard_keys_are_big_enough_to_touch_at_480x320(histories):
    view = ApplejackView((480, 320))
    view.draw(pygame.Surface((480, 320)), sample("players-keyboard", histories))
    keys = [(r, n) for r, n in view.targets if n.startswith("kb:")]
    assert len(keys) == 29 + 6  # A-Z, - ' . and shift, page, space, delete, cancel, OK
    assert all(r.w >= 40 and r.h >= 40 for r, _n in keys), [(r.size, n) for r, n in keys if r.w < 40 or r.h < 40]
    assert all(view.hit(r.center) == n for r, n in keys)  # no key hides another


def test_history_screen_pages(histories):
    ctl = sample("players-history", histories)
    assert ctl.history is not None and ctl.history.pages >= 2  # four games, three players: more than a page
    view = ApplejackView((800, 480))
    surf = pygame.Surface((800, 480))
    view.draw(surf, ctl)
    ctl.press(view.hit(next(r.center for r, n in view.targets if n == "hist:next")))
    assert ctl.history_page == 1
    for _n in range(5):
        ctl.press("hist:next")
    assert ctl.history_page == ctl.history.pages - 1  # never past the last page
    ctl.press("hist:back")
    assert ctl.history is None and ctl.mode == "setup"


def test_the_qr_code_drawn_is_segnos_matrix(histories):
    """Every module's pixels (sampled at its corners and centre) are the colour segno gives it."""
    _state, ctl = histories
    qr = ctl.result_qr()
    assert qr.gid is not None and not qr.problem
    with History(_state) as history:
        data = play_link(history.game(qr.gid), READERS).encode()  # BG Stats' import link
    expected = segno.make_qr(data, error="l", mode="byte", boost_error=True)
    want = [[bool(v) for v in row] for row in expected.matrix_iter(scale=1, border=4)]
    assert [list(r) for r in qr.matrix] == want == qr_matrix(data)
    checked = 0
    for size in SIZES:
        surf = pygame.Surface(size)
        ctl.qr_open = True
        view = ApplejackView(size)
        view.draw(surf, ctl)
        n, margin, m = len(want), view.px(6), module_px(view, len(want))
        if not m:  # too big for 4 px a module here: said in one line, not drawn (tests/display/test_qr_page.py)
            continue
        checked += 1
        xs, ys = qr_edges(n, n * m, margin), qr_edges(n, n * m, (size[1] - n * m) // 2)
        assert min(b - a for a, b in itertools.pairwise(xs)) >= 4, f"{size}: modules too small to scan"
        assert xs[-1] - xs[0] > size[1] - 2 * margin - n  # the code takes the screen's height
        for i in range(n):
            for j in range(n):
                colour = QR_DARK if want[i][j] else QR_LIGHT
                x0, x1, y0, y1 = xs[j], xs[j + 1] - 1, ys[i], ys[i + 1] - 1
                for x, y in ((x0, y0), (x1, y1), ((x0 + x1) // 2, (y0 + y1) // 2)):
                    got = tuple(surf.get_at((x, y)))[:3]
                    assert got == colour, (size, i, j, x, y)
    assert checked == 1, "the 7\" screen draws a 2-seat play's code (the 3.5\" says it is too big)"
    # what is inside reads back: BG Stats' import link of this very game
    doc = json.loads(parse_qs(urlsplit(data.decode()).query)["data"][0])
    assert [p["name"] for p in doc["players"]] == ["Ada", "Bruno"]
    assert [p["score"] for p in doc["players"]] == [r.total for r in ctl.results]


def test_draw_qr_keeps_whole_pixel_modules():
    matrix = [[(i * 7 + j * 3) % 5 == 0 for j in range(29)] for i in range(29)]
    surf = pygame.Surface((100, 100))
    area = draw_qr(surf, matrix, pygame.Rect(3, 4, 95, 90))
    assert area.size == (29 * 3, 29 * 3) and area.topleft == (3, 4)
    for i in range(29):
        for j in range(29):
            assert tuple(surf.get_at((3 + j * 3 + 1, 4 + i * 3 + 1)))[:3] == (QR_DARK if matrix[i][j] else QR_LIGHT)


def test_rows_per_page_fit_the_small_screen():
    view = ApplejackView((480, 320))
    assert (view.h - view.px(56) - view.px(50)) // ROWS_PER_PAGE >= 24  # a row is at least 24 px high


def test_a_long_name_stays_in_its_score_pad_column():
    ctl = Controller(DATA)
    ctl.setup = Setup(3)
    ctl.do("setup name 3 WWWWWWWWWWWWWWWWWWWW")  # 20 wide letters: more than the column holds
    for cmd in auto_script(DATA, ctl.setup, 3):
        if cmd.startswith("pad "):
            break
        ctl.do(cmd)
    assert ctl.mode == "pad"
    size = (480, 320)
    view = ApplejackView(size)
    plain, named = pygame.Surface(size), pygame.Surface(size)
    view.draw(named, ctl)
    ctl.setup = Setup(3)
    view.draw(plain, ctl)
    keypad_x = min(r.x for r, n in view.targets if n == "7")
    for x in range(keypad_x - 4, size[0]):  # the keypad is untouched by the name
        for y in range(view.px(84), view.px(84) + 20):
            assert named.get_at((x, y)) == plain.get_at((x, y)), (x, y)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_history_and_its_game_view_keep_the_fit_rule(lang, size, histories):
    """Issue 33 (6): the history's list and a game's view, at 2.5 mm capitals on every screen (the
    3.5" one too: the game's table turns pages, its page button beside the help button)."""
    from table.display.toolkit import PAGE
    from table.i18n import using
    from tests.display.fit import fit_problems

    _state, last = histories
    with using(lang):
        view = ApplejackView(size)
        view.drawn = []
        last.press("history")
        try:
            bad, games = [], []
            for page in range(max(last.history.pages, view.pages(last))):  # every page of the list:
                view.page = page  # the view's own on the 3.5" screen, the companion's (▼) on the others
                view.drawn = []
                view.draw(pygame.Surface(size), last)
                bad += [f"list p{page + 1}: {p}" for p in fit_problems(view.drawn, view.targets, size, strict=True)]
                games += [n for _r, n in view.targets if n.startswith("hist:game:")]
                last.press("hist:next")
            assert len(set(games)) == 4  # every stored game reachable
            game = games[0]
            view.page = 0
            last.press(game)
            assert last.history_game is not None
            labels = set()
            for page in range(view.pages(last)):
                view.page = page
                view.drawn = []
                view.draw(pygame.Surface(size), last)
                bad += [f"game p{page + 1}: {p}" for p in fit_problems(view.drawn, view.targets, size, strict=True)]
                labels |= {d.text for d in view.drawn}
                assert (PAGE in {n for _r, n in view.targets}) == (view.pages(last) > 1)
            assert {lab[:1].upper() + lab[1:] for lab in last.history_game.labels} <= labels  # every row shown
        finally:
            last.history_game = None
            last.history = None
        view.page = 0
    assert not bad, "\n".join(bad)
