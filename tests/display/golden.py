"""The one golden-image comparison every screen test uses (SDL dummy driver).

A pixel differs when a channel is off by more than ~6 % (``DISTANCE``); a screen fails when more
than 0.3 % of its pixels differ (``MAX_DIFFERENT``). A failed screen is saved (actual and a diff
mask) under ``tests/display/failed-images/`` for a look.

Regenerate after an intended change of the look, then view and commit the PNGs::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display
"""

import os
from pathlib import Path

import pygame
import pytest

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
FAILED = HERE / "failed-images"
SIZES = ((480, 320), (800, 480), (1024, 600))
DISTANCE = 0.06
MAX_DIFFERENT = 0.003


def different_pixels(a: pygame.Surface, b: pygame.Surface) -> tuple[int, pygame.Surface | None]:
    """How many pixels of ``a`` and ``b`` differ by more than ``DISTANCE``, and a mask of them
    (matching pixels white, differing ones black; None when the two are identical)."""
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return 0, None
    diff = pygame.PixelArray(a).compare(pygame.PixelArray(b), distance=DISTANCE)
    surf = diff.make_surface()
    diff.close()
    # compare() paints matching pixels white and differing ones black
    same = pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255)).count()
    return a.get_width() * a.get_height() - same, surf


def load_golden(path: Path, like: pygame.Surface) -> pygame.Surface:
    """The stored PNG at ``path``, in ``like``'s pixel depth."""
    stored = pygame.image.load(str(path))
    return stored.convert(like) if stored.get_bitsize() != like.get_bitsize() else stored


def assert_matches_golden(actual: pygame.Surface, filename: str) -> None:
    """``actual`` matches ``golden/<filename>`` within the tolerance, or the test fails (with the
    actual screen and a diff mask saved under ``failed-images/``). With ``UPDATE_GOLDEN`` set the
    screen is stored as the new golden image instead."""
    path = GOLDEN / filename
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(actual, str(path))
        return
    if not path.exists():
        pytest.fail(f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it")
    golden = load_golden(path, actual)
    assert golden.get_size() == actual.get_size(), (path.name, golden.get_size(), actual.get_size())
    count, diff = different_pixels(actual, golden)
    if count > MAX_DIFFERENT * actual.get_width() * actual.get_height():
        FAILED.mkdir(exist_ok=True)
        pygame.image.save(actual, str(FAILED / path.name))
        if diff is not None:
            pygame.image.save(diff, str(FAILED / path.name.replace(".png", "-diff.png")))
        pytest.fail(f"{path.name}: {count} pixels differ; see {FAILED / path.name}")
