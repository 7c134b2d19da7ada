"""The module games' kiosk demos with the bots thinking off the UI thread (companion/demo_jobs.py)."""

import functools
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import islice

import pygame
import pytest

from table.commands import attract
from table.companion.botworker import BotWorker
from table.companion.demo_jobs import DEMO_BOTS, WAITING, worked_steps
from table.display.demo import DONE, PLAY
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.demo import demo_lines as cider_lines
from table.games.draftcider.demo import draftcider_steps
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.demo import ZankapfelDemoScreen
from table.games.zankapfel.demo import demo_lines as zank_lines

pytestmark = pytest.mark.usefixtures("pygame_each")


def _thread_worker() -> BotWorker:
    return BotWorker(ThreadPoolExecutor(max_workers=1))


def test_frames_are_drawn_and_touches_handled_while_a_slow_bot_thinks():
    release, started, finished = threading.Event(), threading.Event(), threading.Event()

    def slow_lines(players: int, seed: int) -> list[str]:  # a bot that takes as long as the test says
        started.set()
        release.wait(60)
        finished.set()
        return zank_lines(players, seed, ("greedy",))

    now = [0.0]
    steps = worked_steps(lambda n: ZankapfelCompanion(), slow_lines, games=1, players=3, seed=4, seats=(3,),
                         worker=_thread_worker())
    screen = ZankapfelDemoScreen(pygame.Surface((800, 480)), steps, pace=1.0, clock=lambda: now[0])
    assert screen.step() is None and screen.frames == 1 and screen.current.mode == "setup"
    assert started.wait(30)
    for _ in range(20):  # the bot still thinks: the loop goes on, nothing blocks
        now[0] += 1.0
        assert screen.step() is None
    assert not finished.is_set()
    assert screen.step([pygame.event.Event(pygame.WINDOWEXPOSED)]) is None
    assert screen.frames == 2  # a frame drawn while the move is computed
    assert screen.step([pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5)]) == PLAY  # a touch is handled
    assert not finished.is_set()
    release.set()
    result = None
    while result is None:  # the game's lines arrive and are shown to the end
        now[0] += 10
        result = screen.step()
    assert result == DONE and screen.games == 1 and finished.is_set()
    screen.close()


def _shown(steps) -> list[str]:
    """What each step showed: the mode and the last command entered, game after game."""
    out = []
    for ctl in steps:
        if ctl is WAITING:
            continue
        out.append(f"{ctl.mode} {ctl.cmds[-1] if getattr(ctl, 'cmds', None) else ''}")
    return out


def test_a_seed_gives_the_same_strong_demo_game_with_the_worker_as_without():
    inline = _shown(draftcider_steps(games=1, players=2, seed=5, bots=DEMO_BOTS))
    worked = _shown(draftcider_steps(games=1, players=2, seed=5, bots=DEMO_BOTS, worker=_thread_worker()))
    assert worked[-1].startswith("result") and len(inline) > 20
    assert [s for s in worked if not s.startswith("setup ")] == [s for s in inline if not s.startswith("setup ")]
    assert worked[1:] == inline or worked == inline  # at most the setup screen shown once more while thinking


def test_the_next_game_is_computed_while_one_is_shown_and_closing_ends_the_worker():
    asked = []

    def lines(players: int, seed: int) -> list[str]:
        asked.append(seed)
        return cider_lines(players, seed, ("greedy",))

    worker = _thread_worker()
    steps = worked_steps(lambda n: DraftCiderCompanion(), lines, games=3, players=2, seed=10, seats=(2,),
                         worker=worker)
    next(c for c in steps if c is not WAITING and c.mode == "result")  # game 1 is shown to its end
    assert 11 in asked or worker.asked(("demo", 11, 0))  # game 2 is asked for while game 1 is shown
    steps.close()
    assert worker.executor._shutdown  # the generator's end stops its worker


