"""The printed components as data: varieties, tree tiles, orchards and harvest boards.

A data set is a directory of four TOML files (``varieties.toml``, ``tiles.toml``,
``orchards.toml``, ``boards.toml``); the default one ships in ``table/games/applejack/rules/data/`` and is
documented, assumption by assumption, in ``docs/data.md``.
:func:`table.games.applejack.rules.dataparse.parse_dataset` validates their text and raises one
:class:`~table.engine.errors.DataError` listing every problem (file, key, what is wrong). The
engine reads no files itself: ``table.games.applejack.files.load_dataset`` reads a directory (or
the shipped data) and callers pass the :class:`DataSet` in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field

SEAT_SYMBOLS: tuple[str, ...] = ("circle", "triangle", "square", "star")
SEAT_GLYPHS: dict[str, str] = {"circle": "○", "triangle": "△", "square": "□", "star": "☆"}
# The varieties' marks (shapes drawn beside their colours for colour-blind players). None of them is
# a seat symbol, so "Brown (diamond)" can never be read as a seat's harvest.
MARKS = ("diamond", "heart", "cross", "hexagon", "plus", "moon", "drop")
FILES = ("varieties.toml", "tiles.toml", "orchards.toml", "boards.toml")


@dataclass(frozen=True, slots=True)
class Variety:
    """An apple variety. ``index`` is its place in final-harvest order (0 = brown, 6 = yellow)."""

    index: int
    id: str
    name: str
    colour: str
    mark: str
    letter: str


@dataclass(frozen=True, slots=True)
class Tile:
    """A tree tile's tree side. ``apples`` is ``((variety index, count), ...)`` by variety order;
    ``hives`` is a 6-bit mask of the edges with a beehive (before rotation); every beehive shows
    ``price``."""

    id: int
    apples: tuple[tuple[int, int], ...]
    blossoms: int
    hives: int
    price: int

    def apple_count(self, variety: int) -> int:
        for v, n in self.apples:
            if v == variety:
                return n
        return 0

    @property
    def hive_edges(self) -> tuple[int, ...]:
        return tuple(e for e in range(6) if self.hives >> e & 1)


@dataclass(frozen=True, slots=True)
class Corner:
    """A corner of an orchard: a beehive with a number, an apple of a variety, or nothing."""

    name: str
    hive: int | None = None
    apple: int | None = None


@dataclass(frozen=True, slots=True)
class OrchardSide:
    id: str
    name: str
    cottage: str
    corners: tuple[Corner, ...]

    def corner(self, name: str) -> Corner:
        for c in self.corners:
            if c.name == name:
                return c
        return Corner(name)


@dataclass(frozen=True, slots=True)
class Space:
    """A space of the harvest-board path. ``number`` is 1-based along the path.

    ``seat`` is the seat index whose turn it is there (None: not a turn space, e.g. the
    innermost space of a board with a bridge). ``troughs`` are the two troughs it opens,
    clockwise; ``apples`` the varieties printed after it (crossed when the die leaves it).
    """

    number: int
    seat: int | None
    troughs: tuple[int, ...]
    apples: tuple[int, ...]
    innermost: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    name: str
    players: int
    tiles_per_trough: int
    bridge: bool
    return_to: int
    end_space: int
    spaces: tuple[Space, ...]
    troughs: int = 7
    middle_slots: int = 0
    middle_start_tiles: int = 0

    def space(self, number: int) -> Space:
        return self.spaces[number - 1]

    @property
    def innermost(self) -> int:
        return len(self.spaces)

    def printed_apple_slots(self) -> list[tuple[int, int]]:
        """Every printed apple as ``(space number, position in that space's apples)`` in path order."""
        return [(s.number, i) for s in self.spaces for i in range(len(s.apples))]


@dataclass(frozen=True)
class DataSet:
    varieties: tuple[Variety, ...]
    tiles: tuple[Tile, ...]
    orchards: Mapping[str, OrchardSide]
    boards: Mapping[int, Board]
    source: str = "<memory>"
    _tile_by_id: dict[int, Tile] = field(default_factory=dict, repr=False, compare=False)
    memo: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """Tables derived from this data set by the engine (they live and die with it)."""

    def __post_init__(self) -> None:
        self._tile_by_id.update({t.id: t for t in self.tiles})

    def tile(self, tile_id: int) -> Tile:
        return self._tile_by_id[tile_id]

    def variety(self, key: str | int) -> Variety:
        """A variety by id, or by its number 1-7 in final-harvest order (as text or int)."""
        if isinstance(key, int) or (isinstance(key, str) and 0 < len(key) <= 3 and key.isascii() and key.isdigit()):
            n = int(key)
            if 1 <= n <= len(self.varieties):
                return self.varieties[n - 1]
            raise KeyError(f"variety number must be 1..{len(self.varieties)}, got {n}")
        for v in self.varieties:
            if v.id == key:
                return v
        raise KeyError(f"unknown variety {key!r}; known: {', '.join(v.id for v in self.varieties)}")

def data_digest(data: DataSet) -> str:
    """A short fingerprint of the parts of a data set that change how a game plays."""
    h = hashlib.sha256()
    h.update(repr(data.varieties).encode())
    h.update(repr(data.tiles).encode())
    h.update(repr(sorted(data.orchards.items())).encode())
    h.update(repr(sorted(data.boards.items())).encode())
    return h.hexdigest()[:16]


# ---------------------------------------------------------------------------------------------
# loading
