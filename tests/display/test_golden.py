"""Golden images of every screen at 480×320, 800×480 and 1024×600 (SDL dummy driver).

The comparison (a pixel differs when a channel is off by more than ~6 %; a screen fails when
more than 0.3 % of its pixels differ; failed screens saved under ``tests/display/failed-images/``)
is ``tests/display/golden.py``.

Regenerate after an intended change of the look, then view and commit the PNGs::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_golden.py
"""

import pygame
import pytest

from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import NAMES, sample
from table.games.applejack.view.screens import ApplejackView
from tests.display.golden import SIZES, assert_matches_golden, different_pixels

DATA = load_dataset()
pytestmark = pytest.mark.usefixtures("pygame_display")


def render(name, size):
    surf = pygame.Surface(size)
    ApplejackView(size).draw(surf, sample(DATA, name))
    return surf


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_golden(name, size):
    assert_matches_golden(render(name, size), f"{name}-{size[0]}x{size[1]}.png")


def test_each_layout_keeps_text_inside_the_screen():
    for size in SIZES:
        for name in NAMES:
            view = ApplejackView(size)
            surf = pygame.Surface(size)
            view.draw(surf, sample(DATA, name))
            for rect, target in view.targets:
                assert surf.get_rect().contains(rect), (size, name, target, rect)


def test_the_comparison_sees_a_changed_screen():
    a = render("play", (480, 320))
    b = a.copy()
    pygame.draw.rect(b, (255, 0, 255), (10, 10, 40, 40))
    count, _ = different_pixels(a, b)
    assert count == 1600
    assert different_pixels(a, a.copy())[0] == 0
