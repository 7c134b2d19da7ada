"""Golden images of every screen at 480×320, 800×480 and 1024×600 (SDL dummy driver).

A pixel differs when a channel is off by more than ~6 %; a screen fails when more than 0.3 % of
its pixels differ. Failed screens are saved (actual and a diff mask) under
``tests/display/failed-images/`` for a look.

Regenerate after an intended change of the look, then view and commit the PNGs::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_golden.py
"""

import os
from pathlib import Path

import pygame
import pytest

from table.datafiles import load_dataset
from table.display.render import View
from table.display.samples import NAMES, sample

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
FAILED = HERE / "failed-images"
SIZES = ((480, 320), (800, 480), (1024, 600))
DISTANCE = 0.06
MAX_DIFFERENT = 0.003
DATA = load_dataset()


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def render(name, size):
    surf = pygame.Surface(size)
    View(size).draw(surf, sample(DATA, name))
    return surf


def different_pixels(a, b):
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return 0, None
    diff = pygame.PixelArray(a).compare(pygame.PixelArray(b), distance=DISTANCE)
    surf = diff.make_surface()
    diff.close()
    # compare() paints matching pixels white and differing ones black
    same = pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255)).count()
    return a.get_width() * a.get_height() - same, surf


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_golden(name, size):
    actual = render(name, size)
    path = GOLDEN / f"{name}-{size[0]}x{size[1]}.png"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(actual, str(path))
        return
    golden = pygame.image.load(str(path)).convert() if pygame.display.get_surface() else pygame.image.load(str(path))
    assert golden.get_size() == actual.get_size()
    golden = golden.convert(actual) if golden.get_bitsize() != actual.get_bitsize() else golden
    count, diff = different_pixels(actual, golden)
    if count > MAX_DIFFERENT * size[0] * size[1]:
        FAILED.mkdir(exist_ok=True)
        pygame.image.save(actual, str(FAILED / path.name))
        if diff is not None:
            pygame.image.save(diff, str(FAILED / path.name.replace(".png", "-diff.png")))
        pytest.fail(f"{path.name}: {count} pixels differ; see {FAILED / path.name}")


def test_each_layout_keeps_text_inside_the_screen():
    for size in SIZES:
        for name in NAMES:
            view = View(size)
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
