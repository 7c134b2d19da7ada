"""The window's side of named players: touch a seat, type on the letter keyboard or a real one,
the history with key H; the game tab and the game keys stay away while a name is typed."""

import queue

import pygame
import pytest

from table.companion.players import NoBook
from table.companion.ports import RecordingIndicators
from table.companion.shell import Shell
from table.display.app import App
from table.display.toolkit import PAGE
from table.games import games, load_game
from table.games.applejack.files import load_dataset
from tests.display.input_events import touch
from tests.fakes import ManualClock

DATA = load_dataset()


pytestmark = pytest.mark.usefixtures("pygame_each")


def make_app(size=(480, 320), known=()):
    def make(key):
        from table.companion.session import make_companion

        module = make_companion(load_game(key), DATA)
        module.book = NoBook(list(known))
        return module

    ctl = Shell(make("applejack"), make, games=games())
    app = App(ctl, pygame.Surface(size), games=games(), indicators=RecordingIndicators(), inputs=queue.Queue(),
              clock=ManualClock())
    return app, ctl


def key(k, char=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char)


def typed(text):
    return [key(pygame.key.key_code(ch) if ch.isascii() and ch.isalnum() else 0, ch) for ch in text]


def test_touch_a_seat_type_a_name_on_the_screen_and_on_a_keyboard():
    app, ctl = make_app()
    app.step()
    app.step([touch(app, "name0")])  # nobody known: New… at once
    assert ctl.keyboard is not None and ctl.game == "applejack"
    app.step([touch(app, "kb:G")])
    app.step(typed("ög"))  # g goes into the name, it does not switch the game
    assert ctl.keyboard.text == "Gög" and ctl.game == "applejack"
    app.step([key(pygame.K_BACKSPACE), *typed("g :1"), key(pygame.K_RETURN)])
    assert ctl.keyboard is None and ctl.seat_names() == ("Gög :1", None)
    assert app.entry is None  # ":" was a letter of the name, not the command line


def test_escape_cancels_and_the_game_tab_waits():
    app, ctl = make_app(known=["Ada"])
    app.step()
    app.step([touch(app, "name1")])
    assert ctl.seat_names() == (None, "Ada")
    app.step([touch(app, "name1")])  # New…
    assert ctl.keyboard is not None
    assert "game" not in [n for _r, n in app.view.targets]  # the game tab is not drawn over the keyboard
    app.step([*typed("Bo"), key(pygame.K_ESCAPE)])
    assert ctl.keyboard is None and ctl.seat_names() == (None, None) and ctl.mode == "setup"
    app.step([key(pygame.K_RETURN)])  # now enter starts the game
    assert ctl.mode == "play"


def test_key_H_opens_the_history_and_h_still_asks_for_hints():
    app, ctl = make_app()
    app.step()
    app.step(typed("h"))
    assert ctl.setup.hints == (0, 1) and ctl.history is None
    app.step(typed("H"))
    assert ctl.history is not None
    app.step([key(pygame.K_g, "g")])
    assert ctl.game == "applejack" and ctl.history is not None  # swallowed while the history is up
    app.step([key(pygame.K_ESCAPE)])
    assert ctl.history is None
    if "history" not in {n for _r, n in app.view.targets}:  # the 3.5" HAT: on the second setup page
        app.step([touch(app, PAGE)])
    app.step([touch(app, "history")])
    assert ctl.history is not None
    app.step([touch(app, "hist:back")])
    assert ctl.history is None
