"""Golden images of the busiest Applejack screens at 480×320 in German, French and Japanese
(English: ``test_golden.py``): the setup screen with its language button, play with a harvest
announcement, the score pad and the result. Same comparison as ``test_golden.py``.

Regenerate after an intended change (of the look or of a translation), then view and commit::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_golden_languages.py
"""

import os

import pygame
import pytest

from table.display.render import View
from table.display.samples import sample
from table.i18n import using
from tests.display import test_golden as golden

LANGUAGES = ("de", "fr", "ja")
SCREENS = ("setup", "harvest", "pad", "result")
SIZE = (480, 320)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def render(name: str, lang: str) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    with using(lang):
        View(SIZE).draw(surf, sample(golden.DATA, name))
    return surf


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_screen_in_each_language_matches_golden(lang, name):
    actual = render(name, lang)
    path = golden.GOLDEN / f"{name}-{lang}-{SIZE[0]}x{SIZE[1]}.png"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it")
        pygame.image.save(actual, str(path))
        return
    stored = pygame.image.load(str(path))
    assert stored.get_size() == actual.get_size()
    stored = stored.convert(actual) if stored.get_bitsize() != actual.get_bitsize() else stored
    count, diff = golden.different_pixels(actual, stored)
    if count > golden.MAX_DIFFERENT * SIZE[0] * SIZE[1]:
        golden.FAILED.mkdir(exist_ok=True)
        pygame.image.save(actual, str(golden.FAILED / path.name))
        if diff is not None:
            pygame.image.save(diff, str(golden.FAILED / path.name.replace(".png", "-diff.png")))
        pytest.fail(f"{path.name}: {count} pixels differ; see {golden.FAILED / path.name}")


def test_the_languages_draw_differently():
    """The goldens show translations: no screen looks the same in two languages."""
    for name in SCREENS:
        shots = {lang: pygame.image.tobytes(render(name, lang), "RGB") for lang in ("en", *LANGUAGES)}
        assert len(set(shots.values())) == len(shots), name
