"""The attract mode's Waldgärtner games: bots' moves entered into the companion, on its screen."""

import subprocess
import sys

import pygame
import pytest

from table.companion.ports import RecordingIndicators
from table.display.demo import DONE, PLAY
from table.games.waldgaertner.demo import WaldgaertnerDemoScreen, waldgaertner_steps

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_a_whole_game_runs_to_its_end_with_the_lamps_following_the_decks():
    now = [0.0]
    leds = RecordingIndicators(keep=100000)
    screen = WaldgaertnerDemoScreen(pygame.Surface((480, 320)), waldgaertner_steps(games=1, players=7, seed=4),
                                    pace=1.0, indicators=leds, clock=lambda: now[0])
    result = None
    while result is None:
        result = screen.step()
        now[0] += 10
    assert result == DONE and screen.games == 1
    kinds = {s.kind for s in leds.shown}
    assert {"open", "chase"} <= kinds
    assert any(s.kind == "open" and 7 in s.troughs for s in leds.shown)  # the special action's lamp


def test_a_touch_hands_over_to_play():
    screen = WaldgaertnerDemoScreen(pygame.Surface((800, 480)), waldgaertner_steps(games=0, seed=1),
                                    clock=lambda: 0.0)
    assert screen.step() is None and screen.frames == 1
    assert screen.step([pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5)]) == PLAY


def test_demo_command_prints_waldgaertner_games_and_refuses_bad_arguments():
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "waldgaertner", "--text", "--players",
                        "2", "--seed", "3"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "New game of Waldgärtner: 2 players" in r.stdout and "Game over:" in r.stdout
    r = subprocess.run([sys.executable, "-m", "table.cli", "demo", "--game", "waldgaertner", "--text", "--bots",
                        "clever"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
