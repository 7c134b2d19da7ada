"""The module games' coach on the result screen (display/result_view.py, companion/coach_lid.py):
a Coach button, touched: computed by the game's worker off the UI thread, then its page."""

import time

import pygame
import pytest

from table import games as registry
from table.display.app import App, screen_workers
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.demo import demo_lines
from tests.display.input_events import touch

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_the_result_s_coach_button_brings_the_coach_page_without_blocking_a_frame():
    ctl = ZankapfelCompanion()
    for line in demo_lines(3, 2, ("greedy",)):
        ctl.do(line)
    assert ctl.mode == "result"
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), workers=screen_workers(registry.games()))
    try:
        app.step()
        assert any(name == "coach" for _rect, name in app.view.targets)  # the Coach button on the bar
        app.step([touch(app, "coach")])
        assert ctl.coach_open and not ctl.refusal
        end = time.monotonic() + 120
        while not ctl.coach_page_lines()[0].startswith("Coach: each turn"):
            assert time.monotonic() < end, "no coach came back"
            app.step()
            time.sleep(0.01)
        app.view.drawn = []
        app.step([pygame.event.Event(pygame.WINDOWEXPOSED)])
        texts = [d.text for d in app.view.drawn]
        from tests.display.fit import fit_problems

        assert not fit_problems(app.view.drawn, app.view.targets, (800, 480))  # legible, touchable, nothing cut
        assert any(t.startswith("Coach: each turn") for t in texts) and any(t.startswith("You: ") for t in texts)
        app.step([touch(app, "coach")])  # Back
        assert not ctl.coach_open and ctl.mode == "result"
    finally:
        for w in app.workers:
            w.close()
