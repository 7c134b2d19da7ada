"""Draft Cider on the screen: the attract mode's bots' games entered into the companion, and the
pygame front end's keys, touch and lid buttons through ``App.step``."""

import os
import subprocess
import sys

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.companion.session import open_session
from table.display.app import App
from table.display.demo import DONE, PLAY
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.demo import DraftCiderDemoScreen, draftcider_steps
from table.games.draftcider.rules import Card
from table.games.draftcider.rules.scoring import BAD, STEADY
from table.games.draftcider.view import DraftCiderView
from tests.display.input_events import key

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_a_demo_game_runs_to_its_end_with_the_lamps_lighting_legal_batches():
    now = [0.0]
    leds = RecordingIndicators()
    screen = DraftCiderDemoScreen(pygame.Surface((480, 320)), draftcider_steps(games=1, players=2, seed=4),
                                  pace=1.0, indicators=leds, clock=lambda: now[0])
    result = None
    while result is None:
        result = screen.step()
        now[0] += 10
    assert result == DONE and screen.games == 1
    kinds = {s.kind for s in leds.shown}
    assert {"open", "chase"} <= kinds
    assert any(s.kind == "open" and s.troughs not in ((1, 2, 3), ()) for s in leds.shown)  # lit batches


def test_a_touch_hands_the_demo_over_to_play():
    screen = DraftCiderDemoScreen(pygame.Surface((800, 480)), draftcider_steps(games=0, seed=1), clock=lambda: 0.0)
    assert screen.step() is None and screen.frames == 1
    assert screen.step([pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5)]) == PLAY


def test_demo_game_draftcider_prints_a_whole_game_as_text():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "draftcider", "--text", "--players", "3",
                        "--seed", "2"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "New game of Draft Cider: 3 players" in r.stdout and " with " in r.stdout.splitlines()[-1]
    bad = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "draftcider", "--text", "--players",
                          "1"], capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_keys_touch_and_the_lid_in_the_app(tmp_path):
    ctl = DraftCiderCompanion()
    leds = RecordingIndicators()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=leds, clock=lambda: 0.0)
    assert isinstance(app.view, DraftCiderView)
    app.step([key(pygame.K_2), key(pygame.K_e), key(pygame.K_RETURN)])  # 2 players, easy, start
    assert ctl.mode == "play" and ctl.setup.players == 2 and ctl.setup.easy
    assert leds.current.troughs == (1, 2, 3)
    app.step([key(pygame.K_r), key(pygame.K_3), key(pygame.K_3)])  # red, h3, s3
    assert ctl.entered_card() == Card("red", 3, 3) and 7 in leds.current.troughs
    app.step([key(pygame.K_7)])  # trough 7: Steady Height
    assert ctl.engine.orchards[0][STEADY] == [Card("red", 3, 3)]
    app.step([key(pygame.K_g), key(pygame.K_1), key(pygame.K_1)])  # seat 2: green h1 s1
    rect = next(r for r, n in app.view.targets if n == "batch:bad")
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=rect.centerx / 800, y=rect.centery / 480)])
    assert ctl.engine.orchards[1][BAD] == [Card("green", 1, 1)]
    app.step([key(pygame.K_u)])
    assert ctl.engine.orchards[1][BAD] == [] and ctl.stage() == "batch"


def test_the_shells_game_tab_reaches_draftcider(tmp_path):
    ctl, journal = open_session(load_dataset(), tmp_path, games=games())
    try:
        app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), clock=lambda: 0.0)
        while ctl.game != "draftcider":
            app.step([key(pygame.K_g)])
        app.step()
        assert isinstance(app.view, DraftCiderView)
    finally:
        journal.close()
