"""Issue 33 (7): the result's QR code page on the lid. The code holds BG Stats' import link and
nothing else, is drawn over the screen's whole height with whole-pixel modules (4 px or more on
the 7" screens), and a decoder reads it back from the frame as drawn and from the frame shrunk to
half its size; the "?" never covers the heading, no heading is cut, no two lines overlap (the
Japanese seat lines did), in every language, for every game.

The decoder is zxing-cpp (PyPI ``zxing-cpp``, a self-contained wheel: the test extra installs it);
without it the decoding tests skip with one line."""

import itertools

import pygame
import pytest

from table.display.app import draw_frame
from table.display.players_view import qr_edges
from table.games import games
from table.i18n import using
from tests.companion.test_result_sheet import GAMES, decoded, finished
from tests.display.fit import fit_problems

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the QR codes")

pytestmark = pytest.mark.usefixtures("pygame_display")
SIZES = ((480, 320), (800, 480), (1024, 600))
LANGS = ("en", "de", "fr", "ja")
MIN_MODULE = {(480, 320): 3, (800, 480): 4, (1024, 600): 5}
"""The smallest module the page draws (px): 4 or more on the 7" screens; the 3.5" screen's 308 px
hold a 2-4 seat play's 85-101 modules at 3 px (docs/screens.md)."""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Each game played to its result, seat 1 named "ana", the game in the history."""
    out = {}
    for key in GAMES:
        shell, journal = finished(tmp_path_factory.mktemp(key), key)
        out[key] = shell
        journal.close()
    return out


def frame(shell, size, lang):
    """The QR page as the table shows it (the app's help button over it), recorded."""
    module = shell.current
    module.qr_open = True
    view = next(g for g in games() if g.key == shell.game).part("view")(size)
    view.drawn = []
    surf = pygame.Surface(size)
    with using(lang):
        draw_frame(view, surf, module, {g.key: g for g in games()})
    return surf, view, module.result_qr()


def read(surf: pygame.Surface) -> list[str]:
    """What zxing-cpp reads in the frame (grey levels, one byte a pixel)."""
    w, h = surf.get_size()
    grey = pygame.transform.grayscale(surf)
    data = bytes(pygame.image.tobytes(grey, "RGB")[::3])
    return [b.text for b in zxingcpp.read_barcodes(memoryview(data).cast("B", (h, w)))]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", GAMES)
def test_the_code_reads_back_at_the_screens_size_and_at_half_of_it(results, key, size):
    surf, _view, qr = frame(results[key], size, "en")
    assert qr.link and not qr.problem
    assert read(surf) == [qr.link]
    half = pygame.transform.smoothscale(surf, (size[0] // 2, size[1] // 2))
    assert read(half) == [qr.link], f"{key} at half of {size}: {len(qr.link)} bytes"
    doc = decoded(qr.link)
    assert doc["players"][0]["name"] == "ana" and doc["game"]["sourceGameId"] == key


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", GAMES)
def test_the_code_takes_the_screens_height_in_whole_pixel_modules(results, key, size):
    _surf, view, qr = frame(results[key], size, "en")
    margin = view.px(6)
    edges = qr_edges(len(qr.matrix), size[1] - 2 * margin, margin)
    steps = {b - a for a, b in itertools.pairwise(edges)}
    assert len(steps) == 1 and min(steps) >= MIN_MODULE[size], (key, size, steps, len(qr.matrix))
    assert edges[-1] - edges[0] > size[1] - 2 * margin - len(qr.matrix)  # no module's worth left over


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_page_around_the_code_fits_in_every_language(results, size, lang):
    """Nothing cut, nothing over the "?" or over another line (at 480×320 the type itself is
    the 3.5" screen's known misfit, tests/test_every_game.py: its size is not checked here)."""
    bad = []
    for key in GAMES:
        _surf, view, _qr = frame(results[key], size, lang)
        texts = [d.text for d in view.drawn]
        assert "BG" in " ".join(texts), (key, texts)  # the heading, wrapped
        assert sum(1 for t in texts if ": " in t or "：" in t) >= len(results[key].current.result_sheet().seats)
        bad += [f"{key}: {p}" for p in fit_problems(view.drawn, view.targets, size)
                if size != (480, 320) or "under 2.5 mm" not in p]
    assert not bad, "\n".join(bad)
