"""One orchard analysed for the evaluation, computed once and shared by every position that has it.

An :class:`OrchardView` holds everything :class:`~table.games.applejack.bots.evaluate.Position`
needs that does not depend on the honey held: the empty spaces (a 19-bit mask), the blossoms, the
connected areas of every variety, the open beehive edges, and — made on demand — the value change
of every (tile, pay or pasture, space, best rotation). A view depends only on the orchard's cells,
its corners, the weights and the :class:`~table.games.applejack.bots.weights.Context` (what is
still to come), so :func:`view_for` keeps the recent ones: the rollouts of the strong bot meet
the same orchard again and again (every sample of a plan starts its first rollout turn from the
same orchard), and then the whole greedy turn is a few dictionary look-ups.

How a placement is valued without re-walking the orchard for every tile (the bots' innermost
loop): placing a tile on space ``c`` changes only the areas of the varieties it carries or that
border ``c``. Per space, :meth:`OrchardView._prepare` sums what a tile *without* those varieties
does there (it closes a frontier space of the bordering areas) into ``base[c]``; per (variety,
apples) :meth:`OrchardView._variety_row` gives, for every space, what carrying that variety adds
on top (the merged area instead of the closed frontier). A tile's value on a space is then
``base`` plus one row entry per variety on the tile, plus the change of the variety bonus and
the blossoms. The best rotation of a tile on a space depends only on the tile and on the beehives
across the space's edges (``across``, a small int per space), so it is kept in a table shared by
every view (:data:`_ROTATIONS`).
"""

from __future__ import annotations

from table.games.applejack.bots.weights import Context, Weights
from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY, is_tree, rotation_of, tile_of
from table.games.applejack.rules.hexgrid import has_edge
from table.games.applejack.rules.scoring import VARIETY_BONUS
from table.games.applejack.rules.tables import Rules

CELLS = hexgrid.CELL_COUNT
NBR_MASK: tuple[int, ...] = tuple(
    sum(1 << n for n in hexgrid.NEIGHBOURS[c] if n != EMPTY) for c in range(CELLS))
"""The spaces next to each space, as a 19-bit mask."""
EDGES = hexgrid.MASK_EDGES
"""The edges (0-5, ascending) set in a 6-bit edge mask."""
_BONUS = [VARIETY_BONUS.get(k, 0) for k in range(8)]
_ACROSS_BITS = 8
"""Bits per edge in a space's ``across`` key (beehive values are far below 256)."""

Placement = tuple[float, int]
"""(value change, PLACE action)."""


def bonus(k: float) -> float:
    """The variety bonus for an expected count ``k`` of profitable varieties (interpolated)."""
    if k >= 7:
        return float(_BONUS[7])
    lo = int(k)
    return _BONUS[lo] + (k - lo) * (_BONUS[lo + 1] - _BONUS[lo])


def profitable_share(best_real: int, best_eff: float) -> float:
    """How surely a variety counts for the bonus: its biggest area has 4+ apples, or is growing."""
    return 1.0 if best_real >= 4 else min(1.0, max(0.0, best_eff - 3))


def hive_weight(weights: Weights, turns_left: int) -> float:
    """The share of an open beehive edge's value still expected to link (fading at the end)."""
    return weights.hive * min(1.0, turns_left / weights.hive_turns) if weights.hive_turns > 0 else 0.0


def frontier(mask: int, empty: int) -> int:
    """The empty spaces next to an area (cell masks)."""
    fr = 0
    m = mask
    while m:
        low = m & -m
        fr |= NBR_MASK[low.bit_length() - 1]
        m ^= low
    return fr & empty


_ROTATIONS: dict[float, dict[int, tuple[float, int]]] = {}
"""Per value of an open edge: (across key of a space << 8 | tile) -> (value, rotation) of the
best rotation of the tile there (tile ids are below 256)."""
_ROTATIONS_MAX = 200_000


def rotation_table(per_open: float) -> dict[int, tuple[float, int]]:
    """The best-rotation table for one value of an open edge (emptied when it grows too big)."""
    table = _ROTATIONS.get(per_open)
    if table is None or len(table) > _ROTATIONS_MAX:
        table = _ROTATIONS[per_open] = {}
    return table


