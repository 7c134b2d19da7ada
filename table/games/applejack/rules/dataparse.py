"""The four TOML texts of a data set read into a checked :class:`~table.games.applejack.rules.data.DataSet`.

:func:`parse_dataset` validates their text and raises one :class:`~table.engine.errors.DataError`
listing every problem (file, key, what is wrong), structural ones first, then the rule invariants
(:func:`table.games.applejack.rules.invariants.check_dataset`). Pure: ``table.games.applejack.files``
reads the files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from typing import Any

from table.engine.errors import DataError, Problem
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.data import (
    FILES,
    MARKS,
    SEAT_SYMBOLS,
    Board,
    Corner,
    DataSet,
    OrchardSide,
    Space,
    Tile,
    Variety,
)
from table.games.applejack.rules.invariants import check_dataset


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
        apples, apples_ok = _tile_apples(apples_raw, blossoms, vids, f, w, errs)
        mask, hives_ok = _tile_hives(hives_raw, f, w, errs)
        ok = apples_ok and hives_ok
        if ok and None not in (tid, apples_raw, blossoms, hives_raw, price):
            out.append(Tile(tid, tuple(sorted(apples)), blossoms, mask, price))
    return tuple(out)


def _tile_apples(apples_raw: dict[str, Any] | None, blossoms: int | None, vids: dict[str, int], f: str, w: str,
                 errs: _Collector) -> tuple[list[tuple[int, int]], bool]:
    """A tile's apples as (variety index, count) pairs, and whether they were all good."""
    apples: list[tuple[int, int]] = []
    ok = True
    if apples_raw is None:
        return apples, ok
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
    return apples, ok


def _tile_hives(hives_raw: list[Any] | None, f: str, w: str, errs: _Collector) -> tuple[int, bool]:
    """A tile's beehive edges as a bit mask, and whether they were all good."""
    mask = 0
    ok = True
    if hives_raw is None:
        return mask, ok
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
    return mask, ok


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
        corners, ok = _corners(corners_raw, vids, f, w, errs)
        if ok and None not in (oid, name, cottage, corners_raw):
            out[oid] = OrchardSide(oid, name, cottage, tuple(corners))
    if "A" not in out and not any(p.file == f for p in errs.problems):
        errs.add(f, "orchard", "the base game needs an orchard with id \"A\"")
    return out


def _corners(corners_raw: dict[str, Any] | None, vids: dict[str, int], f: str, w: str,
             errs: _Collector) -> tuple[list[Corner], bool]:
    """An individual orchard's corner features, and whether they were all good."""
    corners: list[Corner] = []
    ok = True
    for cname, spec in (corners_raw or {}).items():
        corner = _corner(cname, spec, vids, f, f"{w}.corners.{cname}", errs)
        if corner is None:
            ok = False
        else:
            corners.append(corner)
    return corners, ok


def _corner(cname: str, spec: Any, vids: dict[str, int], f: str, k: str, errs: _Collector) -> Corner | None:
    if cname not in hexgrid.CORNER_NAMES:
        errs.add(f, k, f"unknown corner; corners are {', '.join(hexgrid.CORNER_NAMES)}")
        return None
    if not isinstance(spec, dict) or len(spec) != 1 or not ({"hive", "apple"} >= spec.keys()):
        errs.add(f, k, "must be { hive = N } or { apple = \"variety\" }")
        return None
    if "hive" in spec:
        h = spec["hive"]
        if isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= 9:
            errs.add(f, f"{k}.hive", f"must be an integer 1..9, got {h!r}")
            return None
        return Corner(cname, hive=h)
    a = spec["apple"]
    if a not in vids:
        errs.add(f, f"{k}.apple", f"unknown variety {a!r}")
        return None
    return Corner(cname, apple=vids[a])


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
        spaces, ok = _spaces(spaces_raw, end_space, return_to, vids, f, w, errs)
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


