"""The screen demo (attract mode): golden frames per layout, leaving on any input, the LEDs
mirroring the troughs, and memory that stays flat over whole games at pace 0."""

import gc
import queue
import tracemalloc
from pathlib import Path

import pygame
import pytest

from table.companion.ports import RecordingIndicators
from table.display.demo import DONE, PLAY, QUIT, draw_banner
from table.games.applejack.bots.demo import demo_steps
from table.games.applejack.companion.api import LedState
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.events import RefillNeeded, TileTaken
from table.games.applejack.view.demo import ApplejackDemoScreen, DemoView, dwell, leds_for
from table.hardware.events import ButtonPress
from tests.display.golden import SIZES, assert_matches_golden
from tests.fakes import ManualClock

DATA = load_dataset()


pytestmark = pytest.mark.usefixtures("pygame_each")



def mid_game(players):
    """A fixed mid-game step: the first take from a trough from turn 12 on (random bots: their
    choices do not change when the other bots are tuned)."""
    for step in demo_steps(DATA, games=1, players=players, seed=3, bots=["random"]):
        if step.state.turn >= 12 and any(isinstance(e, TileTaken) and e.source == "trough" for e in step.events):
            return step
    raise AssertionError("no take from a trough")


def make_screen(players=2, size=(800, 480), games=0, pace=1.0, seed=0):
    leds = RecordingIndicators(keep=16)
    inputs = queue.Queue()
    clock = ManualClock()
    steps = demo_steps(DATA, games=games, players=players, seed=seed, bots=["random"])
    screen = ApplejackDemoScreen(DATA, pygame.Surface(size), steps, pace=pace, indicators=leds, inputs=inputs,
                                 clock=clock)
    return screen, leds, inputs, clock


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4])
def test_demo_frame_matches_golden(players, size):
    actual = pygame.Surface(size)
    view = DemoView(size, DATA)
    view.draw_step(actual, mid_game(players))
    draw_banner(view, actual)  # every game's demo banner (DemoScreen draws it over each frame)
    assert_matches_golden(actual, f"demo-{players}p-{size[0]}x{size[1]}.png")


def test_steps_are_paced_by_the_clock_and_drawn_once():
    screen, _leds, _inputs, clock = make_screen(pace=1.0)
    assert screen.step() is None
    first = screen.current
    assert first is not None and first.action == "setup" and screen.frames == 1
    for _ in range(5):
        assert screen.step() is None
    assert screen.current is first and screen.frames == 1  # nothing changed: no redraw
    clock.t += dwell(first) * 1.0
    screen.step()
    assert screen.current is not first and screen.frames == 2


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


@pytest.mark.parametrize("event", [
    key(pygame.K_SPACE),
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1, touch=False),
    pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=0, touch_id=0),
], ids=["key", "mouse", "touch"])
def test_any_input_leaves_the_demo(event):
    screen, *_ = make_screen()
    assert screen.step() is None
    assert screen.step([event]) == PLAY


def test_a_touch_and_its_mouse_twin_leave_once():
    screen, *_ = make_screen()
    screen.step()
    twin = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1, touch=True)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=0, touch_id=0)
    assert screen.step([finger, twin]) == PLAY


def test_a_trough_button_leaves_the_demo_a_die_reading_does_not():
    screen, _leds, inputs, _clock = make_screen()
    screen.step()
    inputs.put(type("DieReading", (), {"space": 3})())
    assert screen.step() is None
    inputs.put(ButtonPress("trough4", 1.0))
    assert screen.step() == PLAY


def test_window_close_and_ctrl_q_quit():
    screen, *_ = make_screen()
    assert screen.step([pygame.event.Event(pygame.QUIT)]) == QUIT
    assert screen.step([key(pygame.K_q, pygame.KMOD_LCTRL)]) == QUIT


