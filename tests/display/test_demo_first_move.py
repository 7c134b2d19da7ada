"""The kiosk demo of a module game starts at once (companion/demo_jobs.py): its lines come from the
worker a line at a time, so the first move shows while the bots still think about the later ones."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pygame
import pytest

from table.companion.botworker import BotWorker
from table.companion.demo_jobs import WAITING
from table.display.demo import DONE
from table.games.zankapfel.demo import ZankapfelDemoScreen, zankapfel_steps

pytestmark = pytest.mark.usefixtures("pygame_each")


def _thread_worker() -> BotWorker:
    return BotWorker(ThreadPoolExecutor(max_workers=1))


def test_the_first_move_shows_within_a_few_frames_while_a_slow_bot_still_thinks(monkeypatch):
    from table.games.zankapfel import script
    from table.games.zankapfel.bots import make_bot

    release, decided = threading.Event(), []

    class Slow:  # the greedy bot, stuck on its third decision of the game until the test lets it go
        def __init__(self, name, rng):
            self.bot = make_bot("greedy", rng)

        def choose(self, state):
            decided.append(1)
            if len(decided) == 3:
                release.wait(60)
            return self.bot.choose(state)

    monkeypatch.setattr(script, "make_bot", Slow)
    now = [0.0]
    steps = zankapfel_steps(games=1, players=3, seed=4, bots=("greedy",), worker=_thread_worker())
    screen = ZankapfelDemoScreen(pygame.Surface((800, 480)), steps, pace=1.0, clock=lambda: now[0])
    frames = 0
    try:
        while not (screen.current is not None and screen.current.mode == "play" and decided):
            assert frames < 2000, "the first move never showed: the demo waits for the whole game"
            now[0] += 3.0  # each line's time is up at once
            assert screen.step() is None
            frames += 1
            threading.Event().wait(0.002)  # the worker's thread gets its turn
        assert not release.is_set() and len(decided) <= 3  # shown while the bots are still stuck
    finally:
        release.set()
    result = None
    while result is None:  # released: the game goes on to its end
        now[0] += 10
        result = screen.step()
        threading.Event().wait(0.001)
    assert result == DONE and screen.games == 1
    screen.close()


def _shown(steps) -> list[str]:
    return [f"{c.mode} {c.cmds[-1] if c.cmds else ''}" for c in steps if c is not WAITING]


def test_a_seed_gives_the_same_games_line_by_line_as_all_at_once():
    inline = _shown(zankapfel_steps(games=2, players=3, seed=7, bots=("greedy",)))
    worked = _shown(zankapfel_steps(games=2, players=3, seed=7, bots=("greedy",), worker=_thread_worker()))
    assert [s for s in worked if not s.startswith("setup ")] == [s for s in inline if not s.startswith("setup ")]
    assert sum(s.startswith("result") for s in worked) >= 2 and len(inline) > 40
