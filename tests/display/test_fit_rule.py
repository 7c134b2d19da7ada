"""The fit rule (``fit.py``) sees what it must, read from what the toolkit records: a line too
small, a line cut, a target too small, two things over each other; and the toolkit records each
line's size, cap height and clipping, and never draws a line a player must read under the size's
readable minimum."""

import pygame
import pytest

from table.display.toolkit import BaseView
from tests.display.fit import MIN_TEXT_PX, MIN_TOUCH_PX, fit_problems

pytestmark = pytest.mark.usefixtures("pygame_display")
SIZES = ((480, 320), (800, 480), (1024, 600))


def _view(size):
    view = BaseView(size)
    view.drawn = []
    return view, pygame.Surface(size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_toolkit_draws_a_line_to_be_read_at_the_readable_size_at_least(size):
    view, surf = _view(size)
    view.text(surf, "Harvest", 8, (10, 10))
    view.wrapped(surf, "every area: apples minus two", 8, (10, 60), 400, min_size=8)
    assert all(d.px >= MIN_TEXT_PX[size] for d in view.drawn)
    assert all(0 < d.cap < d.px for d in view.drawn)  # the capital's height, below the em
    assert view.touch_px >= MIN_TOUCH_PX[size] and view.tap(10) == view.touch_px
    assert not fit_problems(view.drawn, view.targets, size)


def test_a_mark_that_repeats_the_table_may_be_small():
    view, surf = _view((480, 320))
    view.text(surf, "a", 8, (10, 10), read=False)
    assert view.drawn[0].px < MIN_TEXT_PX[(480, 320)]
    assert not fit_problems(view.drawn, view.targets, (480, 320))


def test_the_rule_sees_a_small_line_a_cut_line_a_small_target_and_overlaps():
    size = (480, 320)
    view, surf = _view(size)
    view.read_px = 6  # the old toolkit: lines shrank to 8 px
    view.text(surf, "Harvest", 8, (10, 10))
    view.text(surf, "a line far too long for the room it was given " * 3, 20, (10, 40), max_w=120)
    view.button(surf, pygame.Rect(10, 200, 80, 22), "Undo", "undo")  # the old 22 px bottom buttons
    view.button(surf, pygame.Rect(60, 200, 80, 22), "Next", "next")
    view.text(surf, "over", 20, (12, 12))
    view.text(surf, "off", 20, (470, 300))
    bad = "\n".join(fit_problems(view.drawn, view.targets, size))
    assert "'Harvest' is 6 px" in bad
    assert "is cut or squeezed" in bad
    assert "target undo is 80×22 px, under 45" in bad
    assert "targets undo and next overlap" in bad
    assert "'Harvest' and 'over' overlap" in bad
    assert "'off' leaves the screen" in bad
    assert "lies over target" in bad
