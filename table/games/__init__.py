"""The registry of the orchard games this lid knows (OpenSpiel's ``load_game(name)``).

Each game is one package ``table/games/<key>/`` whose ``GAME`` is its
:class:`~table.companion.gamedef.GameDef`, and one line below. The CLI reads this registry
(``--game`` choices, ``games``, ``play``, ``demo``, ``simulate``, ``score``, ``replay``,
``check-data``, ``history``) and hands a game's definition to the shell and the front ends,
which never import a game themselves. :func:`register` adds a game at run time (the tests' Nim).
"""

from __future__ import annotations

from pathlib import Path

from table.companion.gamedef import FACES, REGISTERED, GameDef, UnknownGameError, registered
from table.games.applejack import GAME as APPLEJACK
from table.games.draftcider import GAME as DRAFTCIDER
from table.games.waldgaertner import GAME as WALDGAERTNER
from table.games.zankapfel import GAME as ZANKAPFEL
from table.i18n import add_catalogues

_GAMES: list[GameDef] = REGISTERED  # one list: the shell finds a lone module's game there
_GAMES[:] = [APPLEJACK, ZANKAPFEL, DRAFTCIDER, WALDGAERTNER]

DEFAULT_GAME = APPLEJACK.key


def games() -> tuple[GameDef, ...]:
    """Every registered game, in the order the setup screen offers them."""
    return tuple(_GAMES)


def game_keys() -> tuple[str, ...]:
    return tuple(g.key for g in _GAMES)


def load_game(key: str) -> GameDef:
    """The game ``key``; :class:`UnknownGameError` names the known games otherwise."""
    return registered(key)


def game_for_format(fmt: str) -> GameDef | None:
    """The game whose records carry the format ``fmt`` (``"zankapfel-record/1"``), if any."""
    for g in _GAMES:
        if fmt == g.record_format or fmt in g.record_formats:
            return g
    return None


def register(game: GameDef) -> None:
    """Add (or replace) a game — the one call a game outside this package needs (the tests'
    games): its catalogues (``GameDef.words``) are read from then on."""
    _GAMES[:] = [g for g in _GAMES if g.key != game.key] + [game]
    if game.words:
        add_catalogues(Path(game.words))


def unregister(key: str) -> None:
    _GAMES[:] = [g for g in _GAMES if g.key != key]


def companion_games() -> tuple[str, ...]:
    """The keys of the games with a table companion (``play --game`` choices, the game picker)."""
    return tuple(g.key for g in _GAMES if g.has("companion"))


def describe_games() -> str:
    """The ``games`` command's table."""
    lines = []
    for g in _GAMES:
        faces = ", ".join(f for f in FACES if g.has(f)) or "not yet playable"
        lines.append(f"{g.key:13s} {g.title:12s} {g.seats_text:>4s} players  {faces}")
    return "\n".join(lines)


__all__ = ["DEFAULT_GAME", "GameDef", "UnknownGameError", "companion_games", "describe_games", "game_for_format",
           "game_keys", "games", "load_game", "register", "unregister"]
