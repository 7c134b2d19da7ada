"""The harvest-board sides a die-sensor plate is built for, read from Applejack's ``boards.toml``.

Never retyped: the number of path spaces of each side (7 solo, 17, 25, 33 for 2-4 players in
the shipped data) comes from the length of that board's ``spaces`` list, so a change to the
data changes the plates, the templates (``tools/make_plate_templates.py``) and the tests with it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

BOARDS_TOML = Path(__file__).resolve().parents[1] / "games" / "applejack" / "rules" / "data" / "boards.toml"


@dataclass(frozen=True)
class BoardSide:
    """One printed side: ``id`` ("two", ... "solo"), its name, players, and ``spaces`` (the
    number of the last path space; the innermost/middle space included)."""

    id: str
    name: str
    players: int
    spaces: int
    bridge: bool


def board_sides(path: Path = BOARDS_TOML) -> list[BoardSide]:
    """Every side in ``path``, fewest spaces first."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    sides = [
        BoardSide(b["id"], b["name"], int(b["players"]), len(b["spaces"]), bool(b.get("bridge", False)))
        for b in data["board"]
    ]
    return sorted(sides, key=lambda s: s.spaces)


def side_for_players(players: int, path: Path = BOARDS_TOML) -> BoardSide:
    """The side played with ``players`` players (KeyError if there is none)."""
    for side in board_sides(path):
        if side.players == players:
            return side
    raise KeyError(f"no harvest board for {players} players in {path}")
