"""Golden images of the busiest Applejack screens at 480×320 in German, French and Japanese
(English: ``test_golden.py``): the setup screen with its language button, play with a harvest
announcement, the score pad and the result. Same comparison as ``test_golden.py`` (``golden.py``).

Regenerate after an intended change (of the look or of a translation), then view and commit::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_golden_languages.py
"""

import pygame
import pytest

from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import sample
from table.games.applejack.view.screens import ApplejackView
from table.i18n import using
from tests.display.golden import assert_matches_golden

LANGUAGES = ("de", "fr", "ja")
SCREENS = ("setup", "harvest", "pad", "result")
SIZE = (480, 320)
DATA = load_dataset()
pytestmark = pytest.mark.usefixtures("pygame_display")


def render(name: str, lang: str) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    with using(lang):
        ApplejackView(SIZE).draw(surf, sample(DATA, name))
    return surf


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_screen_in_each_language_matches_golden(lang, name):
    assert_matches_golden(render(name, lang), f"{name}-{lang}-{SIZE[0]}x{SIZE[1]}.png")


def test_the_languages_draw_differently():
    """The goldens show translations: no screen looks the same in two languages."""
    for name in SCREENS:
        shots = {lang: pygame.image.tobytes(render(name, lang), "RGB") for lang in ("en", *LANGUAGES)}
        assert len(set(shots.values())) == len(shots), name