def best_rotation(rules: Rules, tile: int, across: tuple[int, ...], per_open: float) -> tuple[float, int]:
    """(value, rotation) of the best rotation of ``tile`` on a space: the honey of the links it
    makes now (the lower beehive of each) plus ``per_open`` for each beehive edge facing an empty
    space. ``across`` holds the beehive across each edge (0 for none, -1 for an empty space);
    the first of equal rotations wins."""
    masks = rules.rot_mask[tile]
    price = rules.price[tile]
    best, best_rot = -1e18, -1
    for r in rules.rotations[tile]:
        mask = masks[r]
        val = 0.0
        if mask:
            n_open = 0
            for e in EDGES[mask]:
                o = across[e]
                if o > 0:
                    val += o if o < price else price
                elif o < 0:
                    n_open += 1
            if n_open and per_open:
                val += n_open * per_open
        if val > best:
            best, best_rot = val, r
    return best, best_rot


class OrchardView:
    """The evaluation's analysis of one orchard for one context (see the module doc)."""

    __slots__ = (
        "_across",
        "_across_key",
        "_area_cache",
        "_base",
        "_base_dp",
        "_best",
        "_comp_info",
        "_k_before",
        "_open_class",
        "_p_before",
        "_placed",
        "_rows",
        "_touching",
        "_var_front",
        "_zero",
        "areas_total",
        "blossoms",
        "cells",
        "comps",
        "corner_apple",
        "corner_hive",
        "ctx",
        "empty",
        "empty_cells",
        "hive_into",
        "hive_open",
        "hw",
        "rules",
        "weights",
    )

    def __init__(self, rules: Rules, cells: tuple[int, ...], corner_apple: dict[int, int],
                 corner_hive: dict[int, tuple[int, int]], weights: Weights, ctx: Context) -> None:
        self.rules = rules
        self.cells = cells
        self.corner_apple = corner_apple
        self.corner_hive = corner_hive
        self.weights = weights
        self.ctx = ctx
        self.empty, self.blossoms, per_var = scan_cells(rules, cells, corner_apple)
        self.empty_cells = tuple(c for c in range(CELLS) if cells[c] == EMPTY)
        self.comps: list[list[tuple[int, int]]] = [areas(counts) for counts in per_var]
        hw = self.hw = hive_weight(weights, ctx.turns_left)
        self.hive_into = hive_into(rules, cells, corner_hive, hw, weights.hive_cap) if hw else [0.0] * CELLS
        self.hive_open = sum(self.hive_into)
        self._area_cache: dict[tuple[int, int, int], tuple[float, float]] = {}
        self._placed: dict[tuple[int, bool], list[Placement]] = {}
        self._best: dict[tuple[int, bool], Placement] = {}
        self.areas_total = self._areas_total()

    # ------------------------------------------------------------------------------------------
    def growth(self, fr: int, turns_left: int) -> float:
        """Apples an area with the open neighbours ``fr`` may still gain."""
        w = self.weights
        if not fr or turns_left <= 0:
            return 0.0
        f = 1.0 if fr & (fr - 1) else 0.5  # two or more open neighbours: full
        return w.growth * f * min(1.0, turns_left / w.growth_turns)

    def area_value(self, var: int, apples: int, fr: int) -> tuple[float, float]:
        """(value, effective apples) of one area of ``var`` with ``apples`` and frontier ``fr``."""
        open_ = 0 if not fr else (2 if fr & (fr - 1) else 1)  # the growth depends only on this
        key = (var, apples, open_)
        cached = self._area_cache.get(key)
        if cached is not None:
            return cached
        eff = apples + self.growth(fr, self.ctx.turns_left)
        val = 2.0 * (eff - 3) if eff > 3 else 0.0
        for p in self.ctx.harvest_pips[var]:
            if eff > p:
                val += eff - p
        self._area_cache[key] = (val, eff)
        return val, eff

    def _areas_total(self) -> float:
        """Every area's value plus the expected variety bonus."""
        total, k = 0.0, 0.0
        for var, comps in enumerate(self.comps):
            best_real, best_eff = 0, 0.0
            for mask, apples in comps:
                val, eff = self.area_value(var, apples, frontier(mask, self.empty))
                total += val
                best_real = max(best_real, apples)
                best_eff = max(best_eff, eff)
            k += profitable_share(best_real, best_eff)
        return total + bonus(k)

    # ------------------------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Per-area values before any placement, which varieties border each empty space, and
        per space the value change of a tile that carries none of them (``base``)."""
        self._comp_info: list[list[tuple[int, int, int, float, float]]] = []
        self._p_before: list[float] = []
        self._touching: list[list[int]] = [[] for _ in range(CELLS)]
        self._var_front: list[int] = []
        for var, comps in enumerate(self.comps):
            infos = []
            best_real, best_eff = 0, 0.0
            front = 0
            for mask, ap in comps:
                fr = frontier(mask, self.empty)
                front |= fr
                val, eff = self.area_value(var, ap, fr)
                infos.append((mask, ap, fr, val, eff))
                best_real = max(best_real, ap)
                best_eff = max(best_eff, eff)
                m = fr
                while m:
                    low = m & -m
                    touching = self._touching[low.bit_length() - 1]
                    if not touching or touching[-1] != var:
                        touching.append(var)
                    m ^= low
            self._comp_info.append(infos)
            self._var_front.append(front)
            self._p_before.append(profitable_share(best_real, best_eff))
        self._k_before = sum(self._p_before)
        self._zero: dict[tuple[int, int], tuple[float, float]] = {}
        self._base = [0.0] * CELLS
        self._base_dp = [0.0] * CELLS
        for c in self.empty_cells:
            d, dp = -self.hive_into[c], 0.0
            for var in self._touching[c]:
                z = self._zero[(var, c)] = self.variety_delta(var, c, 0)
                d += z[0]
                dp += z[1]
            self._base[c] = d
            self._base_dp[c] = dp
        self._rows: dict[tuple[int, int], tuple[list[float], list[float]]] = {}
        empty = self.empty
        self._open_class = [0] * CELLS  # open neighbours of each space: 0, 1 or 2 (two or more)
        for c in self.empty_cells:
            m = NBR_MASK[c] & empty
            self._open_class[c] = 0 if not m else (2 if m & (m - 1) else 1)

    def variety_delta(self, var: int, cell: int, n: int) -> tuple[float, float]:
        """(value change, change of the variety's bonus share) of the areas of ``var`` when a
        tile with ``n`` apples of it (0: none) is placed on ``cell``."""
        bit = 1 << cell
        delta = 0.0
        best_real, best_eff = 0, 0.0
        merged_mask, merged_apples = bit, n
        for mask, ap, fr, vb, eb in self._comp_info[var]:
            if fr & bit:
                delta -= vb
                if n:
                    merged_mask |= mask
                    merged_apples += ap
                    continue
                va, eb = self.area_value(var, ap, fr & ~bit)
                delta += va
            if ap > best_real:
                best_real = ap
            if eb > best_eff:
                best_eff = eb
        if n:
            va, ea = self.area_value(var, merged_apples, frontier(merged_mask, self.empty & ~bit))
            delta += va
            if merged_apples > best_real:
                best_real = merged_apples
            if ea > best_eff:
                best_eff = ea
        p = 1.0 if best_real >= 4 else (0.0 if best_eff <= 3 else (best_eff - 3 if best_eff < 4 else 1.0))
        return delta, p - self._p_before[var]

    def _variety_row(self, var: int, n: int) -> tuple[list[float], list[float]]:
        """Per empty space: what ``n`` apples of ``var`` on the placed tile add to ``base``
        (value, bonus share); a corner apple of the variety on the space counts one more.

        On a space no area of ``var`` borders, the tile starts a new area of its own: its value
        depends only on how many open neighbours the space has (none, one, two or more), so it
        is worked out once per kind instead of once per space."""
        key = (var, n)
        row = self._rows.get(key)
        if row is not None:
            return row
        vals, dps = [0.0] * CELLS, [0.0] * CELLS
        corner = self.corner_apple
        front = self._var_front[var]
        zero = self._zero
        alone: list[tuple[float, float] | None] = [None, None, None]  # by open-neighbour kind
        open_class = self._open_class
        for c in self.empty_cells:
            nc = n + 1 if corner and corner.get(c) == var else n
            if nc == n and not front >> c & 1:
                kind = open_class[c]
                got = alone[kind]
                if got is None:
                    got = alone[kind] = self.variety_delta(var, c, n)
                vals[c], dps[c] = got
                continue
            d, dp = self.variety_delta(var, c, nc)
            z = zero.get((var, c))
            if z is not None:
                d -= z[0]
                dp -= z[1]
            vals[c] = d
            dps[c] = dp
        row = self._rows[key] = (vals, dps)
        return row

    def place_delta(self, tile: int, cell: int, pasture: bool) -> float:
        """Change in value (areas, bonus, blossoms, open beehives *into* ``cell``) from placing
        ``tile`` on ``cell``; the rotation-dependent part is :meth:`rotation_value`."""
        if not hasattr(self, "_base"):
            self._prepare()
        d, dp = self._base[cell], self._base_dp[cell]
        if not pasture:
            for var, n in enumerate(self.rules.apples[tile]):
                if n:
                    vals, dps = self._variety_row(var, n)
                    d += vals[cell]
                    dp += dps[cell]
            d += self.rules.blossoms[tile] * self.ctx.blossom_mult
        if dp:
            d += bonus(self._k_before + dp) - bonus(self._k_before)
        return d

    # ------------------------------------------------------------------------------------------
    def _prepare_edges(self) -> None:
        """Per empty space and edge: the beehive across it (a tile's price or a corner's number,
        0 for none, -1 for an empty space), and the same as one int shifted past a tile id (the
        rotation table's key with the tile's id or-ed in)."""
        rules = self.rules
        cells = self.cells
        corner_hive = self.corner_hive
        across: list[tuple[int, ...]] = [()] * CELLS
        keys = [0] * CELLS
        for c in self.empty_cells:
            vals = [0] * 6
            for e in range(6):
                n = hexgrid.NEIGHBOURS[c][e]
                if n == EMPTY:
                    corner = corner_hive.get(c)
                    if corner is not None and corner[0] == e:
                        vals[e] = corner[1]
                    continue
                other = cells[n]
                if other == EMPTY:
                    vals[e] = -1
                elif is_tree(other) and has_edge(rules.rot_mask[tile_of(other)][rotation_of(other)], (e + 3) % 6):
                    vals[e] = rules.price[tile_of(other)]
            across[c] = tuple(vals)
            keys[c] = sum((v + 1) << (_ACROSS_BITS * (e + 1)) for e, v in enumerate(vals))
        self._across = across
        self._across_key = keys

    def per_open(self, tile: int) -> float:
        """The value of one of ``tile``'s beehive edges left facing an empty space."""
        return self.hw * min(self.rules.price[tile], self.weights.hive_cap) if self.hw else 0.0

    def rotation_value(self, tile: int, cell: int, rot: int) -> float:
        """Honey of the links made now plus the value of the new open beehive edges."""
        if not hasattr(self, "_across"):
            self._prepare_edges()
        mask = self.rules.rot_mask[tile][rot]
        price = self.rules.price[tile]
        val, n_open = 0.0, 0
        for e in EDGES[mask]:
            o = self._across[cell][e]
            if o > 0:
                val += o if o < price else price
            elif o < 0:
                n_open += 1
        per_open = self.per_open(tile)
        if n_open and per_open:
            val += n_open * per_open
        return val

    # ------------------------------------------------------------------------------------------
    def placements(self, tile: int, pasture: bool) -> list[Placement]:
        """Every (value change, PLACE action) for ``tile``: all empty spaces in order, the best
        rotation on each (kept: do not change the list)."""
        key = (tile, pasture) if not pasture else (-1, True)  # a pasture is the same whatever the tile
        out = self._placed.get(key)
        if out is None:
            out = self._placed[key] = []
            self._scan(tile, pasture, out)
        return out

    def best_placement(self, tile: int, pasture: bool) -> Placement:
        """(value change, PLACE action) of the best space and rotation (the first of equals)."""
        key = (tile, pasture) if not pasture else (-1, True)
        best = self._best.get(key)
        if best is None:
            best = self._best[key] = self._scan(tile, pasture, None)
        return best

    def _scan(self, tile: int, pasture: bool, out: list[Placement] | None) -> Placement:
        """The best (value change, PLACE action) of ``tile`` over the empty spaces in order (the
        first of equals; (-1e18, -1) on a full orchard); every space's into ``out`` if given."""
        if not hasattr(self, "_base"):
            self._prepare()
        base, base_dp, kb = self._base, self._base_dp, self._k_before
        bonus_before = bonus(kb)
        best, best_action = -1e18, -1
        if pasture:
            for c in self.empty_cells:
                d, dp = base[c], base_dp[c]
                if dp:
                    d += bonus(kb + dp) - bonus_before
                if out is not None:
                    out.append((d, A.PLACE + c * 8))
                if d > best:
                    best, best_action = d, A.PLACE + c * 8
            return best, best_action
        if not hasattr(self, "_across"):
            self._prepare_edges()
        rules = self.rules
        rows = [self._variety_row(var, n) for var, n in enumerate(rules.apples[tile]) if n]
        bloom = rules.blossoms[tile] * self.ctx.blossom_mult
        per_open = self.per_open(tile)
        across, across_key = self._across, self._across_key
        table = rotation_table(per_open)
        rotation_get = table.get
        assert tile < 1 << _ACROSS_BITS, "tile ids fit below the across key"
        for c in self.empty_cells:
            d, dp = base[c], base_dp[c]
            for vals, dps in rows:
                d += vals[c]
                dp += dps[c]
            d += bloom
            if dp:
                d += bonus(kb + dp) - bonus_before
            key = across_key[c] | tile
            rot = rotation_get(key)
            if rot is None:
                rot = table[key] = best_rotation(rules, tile, across[c], per_open)
            d += rot[0]
            if out is not None:
                out.append((d, A.PLACE + c * 8 + rot[1]))
            if d > best:
                best, best_action = d, A.PLACE + c * 8 + rot[1]
        return best, best_action


_VIEWS: dict[tuple[object, ...], OrchardView] = {}
_VIEWS_MAX = 4096


def view_for(rules: Rules, cells: list[int], corner_apple: dict[int, int],
             corner_hive: dict[int, tuple[int, int]], weights: Weights, ctx: Context) -> OrchardView:
    """The view of an orchard, shared with every recent position of the same orchard and context
    (the corners are the same dicts for every game of a configuration: keyed by identity, and
    the view holds them so that identity is not reused while it is kept)."""
    frozen = tuple(cells)
    key = (frozen, id(rules), id(corner_apple), id(corner_hive), weights, ctx)
    view = _VIEWS.get(key)
    if view is None:
        if len(_VIEWS) >= _VIEWS_MAX:
            _VIEWS.clear()
        view = _VIEWS[key] = OrchardView(rules, frozen, corner_apple, corner_hive, weights, ctx)
    return view


def forget_views() -> None:
    """Drop the kept views (the strong bot does at the end of each search)."""
    _VIEWS.clear()


def scan_cells(rules: Rules, cells: tuple[int, ...], corner_apple: dict[int, int]
               ) -> tuple[int, int, list[list[int]]]:
    """An orchard's empty cells (a bit mask), its blossoms, and each variety's apples per cell
    (a corner apple of the variety counted on its tree)."""
    empty = 0
    per_var = [[0] * CELLS for _ in range(rules.n_varieties)]
    blossoms = 0
    for c in range(CELLS):
        v = cells[c]
        if v == EMPTY:
            empty |= 1 << c
            continue
        if not is_tree(v):
            continue
        tile = tile_of(v)
        blossoms += rules.blossoms[tile]
        for var, n in enumerate(rules.apples[tile]):
            if n:
                per_var[var][c] = n + (1 if corner_apple.get(c) == var else 0)
    return empty, blossoms, per_var


def areas(counts: list[int]) -> list[tuple[int, int]]:
    """The connected areas of one variety's apples per cell: (cell mask, apples) each."""
    seen = 0
    comps = []
    for c in range(CELLS):
        if not counts[c] or seen >> c & 1:
            continue
        mask, total, stack = 1 << c, 0, [c]
        seen |= 1 << c
        while stack:
            x = stack.pop()
            total += counts[x]
            for n in hexgrid.NEIGHBOURS[x]:
                if n != EMPTY and counts[n] and not seen >> n & 1:
                    seen |= 1 << n
                    mask |= 1 << n
                    stack.append(n)
        comps.append((mask, total))
    return comps


def hive_into(rules: Rules, cells: tuple[int, ...], corner_hive: dict[int, tuple[int, int]], hw: float,
              cap: float) -> list[float]:
    """The value the open beehive edges (trees' and corners') carry into each empty cell."""
    into = [0.0] * CELLS
    for c in range(CELLS):
        v = cells[c]
        if not is_tree(v):
            continue
        tile, rot = tile_of(v), rotation_of(v)
        mask = rules.rot_mask[tile][rot]
        if not mask:
            continue
        val = hw * min(rules.price[tile], cap)
        for e in EDGES[mask]:
            n = hexgrid.NEIGHBOURS[c][e]
            if n != EMPTY and cells[n] == EMPTY:
                into[n] += val
    for c, (_e, h) in corner_hive.items():
        if cells[c] == EMPTY:
            into[c] += hw * min(h, cap)
    return into