def test_leds_mirror_the_troughs_blink_the_refill_and_chase_between_games():
    screen, leds, _inputs, _clock = make_screen(players=2, games=2, pace=0)
    assert screen.step() is None
    assert leds.current == LedState("chase")  # the setup of a game
    seen_open = seen_refill = False
    chase_between = False
    while (result := screen.step()) is None:
        step = screen.current
        if step.seat is not None and not step.game_over and not any(
                isinstance(e, RefillNeeded) for e in step.events):
            assert leds.current == LedState("open", step.state.open_troughs())
            seen_open = True
        refill = next((e for e in step.events if isinstance(e, RefillNeeded)), None)
        if refill is not None and refill.order and not step.game_over:
            assert leds.current == LedState("refill", refill.order)
            seen_refill = True
        if step.game_over:
            assert leds.current == LedState("chase")
        if step.game == 2 and step.seat is None and step.state.turn == 0:
            chase_between = chase_between or leds.current == LedState("chase")
    assert result == DONE and screen.games == 2
    assert seen_open and seen_refill and chase_between
    assert len(leds.shown) <= 16  # the fake is trimmed: days of demo do not grow it


def test_leds_keep_blinking_the_refill_through_its_draws():
    before = LedState("refill", (3, 4))
    for step in demo_steps(DATA, games=1, players=2, bots=["random"]):
        if (step.seat is None and step.state.turn > 0 and not step.game_over and step.action != "setup"
                and not any(isinstance(e, RefillNeeded) for e in step.events)):
            assert leds_for(step, before) == before
            return
    raise AssertionError("no supply draw after the setup")


def test_every_layout_draws_every_kind_of_step():
    """Solo to 4 seats, announcements and final scoring, each layout: nothing raises and the
    frame is not blank."""
    for players in (1, 3):
        for step in demo_steps(DATA, games=1, players=players, seed=5, bots=["random"]):
            if step.game_over or step.action == "setup" or any(isinstance(e, RefillNeeded) for e in step.events):
                for size in SIZES:
                    surf = pygame.Surface(size)
                    DemoView(size, DATA).draw_step(surf, step)
                    assert surf.get_at((size[0] // 2, size[1] // 2)) is not None


def rss_kb():
    try:
        text = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def whole_games(screen, n):
    start = screen.games
    while screen.games < start + n:
        assert screen.step() is None


def test_rss_stays_flat_over_whole_games_at_pace_0():
    """Four-seat games (the biggest state) through the screen loop: after two warm-up games,
    three more must not grow the RSS by more than 4 MB (measured: under 0.1 MB; before the text
    cache was emptied per game it grew ~6 MB a game)."""
    screen, *_ = make_screen(players=4, games=0, pace=0)
    whole_games(screen, 2)
    gc.collect()
    rss0 = rss_kb()
    if rss0 is None:
        pytest.skip("no /proc/self/status")
    whole_games(screen, 3)
    gc.collect()
    rss1 = rss_kb()
    assert rss1 - rss0 < 4 * 1024, (rss0, rss1)
    assert screen.frames > 5 * 100


def test_python_heap_stays_flat_over_whole_games_at_pace_0():
    """tracemalloc between the ends of two games (after warm-up) must not grow by more than
    256 KB (measured: 40-60 KB of noise that does not add up)."""
    screen, *_ = make_screen(players=2, games=0, pace=0)
    whole_games(screen, 2)
    tracemalloc.start()
    try:
        whole_games(screen, 1)
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        whole_games(screen, 1)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert grown < 256 * 1024, grown


def test_a_first_step_still_being_thought_lights_and_draws_nothing_yet():
    """The bots think on a worker (``WAITING``): a frame before the first step is shown asked the
    lamps of nothing and raised (seen in ``demo --game mixed`` on a busy machine)."""
    from table.companion.demo_jobs import WAITING

    leds = RecordingIndicators(keep=16)
    clock = ManualClock()
    later = demo_steps(DATA, games=0, players=2, seed=0, bots=["random"])
    steps = iter([WAITING, WAITING, *[next(later) for _ in range(2)]])
    screen = ApplejackDemoScreen(DATA, pygame.Surface((480, 320)), steps, pace=1.0, indicators=leds,
                                 inputs=queue.Queue(), clock=clock)
    assert screen.step() is None and screen.shown() is None and screen.frames == 0
    clock.advance(5.0)
    assert screen.step() is None and screen.shown() is None
    clock.advance(5.0)
    assert screen.step() is None and screen.shown() is not None and screen.frames == 1
