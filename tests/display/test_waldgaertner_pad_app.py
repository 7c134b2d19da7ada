"""Waldgärtner's end-only score pad in the window (issue 20): a whole pad entered through
``App.step`` with the lid's buttons only, and with touches only, scored like ``score --game
waldgaertner`` scores the same pad file, on the shared result screen, and kept in the history."""

import queue

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.display.app import App
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.naming import guide_options, guide_pick, plant_key
from table.games.waldgaertner.pad import score_pad
from table.games.waldgaertner.rules.cards import Card
from table.hardware.events import ButtonPress
from table.history.readers import Readers
from tests.display.input_events import touch

pytestmark = pytest.mark.usefixtures("pygame_each")


def make_app(size: tuple[int, int] = (800, 480)) -> tuple[App, queue.Queue, RecordingIndicators]:
    inputs: queue.Queue = queue.Queue()
    leds = RecordingIndicators()
    app = App(WaldgaertnerCompanion(), pygame.Surface(size), games=registry.games(), indicators=leds, inputs=inputs)
    app.view.drawn = []  # the lines drawn recorded (what the screen shows)
    app.step()
    return app, inputs, leds


def shown(app: App) -> str:
    assert app.view.drawn is not None
    return " ".join(d.text for d in app.view.drawn)


def card(ctl: WaldgaertnerCompanion, latin: str, sex: str = "both") -> Card:
    return next(c for c in ctl.cards.cards if c.name == latin and c.sex == sex)


def guided(ctl: WaldgaertnerCompanion, plant: Card) -> list[int]:
    """The trough buttons that name ``plant`` by the guided choice (size, continent, colour, plant)."""
    wanted = {str(plant.size), plant.continent, plant.flower, plant_key(plant)}
    picked: tuple[str, ...] = ()
    path: list[int] = []
    while True:
        _q, options = guide_options(ctl.pad.pool, picked)
        k = next(i for i, (_label, value) in enumerate(options) if value in wanted)
        path.append(k + 1)
        picked, chosen = guide_pick(ctl.pad.pool, picked, k + 1)
        if chosen:
            assert chosen == plant_key(plant)
            return path


def press(app: App, inputs: queue.Queue, *buttons: str) -> None:
    for b in buttons:
        inputs.put(ButtonPress(b, 0.0))
        app.step()


def test_a_whole_pad_on_the_lids_buttons():
    app, inputs, leds = make_app()
    ctl = app.ctl
    press(app, inputs, "blind")  # the setup screen: BLIND switches to the end-only score pad
    assert ctl.setup.pad and "End only: score pad" in shown(app)
    press(app, inputs, "confirm")
    assert ctl.mode == "pad" and ctl.stage() == "garden" and "Score pad · Seat 1 (1/2) · garden" in shown(app)
    crab, hazel, plum = card(ctl, "Malus sylvestris"), card(ctl, "Corylus avellana"), card(ctl, "Prunus domestica")
    assert leds.current.kind == "open" and len(leds.current.troughs) >= 2  # the guided choice's options lit
    for plant in (crab, plum, hazel):
        press(app, inputs, *(f"trough{t}" for t in guided(ctl, plant)))
    press(app, inputs, f"trough{guided(ctl, crab)[0]}", "undo")  # a step of the guided choice taken back
    assert ctl.guide == () and [c.name for c in ctl.pad.now.garden] == [crab.name, plum.name, hazel.name]
    assert "Crab apple · small tree" in shown(app)
    press(app, inputs, "confirm")  # the garden entered: its partner bonuses
    assert ctl.stage() == "partners" and "partner bonuses" in shown(app)
    press(app, inputs, "confirm", "trough1", "trough1", "trough2", "trough1", "trough3")  # 2 light, 1 dark
    assert ctl.stage() == "cubes" and "2 light + 1 dark = 4" in shown(app)
    assert leds.current.troughs == (1, 2, 3, 4)
    press(app, inputs, "confirm")  # the second player
    assert ctl.seat() == 1 and ctl.stage() == "garden"
    pear = card(ctl, "Pyrus pyraster")
    press(app, inputs, *(f"trough{t}" for t in guided(ctl, pear)), "confirm", "confirm", "trough2", "trough2")
    press(app, inputs, "undo")  # the last cube taken back
    assert (ctl.pad.now.light, ctl.pad.now.dark) == (0, 1)
    press(app, inputs, "confirm")
    assert ctl.mode == "result" and "Waldgärtner: final scoring" in shown(app)
    expected = score_pad({"players": [
        {"name": "Ada", "garden": ["Malus sylvestris", "Prunus domestica", "Corylus avellana"], "cubes": 4},
        {"name": "Ben", "garden": ["wild pear"], "cubes": {"dark": 1}}]}, ctl.cards)
    sheet = ctl.result_sheet()
    assert [s.total for s in sheet.seats] == [s.total for s in expected]
    assert [s.winner for s in sheet.seats] == [True, False]
    game = Readers(registry.games()).read(ctl.record)  # the history keeps it
    assert game.game == "waldgaertner" and [b.total for b in game.breakdowns] == [s.total for s in expected]
    press(app, inputs, "confirm")  # New game
    assert ctl.mode == "setup"


