"""Issue 33 (7): the result's QR code page on the lid. The code holds BG Stats' import link and
nothing else, is drawn over the screen's height with whole-pixel modules of 4 px or more, and a
decoder reads it back from the frame as drawn and from the frame shrunk to half its size; a link
too long for 4 px on a screen is said in one line with the other way (the history's export),
never drawn smaller. The "?" never covers the heading, nothing is cut, no two lines overlap,
every line has 2.5 mm capitals (strict fit rule, the 3.5" screen too), in every language, for
every game.

The decoder is zxing-cpp (PyPI ``zxing-cpp``, a self-contained wheel: the test extra installs it);
without it the decoding tests skip with one line."""

import itertools

import pygame
import pytest

from table.display.app import draw_frame
from table.display.players_view import qr_edges
from table.display.qr_page import MIN_MODULE_PX, module_px
from table.games import games
from table.history.readers import Readers
from table.history.rows import ResultQR
from table.history.statsexport import play_link, qr_matrix
from table.history.values import GameEntry, SeatResult
from table.i18n import using
from tests.companion.test_result_sheet import GAMES, decoded, finished
from tests.display.fit import fit_problems as all_problems

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the QR codes")

pytestmark = pytest.mark.usefixtures("pygame_display")
SIZES = ((480, 320), (800, 480), (1024, 600))
LANGS = ("en", "de", "fr", "ja")
NAMES = {
    "en": ("Christopher", "Elizabeth", "Alexander", "Josephine", "Maximilian", "Catherine", "Nathaniel", "Gwendolyn"),
    "de": ("Hans-Jürgen", "Jürgen", "Käthe Müller", "Sebastian", "Friederike", "Bärbel", "Wolfgang", "Ulrike"),
    "fr": ("Marie-Hélène", "François", "Jérôme", "Amélie", "Geneviève", "Benoît", "Céline", "Stéphane"),
    "ja": ("さくら", "たろう", "はなこ", "けんじ", "ゆうき", "みさき", "だいすけ", "あやか"),
}
"""Long-ish names in the four languages (the link's size measured in docs/history.md)."""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Each game played to its result, seat 1 named "ana", the game in the history."""
    out = {}
    for key in GAMES:
        shell, journal = finished(tmp_path_factory.mktemp(key), key)
        out[key] = shell
        journal.close()
    return out


def frame(shell, size, lang, qr=None):
    """The QR page as the table shows it (the app's help button over it), recorded; ``qr`` in
    place of the game's own code."""
    module = shell.current
    module.qr_open = True
    if qr is not None:
        module.result_qr = lambda: qr
    view = next(g for g in games() if g.key == shell.game).part("view")(size)
    view.drawn = []
    surf = pygame.Surface(size)
    with using(lang):
        draw_frame(view, surf, module, {g.key: g for g in games()})
    if qr is not None:
        del module.result_qr
    return surf, view, module.result_qr() if qr is None else qr


def fit_problems(drawn, targets, size, *, strict=True):
    """The fit rule's problems of this page (strict); the app's help button "?" over it is the
    app's, held to the rule by its own tests (its capitals follow the screen model's floor)."""
    corner = pygame.Rect(size[0] - 60, 0, 60, 60)
    return all_problems([d for d in drawn if not corner.contains(d.rect)], targets, size, strict=strict)


def read(surf: pygame.Surface) -> list[str]:
    """What zxing-cpp reads in the frame (grey levels, one byte a pixel)."""
    w, h = surf.get_size()
    grey = pygame.transform.grayscale(surf)
    data = bytes(pygame.image.tobytes(grey, "RGB")[::3])
    return [b.text for b in zxingcpp.read_barcodes(memoryview(data).cast("B", (h, w)))]


def play(game: str, names: tuple[str, ...]) -> ResultQR:
    """A stored play's code as the history gives it (its import link), the last seat the winner."""
    seats = tuple(SeatResult(name, 40 + 7 * i, {}, i == len(names) - 1) for i, name in enumerate(names))
    entry = GameEntry(7, game, {"players": len(names)}, 1_764_405_517.0, None, seats, started=1_764_402_817.0)
    link = play_link(entry, Readers(games()))
    return ResultQR(7, tuple(tuple(r) for r in qr_matrix(link.encode())), "", len(link), link=link)


def readable(surf, size, link):
    """The frame decodes to ``link`` as drawn and shrunk to half its size."""
    assert read(surf) == [link], f"at {size}"
    half = pygame.transform.smoothscale(surf, (size[0] // 2, size[1] // 2))
    assert read(half) == [link], f"at half of {size}: {len(link)} bytes"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", GAMES)
def test_the_code_reads_back_at_the_screens_size_and_at_half_of_it_or_is_not_drawn(results, key, size):
    surf, view, qr = frame(results[key], size, "en")
    assert qr.link and not qr.problem
    doc = decoded(qr.link)
    assert doc["players"][0]["name"] == "ana" and doc["game"]["sourceGameId"] == key
    if size == (480, 320):  # a real play's link is more than a version 13 code holds (docs/history.md)
        assert not module_px(view, len(qr.matrix)) and read(surf) == []
        assert any("history --export" in d.text for d in view.drawn), [d.text for d in view.drawn]
    else:
        readable(surf, size, qr.link)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", GAMES)
def test_the_code_takes_the_screens_height_in_whole_pixel_modules_of_4_px_or_more(results, key, size):
    _surf, view, qr = frame(results[key], size, "en")
    m = module_px(view, len(qr.matrix))
    if not m:
        return  # said in one line (the test above)
    margin = view.px(6)
    edges = qr_edges(len(qr.matrix), m * len(qr.matrix), margin)
    steps = {b - a for a, b in itertools.pairwise(edges)}
    assert steps == {m} and m >= MIN_MODULE_PX, (key, size, steps, len(qr.matrix))
    assert m * len(qr.matrix) > size[1] - 2 * margin - len(qr.matrix)  # no module's worth left over


@pytest.mark.parametrize("lang", LANGS)
def test_a_four_seat_play_with_long_names_is_drawn_at_4_px_on_the_recommended_screen(results, lang):
    """docs/screens.md's recommended 7" 800×480 screen: 4 seats with long names in every language."""
    qr = play("zankapfel", NAMES[lang][:4])
    surf, view, _qr = frame(results["zankapfel"], (800, 480), lang, qr)
    assert module_px(view, len(qr.matrix)) >= MIN_MODULE_PX
    readable(surf, (800, 480), qr.link)
    assert not fit_problems(view.drawn, view.targets, (800, 480), strict=True)


def test_a_link_too_long_for_4_px_is_said_in_one_line_never_drawn_smaller(results):
    """8 seats with Japanese names (1,629 bytes, version 30) on the 800×480 screen: 3 px would be
    all it has; the page says so and offers the history's export, and nothing decodes."""
    qr = play("waldgaertner", NAMES["ja"])
    surf, view, _qr = frame(results["waldgaertner"], (800, 480), "en", qr)
    assert len(qr.matrix) * MIN_MODULE_PX > 480 - 2 * view.px(6)
    texts = " ".join(d.text for d in view.drawn)
    assert "Too big to scan" in texts and "history --export 7" in texts
    assert read(surf) == []
    assert not fit_problems(view.drawn, view.targets, (800, 480), strict=True)


def test_a_short_link_is_drawn_at_4_px_on_the_3_5_inch_screen(results):
    """A solo play with a short name fits a version 13 code: 77 modules of 4 px in 320 px."""
    qr = play("applejack", ("Al",))
    surf, view, _qr = frame(results["applejack"], (480, 320), "de", qr)
    assert module_px(view, len(qr.matrix)) == MIN_MODULE_PX
    readable(surf, (480, 320), qr.link)
    assert not fit_problems(view.drawn, view.targets, (480, 320), strict=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_page_around_the_code_fits_in_every_language(results, size, lang):
    """Nothing cut, nothing over the "?" or over another line, capitals of 2.5 mm on every
    screen (strict: the 3.5" HAT's 17 px too)."""
    bad = []
    for key in GAMES:
        _surf, view, qr = frame(results[key], size, lang)
        texts = [d.text for d in view.drawn]
        with using(lang):
            seats = results[key].current.result_sheet().seats
        assert all(f"{seat.name}: {seat.total}" in texts for seat in seats), (key, texts)  # every total
        if module_px(view, len(qr.matrix)):
            assert "BG" in " ".join(texts), (key, texts)  # the heading, wrapped
        else:
            assert "history --export" in " ".join(texts), (key, texts)
        bad += [f"{key}: {p}" for p in fit_problems(view.drawn, view.targets, size, strict=True)]
    assert not bad, "\n".join(bad)


ADDRESS = "http://10.42.0.1:8080"
"""The lid's phone address (``kiosk.DEFAULT_ADDRESS``, NetworkManager's hotspot)."""


def frame_with_phones(shell, size, lang):
    """The QR page as the app draws it with ``play --web`` (the shell's short link handed to the
    view); returns the frame, the view, the page's short link code and the kiosk's links."""
    from table.web.resultlinks import ResultLinks, ShortQR

    links = ResultLinks()
    shell.result_link = ShortQR(links, ADDRESS)
    shell.current.qr_open = True
    try:
        view = next(g for g in games() if g.key == shell.game).part("view")(size)
        view.drawn = []
        surf = pygame.Surface(size)
        with using(lang):
            draw_frame(view, surf, shell, {g.key: g for g in games()})
        short = shell.result_link(shell.result_qr().link)
    finally:
        shell.result_link = None
    return surf, view, short, links


@pytest.mark.parametrize("key", GAMES)
def test_with_the_phone_server_the_3_5_inch_screen_draws_the_short_link_at_4_px_or_more(results, key):
    """BG Stats' link is too big for 4 px modules in 320 px; the short link to the lid's web server
    (a version 3 code) is drawn in whole-pixel modules of 4 px or more, reads back as drawn and at
    half the size, and its token opens exactly the play's import link in the kiosk."""
    size = (480, 320)
    surf, view, short, links = frame_with_phones(results[key], size, "en")
    long_qr = results[key].result_qr()
    assert not module_px(view, len(long_qr.matrix))  # the BG Stats link itself: under 4 px here
    assert short.link.startswith(ADDRESS + "/r/") and len(short.matrix) <= 37  # version 3 or less
    m = module_px(view, len(short.matrix))
    edges = qr_edges(len(short.matrix), m * len(short.matrix), view.px(6))
    assert {b - a for a, b in itertools.pairwise(edges)} == {m} and m >= MIN_MODULE_PX
    readable(surf, size, short.link)
    assert links.link(short.link.removeprefix(ADDRESS + "/r/")) == long_qr.link
    texts = " ".join(d.text for d in view.drawn)
    assert "Wi-Fi" in texts and "history --export" not in texts
    assert not fit_problems(view.drawn, view.targets, size, strict=True)


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_links_page_fits_the_3_5_inch_screen_in_every_language(results, lang):
    bad = []
    for key in GAMES:
        _surf, view, _short, _links = frame_with_phones(results[key], (480, 320), lang)
        texts = [d.text for d in view.drawn]
        with using(lang):
            seats = results[key].current.result_sheet().seats
        assert all(f"{seat.name}: {seat.total}" in texts for seat in seats), (key, texts)
        assert "BG" in " ".join(texts), (key, texts)  # the heading: BG Stats through the Wi-Fi
        bad += [f"{key}: {p}" for p in fit_problems(view.drawn, view.targets, (480, 320), strict=True)]
    assert not bad, "\n".join(bad)


def test_with_the_phone_server_a_screen_that_holds_the_bg_stats_code_still_draws_it(results):
    """800×480: the import link itself fits at 4 px or more, so no short link (no network needed)."""
    surf, view, _short, _links = frame_with_phones(results["zankapfel"], (800, 480), "en")
    readable(surf, (800, 480), results["zankapfel"].result_qr().link)
    assert "Wi-Fi" not in " ".join(d.text for d in view.drawn)
