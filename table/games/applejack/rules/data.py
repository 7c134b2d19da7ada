"""The printed components as data: varieties, tree tiles, orchards and harvest boards.

A data set is a directory of four TOML files (``varieties.toml``, ``tiles.toml``,
``orchards.toml``, ``boards.toml``); the default one ships in ``table/games/applejack/rules/data/`` and is
documented, assumption by assumption, in ``docs/data.md``. :func:`parse_dataset` validates
their text and raises one :class:`~table.engine.errors.DataError` listing every problem (file,
key, what is wrong). The engine reads no files itself: ``table.games.applejack.files.load_dataset`` reads
a directory (or the shipped data) and callers pass the :class:`DataSet` in.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from table.engine.errors import DataError, Problem
from table.games.applejack.rules import hexgrid

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

    def board_for(self, players: int) -> Board:
        return self.boards[players]


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


class _Collector:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, key: str, message: str) -> None:
        self.problems.append(Problem(file, key, message))


def _parse(name: str, text: str | None, errs: _Collector) -> dict[str, Any] | None:
    if text is None:
        errs.add(name, "-", "file is missing")
        return None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        errs.add(name, "-", f"not valid TOML: {exc}")
        return None


def _get(
    table: Mapping[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    file: str,
    where: str,
    errs: _Collector,
    default: Any = ...,
    check: Callable[[Any], str | None] | None = None,
) -> Any:
    if key not in table:
        if default is ...:
            errs.add(file, f"{where}.{key}", "missing")
            return None
        return default
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # bool is an int in Python; TOML keeps them apart and so do we
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        errs.add(file, f"{where}.{key}", f"must be {names}, got {type(value).__name__} {value!r}")
        return None
    if check is not None:
        msg = check(value)
        if msg:
            errs.add(file, f"{where}.{key}", msg)
            return None
    return value


def _in_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"must be {lo}..{hi}, got {v}"


def _varieties(doc: Mapping[str, Any], errs: _Collector) -> tuple[Variety, ...]:
    f = "varieties.toml"
    raw = doc.get("variety")
    if not isinstance(raw, list) or not raw:
        errs.add(f, "variety", "needs a list of [[variety]] tables")
        return ()
    out: list[Variety] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        w = f"variety[{i}]"
        if not isinstance(item, dict):
            errs.add(f, w, "must be a table")
            continue
        vid = _get(item, "id", str, f, w, errs)
        name = _get(item, "name", str, f, w, errs)
        colour = _get(
            item, "colour", str, f, w, errs,
            check=lambda s: None if (len(s) == 7 and s[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in s[1:]))
            else f"must be an RGB colour like #a1b2c3, got {s!r}",
        )
        mark = _get(item, "mark", str, f, w, errs,
                    check=lambda s: None if s in MARKS else f"must be one of {', '.join(MARKS)}, got {s!r}")
        letter = _get(item, "letter", str, f, w, errs,
                      check=lambda s: None if len(s) == 1 else f"must be one character, got {s!r}")
        if vid is not None:
            if vid in seen:
                errs.add(f, f"{w}.id", f"duplicate variety id {vid!r}")
            seen.add(vid)
        if None not in (vid, name, colour, mark, letter):
            out.append(Variety(len(out), vid, name, colour, mark, letter))
    if len(raw) != 7:
        errs.add(f, "variety", f"Applejack has 7 varieties, found {len(raw)}")
    marks = [v.mark for v in out]
    if len(set(marks)) != len(marks):
        errs.add(f, "variety", "every variety needs its own mark (colour-blind players read the marks)")
    return tuple(out)


def _tiles(doc: Mapping[str, Any], vids: dict[str, int], errs: _Collector) -> tuple[Tile, ...]:
    f = "tiles.toml"
    raw = doc.get("tile")
    if not isinstance(raw, list) or not raw:
        errs.add(f, "tile", "needs a list of [[tile]] tables")
        return ()
    out = []
    seen: set[int] = set()
    for i, item in enumerate(raw):
        w = f"tile[{i}]"
        if not isinstance(item, dict):
            errs.add(f, w, "must be a table")
            continue
        tid = _get(item, "id", int, f, w, errs, check=_in_range(1, 9999))
        if tid is not None:
            w = f"tile[{i}] (id {tid})"
            if tid in seen:
                errs.add(f, f"{w}.id", f"duplicate tile id {tid}")
            seen.add(tid)
        apples_raw = _get(item, "apples", dict, f, w, errs)
        blossoms = _get(item, "blossoms", int, f, w, errs, check=_in_range(0, 3))
        hives_raw = _get(item, "hives", list, f, w, errs)
        price = _get(item, "price", int, f, w, errs, check=_in_range(0, 9))
        apples: list[tuple[int, int]] = []
        ok = True
        if apples_raw is not None:
            for vid, n in apples_raw.items():
                if vid not in vids:
                    errs.add(f, f"{w}.apples.{vid}", f"unknown variety {vid!r}")
                    ok = False
                elif isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 6:
                    errs.add(f, f"{w}.apples.{vid}", f"apple count must be an integer 1..6, got {n!r}")
                    ok = False
                else:
                    apples.append((vids[vid], n))
            if len(apples_raw) > 2:
                errs.add(f, f"{w}.apples", f"a tile shows one or two varieties, found {len(apples_raw)}")
                ok = False
            if not apples_raw and blossoms == 0:
                errs.add(f, w, "a tile with no apples must show blossoms")
                ok = False
        mask = 0
        if hives_raw is not None:
            for e in hives_raw:
                if isinstance(e, bool) or not isinstance(e, int) or not 0 <= e <= 5:
                    errs.add(f, f"{w}.hives", f"edges are 0..5, got {e!r}")
                    ok = False
                elif mask >> e & 1:
                    errs.add(f, f"{w}.hives", f"edge {e} listed twice")
                    ok = False
                else:
                    mask |= 1 << e
            if not 1 <= len(hives_raw) <= 4:
                errs.add(f, f"{w}.hives", f"a tile has beehives on 1 to 4 edges, found {len(hives_raw)}")
                ok = False
        if ok and None not in (tid, apples_raw, blossoms, hives_raw, price):
            out.append(Tile(tid, tuple(sorted(apples)), blossoms, mask, price))
    return tuple(out)


def _orchards(doc: Mapping[str, Any], vids: dict[str, int], errs: _Collector) -> dict[str, OrchardSide]:
    f = "orchards.toml"
    raw = doc.get("orchard")
    out: dict[str, OrchardSide] = {}
    if not isinstance(raw, list) or not raw:
        errs.add(f, "orchard", "needs a list of [[orchard]] tables")
        return out
    for i, item in enumerate(raw):
        w = f"orchard[{i}]"
        if not isinstance(item, dict):
            errs.add(f, w, "must be a table")
            continue
        oid = _get(item, "id", str, f, w, errs)
        if oid is not None:
            w = f"orchard {oid!r}"
            if oid in out:
                errs.add(f, f"{w}.id", "duplicate orchard id")
        name = _get(item, "name", str, f, w, errs)
        cottage = _get(item, "cottage", str, f, w, errs,
                       check=lambda s: None if s in hexgrid.CORNER_NAMES
                       else f"must be a corner ({', '.join(hexgrid.CORNER_NAMES)}), got {s!r}")
        corners_raw = _get(item, "corners", dict, f, w, errs)
        corners: list[Corner] = []
        ok = True
        if corners_raw is not None:
            for cname, spec in corners_raw.items():
                k = f"{w}.corners.{cname}"
                if cname not in hexgrid.CORNER_NAMES:
                    errs.add(f, k, f"unknown corner; corners are {', '.join(hexgrid.CORNER_NAMES)}")
                    ok = False
                    continue
                if not isinstance(spec, dict) or len(spec) != 1 or not ({"hive", "apple"} >= spec.keys()):
                    errs.add(f, k, "must be { hive = N } or { apple = \"variety\" }")
                    ok = False
                    continue
                if "hive" in spec:
                    h = spec["hive"]
                    if isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= 9:
                        errs.add(f, f"{k}.hive", f"must be an integer 1..9, got {h!r}")
                        ok = False
                        continue
                    corners.append(Corner(cname, hive=h))
                else:
                    a = spec["apple"]
                    if a not in vids:
                        errs.add(f, f"{k}.apple", f"unknown variety {a!r}")
                        ok = False
                        continue
                    corners.append(Corner(cname, apple=vids[a]))
        if ok and None not in (oid, name, cottage, corners_raw):
            out[oid] = OrchardSide(oid, name, cottage, tuple(corners))
    if "A" not in out and not any(p.file == f for p in errs.problems):
        errs.add(f, "orchard", "the base game needs an orchard with id \"A\"")
    return out


def _boards(doc: Mapping[str, Any], vids: dict[str, int], errs: _Collector) -> dict[int, Board]:
    f = "boards.toml"
    raw = doc.get("board")
    out: dict[int, Board] = {}
    if not isinstance(raw, list) or not raw:
        errs.add(f, "board", "needs a list of [[board]] tables")
        return out
    for i, item in enumerate(raw):
        w = f"board[{i}]"
        if not isinstance(item, dict):
            errs.add(f, w, "must be a table")
            continue
        bid = _get(item, "id", str, f, w, errs)
        if bid is not None:
            w = f"board {bid!r}"
        name = _get(item, "name", str, f, w, errs)
        players = _get(item, "players", int, f, w, errs, check=_in_range(1, 4))
        per = _get(item, "tiles_per_trough", int, f, w, errs, check=_in_range(1, 5))
        bridge = _get(item, "bridge", bool, f, w, errs)
        return_to = _get(item, "return_to", int, f, w, errs, check=_in_range(1, 999))
        end_space = _get(item, "end_space", int, f, w, errs, check=_in_range(1, 999))
        slots = _get(item, "middle_slots", int, f, w, errs, default=0, check=_in_range(0, 6))
        middle_start = _get(item, "middle_start_tiles", int, f, w, errs, default=0, check=_in_range(0, 6))
        spaces_raw = _get(item, "spaces", list, f, w, errs)
        spaces: list[Space] = []
        ok = True
        if spaces_raw is not None:
            for n, sp in enumerate(spaces_raw, start=1):
                k = f"{w}.spaces[{n}]"
                if not isinstance(sp, dict):
                    errs.add(f, k, "must be an inline table")
                    ok = False
                    continue
                unknown = set(sp) - {"seat", "troughs", "apples", "innermost"}
                if unknown:
                    errs.add(f, k, f"unknown keys {', '.join(sorted(unknown))}")
                    ok = False
                innermost = sp.get("innermost", False) is True
                seat_name = sp.get("seat")
                seat: int | None = None
                if seat_name is not None:
                    if seat_name not in SEAT_SYMBOLS:
                        errs.add(f, f"{k}.seat", f"must be one of {', '.join(SEAT_SYMBOLS)}, got {seat_name!r}")
                        ok = False
                    else:
                        seat = SEAT_SYMBOLS.index(seat_name)
                troughs_raw = sp.get("troughs", [])
                if (not isinstance(troughs_raw, list) or
                        not all(isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 7 for t in troughs_raw)):
                    errs.add(f, f"{k}.troughs", f"must be a list of trough numbers 1..7, got {troughs_raw!r}")
                    ok = False
                    troughs_raw = []
                if not innermost and len(troughs_raw) != 2:
                    errs.add(f, f"{k}.troughs", "a path space opens exactly two troughs")
                    ok = False
                if len(set(troughs_raw)) != len(troughs_raw):
                    errs.add(f, f"{k}.troughs", "the two troughs must differ")
                    ok = False
                apples_raw = sp.get("apples", [])
                apples: list[int] = []
                if not isinstance(apples_raw, list) or not 0 <= len(apples_raw) <= 2:
                    errs.add(f, f"{k}.apples", "must be a list of one or two variety ids")
                    ok = False
                else:
                    for a in apples_raw:
                        if a not in vids:
                            errs.add(f, f"{k}.apples", f"unknown variety {a!r}")
                            ok = False
                        else:
                            apples.append(vids[a])
                if seat is None and not innermost:
                    errs.add(f, f"{k}.seat", "missing (only the innermost space may have no seat)")
                    ok = False
                spaces.append(Space(n, seat, tuple(troughs_raw), tuple(apples), innermost))
            if spaces and not spaces[-1].innermost:
                errs.add(f, f"{w}.spaces", "the last space must be the innermost one (innermost = true)")
                ok = False
            if any(s.innermost for s in spaces[:-1]):
                errs.add(f, f"{w}.spaces", "only the last space may be the innermost one")
                ok = False
            if end_space is not None and not 1 <= end_space <= len(spaces):
                errs.add(f, f"{w}.end_space", f"must be a space number 1..{len(spaces)}")
                ok = False
            if return_to is not None and not 1 <= return_to < len(spaces):
                errs.add(f, f"{w}.return_to", f"must be a space number 1..{len(spaces) - 1}")
                ok = False
        if players is not None and players in out:
            errs.add(f, f"{w}.players", f"a second board for {players} players")
            ok = False
        if bridge is False and not slots:
            errs.add(f, f"{w}.middle_slots", "a board without a bridge needs the middle space's tree slots")
            ok = False
        if ok and None not in (bid, name, players, per, bridge, return_to, end_space, spaces_raw):
            out[players] = Board(bid, name, players, per, bridge, return_to, end_space, tuple(spaces),
                                 7, slots, middle_start)
    return out


def parse_dataset(texts: Mapping[str, str | None], source: str = "<memory>") -> DataSet:
    """Build and validate a data set from the text of its four TOML files (``None``: missing).

    Pure: the engine reads no files; :func:`table.games.applejack.files.load_dataset` reads them. Raises
    :class:`DataError` listing every problem found, structural and rule invariants
    (see :func:`table.games.applejack.rules.invariants.check_dataset`).
    """
    from table.games.applejack.rules.invariants import check_dataset

    errs = _Collector()
    docs = {name: _parse(name, texts.get(name), errs) for name in FILES}
    varieties = _varieties(docs["varieties.toml"], errs) if docs["varieties.toml"] is not None else ()
    vids = {v.id: v.index for v in varieties}
    tiles = _tiles(docs["tiles.toml"], vids, errs) if docs["tiles.toml"] is not None else ()
    orchards = _orchards(docs["orchards.toml"], vids, errs) if docs["orchards.toml"] is not None else {}
    boards = _boards(docs["boards.toml"], vids, errs) if docs["boards.toml"] is not None else {}
    if errs.problems:
        raise DataError(errs.problems)
    ds = DataSet(varieties, tiles, orchards, boards, source=source)
    problems = check_dataset(ds)
    if problems:
        raise DataError(problems)
    return ds
