"""Waldgärtner's play screen asks the game once per change (issue 21, ``asked.py``): the cards the
table has seen (a scan of every event) and the guided choice's step. Before: five scans and two
guided steps every frame, the same again at each redraw."""

from __future__ import annotations

import sys
from typing import Any

import pygame
import pytest

from table import games as registry
from table.display.app import draw_frame
from table.games.waldgaertner import asked, hidden, naming

pytestmark = pytest.mark.usefixtures("pygame_display")


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every scan of the events for the cards seen and every guided step worked out, noted."""
    calls: list[str] = []
    scan, left = hidden.public_cards, naming._left
    for name, mod in list(sys.modules.items()):
        if name.startswith("table.games.waldgaertner") and getattr(mod, "public_cards", None) is scan:
            monkeypatch.setattr(mod, "public_cards", lambda ev: (calls.append("scan"), scan(ev))[1])
    monkeypatch.setattr(naming, "_left", lambda e, p: (calls.append("guide"), left(e, p))[1])
    return calls


def _play() -> tuple[Any, Any, dict[str, Any]]:
    game = registry.load_game("waldgaertner")
    return game.part("screens")()["play"](), game.part("view")((800, 480)), {g.key: g for g in registry.games()}


def test_a_frame_of_the_play_screen_scans_the_events_once_and_a_redraw_not_at_all(monkeypatch) -> None:
    ctl, view, games = _play()
    surf = pygame.Surface((800, 480))
    calls = _counted(monkeypatch)
    draw_frame(view, surf, ctl, games)
    assert calls.count("scan") == 1 and calls.count("guide") <= 1
    first = pygame.image.tobytes(surf, "RGB")
    calls.clear()
    draw_frame(view, surf, ctl, games)
    assert calls == [] and pygame.image.tobytes(surf, "RGB") == first


class Shown:
    """The companion as the shell shows it: its attributes, the version counted on from the games
    shown before (``companion/shell.py``)."""

    def __init__(self, ctl: Any) -> None:
        object.__setattr__(self, "ctl", ctl)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ctl, name)

    @property
    def version(self) -> int:
        return int(self.ctl.version) + 7


def test_through_the_shell_a_redraw_asks_nothing_either(monkeypatch) -> None:
    """The view asks through the shell, the companion's ``ask`` for itself: one key (the
    companion's own version), not two that drop each other's answers every frame."""
    ctl, view, games = _play()
    surf = pygame.Surface((800, 480))
    calls = _counted(monkeypatch)
    draw_frame(view, surf, Shown(ctl), games)
    assert calls.count("scan") == 1
    calls.clear()
    draw_frame(view, surf, Shown(ctl), games)
    assert calls == []


def test_what_is_kept_is_worked_out_anew_after_a_change() -> None:
    """A guided step pressed (the version moves) or the guided choice set without it: the question
    is the one a companion with nothing kept asks."""
    ctl, _view, _games = _play()
    before = ctl.ask()
    assert "Which" in before  # the sample's seat plays a hidden card: the guided choice is asked
    ctl.press("trough1")
    after = ctl.ask()
    assert after != before
    ctl.asked = asked.Asked(ctl)
    assert ctl.ask() == after
    ctl.guide = ()  # the lid's passing state changed without a command
    assert ctl.ask() == before


def test_the_card_file_is_read_at_the_first_game_not_for_the_first_frame(monkeypatch) -> None:
    """Deferred (issue 21): the setup screen shows no card. Before: the companion read and checked
    the card file when made, before the kiosk's first frame."""
    from table.games.waldgaertner import companion, files

    read: list[str] = []
    load = files.load_cards
    monkeypatch.setattr(companion, "load_cards", lambda: (read.append("cards"), load())[1])
    game = registry.load_game("waldgaertner")
    ctl = game.part("companion")()
    view = game.part("view")((800, 480))
    draw_frame(view, pygame.Surface((800, 480)), ctl, {g.key: g for g in registry.games()}, choosing=True)
    assert read == [] and ctl.mode == "setup"
    ctl.press("confirm")  # Start: the game needs its cards now
    assert read == ["cards"] and ctl.mode == "play" and ctl.state.cards == load().cards
    ctl.fresh()
    assert read == ["cards"]  # a new game keeps the set read


READ_AT_FIRST_FRAME = """
import os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import table.display.app as app
real = app.first_frame

def spy(ctl, *args, **kwargs):  # whether the card file was read when the first frame is on the screen
    real(ctl, *args, **kwargs)
    print("READ" if ctl.current._cards is not None else "NOT READ", ctl.mode)
    sys.stdout.flush()
    os._exit(0)

app.first_frame = spy
from table.cli import main
main(["play", "--game", "waldgaertner", "--display", "window", "--pins", "mock", "--state-dir", tempfile.mkdtemp()])
"""


def test_the_kiosk_shows_its_first_frame_before_it_reads_the_card_file() -> None:
    """``play --game waldgaertner`` as the kiosk starts it (``test_first_frame``'s way)."""
    import subprocess
    from pathlib import Path

    out = subprocess.run([sys.executable, "-c", READ_AT_FIRST_FRAME], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip().splitlines()[-1] == "NOT READ setup"
