"""The screen side of issue 10 §3: the seven variety marks drawn distinctly, every apple of the
path visible, every action at every size, the lines read from a metre away at least ~18 px."""

import itertools
import math

import pygame
import pytest

from table.display.fonts import Fonts
from table.display.shapes import draw_mark, shape_points
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.view.board import path_layout
from table.games.applejack.view.samples import sample
from table.games.applejack.view.screens import ApplejackView

DATA = load_dataset()
SIZES = ((480, 320), (800, 480), (1024, 600))
NEW_MARKS = ("diamond", "heart", "cross", "hexagon", "plus", "moon", "drop")


pytestmark = pytest.mark.usefixtures("pygame_each")


def mark_mask(mark: str, r: float) -> pygame.mask.Mask:
    size = math.ceil(2 * r + 4)
    surf = pygame.Surface((size, size))
    surf.fill((0, 0, 0))
    draw_mark(surf, mark, (size / 2, size / 2), r, (255, 255, 255))
    return pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255))


@pytest.mark.parametrize("r", [4.0, 8.0, 16.0])  # 4 px: an apple's mark at 480×320
def test_the_seven_variety_marks_are_distinct_shapes(r):
    masks = {m: mark_mask(m, r) for m in NEW_MARKS}
    for m in NEW_MARKS:
        assert shape_points(m, (0, 0), r) is not None, f"{m} falls back to a plain circle"
        assert masks[m].count() > 0
    for a, b in itertools.combinations(NEW_MARKS, 2):
        union = masks[a].count() + masks[b].count() - masks[a].overlap_area(masks[b], (0, 0))
        differ = union - masks[a].overlap_area(masks[b], (0, 0))
        assert differ / union > 0.15, f"{a} and {b} look alike at r={r}"


def test_the_old_marks_still_draw_until_the_data_changes():
    for m in ("circle", "triangle", "square", "star"):
        assert mark_mask(m, 10).count() > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_apple_on_the_path_stands_clear_of_the_spaces_and_of_each_other(players, size):
    ctl = Controller(DATA)
    ctl.setup = Setup(players)
    ctl.do("start")
    view = ApplejackView(size)
    view.draw(pygame.Surface(size), ctl)
    ((_key, board),) = view._board_cache.items()
    pos, r, apples = path_layout(ctl.t.apples, *board.get_size(), view.px(24))
    assert len(apples) == sum(map(len, ctl.t.apples)) > 0
    for v, c, ra in apples:
        for p in pos:
            assert math.dist(c, p) >= r + ra - 0.5, f"an apple ({DATA.varieties[v].name}) under a space"
    for (_, a, ra), (_, b, rb) in itertools.combinations(apples, 2):
        assert math.dist(a, b) >= ra + rb - 0.5
    assert r >= 6 and min(ra for _, _, ra in apples) >= 5


TURN_ACTIONS = {"undo", "correct", "blind"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["play", "stock", "middle"])
def test_every_size_keeps_every_action_of_the_turn_screen(name, size):
    view = ApplejackView(size)
    view.draw(pygame.Surface(size), sample(DATA, name))
    names = {target for _, target in view.targets}
    assert names >= TURN_ACTIONS, f"missing {TURN_ACTIONS - names}"
    for rect, _ in view.targets:
        assert pygame.Rect(0, 0, *size).contains(rect)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_pad_has_a_clear_key_and_setup_every_variant(size):
    view = ApplejackView(size)
    view.draw(pygame.Surface(size), sample(DATA, "pad"))
    assert {"clear", "done", "next", "prev"} <= {t for _, t in view.targets}

    def every_page(name):  # the 3.5" screen's setup takes two pages: the targets of both
        ctl, names = sample(DATA, name), set()
        for page in range(view.pages(ctl)):
            view.page = page
            view.draw(pygame.Surface(size), ctl)
            names |= {t for _, t in view.targets}
        return names

    names = every_page("setup-variants")
    assert {"trough5", "trough6", "orchards", "orchard0", "orchard3", "trough7", "confirm"} <= names
    assert "campaign" in every_page("setup-campaign")


class SizeRecorder(Fonts):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, int]] = []

    def text(self, text, size, colour=(0, 0, 0), bold=False):
        """Every line drawn (wrapped lines too) at its size; fonts asked for only to measure are not drawn."""
        self.seen.append((text, size))
        return super().text(text, size, colour, bold)


@pytest.mark.parametrize("name", ["last-turn", "game-over", "middle-space", "harvest", "loop", "blossom"])
def test_the_lines_people_read_from_a_metre_are_18_px_or_more_at_800x480(name):
    ctl = sample(DATA, name)
    fonts = SizeRecorder()
    ApplejackView((800, 480), fonts).draw(pygame.Surface((800, 480)), ctl)
    small = [(t, s) for t, s in fonts.seen if s < 18]
    assert not small, small
    texts = " ".join(t for t, _ in fonts.seen)
    if name == "last-turn":
        assert "LAST TURN" in texts
    if name == "game-over":
        assert "after 38 turns" in texts and "Turn 39" not in texts


def test_a_long_refusal_wraps_instead_of_shrinking():
    ctl = sample(DATA, "play")
    ctl.refusal = "corrections are made at the start of a turn; " * 3
    fonts = SizeRecorder()
    ApplejackView((800, 480), fonts).draw(pygame.Surface((800, 480)), ctl)
    assert all(size >= 18 for _, size in fonts.seen)
