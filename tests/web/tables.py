"""Tables for the web tests: a shell with a game running, its door, and an app asking the door."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from table.companion.session import open_session
from table.games import DEFAULT_GAME, games, load_game
from table.web.door import Door

_DATA: list[Any] = []


def data() -> Any:
    if not _DATA:
        _DATA.append(load_game(DEFAULT_GAME).part("load_data")())
    return _DATA[0]


def shell(tmp: Path, game: str) -> tuple[Any, Any]:
    """A shell (``open_session``) on ``game``'s setup screen and its journal."""
    return open_session(data(), tmp, games=games(), resume="no", game=game)


def play_until(ctl: Any, door: Door, lines: list[str], stop: Any) -> int:
    """Enter ``lines`` at the lid until ``stop(ctl)``; the index of the next line."""
    for i, line in enumerate(lines):
        if ctl.mode == "play" and stop(ctl):
            return i
        ctl.do(line)
        door.follow()
    raise AssertionError("the script never reached the stop")


def zankapfel_discord(tmp: Path, seed: int = 3) -> tuple[Any, Any, Door, list[str], int]:
    """Zankapfel, 4 seats, at the first discord's dice (seats 1 and 3 fight over green, seed 3)."""
    ctl, journal = shell(tmp, "zankapfel")
    door = Door(ctl)
    lines = load_game("zankapfel").part("table_script")(4, seed)[0]
    i = play_until(ctl, door, lines, lambda c: c.b.stage() == "dice")
    return ctl, journal, door, lines, i


def waldgaertner_draw(tmp: Path) -> tuple[Any, Any, Door, list[str], int]:
    """Waldgärtner, 3 seats, seat 1 about to draw its first card from deck 1."""
    ctl, journal = shell(tmp, "waldgaertner")
    door = Door(ctl)
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    i = play_until(ctl, door, lines, lambda c: c.stage() == "draw")
    return ctl, journal, door, lines, i


def waldgaertner_dice(tmp: Path) -> tuple[Any, Any, Door, list[str], int]:
    """Waldgärtner, 3 seats, the first round's dice to be chosen."""
    ctl, journal = shell(tmp, "waldgaertner")
    door = Door(ctl)
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    i = play_until(ctl, door, lines, lambda c: c.stage() == "die")
    return ctl, journal, door, lines, i


def view_text(door: Door, token: str) -> str:
    """The view of ``token`` as the phone receives it (JSON text)."""
    return json.dumps(door.handle({"op": "view", "token": token}), sort_keys=True, ensure_ascii=False)


def door_ask(door: Door) -> Any:
    """The app's ``ask`` answered by the door itself (no socket, no kiosk thread)."""
    async def ask(request: dict[str, Any]) -> dict[str, Any]:
        return door.handle(json.loads(json.dumps(request)))
    return ask
