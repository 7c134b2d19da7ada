"""Start to first frame (issue 21, ``bench/bench_display.py``): the kiosk shows its first frame
before it makes what that frame does not need — the lid's ports, the games' workers, other
commands' modules — and a frame draws nothing that another covers whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from table import games as registry
from table.display import app as app_module

REPO = Path(__file__).resolve().parents[2]

DEFERRED = ("gpiozero", "serial", "importlib.metadata", "table.hardware.panel", "table.hardware.factory",
            "table.hardware.die_sensor", "table.hardware.mocks", "table.web", "table.bots.search",
            "table.games.applejack.view.workers", "table.commands.history", "table.commands.simulate",
            "table.commands.score", "table.commands.replay", "table.commands.check_data", "table.commands.hw_test",
            "table.commands.games", "table.commands.demo", "table.commands.run", "babel", "segno")
"""What the first frame of ``play`` must not wait for: the lid's GPIO and serial ports (made after
it; the pin map's TOML check alone runs when the arguments are read, so that a bad file is a usage
line), the phones' web bridge, the Applejack screen's hint and coach workers, every other command's
module, the version's package metadata (only ``--version``), the catalogues' tools."""

FIRST_FRAME_MODULES = """
import json, os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import table.display.app as app
real = app.first_frame

def spy(*args, **kwargs):  # the modules loaded when the first frame is on the screen, then stop
    real(*args, **kwargs)
    print(json.dumps(sorted(sys.modules)))
    sys.stdout.flush()
    os._exit(0)

app.first_frame = spy
from table.cli import main
main(["play", "--game", sys.argv[1], "--display", "window", "--pins", "mock", "--state-dir", tempfile.mkdtemp()])
"""


@pytest.mark.parametrize("key", ["applejack", "waldgaertner"])
def test_the_first_frame_loads_none_of_what_it_does_not_need(key: str) -> None:
    """Before: every command's module (``build_parser`` imported them all), ``importlib.metadata``
    (``--version``) and the pins' gpiozero were loaded before the first frame."""
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME_MODULES, key], cwd=REPO, capture_output=True,
                         text=True, timeout=120, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "pygame" in loaded and f"table.games.{key}" in loaded  # the spy saw the first frame
    early = sorted(m for m in loaded if any(m == d or m.startswith(d + ".") for d in DEFERRED))
    assert early == []


class Ports:
    """The lid's ports as ``run_app`` asks for them, noting when."""

    def __init__(self, order: list[str]) -> None:
        self.order = order

    def __call__(self) -> Any:
        from table.companion.hardware import make_hardware

        self.order.append("ports")
        return make_hardware("none", "off")


def test_the_first_frame_is_on_the_screen_before_the_ports_and_the_workers(monkeypatch, tmp_path) -> None:
    """``run_app`` flips the first frame (and tells systemd READY) before it makes the ports
    and the games' workers. Before: both were made first (the ports even before ``run_app``)."""
    from table.companion.session import open_session
    from tests.companion.test_result_sheet import DATA

    order: list[str] = []
    ctl, journal = open_session(DATA, tmp_path, games=registry.games(), game="applejack")
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (order.append("frame"), flip())[1])
    workers = app_module.screen_workers
    monkeypatch.setattr(app_module, "screen_workers", lambda games: (order.append("workers"), workers(games))[1])

    class Args:
        display, size, screenshot = "window", "480x320", tmp_path / "shot.png"

    try:
        assert app_module.run_app(ctl, Args(), games=registry.games(), hardware=Ports(order)) == 0
    finally:
        journal.close()
    assert order[:3] == ["frame", "ports", "workers"]
    assert (tmp_path / "shot.png").is_file()


