"""Games that exist only in the tests (Nim, the cooperative Colour Die): the proof that a game is
one folder and one call.

Every sub-package here with a ``GAME`` (its :class:`~table.companion.gamedef.GameDef`) is a test
game: :data:`TEST_GAMES` finds them, :func:`every_game` adds them to the registry's games for the
registry suite (``tests/test_every_game.py`` and the other tests parametrised over the registry),
:func:`on_table` registers one for a test's length (``table.games.register``, the one call), and
``python -m tests.games.launch ARGS`` is the CLI with every test game registered. A new test game
is a new folder here; no file outside it changes.
"""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
from collections.abc import Iterator

from table.companion.gamedef import GameDef
from table.games import game_keys, games, register, unregister


def _found() -> tuple[GameDef, ...]:
    """The ``GAME`` of each package beside this file, in name order."""
    out = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, GameDef):
                out.append(game)
    return tuple(out)


TEST_GAMES: tuple[GameDef, ...] = _found()
"""The test games (not registered: :func:`on_table` or the launcher registers them)."""


def every_game() -> list[GameDef]:
    """The registry's games and the test games: what the registry suite runs over."""
    return [*games(), *(g for g in TEST_GAMES if g.key not in game_keys())]


@contextlib.contextmanager
def on_table(game: GameDef) -> Iterator[None]:
    """``game`` registered while the block runs (a test game only then; a registry game always is)."""
    added = game.key not in game_keys()
    if added:
        register(game)
    try:
        yield
    finally:
        if added:
            unregister(game.key)
