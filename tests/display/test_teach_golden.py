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
from table.games.applejack.view.samples import play_until
from table.games.applejack.view.screens import ApplejackView
from table.i18n import _, using
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
def test_every_lesson_is_drawn_whole_in_every_language(size, language):
    """Every sentence, in every game's lesson box at the screen's width, is drawn whole at the
    readable size: no line cut with "…", none squeezed (issue 33: the lessons ended in "…")."""
    from table.display import announce_panel
    from table.games.applejack.companion import teach

    view = ApplejackView(size)
    with using(language):
        texts = [teach.sentence(k) for k in teach.LessonKind] + [teach.sentence(teach.LessonKind.TAKE, cottage=True)]
        for text in texts:
            view.drawn = []
            announce_panel.draw_lesson_block(view, pygame.Surface(size), text, x=0, w=size[0], bottom=size[1],
                                             skip_label=teach.skip_label(), target="skip")
            lines = [d for d in view.drawn if d.text != teach.skip_label()]
            assert not any(d.clipped for d in view.drawn), (language, size, text)
            assert all(d.px >= view.read_px for d in lines)
            glue = "" if language == "ja" else " "
            assert glue.join(d.text for d in lines).replace(" ", "") == \
                _("Why: {lesson}").format(lesson=text).replace(" ", "")


def test_a_lesson_with_an_announcement_stands_whole_above_done_and_undo():
    """Under a waiting announcement the lesson is in its panel, above Done ✓ and Undo (every game's
    panel); the board is not drawn under it."""
    for size in SIZES:
        view = ApplejackView(size)
        view.drawn = []
        ctl = teach_sample("teach-blossom")
        view.draw(pygame.Surface(size), ctl)
        names = {name: rect for rect, name in view.targets}
        assert {"confirm", "undo"} <= set(names) and "trough1" not in names
        why = [d for d in view.drawn if d.text.startswith("Why:")]
        assert why and why[0].rect.y < names["confirm"].y


def test_no_lesson_no_strip():
    """Teach mode off (or skipped): the play screen is drawn exactly as without teach mode."""
    for size in SIZES:
        a = Controller(DATA)
        a.setup = Setup(2, cottage=True)
        a.do("start")
        b = teach_sample("teach-skipped")
        assert b.lesson is None
        assert pygame.image.tobytes(render(a, size), "RGB") == pygame.image.tobytes(render(b, size), "RGB")


def test_the_app_keys_and_the_skip_button():
    """w turns teach mode on at setup; s skips in play; a touch on Skip skips too."""
    from table import games as registry
    from table.display.app import App

    def key(k, text):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)

    size = (800, 480)  # the 3.5" screen shows a lesson only where its footer has the room
    ctl = Controller(DATA)
    surf = pygame.Surface(size)
    app = App(ctl, surf, games=registry.games(), clock=lambda: 0.0)
    app.step([key(pygame.K_w, "w")])
    assert ctl.setup.teach
    app.step([key(pygame.K_RETURN, "\r")])
    assert ctl.mode == "play" and ctl.lesson is not None and not ctl.queued
    rect = next(r for r, name in app.view.targets if name == "skip")
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=rect.centerx / size[0], y=rect.centery / size[1],
                                 finger_id=0, touch_id=0)])
    assert ctl.lesson is None
    for _turn in range(60):  # the first turn taught all five steps: play on to the next new kind
        ctl.do(str(ctl.t.legal_actions()[0]) if not ctl.queued else "ack")
        if ctl.lesson is not None:
            break
    assert ctl.lesson is not None
    app.step([key(pygame.K_s, "s")])
    assert ctl.lesson is None
