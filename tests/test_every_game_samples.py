"""The registry suite's check of the sample screens (every game with a part ``screens``, the tests'
games included): the shell's helpers (``table.companion.samples``: ``before_play``, ``play_to``,
``sample_screens``) put a module game's companion where each sample is named. The goldens and the
fit rule over the same samples are ``tests/test_every_game.py``'s (a game with a ``view``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from table.companion.gamedef import GameDef
from table.companion.module import TableModule
from tests.games import every_game
from tests.games import on_table as registered

SAMPLED: list[GameDef] = [g for g in every_game() if g.has_part("screens")]


@pytest.fixture
def on_table(request: pytest.FixtureRequest) -> Iterator[None]:
    """The game under test is registered (a test game only for the test's length)."""
    with registered(request.node.callspec.params["game"]):
        yield


BEFORE_PLAY: dict[str, Callable[[Any], bool]] = {
    "setup": lambda ctl: ctl.mode == "setup" and not ctl.names_open,
    "names": lambda ctl: ctl.mode == "setup" and ctl.names_open and ctl.keyboard is None,
    "keyboard": lambda ctl: ctl.mode == "setup" and ctl.keyboard is not None,
    "resume": lambda ctl: ctl.mode == "resume" and bool(ctl.resume_info),
    "result": lambda ctl: ctl.mode == "result" and ctl.record is not None,
}
"""What the samples every module game builds through ``table.companion.samples`` show."""


@pytest.mark.parametrize("game", SAMPLED, ids=lambda g: g.key)
def test_every_sample_screen_stands_where_it_is_named(game: GameDef, on_table: None) -> None:
    """The shell's sample helpers (``before_play``, ``play_to``, ``sample_screens``) put a module
    game's companion at the screens it names: the setup, its Names page and keyboard, the resume
    offer and the result as the shell means them, any other in the play (at that stage where the
    name is one for a game without a view)."""
    built = {name: build() for name, build in game.part("screens")().items()}
    assert {"setup", "result"} <= set(built)
    if not all(isinstance(ctl, TableModule) for ctl in built.values()):
        pytest.skip(f"{game.key}'s companion is not a TableModule (its samples are its own)")
    for name, ctl in built.items():
        if name in BEFORE_PLAY:
            assert BEFORE_PLAY[name](ctl), (game.key, name, ctl.mode)
        elif game.has_part("view"):  # its own stops too (a help page, an announcement, a score pad's set-up)
            assert ctl.mode in ("setup", "play", "pad", "result"), (game.key, name, ctl.mode)
        else:  # nothing of its own: each other name is a stage of its play
            assert ctl.mode == "play" and ctl.stage() == name, (game.key, name, ctl.mode)
