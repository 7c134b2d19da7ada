"""Waldgärtner's additional tasks shown after the last round on the lid's buttons and by touch,
through ``App.step`` (issue 20: the variant worked typed only)."""

import queue

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.display.app import App
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.script import table_script
from table.games.waldgaertner.setup import WSetup
from table.hardware.events import ButtonPress
from tests.display.input_events import touch

pytestmark = pytest.mark.usefixtures("pygame_each")


def at_the_tasks() -> tuple[App, queue.Queue, RecordingIndicators]:
    """A 3-player game with the additional tasks played to its end, the tasks to be shown."""
    script, _final = table_script(3, 4)
    ctl = WaldgaertnerCompanion()
    ctl.do(WSetup(3, tasks=True).text())
    ctl.do("start")
    for line in script[2:]:
        ctl.do(line)
    assert ctl.mode == "play" and ctl.stage() == "over" and "Seat 1 shows their task card" in ctl.ask()
    inputs: queue.Queue = queue.Queue()
    leds = RecordingIndicators()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=leds, inputs=inputs)
    app.view.drawn = []  # the lines drawn recorded (what the screen shows)
    app.step()
    return app, inputs, leds


def shown(app: App) -> str:
    assert app.view.drawn is not None
    return " ".join(d.text for d in app.view.drawn)


def test_the_tasks_are_shown_on_the_lids_buttons():
    app, inputs, leds = at_the_tasks()
    ctl = app.ctl
    assert leds.current.kind == "open" and leds.current.troughs == (1, 2, 3, 4, 5, 6, 7)
    inputs.put(ButtonPress("trough5", 0.0))  # seat 1: task 5, nitrogen fixers
    app.step()
    assert ctl.cmds[-1] == "task 5" and "Seat 2 shows" in ctl.ask()
    inputs.put(ButtonPress("trough7", 0.0))  # more ▸: tasks 7-9 on buttons 1-3
    app.step()
    assert leds.current.troughs == (1, 2, 3, 7) and "9 most stone fruits" in shown(app)
    inputs.put(ButtonPress("trough2", 0.0))  # seat 2: task 8
    app.step()
    assert ctl.cmds[-1] == "task 8"
    inputs.put(ButtonPress("trough7", 0.0))
    inputs.put(ButtonPress("undo", 0.0))  # UNDO turns back to the first tasks, nothing undone
    inputs.put(ButtonPress("trough1", 0.0))
    app.step()
    assert ctl.cmds[-1] == "task 1" and ctl.mode == "result"
    assert [ctl.state.task(s) for s in range(3)] == [4, 7, 0]


def test_the_tasks_are_shown_by_touch():
    app, _inputs, _leds = at_the_tasks()
    ctl = app.ctl
    assert "1 most large and medium trees" in shown(app) and "more ▸" in shown(app)
    app.step([touch(app, "trough3")])
    assert ctl.cmds[-1] == "task 3"
    app.step([touch(app, "trough7")])  # more ▸
    assert "7 most cross-pollinators" in shown(app)
    app.step([touch(app, "trough1")])
    assert ctl.cmds[-1] == "task 7"
    app.step([touch(app, "trough6")])
    assert ctl.mode == "result" and [ctl.state.task(s) for s in range(3)] == [2, 6, 5]
