"""The attract mode's Zankapfel games: bots' moves entered into the companion, on its screen."""

import os
import subprocess
import sys

import pygame
import pytest

from table.companion.ports import RecordingIndicators
from table.display.demo import DONE, PLAY
from table.games.zankapfel.demo import ZankapfelDemoScreen, zankapfel_steps

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_a_whole_game_runs_to_its_end_with_the_lamps_following_the_seats():
    now = [0.0]
    leds = RecordingIndicators()
    screen = ZankapfelDemoScreen(pygame.Surface((480, 320)), zankapfel_steps(games=1, players=3, seed=4),
                                 pace=1.0, indicators=leds, clock=lambda: now[0])
    result = None
    while result is None:
        result = screen.step()
        now[0] += 10
    assert result == DONE and screen.games == 1
    kinds = {s.kind for s in leds.shown}
    assert {"open", "chase"} <= kinds  # whose turn during play, the chase at the result


def test_a_touch_hands_over_to_play():
    screen = ZankapfelDemoScreen(pygame.Surface((800, 480)), zankapfel_steps(games=0, seed=1), clock=lambda: 0.0)
    assert screen.step() is None and screen.frames == 1
    assert screen.step([pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5)]) == PLAY


def test_demo_command_prints_zankapfel_games_and_refuses_bad_arguments():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "zankapfel", "--text", "--games", "2",
                        "--seed", "3"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Game over") == 2 and r.stdout.count("New game of Zankapfel") == 2
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "zankapfel", "--text", "--players", "2"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and "3 to 6 players" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "zankapfel", "--text", "--bots", "clever"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and "random, greedy" in r.stderr


def test_a_mixed_demo_plays_one_game_of_each_in_turn():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "mixed", "--text", "--seed", "1"],
                       capture_output=True, text=True, env=env, timeout=180)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "GAME OVER" in out and "New game of Zankapfel" in out
    assert out.index("GAME OVER") < out.index("New game of Zankapfel")  # Applejack first, then Zankapfel
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "mixed", "--display", "window",
                        "--games", "2", "--pace", "0", "--pins", "none"], capture_output=True, text=True, env=env,
                       timeout=180)
    assert r.returncode == 0 and "Traceback" not in r.stderr
