"""The golden-image comparison (``golden.py``) sees a changed screen; the goldens themselves are
one test over the registry, ``tests/test_every_game.py``."""

import pygame
import pytest

from tests.display.golden import different_pixels

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_the_comparison_sees_a_changed_screen():
    a = pygame.Surface((480, 320))
    a.fill((20, 30, 40))
    pygame.draw.circle(a, (200, 180, 20), (240, 160), 90)
    b = a.copy()
    pygame.draw.rect(b, (255, 0, 255), (10, 10, 40, 40))
    count, _ = different_pixels(a, b)
    assert count == 1600
    assert different_pixels(a, a.copy())[0] == 0