def _spaces(spaces_raw: list[Any] | None, end_space: int | None, return_to: int | None, vids: dict[str, int],
            f: str, w: str, errs: _Collector) -> tuple[list[Space], bool]:
    """A board's path spaces, and whether they and the path's ends were all good."""
    spaces: list[Space] = []
    ok = True
    if spaces_raw is None:
        return spaces, ok
    for n, sp in enumerate(spaces_raw, start=1):
        space = _space(n, sp, vids, f, f"{w}.spaces[{n}]", errs)
        if space is None or not space[1]:
            ok = False
        if space is not None:
            spaces.append(space[0])
    checks = (
        (bool(spaces) and not spaces[-1].innermost, "spaces",
         "the last space must be the innermost one (innermost = true)"),
        (any(s.innermost for s in spaces[:-1]), "spaces", "only the last space may be the innermost one"),
        (end_space is not None and not 1 <= end_space <= len(spaces), "end_space",
         f"must be a space number 1..{len(spaces)}"),
        (return_to is not None and not 1 <= return_to < len(spaces), "return_to",
         f"must be a space number 1..{len(spaces) - 1}"),
    )
    for wrong, key, message in checks:
        if wrong:
            errs.add(f, f"{w}.{key}", message)
            ok = False
    return spaces, ok


def _space(n: int, sp: Any, vids: dict[str, int], f: str, k: str, errs: _Collector) -> tuple[Space, bool] | None:
    """Path space ``n`` and whether it was good; None when it is not a table at all."""
    if not isinstance(sp, dict):
        errs.add(f, k, "must be an inline table")
        return None
    ok = True
    unknown = set(sp) - {"seat", "troughs", "apples", "innermost"}
    if unknown:
        errs.add(f, k, f"unknown keys {', '.join(sorted(unknown))}")
        ok = False
    innermost = sp.get("innermost", False) is True
    seat, seat_ok = _space_seat(sp.get("seat"), f, k, errs)
    troughs, troughs_ok = _space_troughs(sp.get("troughs", []), innermost, f, k, errs)
    apples, apples_ok = _space_apples(sp.get("apples", []), vids, f, k, errs)
    ok = ok and seat_ok and troughs_ok and apples_ok
    if seat is None and not innermost:
        errs.add(f, f"{k}.seat", "missing (only the innermost space may have no seat)")
        ok = False
    return Space(n, seat, tuple(troughs), tuple(apples), innermost), ok


def _space_seat(symbol: Any, f: str, k: str, errs: _Collector) -> tuple[int | None, bool]:
    """The seat whose symbol stands on a space (None: no symbol), and whether it was good."""
    if symbol is None:
        return None, True
    if symbol not in SEAT_SYMBOLS:
        errs.add(f, f"{k}.seat", f"must be one of {', '.join(SEAT_SYMBOLS)}, got {symbol!r}")
        return None, False
    return SEAT_SYMBOLS.index(symbol), True


def _space_troughs(troughs_raw: Any, innermost: bool, f: str, k: str, errs: _Collector) -> tuple[list[int], bool]:
    ok = True
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
    return troughs_raw, ok


def _space_apples(apples_raw: Any, vids: dict[str, int], f: str, k: str, errs: _Collector) -> tuple[list[int], bool]:
    if not isinstance(apples_raw, list) or not 0 <= len(apples_raw) <= 2:
        errs.add(f, f"{k}.apples", "must be a list of one or two variety ids")
        return [], False
    apples: list[int] = []
    ok = True
    for a in apples_raw:
        if a not in vids:
            errs.add(f, f"{k}.apples", f"unknown variety {a!r}")
            ok = False
        else:
            apples.append(vids[a])
    return apples, ok


def parse_dataset(texts: Mapping[str, str | None], source: str = "<memory>") -> DataSet:
    """Build and validate a data set from the text of its four TOML files (``None``: missing).

    Pure: the engine reads no files; :func:`table.games.applejack.files.load_dataset` reads them. Raises
    :class:`DataError` listing every problem found, structural and rule invariants
    (see :func:`table.games.applejack.rules.invariants.check_dataset`).
    """
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
