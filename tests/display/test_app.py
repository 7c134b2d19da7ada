"""The loop body: keys, touch and GPIO-queue inputs reach the controller once; LEDs follow;
frames are drawn only when something changed."""

import queue
from types import SimpleNamespace

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.display.app import App
from table.games.applejack.companion.api import Controller, LedState
from table.games.applejack.files import load_dataset
from table.games.applejack.keys import key_button
from tests.fakes import ManualClock

DATA = load_dataset()


pytestmark = pytest.mark.usefixtures("pygame_each")



def make_app(size=(800, 480)):
    ctl = Controller(DATA)
    leds = RecordingIndicators()
    inputs = queue.Queue()
    clock = ManualClock()
    app = App(ctl, pygame.Surface(size), games=registry.games(), indicators=leds, inputs=inputs, clock=clock)
    return app, ctl, leds, inputs, clock


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def centre_of(app, name):
    for rect, target in app.view.targets:
        if target == name:
            return rect.center
    raise AssertionError(f"no touch target {name}")


def test_redraws_only_when_something_changed():
    app, ctl, leds, *_ = make_app()
    app.step()
    assert app.frames == 1 and leds.current == LedState("chase")
    for _ in range(5):
        app.step()
    assert app.frames == 1
    app.step([key(pygame.K_2)])
    assert app.frames == 2 and ctl.setup.players == 2


def test_keys_play_a_turn():
    app, ctl, leds, *_ = make_app()
    app.step([key(pygame.K_RETURN)])
    assert ctl.mode == "play" and leds.current == LedState("open", (1, 2))
    app.step([key(pygame.K_2)])
    assert [str(a) for a in ctl.t.history] == ["take 2"]
    assert leds.current == LedState("off")  # harvest announced
    app.step([key(pygame.K_KP_ENTER)])
    assert leds.current == LedState("open", (2, 3))
    app.step([key(pygame.K_BACKSPACE)])
    assert ctl.t.history == []


def test_a_touch_is_handled_once_even_with_its_synthesized_mouse_click():
    app, ctl, *_ = make_app()
    app.step()
    x, y = centre_of(app, "trough3")  # "3 players"
    finger = pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, touch_id=1, finger_id=0)
    twin = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)
    app.step([finger, twin])
    assert ctl.setup.players == 3
    x, y = centre_of(app, "trough5")  # cottage toggles: a double handling would toggle it back
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, touch_id=1, finger_id=0),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)])
    assert ctl.setup.cottage
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False)])
    assert not ctl.setup.cottage  # a real mouse click counts


def test_gpio_queue_inputs_and_die_readings():
    app, ctl, _leds, inputs, _ = make_app()
    press = SimpleNamespace
    inputs.put(press(button="trough2", t=0.0))
    inputs.put(press(button="trough7", t=0.1))
    inputs.put(press(button="confirm", t=0.2))
    app.step()
    assert ctl.mode == "play" and ctl.setup.players == 2 and ctl.setup.sensor
    inputs.put(press(space=4, t=0.3))
    app.step()
    assert ctl.die_wrong() and ctl.t.state.die.space == 1
    inputs.put(press(state="disconnected", detail="unplugged", t=0.4))
    app.step()
    assert ctl.sensor_state == "disconnected"


def test_hints_expire_on_the_injected_clock():
    app, ctl, _, _, clock = make_app()
    app.step([key(pygame.K_RETURN)])
    app.step([key(pygame.K_5)])  # not an open trough
    assert ctl.refusal
    frames = app.frames
    clock.t += 1
    app.step()
    assert ctl.refusal and app.frames == frames
    clock.t += 4
    app.step()
    assert not ctl.refusal and app.frames == frames + 1


def test_digit_keys_type_on_the_score_pad():
    assert key_button(pygame.K_7, "play") == "trough7"
    assert key_button(pygame.K_8, "play") is None
    assert key_button(pygame.K_8, "pad") == "8"
    assert key_button(pygame.K_KP3, "pad") == "3"


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)])
def test_every_touch_target_of_the_turn_screen_works(size):
    app, ctl, *_ = make_app(size)
    ctl.do("start")
    app.step()
    names = {name for _, name in app.view.targets}
    assert {"trough1", "trough2", "blind"} <= names
    x, y = centre_of(app, "trough1")
    w, h = size
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, touch_id=1, finger_id=0)])
    assert [str(a) for a in ctl.t.history] == ["take 1"]