def test_the_kiosk_screen_demo_plays_the_strong_bots_with_a_worker(monkeypatch):
    monkeypatch.setattr("signal.signal", lambda *a: None)
    seen = {}

    def steps(**kw):
        seen.update(kw)
        return iter(())

    monkeypatch.setattr("table.games.zankapfel.demo.zankapfel_steps", steps)
    monkeypatch.setattr("table.companion.demo_jobs.process_worker", _thread_worker)
    args = attract.build_args(["--game", "zankapfel", "--display", "window", "--games", "1", "--pace", "0",
                               "--pins", "none"])
    assert attract.run_screen(None, args, None) == 0
    assert seen["bots"] == ("strong",) and isinstance(seen["worker"], BotWorker)


def test_the_demo_s_lines_job_pickles_for_the_worker_process():
    import pickle

    job = functools.partial(functools.partial(zank_lines, bots=DEMO_BOTS), 3, 4)
    back = pickle.loads(pickle.dumps(job))
    assert back.func is zank_lines and back.args == (3, 4) and back.keywords == {"bots": DEMO_BOTS}


def test_the_kiosk_s_process_worker_gives_the_same_game_and_closing_ends_its_process():
    from table.companion.demo_jobs import process_worker
    from table.games.zankapfel.demo import zankapfel_steps

    inline = _shown(zankapfel_steps(games=1, players=3, seed=2, bots=("greedy",)))
    worker = process_worker()
    steps = zankapfel_steps(games=2, players=3, seed=2, bots=("greedy",), worker=worker)
    worked = _shown(islice((c for c in steps if c is not WAITING), len(inline) + 1))  # the first game
    processes = list(worker.executor._processes.values())
    manager = worker.executor._executor_manager_thread
    assert processes and all(p.is_alive() for p in processes) and manager.is_alive()
    assert [s for s in worked if not s.startswith("setup ")] == [s for s in inline if not s.startswith("setup ")]
    steps.close()  # someone wants to play: the process thinking ahead is ended
    # and the pool's manager thread has ended with it: Python 3.11's exit hook, unlocked, wrote to
    # the pipe a thread still ending was closing ("Bad file descriptor" after a mixed demo)
    assert not manager.is_alive()
    # the executor's own thread joins the same processes: one join reaps a process and the other
    # may see it alive a moment longer, so the check is repeated until a deadline
    deadline = time.monotonic() + 10
    while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
        for p in processes:
            p.join(0.05)
    assert not any(p.is_alive() for p in processes)


def test_applejack_s_demo_steps_computed_ahead_are_the_same_strong_game_and_a_slow_bot_blocks_no_frame():
    from table.companion.demo_jobs import ahead_steps
    from table.games.applejack.bots.demo import demo_steps
    from table.games.applejack.files import load_dataset
    from table.games.applejack.view.demo import ApplejackDemoScreen

    data = load_dataset()
    make = functools.partial(demo_steps, data, games=1, players=2, seed=3, every_seat="strong", strong={})
    inline = [(s.seat, s.action) for s in make()]
    ahead = [(s.seat, s.action) for s in ahead_steps(make) if s is not WAITING]
    assert ahead == inline and len(inline) > 40

    release = threading.Event()

    def slow():  # the first bot thinks until the test lets it
        steps = make()
        yield next(steps)  # the setup
        release.wait(60)
        yield from steps

    now = [0.0]
    screen = ApplejackDemoScreen(data, pygame.Surface((800, 480)), ahead_steps(slow), pace=1.0,
                                 clock=lambda: now[0])
    while screen.current is None:
        assert screen.step() is None
    drawn = screen.frames
    for _ in range(10):
        now[0] += 1.0
        assert screen.step() is None
    assert screen.step([pygame.event.Event(pygame.WINDOWEXPOSED)]) is None and screen.frames == drawn + 1
    assert screen.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)]) == PLAY
    release.set()
    screen.close()
