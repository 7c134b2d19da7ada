"""Golden images of the result screen with the fair target and the coach (table/games/applejack/view/coach.py)
at 480×320 and 800×480, and the App's loop with the worker: it never waits for the bot.

The jobs here are filled by hand (fixed rows and figures), so the pictures do not depend on the
bot; tests/companion/test_coach.py runs the bot. Regenerate after an intended change, then look::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_coach_golden.py
"""

from types import SimpleNamespace

import pygame
import pytest

from table import games as registry
from table.display.app import App
from table.games.applejack.companion.coach import CoachJob, CoachRow, CoachWorker, Status, Update
from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import sample
from table.games.applejack.view.screens import ApplejackView
from table.i18n import using
from tests.display.golden import GOLDEN, assert_matches_golden, different_pixels, load_golden

SIZES = ((480, 320), (800, 480))
DATA = load_dataset()
LINES = (
    (("tile 17 from trough 3", "pay 6", "space 5 turned 2"), ("draw blind", "pasture", "space 1")),
    (("cottage tile 89", "pay 4", "space 8 turned 4", "restock from the supply"),
     ("tile 72 from trough 6", "pay 5", "space 1 turned 5")),
    (("tile 10 from the middle", "pasture", "space 1"), ("tile 10 from the middle", "pasture", "space 1")),
)

pytestmark = pytest.mark.usefixtures("pygame_display")


def rows(players: int) -> list[CoachRow]:
    out = []
    for n in range(9 if players == 1 else 7):
        played, bot = LINES[n % 3]
        same = n % 3 == 2
        cost = 0.0 if same else round(7.3 - 1.1 * n, 1)
        luck = n == 1
        out.append(CoachRow(n * 2, n % players, played, bot if not same else played, cost,
                            cost - 1.5 if luck else cost, 1.5 if luck else 0.0, luck, same))
    return sorted(out, key=lambda r: (r.same, -r.cost, r.turn))


class FakeTarget(SimpleNamespace):
    pass


def screen(name: str):
    """A result screen with a job in one of its states."""
    solo = name.startswith("coach-solo")
    ctl = sample(DATA, "solo-result" if solo else "result")
    job = CoachJob("k", 1 if solo else 4, ctl.results[0].total if solo else None,
                   Status.RUNNING if solo else Status.OFF)
    ctl.coach = job
    if name == "coach-solo-running":
        return ctl
    if solo:
        job.apply(Update("k", "fair", Status.DONE, FakeTarget(bot_total=78, player_total=52)))
    if name == "coach-solo-failed":
        job.apply(Update("k", "fair", Status.FAILED, error="it took longer than 120 s"))
        return ctl
    if name != "coach-solo-done-coach-running":
        job.apply(Update("k", "coach", Status.DONE, rows(job.players)))
    if name.endswith("page"):
        ctl.press("coach")
    if name == "coach-multi-page2":
        ctl.press("coach")
        ctl.press("next")
    return ctl


NAMES = ("coach-solo-running", "coach-solo-done-coach-running", "coach-solo-done", "coach-solo-failed",
         "coach-multi-done", "coach-solo-page", "coach-multi-page2")


def render(name, size, language="en"):
    surf = pygame.Surface(size)
    with using(language):
        ApplejackView(size).draw(surf, screen(name))
    return surf


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_golden(name, size):
    assert_matches_golden(render(name, size), f"{name}-{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("language", ("de", "fr", "ja"))
def test_the_busiest_coach_screens_in_other_languages(language):
    for name in ("coach-solo-done", "coach-solo-page"):
        assert_matches_golden(render(name, (480, 320), language), f"{name}-{language}-480x320.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_buttons_are_where_they_are_drawn(size):
    view = ApplejackView(size)
    surf = pygame.Surface(size)
    ctl = screen("coach-multi-done")
    view.draw(surf, ctl)
    coach = next(r for r, n in view.targets if n == "coach")
    new = next(r for r, n in view.targets if n == "confirm")
    assert not coach.colliderect(new) and surf.get_rect().contains(coach)
    assert view.hit(coach.center) == "coach"
    ctl.press(view.hit(coach.center))
    view.draw(surf, ctl)
    names = {n for _r, n in view.targets}
    assert names == {"coach-prev", "coach-next", "coach-back"}
    for target in ("coach-next", "coach-prev", "coach-back"):
        rect = next(r for r, n in view.targets if n == target)
        assert surf.get_rect().contains(rect)
    ctl.press("coach-next")
    assert ctl.coach.page == 1
    ctl.press("coach-back")
    assert ctl.coach.page is None and ctl.mode == "result"


def test_without_tracking_the_result_screen_is_as_before():
    """No job: the result screen draws exactly the picture the result goldens hold."""
    for name in ("result", "solo-result"):
        ctl = sample(DATA, name)
        assert getattr(ctl, "coach", None) is None
        surf = pygame.Surface((800, 480))
        from table.display.app import draw_frame  # as the goldens are drawn: the app's help button over it
        from table.games import games

        draw_frame(ApplejackView((800, 480)), surf, ctl, {g.key: g for g in games()})
        assert different_pixels(surf, load_golden(GOLDEN / f"applejack-{name}-800x480.png", surf))[0] == 0


def test_the_app_loop_never_waits_for_the_bot():
    """The worker's job sits in an executor that has not run it: frames go on, drawn with the
    'replaying' line; when it is done, the next frame shows the figure."""
    from table.games.applejack.companion.api import Setup
    from tests.companion.test_coach import QUICK, Later, finished

    ctl = finished(Setup(1, tracked=True), seed=8)
    executor = Later()
    surf = pygame.Surface((800, 480))
    app = App(ctl, surf, games=registry.games(), clock=lambda: 0.0)
    app.workers = [CoachWorker(executor, bot_options=QUICK)]
    for _n in range(3):
        app.step()
    assert ctl.coach.fair_status is Status.RUNNING and len(executor.jobs) == 1
    frames = app.frames
    executor.run()
    app.step()
    assert ctl.coach.fair_status is Status.DONE and app.frames == frames + 1
    assert "With your draws the bot scored" in ctl.coach.fair_line()
