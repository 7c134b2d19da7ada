"""Whole games driven by button presses through the input queue, as the GPIO panel delivers
them: after every press the LEDs, the screen's touch targets and the announcements are checked."""

import queue
import random
from dataclasses import dataclass

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.display.app import App
from table.games.applejack.companion.api import Controller, LedState
from table.games.applejack.files import load_dataset

DATA = load_dataset()


@dataclass(frozen=True)
class ButtonPress:  # the hardware layer's event shape
    button: str
    t: float


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def press(app, inputs, button):
    inputs.put(ButtonPress(button, 0.0))
    app.step()


@pytest.mark.parametrize(("players", "cottage", "seed"), [(1, False, 1), (2, True, 2), (3, False, 3), (4, True, 4)])
def test_a_whole_game_by_buttons(players, cottage, seed):
    rng = random.Random(seed)
    ctl = Controller(DATA)
    leds = RecordingIndicators()
    inputs = queue.Queue()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=leds, inputs=inputs)
    app.step()
    assert leds.current == LedState("chase")
    press(app, inputs, f"trough{players}")
    if cottage:
        press(app, inputs, "trough5")
    press(app, inputs, "confirm")
    assert ctl.mode == "play"
    announced = []
    turns = 0
    while ctl.mode == "play":
        t = ctl.t
        if ctl.queued:
            a = ctl.queued[0]
            announced.append(a.kind)
            if a.kind == "refill":
                assert leds.current == LedState("refill", a.troughs)
                assert a.troughs[0] == t.open_troughs()[1]
            else:
                assert leds.current == LedState("off")
            assert "confirm" in {name for _, name in app.view.targets}
            press(app, inputs, "confirm")
            continue
        if t.is_terminal():
            press(app, inputs, "confirm")
            continue
        legal = t.legal_actions()
        lit = tuple(a.a for a in legal if a.kind in ("take", "stock"))
        assert leds.current == LedState("open", lit)
        targets = {name for _, name in app.view.targets}
        assert {f"trough{n}" for n in t.open_troughs()} <= targets
        action = rng.choice(legal)
        before = len(t.history)
        if action.kind in ("take", "stock"):
            press(app, inputs, f"trough{action.a}")
        elif action.kind in ("blind", "stock-supply"):
            press(app, inputs, "blind")
        elif action.kind in ("cottage", "middle"):
            press(app, inputs, "confirm")
        assert len(t.history) == before + 1, ctl.refusal
        assert str(t.history[-1]) == str(action)
        turns += 1
        if rng.random() < 0.05:  # a wrong press: refused, nothing changes, the screen says why
            press(app, inputs, "undo")
            assert len(t.history) == before
            app.step()
            press(app, inputs, f"trough{action.a}" if action.kind in ("take", "stock") else
                  ("blind" if action.kind in ("blind", "stock-supply") else "confirm"))
    assert ctl.mode == "pad"
    assert "harvest" in announced and "end" in announced
    assert ("blossom" in announced) == (players > 1)
    assert ("middle" in announced) == (players == 1)
    # the score pad by keys: one brown area of 6 apples for the first seat, then score
    for k in ("6", "confirm"):
        press(app, inputs, k)
    press(app, inputs, "done")
    if players > 1:  # the other seats have nothing entered: asked once (issue 20), done again scores
        assert ctl.mode == "pad" and "nothing entered — score 0" in ctl.pad_warnings()[0]
        press(app, inputs, "done")
    assert ctl.mode == "result" and ctl.results[0].harvest == 3
    assert leds.current == LedState("chase")
    press(app, inputs, "confirm")
    assert ctl.mode == "setup"
