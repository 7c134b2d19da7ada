"""A module game's hint in the pygame app: key h, computed by the game's worker off the UI thread,
shown and said when it comes back (table/companion/lidhint.py, botworker.AdviceWorker)."""

import time

import pygame
import pytest

from table import games as registry
from table.display.app import App, screen_workers
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.demo import demo_lines
from tests.display.input_events import key

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_key_h_brings_the_strong_bot_s_hint_onto_the_lid_without_blocking_a_frame():
    ctl = DraftCiderCompanion()
    for line in demo_lines(3, 1, ("greedy",))[:8]:
        ctl.do(line)
    assert ctl.stage() == "colour"
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), workers=screen_workers(registry.games()))
    try:
        app.step([key(pygame.K_h, "h")])
        assert not ctl.refusal
        frames = app.frames
        end = time.monotonic() + 60
        while not ctl.said_last[-1:] or not ctl.said_last[-1].startswith("Hint for"):
            assert time.monotonic() < end, "no hint came back"
            app.step()
            time.sleep(0.01)
        assert ctl.said_last[-1].startswith("Hint for Seat 1: ") and app.frames > frames  # drawn when it came
    finally:
        for w in app.workers:
            w.close()
