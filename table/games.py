"""The orchard games this lid knows, and what the table offers for each.

One entry per game: its key (the ``--game`` value), title, seat counts, the rule text it is
built from, and which faces exist today. The CLI reads this table; a command asked for a face a
game does not have yet says so in one line instead of guessing.

Faces:
- ``engine``: a rules package under ``table/engine/`` meeting ``table.engine.protocol``;
- ``simulate``: seeded bot games (``applejack-table simulate --game KEY``);
- ``score``: a score pad from JSON (``applejack-table score --game KEY``);
- ``companion``: the table companion (``play``) and the screen demo.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """What the table offers for one game."""

    key: str
    title: str
    players: tuple[int, ...]
    rules: str
    faces: frozenset[str]
    bots: tuple[str, ...]
    record_format: str

    def has(self, face: str) -> bool:
        return face in self.faces


GAMES: tuple[GameInfo, ...] = (
    GameInfo("applejack", "Applejack", (1, 2, 3, 4), "shared/seeds/000_… (rulebook), 001_… (BGA summary)",
             frozenset({"engine", "simulate", "score", "companion"}), ("random", "greedy", "strong"),
             "applejack-record/1"),
    GameInfo("zankapfel", "Zankapfel", (3, 4, 5, 6), "shared/seeds/002_… (French); docs/zankapfel.md",
             frozenset({"engine", "simulate", "companion"}), ("random", "greedy"), "zankapfel-record/1"),
    GameInfo("draftcider", "Draft Cider", (2, 3, 4, 5, 6), "shared/seeds/003_…; docs/draftcider.md",
             frozenset({"engine", "simulate", "score", "companion"}), ("random", "greedy"), "draftcider-record/1"),
    GameInfo("waldgaertner", "Waldgärtner", (2, 3, 4, 5, 6, 7), "shared/seeds/004_…; docs/waldgaertner.md",
             frozenset({"engine", "simulate", "companion"}), ("random", "greedy"), "waldgaertner-record/1"),
)

GAME_KEYS: tuple[str, ...] = tuple(g.key for g in GAMES)
DEFAULT_GAME = "applejack"


class UnknownGameError(ValueError):
    """A ``--game`` value that names no game this table knows."""


def game_info(key: str) -> GameInfo:
    """The entry for ``key``; :class:`UnknownGameError` names the known games otherwise."""
    for g in GAMES:
        if g.key == key:
            return g
    raise UnknownGameError(f"unknown game {key!r}; known: {', '.join(GAME_KEYS)}")


def not_offered(info: GameInfo, face: str, command: str) -> str:
    """The one line a command prints when a game lacks the face it needs."""
    have = sorted(info.faces) or ["nothing yet"]
    return (f"{command}: {info.title} has no {face} on this table yet (it has: {', '.join(have)}); "
            f"see `applejack-table games`")


def describe_games() -> str:
    """The ``games`` command's table."""
    lines = []
    for g in GAMES:
        faces = ", ".join(f for f in ("engine", "simulate", "score", "companion") if g.has(f)) or "not yet playable"
        seats = f"{g.players[0]}-{g.players[-1]}" if len(g.players) > 1 else str(g.players[0])
        lines.append(f"{g.key:13s} {g.title:12s} {seats:>4s} players  {faces}")
    return "\n".join(lines)
