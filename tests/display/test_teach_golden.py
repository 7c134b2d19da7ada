"""Teach mode's screens as golden images at 480×320 and 800×480: the setup toggle, the lesson strip
under a turn prompt, a harvest and the blossom scoring (the most forgotten rule), a tracked turn
and the German blossom lesson at 480×320 (the longest words on the smallest screen).

Regenerate after an intended change of the look, then LOOK at the PNGs::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_teach_golden.py
"""

import random

import pygame
import pytest

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.view import teach as teach_strip
from table.games.applejack.view.samples import play_until
from table.games.applejack.view.screens import ApplejackView
from table.i18n import using
from tests.display.golden import assert_matches_golden

SIZES = ((480, 320), (800, 480))
DATA = load_dataset()
NAMES = ("teach-setup", "teach-turn", "teach-harvest", "teach-blossom", "teach-tracked")

pytestmark = pytest.mark.usefixtures("pygame_display")


def teach_sample(name: str) -> Controller:
    if name == "teach-setup":
        ctl = Controller(DATA)
        ctl.setup = Setup(3, cottage=True, teach=True)
        return ctl
    if name in ("teach-turn", "teach-skipped"):
        ctl = Controller(DATA)
        ctl.setup = Setup(2, cottage=True, teach=True)
        ctl.do("start")
        if name == "teach-skipped":
            ctl.press("skip")
        return ctl
    if name == "teach-harvest":
        return play_until(DATA, Setup(2, teach=True), lambda c: bool(c.queued) and c.queued[0].kind == "harvest")
    if name == "teach-blossom":
        return play_until(DATA, Setup(2, teach=True), lambda c: bool(c.queued) and c.queued[0].kind == "blossom")
    if name == "teach-tracked":
        ctl = Controller(DATA)
        ctl.setup = Setup(2, tracked=True, teach=True)
        ctl.do("start")
        rng = random.Random(4)
        assert ctl.tracked is not None
        while ctl.tracked.state.is_chance():
            ctl.do(f"game draw {rng.choice(sorted(ctl.tracked.state.supply))}")
        return ctl
    raise KeyError(name)


def render(ctl: Controller, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    ApplejackView(size).draw(surf, ctl)
    return surf


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_teach_screen_matches_golden(name, size):
    assert_matches_golden(render(teach_sample(name), size), f"{name}-{size[0]}x{size[1]}.png")


def test_german_blossom_lesson_matches_golden_at_480x320():
    with using("de"):
        actual = render(teach_sample("teach-blossom"), (480, 320))
    assert_matches_golden(actual, "teach-blossom-de-480x320.png")


@pytest.mark.parametrize("size", (*SIZES, (1024, 600)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ("en", "de", "fr", "ja"))
@pytest.mark.parametrize("tracked", (False, True), ids=("untracked", "tracked"))
def test_every_lesson_fits_its_strip_in_every_language(size, language, tracked):
    """Each sentence, wrapped at the strip's width, fits the strip's height at a readable size
    (never the last-resort shrink) — checked with the font metrics, for every kind; a tracked
    turn's strip (two lines on a large screen) for the kinds taught at a tracked turn prompt."""
    from table.games.applejack.companion import teach
    view = ApplejackView(size)
    ctl = teach_sample("teach-tracked" if tracked else "teach-turn")
    h = teach_strip._strip_h(view, ctl)
    inner_h = h - view.px(8) - view.px(4) - view.px(2)
    max_w = view.w - view.px(12) - view.px(teach_strip.SKIP_W) - view.px(6) - 2 * view.px(10)
    font = view.fonts.font(view.px(teach_strip.MIN_TEXT))
    kinds = (*teach.STEPS, teach.LessonKind.LAST, teach.LessonKind.RESTOCK) if tracked else tuple(teach.LessonKind)
    with using(language):
        texts = [teach.sentence(k) for k in kinds] + [teach.sentence(teach.LessonKind.TAKE, cottage=True)]
        for text in texts:
            lines = teach_strip.wrap(font, text, max_w)
            assert all(font.size(line)[0] <= max_w for line in lines), text
            assert len(lines) * font.get_linesize() <= inner_h, (language, size, text, lines)


def test_the_lesson_strip_takes_the_footer_and_keeps_every_button():
    """With a lesson the board gives up only what the footer lacks; Skip is a touch target; the
    announcement's Done button stays above the strip."""
    for size in SIZES:
        view = ApplejackView(size)
        ctl = teach_sample("teach-blossom")
        surf = pygame.Surface(size)
        view.draw(surf, ctl)
        names = {name: rect for rect, name in view.targets}
        assert "skip" in names and "confirm" in names
        strip_top = size[1] - teach_strip._strip_h(view, ctl)
        assert names["confirm"].bottom <= strip_top
        assert view.hit(names["skip"].center) == "skip"
        assert teach_strip.room(view, ctl) < teach_strip._strip_h(view, ctl)


def test_no_lesson_no_strip():
    """Teach mode off (or skipped): the play screen is drawn exactly as without teach mode."""
    for size in SIZES:
        a = Controller(DATA)
        a.setup = Setup(2, cottage=True)
        a.do("start")
        b = teach_sample("teach-skipped")
        assert b.lesson is None
        assert pygame.image.tobytes(render(a, size), "RGB") == pygame.image.tobytes(render(b, size), "RGB")


def test_wrap_breaks_a_sentence_without_spaces_by_characters():
    font = pygame.font.Font(None, 20)
    text = "花が描かれたタイルどうしは隣接していなくてもかまいません"
    lines = teach_strip.wrap(font, text, 80)
    assert "".join(lines) == text and len(lines) > 1
    assert all(font.size(line)[0] <= 80 for line in lines)
    words = teach_strip.wrap(font, "one two three four five six", 60)
    assert " ".join(words) == "one two three four five six"


def test_the_app_keys_and_the_skip_button():
    """w turns teach mode on at setup; s skips in play; a touch on Skip skips too."""
    from table import games as registry
    from table.display.app import App

    def key(k, text):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)

    size = (480, 320)
    ctl = Controller(DATA)
    surf = pygame.Surface(size)
    app = App(ctl, surf, games=registry.games(), clock=lambda: 0.0)
    app.step([key(pygame.K_w, "w")])
    assert ctl.setup.teach
    app.step([key(pygame.K_RETURN, "\r")])
    assert ctl.mode == "play" and ctl.lesson is not None
    app.step([key(pygame.K_s, "s")])
    assert ctl.lesson is None
    for _turn in range(30):  # the first turn taught all five steps: play on to the next new kind
        ctl.do(str(ctl.t.legal_actions()[0]) if not ctl.queued else "ack")
        if ctl.lesson is not None:
            break
    app.step()
    assert ctl.lesson is not None
    rect = next(r for r, name in app.view.targets if name == "skip")
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=rect.centerx / size[0], y=rect.centery / size[1],
                                 finger_id=0, touch_id=0)])
    assert ctl.lesson is None