def test_systemd_ready_after_the_first_frame_and_watchdog_every_step():
    from table.companion.notifying import SafeNotifier

    calls = []

    class Fake:
        def ready(self):
            calls.append("ready")

        def watchdog(self):
            calls.append("watchdog")
            raise ConnectionRefusedError("systemd went away")

        def stopping(self):
            calls.append("stopping")

    ctl = Controller(DATA)
    app = App(ctl, pygame.Surface((480, 320)), games=registry.games(), notifier=SafeNotifier(Fake()))
    app.step()
    app.step([key(pygame.K_3)])
    app.step()
    assert calls == ["ready", "watchdog", "watchdog", "watchdog"]
    assert app.running and app.frames == 2


def test_sigterm_leaves_the_loop_cleanly(tmp_path):
    import os
    import signal
    import socket
    import subprocess
    import sys
    from pathlib import Path

    addr = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(addr)
    sock.settimeout(60)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "NOTIFY_SOCKET": addr}
    p = subprocess.Popen([sys.executable, "-m", "table", "play", "--display", "window", "--pins", "none",
                          "--state-dir", str(tmp_path / "s")], env=env, cwd=Path(__file__).parents[2],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert sock.recv(4096).startswith(b"READY=1")  # the first frame is up
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=30) == 0
        assert sock.recv(4096) == b"STOPPING=1"
    finally:
        p.kill()
        sock.close()


def typed(text):
    """KEYDOWN events for ``text`` as a keyboard gives them (the character in ``unicode``)."""
    return [pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(ch) if ch.isalnum() else 0, mod=0,
                               unicode=ch) for ch in text]


def test_colon_opens_a_command_line_for_what_buttons_cannot_say():
    from table.games.applejack.rules import actions as A
    app, ctl, leds, *_ = make_app()
    app.step(typed("t"))  # the setup screen: orchard tracking on
    assert ctl.setup.tracked and not ctl.setup.hints
    app.step(typed("h"))
    assert ctl.setup.hints == (0, 1)
    app.step([key(pygame.K_RETURN)])
    assert ctl.tracked is not None and leds.current == LedState("open", (1,))
    frames = app.frames
    app.step(typed(":draw 5"))
    assert app.entry == "draw 5" and app.frames > frames  # the entry is drawn as it is typed
    assert not ctl.tracked.state.history
    app.step([key(pygame.K_RETURN)])
    assert app.entry is None and ctl.tracked.state.history == [A.draw(5)]
    app.step([*typed(":draw 999"), key(pygame.K_RETURN)])
    assert "tile 999 does not exist" in ctl.refusal
    app.step([*typed(":draw 6"), key(pygame.K_BACKSPACE), key(pygame.K_ESCAPE)])
    assert app.entry is None and len(ctl.tracked.state.history) == 1


def test_hints_come_from_a_worker_and_a_stale_one_is_dropped():
    import random

    from table.games.applejack.companion.api import Setup
    from table.games.applejack.companion.hints import HintWorker
    from table.games.applejack.rules import actions as A
    from table.games.applejack.view.workers import ScreenHints
    from tests.fakes import ManualExecutor

    executor = ManualExecutor()
    ctl = Controller(DATA)
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), workers=[ScreenHints(HintWorker(executor))])
    ctl.setup = Setup(2, tracked=True, hints=(0,))
    ctl.do("start")
    rng = random.Random(3)
    while ctl.tracked.state.is_chance():
        ctl.do(f"draw {rng.choice(sorted(ctl.tracked.state.supply))}")
    app.step()
    assert len(executor.jobs) == 1  # asked off the UI thread; the frame is drawn without waiting
    frames = app.frames
    # the table moves on (another tile taken) before the worker is done
    ctl.do(A.to_text(ctl.tracked.state.legal_actions()[-2]))
    app.step()
    executor.run_all()
    app.step()
    assert ctl.advice is None  # the result came back for a position the table has left
    ctl.do("undo")
    app.step()
    assert len(executor.jobs) == 1
    executor.run_all()
    app.step()
    assert ctl.advice is not None and ctl.current_advice() == (ctl.advice, 0)
    assert app.frames > frames


def test_idle_only_on_the_setup_and_result_screens_and_only_without_people():
    from table.hardware.events import ButtonPress, DieReading

    app, ctl, _leds, inputs, clock = make_app()
    app.step()
    assert not app.idle(0)  # 0: never
    clock.advance(299)
    assert not app.idle(300)
    clock.advance(1)
    assert app.idle(300)
    app.step([key(pygame.K_2)])  # a key: someone is here
    assert not app.idle(300)
    clock.advance(300)
    inputs.put(DieReading(3, 0.0))  # the die sensor is not a person
    app.step()
    assert app.idle(300)
    inputs.put(ButtonPress("trough3", 0.0))  # a trough button is
    app.step()
    assert not app.idle(300)
    app.step([key(pygame.K_RETURN)])  # a game starts: never idle while it runs
    assert ctl.mode == "play"
    clock.advance(10_000)
    assert not app.idle(300)
