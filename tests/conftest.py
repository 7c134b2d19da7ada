"""Fixtures every test directory may use."""

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def pygame_display() -> Iterator[None]:
    """pygame's display and font modules on SDL's dummy driver (no window), up for a whole test
    module (``pytestmark = pytest.mark.usefixtures("pygame_display")`` or a parameter)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # here, not at the top: the environment above comes first

    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()
