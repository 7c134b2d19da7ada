"""``help`` in every game and mode (table/companion/help.py): what can be typed and pressed
now, from the game's buttons as data; text mode prints it, the screen's help button shows it."""

import io

import pygame
import pytest

from table.companion.buttontable import Says
from table.companion.help import buttons_now, help_lines
from table.companion.session import open_session
from table.companion.text import run_text
from table.display.app import App
from table.games import games, load_game
from tests.companion.test_result_sheet import DATA, GAMES, finished, script


def modes_of(tmp_path, key):
    """(mode, module) at each mode a game passes through: setup, play (or pad), result."""
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key)
    seen = {"setup": help_lines(ctl)}
    for line in script(key, ctl):
        ctl.do(line)
        if ctl.mode not in seen:
            seen[str(ctl.mode)] = help_lines(ctl)
            if ctl.mode in ("play", "pad"):
                for button, handler in buttons_now(ctl).items():  # derived: every fixed command is listed
                    if isinstance(handler, Says):
                        assert handler.command in "\n".join(seen[str(ctl.mode)]), (key, button)
    journal.close()
    return seen


@pytest.mark.parametrize("key", GAMES)
def test_help_in_every_mode_lists_what_can_be_pressed_now(tmp_path, key):
    seen = modes_of(tmp_path, key)
    assert {"setup", "play", "result"} <= set(seen) or {"setup", "pad", "result"} <= set(seen)
    for mode, lines in seen.items():
        text = "\n".join(lines)
        assert lines[0].startswith(f"Help — {load_game(key).title}, ") and "help (this list)" in lines[-1], (key, mode)
        assert "Press: " in text or "On the screen: " in text, (key, mode, text)
    assert "CONFIRM (start)" in "\n".join(seen["setup"])
    assert "qr (the QR code for BG Stats)" in "\n".join(seen["result"])


@pytest.mark.parametrize("key", GAMES)
def test_text_mode_answers_help_in_setup_play_and_result(tmp_path, key):
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key)
    lines = script(key, ctl)
    feed = ["help", *lines[:3], "help", *lines[3:], "help"]
    out = io.StringIO()
    run_text(ctl, feed, out)
    text = out.getvalue()
    assert text.count("Help — ") == 3 and "? 'help'" not in text and "not a" not in text.split("Help — ")[1][:40]
    assert ", result" in text.split("Help — ")[-1].splitlines()[0]
    journal.close()


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("key", GAMES)
def test_the_help_button_opens_the_same_lines_on_every_screen(tmp_path, key):
    ctl, journal = finished(tmp_path, key)
    surf = pygame.Surface((480, 320))
    app = App(ctl, surf, games=games(), clock=lambda: 0.0)
    app.step()
    assert "help" in {name for _r, name in app.view.targets}
    app.view.drawn = []
    app.press("help")
    app.step()
    assert app.help_open
    drawn = [d.text for d in app.view.drawn]
    assert help_lines(ctl)[0] in drawn
    app.press("confirm")  # any press closes the page, and only closes it
    app.step()
    assert not app.help_open and ctl.mode == "result"
    journal.close()


@pytest.mark.usefixtures("pygame_display")
def test_the_help_page_turns_its_pages_and_a_touch_anywhere_closes_it(tmp_path, monkeypatch):
    """A help longer than the 480×320 screen: More ▸ shows the lines the first page left out
    (nothing cut); a touch where there is no button (the page has no screen-wide target over its
    own buttons) closes it."""
    from table.display import help_view

    ctl, journal = finished(tmp_path, GAMES[0])
    long = [*help_lines(ctl), *(f"line {i}: what can be pressed now" for i in range(30))]
    monkeypatch.setattr(help_view, "help_lines", lambda _ctl: long)
    app = App(ctl, pygame.Surface((480, 320)), games=games(), clock=lambda: 0.0)
    app.step()
    app.press("help")
    app.view.drawn = []
    app.step()
    names = [name for _r, name in app.view.targets]
    assert names.count("help") == 1 and help_view.MORE in names  # Back, More: nothing over them
    shown = " ".join(d.text for d in app.view.drawn)  # a long line wraps: its pieces in turn
    while "line 29: what can be pressed now" not in shown:
        app.view.drawn = []
        app.press(help_view.MORE)
        app.step()
        assert app.help_open and app.help_page < 10
        shown += " " + " ".join(d.text for d in app.view.drawn)
    assert all(line in shown for line in long[1:])
    app.press(app.view.hit((240, 200)))  # no target there: closes all the same
    app.step()
    assert not app.help_open
    journal.close()


@pytest.mark.parametrize("key", GAMES)
def test_the_help_page_over_a_sample_screen_names_the_game_as_the_box_does(key):
    """The help page the samples draw (a bare companion, not the shell) says "Help — Draft Cider",
    never the registry's key."""
    from table.companion.help import help_lines

    ctl = load_game(key).part("screens")()["setup"]()
    assert help_lines(ctl)[0].startswith(f"Help — {load_game(key).title}, ")


def test_keys_are_listed_with_the_keys_and_only_touch_buttons_on_the_screen():
    """Issue 21: the help listed keys ("backspace", "escape", "tab" …) under "On the screen"; they
    belong with the keys, the screen's line holds only what is touched there."""
    keyboard = {"backspace", "space", "tab", "escape", "comma", "up", "down"}  # keys' names, not labels on screen
    seen_keys: set[str] = set()
    for game in games():
        if not game.has_part("screens"):
            continue
        for name, build in game.part("screens")().items():
            lines = help_lines(build())
            screen = next((ln for ln in lines if ln.startswith("On the screen: ")), "")
            touched = {w.strip() for w in screen.removeprefix("On the screen: ").split(",")}
            assert not touched & keyboard, (game.key, name, screen)
            keys = next((ln for ln in lines if ln.startswith("Keys: ")), "")
            seen_keys |= {w.strip() for w in keys.removeprefix("Keys: ").split(",")}
    assert {"backspace", "escape", "tab", "comma"} <= seen_keys  # Applejack's score pad, Waldgärtner's card ids