def tap(app: App, name: str) -> None:
    """Touch ``name``; on the 3.5" screen first **More ▸** (the page target) until its page shows."""
    from table.display.toolkit import PAGE

    for _turn in range(app.view.pages(app.ctl)):
        if any(n == name for _r, n in app.view.targets):
            break
        app.step([touch(app, PAGE)])
    app.step([touch(app, name)])


def test_a_whole_pad_by_touch_with_the_tasks_at_the_smallest_screen():
    app, _inputs, _leds = make_app((480, 320))
    ctl = app.ctl
    for target in ("players:3", "padmode", "tasks"):
        tap(app, target)
    assert ctl.setup.players == 3 and ctl.setup.pad and ctl.setup.tasks
    tap(app, "confirm")
    assert ctl.mode == "pad"
    gardens = [[card(ctl, "Caragana arborescens"), card(ctl, "Malus domestica")], [card(ctl, "Pyrus pyrifolia")], []]
    for seat, garden in enumerate(gardens):
        assert ctl.seat() == seat
        for plant in garden:
            for t in guided(ctl, plant):
                tap(app, f"trough{t}")
        for _step in ("garden", "partners"):
            tap(app, "confirm")
        assert ctl.stage() == "cubes" and "+ light" in shown(app)
        for _cube in range(seat + 1):  # seat + 1 light cubes
            tap(app, "trough1")
        tap(app, "confirm")
        assert ctl.stage() == "task"
        tap(app, "trough7")  # more ▸: tasks 7-9
        assert "7 most cross-pollinators" in shown(app)
        tap(app, "trough7")  # back to 1-6
        tap(app, "trough5")  # the nitrogen fixers
        assert ctl.pad.now.task == 5 and "most nitrogen fixers" in shown(app)
        tap(app, "confirm")
    assert ctl.mode == "result"
    expected = score_pad({"players": [
        {"name": "A", "garden": ["Caragana arborescens", "apple"], "cubes": 1, "task": "most nitrogen fixers"},
        {"name": "B", "garden": ["Pyrus pyrifolia"], "cubes": 2, "task": "most nitrogen fixers"},
        {"name": "C", "garden": [], "cubes": 3, "task": "most nitrogen fixers"}]}, ctl.cards)
    assert [s.total for s in ctl.result_sheet().seats] == [s.total for s in expected]
    assert expected[0].task == 10  # the one nitrogen fixer: strictly the most
    assert "History" in shown(app) and "New game" in shown(app)


def test_a_typed_name_several_plants_share_lists_them_to_touch():
    from tests.display.input_events import key

    app, _inputs, _leds = make_app()
    ctl = app.ctl
    ctl.do("setup players=2 pad=end")
    ctl.do("start")
    app.step()
    typed = [key(pygame.K_COLON, ":"), *(key(0, ch) for ch in "kiwi berry"), key(pygame.K_RETURN)]
    app.step(typed)
    assert "which one?" in ctl.refusal and ctl.pad.now.garden == []
    female = card(ctl, "Actinidia arguta", "female")
    assert "Kiwi berry ♀" in shown(app) and "Kiwi berry ♂" in shown(app)
    app.step([touch(app, f"cmd:add {female.id}")])
    assert ctl.pad.now.garden == [female] and ctl.pad.candidates == []
    app.step(typed)
    app.step([key(pygame.K_u)])  # UNDO: the candidates go, the garden stays
    assert ctl.pad.candidates == [] and ctl.pad.now.garden == [female]