def test_the_cli_builds_only_the_arguments_of_the_command_that_runs() -> None:
    """``play`` imports no other command's module; ``--help`` of the whole CLI still lists them all."""
    code = ("import sys; from table.cli import build_parser; build_parser('play'); "
            "import json; print(json.dumps(sorted(m for m in sys.modules if m.startswith('table.commands.'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == ["table.commands.inputs", "table.commands.play"]


def test_the_version_is_looked_up_only_when_asked() -> None:
    code = "import sys, table.cli; table.cli.build_parser(); print('importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- a frame draws nothing another covers whole ------------------------------------------------------
def _sample(key: str, name: str) -> Any:
    return registry.load_game(key).part("screens")()[name]()


@pytest.mark.parametrize("key", ["zankapfel", "draftcider", "waldgaertner"])
def test_a_waiting_announcement_covers_the_play_screen_which_is_not_drawn(key: str, monkeypatch,
                                                                         pygame_display: None) -> None:
    """The announcement's panel fills the screen: the play screen under it is not drawn (before,
    it was drawn every frame and painted over); without one it is."""
    ctl = _sample(key, "announce")
    view = registry.load_game(key).part("view")((800, 480))
    drawn: list[str] = []
    play = view.draw_play
    monkeypatch.setattr(view, "draw_play", lambda surf, c: (drawn.append("play"), play(surf, c))[1])
    surf = pygame.Surface((800, 480))
    app_module.draw_frame(view, surf, ctl, {g.key: g for g in registry.games()})
    assert drawn == [] and "confirm" in {name for _r, name in view.targets}
    while ctl.announcements.head is not None:
        ctl.do("ack")
    app_module.draw_frame(view, surf, ctl, {g.key: g for g in registry.games()})
    assert drawn == ["play"]


@pytest.mark.parametrize("key", ["applejack", "waldgaertner"])
def test_the_help_page_covers_the_game_which_is_not_drawn_and_asks_its_lines_once(key: str, monkeypatch,
                                                                                 pygame_display: None) -> None:
    """Before: the game's view was drawn under the help page, and the help's lines (a game's "Now:"
    question among them) were worked out twice a frame."""
    from table.display import help_view

    ctl = _sample(key, "help")
    view = registry.load_game(key).part("view")((800, 480))
    calls: list[str] = []
    draw = view.draw
    monkeypatch.setattr(view, "draw", lambda surf, c: (calls.append("view"), draw(surf, c))[1])
    lines = help_view.help_lines
    monkeypatch.setattr(help_view, "help_lines", lambda c: (calls.append("lines"), lines(c))[1])
    games = {g.key: g for g in registry.games()}
    surf = pygame.Surface((800, 480))
    app_module.draw_frame(view, surf, ctl, games, help_open=True)
    assert calls == ["lines"]
    assert {name for _r, name in view.targets} == {"help"}  # the page's Back: nothing of the game is touchable
    app_module.draw_frame(view, surf, ctl, games)
    assert calls == ["lines", "view"]


def test_a_line_and_a_paragraph_drawn_again_are_not_fitted_again(monkeypatch, pygame_display: None) -> None:
    """The toolkit fits a line (shrinks, cuts, squeezes) and breaks a paragraph once per words,
    size and box: the next frame only blits the fonts' images. Before: every frame measured the
    words again. Other words or another box are fitted anew."""
    from table.display.toolkit import BaseView

    view = BaseView((800, 480))
    view.drawn = []
    surf = pygame.Surface((800, 480))
    long = "a line far too long for the narrow box it is given on this screen " * 3
    measured: list[str] = []
    width = view.fonts.width
    monkeypatch.setattr(view.fonts, "width", lambda *a, **k: (measured.append(a[0]), width(*a, **k))[1])

    def frame(words: str, w: int) -> tuple[Any, ...]:
        view.new_frame()
        surf.fill((0, 0, 0))
        first = view.text(surf, words, 24, (10, 10), max_w=w)
        below = view.wrapped(surf, words, 24, (10, 60), w, max_lines=2)
        return first, below, pygame.image.tobytes(surf, "RGB"), [(d.text, d.clipped, d.px) for d in view.drawn]

    one = frame(long, 200)
    assert measured and one[3][0][1]  # fitted the first time: the line was cut
    measured.clear()
    assert frame(long, 200) == one and measured == []  # the same frame again: nothing measured
    other = frame(long, 300)
    assert measured and other[0].w > one[0].w  # another box: fitted anew
    measured.clear()
    assert frame("Short words", 300)[3][0] == ("Short words", False, 24)


@pytest.mark.parametrize(("key", "name"), [("applejack", "pad"), ("zankapfel", "roll"), ("draftcider", "batch"),
                                           ("waldgaertner", "play"), ("waldgaertner", "help")])
def test_a_screen_with_nothing_changed_draws_nothing(key: str, name: str, monkeypatch, pygame_display: None) -> None:
    """The app's loop body on each game's costliest screen (``bench_display``): the first step
    draws it, the next ones, with nothing changed, draw nothing (the bench's ``idle_frame_ms``
    rests on this; it held before this session too, the app drawing only when ``version`` moved)."""
    from table.display.app import App

    ctl = _sample(key, name)
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), clock=lambda: 0.0)
    app.help_open = name == "help"
    drawn: list[str] = []
    real = app_module.draw_frame
    monkeypatch.setattr(app_module, "draw_frame", lambda *a, **k: (drawn.append(name), real(*a, **k))[1])
    app.step()
    for _ in range(5):
        app.step()
    assert drawn == [name] and app.frames == 1
    ctl.version += 1  # something changed: drawn again, once
    app.step()
    app.step()
    assert drawn == [name, name]
