import os
from collections.abc import Iterator

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def pygame_each() -> Iterator[None]:
    """The same, up for each test and down after it (the app and demo tests, which open and close
    windows of their own); ``pytestmark = pytest.mark.usefixtures("pygame_each")``."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()
