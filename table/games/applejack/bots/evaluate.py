"""A hand-made evaluation of an orchard position, and the whole-turn moves it ranks.

The value of a seat's position is its *projected final score*: the honey it holds, plus for
every area the honey it should still earn (each remaining harvest of its variety on the path
pays ``apples − pips``, the final harvest ``2 × (apples − 3)``), the expected variety bonus, the
blossoms times the blossom scorings still to come (+1 for the final one), and a share of the
links its open beehive edges may still make. An area with empty spaces beside it is valued as
if it will still grow a little (less as the game runs out of turns).

Everything is computed with 19-bit cell masks so that the greedy bot can rank every
(tile, pay or pasture, space, rotation) of a turn in a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY, is_tree, rotation_of, tile_of
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.hexgrid import has_edge
from table.games.applejack.rules.scoring import VARIETY_BONUS
from table.games.applejack.rules.tables import Rules
from table.games.applejack.rules.walk import Die, apples_by_space, move_die, turn_positions

CELLS = hexgrid.CELL_COUNT
NBR_MASK: tuple[int, ...] = tuple(
    sum(1 << n for n in hexgrid.NEIGHBOURS[c] if n != EMPTY) for c in range(CELLS))
_BONUS = [VARIETY_BONUS.get(k, 0) for k in range(8)]
EDGES = hexgrid.MASK_EDGES
"""The edges (0-5, ascending) set in a 6-bit edge mask."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the evaluation (defaults tuned on seeded solo and 2-4 player games)."""

    growth: float = 1.0
    """Apples an area with open neighbours may still gain, at most (two or more open neighbours)."""
    growth_turns: float = 8.0
    """Own turns left at which the growth estimate is full; fewer turns shrink it linearly."""
    hive: float = 0.7
    """Share of an open beehive edge's value (capped by ``hive_cap``) expected to link later."""
    hive_turns: float = 3.0
    hive_cap: float = 3.5
    reserve: float = 0.0
    """Extra value of each honey held below ``reserve_level`` (honey buys the next tiles)."""
    reserve_level: float = 10.0
    reserve_turns: float = 10.0
    blind_samples: int = 6
    """Tiles sampled from the supply to value a blind draw."""


@dataclass(frozen=True, slots=True)
class Context:
    """What is still to come for one seat from a die position on."""

    harvest_pips: tuple[tuple[int, ...], ...]  # per variety: the pips of every remaining harvest
    blossom_mult: int  # blossom scorings still to come (× their pips) + 1 for the final one
    turns_left: int  # the seat's own turns after the current one


def _bonus(k: float) -> float:
    """The variety bonus for an expected count ``k`` of profitable varieties (interpolated)."""
    if k >= 7:
        return float(_BONUS[7])
    lo = int(k)
    return _BONUS[lo] + (k - lo) * (_BONUS[lo + 1] - _BONUS[lo])


class WalkInfo:
    """Per board (and apple-tile layout): the future of every turn position."""

    def __init__(self, state: GameState) -> None:
        board = state.board
        apples = state.apples if state.apples is not None else apples_by_space(board)
        n_var = state.rules.n_varieties
        positions = list(turn_positions(board, apples))
        self.index: dict[Die, int] = {d: i for i, d in enumerate(positions)}
        self.contexts: list[list[Context]] = []  # [position][seat]
        # the events when leaving each position (the last has none)
        harvests: list[list[tuple[int, int]]] = []
        blossoms: list[int] = []
        for i, d in enumerate(positions):
            if i == len(positions) - 1:
                harvests.append([])
                blossoms.append(0)
                continue
            _die, events = move_die(board, d, apples)
            hs, bl = [], 0
            for ev in events:
                kind = getattr(ev, "kind", "")
                if kind == "harvest":
                    hs.append((ev.variety, ev.pips))  # type: ignore[attr-defined]
                elif kind == "blossom_scoring":
                    bl += ev.times  # type: ignore[attr-defined]
            harvests.append(hs)
            blossoms.append(bl)
        seats = [board.space(d.space).seat or 0 for d in positions]
        for i in range(len(positions)):
            pips: list[list[int]] = [[] for _ in range(n_var)]
            for j in range(i, len(positions)):
                for v, p in harvests[j]:
                    pips[v].append(p)
            mult = sum(blossoms[i:]) + 1
            row = []
            for seat in range(state.players):
                left = sum(1 for j in range(i + 1, len(positions)) if seats[j] == seat)
                row.append(Context(tuple(tuple(p) for p in pips), mult, left))
            self.contexts.append(row)

    def context(self, die: Die, seat: int) -> Context:
        return self.contexts[self.index[die]][seat]


_WALKS: dict[tuple[int, tuple[tuple[int, ...], ...]], WalkInfo] = {}


def walk_info(state: GameState) -> WalkInfo:
    key = (id(state.board), state.apples)
    w = _WALKS.get(key)
    if w is None:
        if len(_WALKS) > 64:
            _WALKS.clear()
        w = WalkInfo(state)
        _WALKS[key] = w
    return w


class Position:
    """One seat's orchard broken into the parts the evaluation needs (built once per decision)."""

    __slots__ = (
        "_across",
        "_area_cache",
        "_comp_info",
        "_hw",
        "_k_before",
        "_open",
        "_p_before",
        "_pasture_best",
        "_touching",
        "apple_cells",
        "blossoms",
        "comps",
        "ctx",
        "empty",
        "hive_into",
        "hive_open",
        "honey",
        "seat",
        "state",
        "weights",
    )

    def __init__(self, state: GameState, seat: int, weights: Weights, ctx: Context | None = None) -> None:
        self.state = state
        self.seat = seat
        self.weights = weights
        self.ctx = ctx if ctx is not None else walk_info(state).context(state.die, seat)
        rules = state.rules
        cells = state.cells[seat]
        self.honey = state.honey[seat]
        self.empty, self.blossoms, per_var = _scan_cells(rules, cells, state.corner_apple[seat])
        self.apple_cells = per_var
        # connected areas per variety: (mask, apples)
        self.comps: list[list[tuple[int, int]]] = [_areas(counts) for counts in per_var]
        # open beehive edges: value flowing into each empty cell
        hw = self.hive_weight(self.ctx.turns_left)
        into = _hive_into(rules, cells, state.corner_hive[seat], hw, weights.hive_cap) if hw else [0.0] * CELLS
        self.hive_into = into
        self.hive_open = sum(into)
        self._area_cache: dict[tuple[int, int, int, int], tuple[float, float]] = {}
        self._pasture_best: tuple[float, int] | None = None

    # ------------------------------------------------------------------------------------------
    def hive_weight(self, turns_left: int) -> float:
        w = self.weights
        return w.hive * min(1.0, turns_left / w.hive_turns) if w.hive_turns > 0 else 0.0

    def growth(self, frontier: int, turns_left: int) -> float:
        w = self.weights
        if not frontier or turns_left <= 0:
            return 0.0
        f = 1.0 if frontier & (frontier - 1) else 0.5  # two or more open neighbours: full
        return w.growth * f * min(1.0, turns_left / w.growth_turns)

    def area_value(self, var: int, apples: int, frontier: int, turns_left: int) -> tuple[float, float]:
        """(value, effective apples) of one area."""
        key = (var, apples, frontier, turns_left)
        cached = self._area_cache.get(key)
        if cached is not None:
            return cached
        eff = apples + self.growth(frontier, turns_left)
        val = 2.0 * (eff - 3) if eff > 3 else 0.0
        for p in self.ctx.harvest_pips[var]:
            if eff > p:
                val += eff - p
        self._area_cache[key] = (val, eff)
        return val, eff

    def value(self) -> float:
        """The projected final score of this seat's position."""
        total, _k = self._areas_total(self.empty, self.ctx.turns_left)
        return (self.honey + self.reserve_value(self.honey) + total + self.blossoms * self.ctx.blossom_mult
                + self.hive_open)

    def reserve_value(self, honey: float) -> float:
        w = self.weights
        if not w.reserve or self.ctx.turns_left <= 0:
            return 0.0
        return w.reserve * min(max(honey, 0.0), w.reserve_level) * min(1.0, self.ctx.turns_left / w.reserve_turns)

    def honey_delta(self, change: float) -> float:
        """Value of a change in the honey held (1 per honey, more while the reserve is low)."""
        return change + self.reserve_value(self.honey + change) - self.reserve_value(self.honey)

    def _areas_total(self, empty: int, turns_left: int) -> tuple[float, float]:
        total, k = 0.0, 0.0
        for var, comps in enumerate(self.comps):
            best_real, best_eff = 0, 0.0
            for mask, apples in comps:
                fr = self._frontier(mask, empty)
                val, eff = self.area_value(var, apples, fr, turns_left)
                total += val
                best_real = max(best_real, apples)
                best_eff = max(best_eff, eff)
            k += 1.0 if best_real >= 4 else min(1.0, max(0.0, best_eff - 3))
        return total + _bonus(k), k

    @staticmethod
    def _frontier(mask: int, empty: int) -> int:
        fr = 0
        m = mask
        while m:
            low = m & -m
            fr |= NBR_MASK[low.bit_length() - 1]
            m ^= low
        return fr & empty

    # ------------------------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Per-area values before any placement, and which areas border each empty space."""
        left = self.ctx.turns_left
        self._comp_info: list[list[tuple[int, int, int, float, float]]] = []
        self._p_before: list[float] = []
        self._touching: list[set[int]] = [set() for _ in range(CELLS)]
        for var, comps in enumerate(self.comps):
            infos = []
            best_real, best_eff = 0, 0.0
            for mask, ap in comps:
                fr = self._frontier(mask, self.empty)
                val, eff = self.area_value(var, ap, fr, left)
                infos.append((mask, ap, fr, val, eff))
                best_real = max(best_real, ap)
                best_eff = max(best_eff, eff)
                m = fr
                while m:
                    low = m & -m
                    self._touching[low.bit_length() - 1].add(var)
                    m ^= low
            self._comp_info.append(infos)
            self._p_before.append(1.0 if best_real >= 4 else min(1.0, max(0.0, best_eff - 3)))
        self._k_before = sum(self._p_before)

    def place_delta(self, tile: int, cell: int, pasture: bool) -> float:
        """Change in value (areas, bonus, blossoms, open beehives *into* ``cell``) from placing
        ``tile`` on ``cell``; the rotation-dependent part is :meth:`rotation_value`."""
        if not hasattr(self, "_comp_info"):
            self._prepare()
        st = self.state
        rules = st.rules
        bit = 1 << cell
        empty_after = self.empty & ~bit
        left = self.ctx.turns_left
        apples = rules.apples[tile]
        delta = -self.hive_into[cell]
        tile_vars: dict[int, int] = {}
        if not pasture:
            corner = st.corner_apple[self.seat].get(cell)
            for var, n in enumerate(apples):
                if n:
                    tile_vars[var] = n + (1 if corner == var else 0)
        affected = self._touching[cell] | tile_vars.keys()
        k = self._k_before
        for var in affected:
            n = tile_vars.get(var, 0)
            best_real, best_eff = 0, 0.0
            merged_mask, merged_apples = bit, n
            for mask, ap, fr, vb, eb in self._comp_info[var]:
                if fr & bit:
                    delta -= vb
                    if n:
                        merged_mask |= mask
                        merged_apples += ap
                        continue
                    va, eb = self.area_value(var, ap, fr & ~bit, left)
                    delta += va
                if ap > best_real:
                    best_real = ap
                if eb > best_eff:
                    best_eff = eb
            if n:
                va, ea = self.area_value(var, merged_apples, self._frontier(merged_mask, empty_after), left)
                delta += va
                if merged_apples > best_real:
                    best_real = merged_apples
                if ea > best_eff:
                    best_eff = ea
            p = 1.0 if best_real >= 4 else min(1.0, max(0.0, best_eff - 3))
            k += p - self._p_before[var]
        if k != self._k_before:
            delta += _bonus(k) - _bonus(self._k_before)
        if not pasture:
            delta += rules.blossoms[tile] * self.ctx.blossom_mult
        return delta

    def _prepare_edges(self) -> None:
        """Per empty space and edge: the beehive across it (a tile's price or a corner's
        number, 0 for none) and whether the space across is empty."""
        st = self.state
        rules = st.rules
        cells = st.cells[self.seat]
        corner_hive = st.corner_hive[self.seat]
        across: list[tuple[int, ...]] = []
        open_masks: list[int] = []
        for c in range(CELLS):
            vals = [0] * 6
            om = 0
            if cells[c] == EMPTY:
                for e in range(6):
                    n = hexgrid.NEIGHBOURS[c][e]
                    if n == EMPTY:
                        corner = corner_hive.get(c)
                        if corner is not None and corner[0] == e:
                            vals[e] = corner[1]
                        continue
                    other = cells[n]
                    if other == EMPTY:
                        om |= 1 << e
                    elif is_tree(other) and has_edge(rules.rot_mask[tile_of(other)][rotation_of(other)], (e + 3) % 6):
                        vals[e] = rules.price[tile_of(other)]
            across.append(tuple(vals))
            open_masks.append(om)
        self._across = across
        self._open = open_masks
        self._hw = self.hive_weight(self.ctx.turns_left)

    def rotation_value(self, tile: int, cell: int, rot: int) -> float:
        """Honey of the links made now plus the value of the new open beehive edges."""
        if not hasattr(self, "_across"):
            self._prepare_edges()
        rules = self.state.rules
        mask = rules.rot_mask[tile][rot]
        if not mask:
            return 0.0
        price = rules.price[tile]
        across = self._across[cell]
        val = 0.0
        for e in EDGES[mask]:
            o = across[e]
            if o:
                val += o if o < price else price
        n_open = (mask & self._open[cell]).bit_count()
        if n_open and self._hw:
            val += n_open * self._hw * min(price, self.weights.hive_cap)
        return val

    def _best_rotation(self, tile: int, cell: int, rots: tuple[int, ...]) -> tuple[float, int]:
        """(value, rotation) of the best of ``rots`` for ``tile`` on ``cell``: rotation_value
        for each, with the lookups done once (the bots' innermost loop); the first best wins."""
        rules = self.state.rules
        masks = rules.rot_mask[tile]
        price = rules.price[tile]
        across = self._across[cell]
        open_mask = self._open[cell]
        per_open = self._hw * min(price, self.weights.hive_cap) if self._hw else 0.0
        best, best_rot = -1e18, -1
        for r in rots:
            mask = masks[r]
            val = 0.0
            if mask:
                for e in EDGES[mask]:
                    o = across[e]
                    if o:
                        val += o if o < price else price
                n_open = (mask & open_mask).bit_count()
                if n_open and per_open:
                    val += n_open * per_open
            if val > best:
                best, best_rot = val, r
        return best, best_rot

    def best_placement(self, tile: int, pasture: bool) -> tuple[float, int]:
        """(value change, PLACE action) of the best space and rotation for ``tile``."""
        if pasture:  # a pasture is the same whatever the tile: compute it once
            if self._pasture_best is None:
                self._pasture_best = self._best_placement(tile, True)
            return self._pasture_best
        return self._best_placement(tile, False)

    def _best_placement(self, tile: int, pasture: bool) -> tuple[float, int]:
        # the first of the best, in space order (max keeps the first of equals)
        return max(self.placements(tile, pasture), key=lambda p: p[0], default=(-1e18, -1))

    def placements(self, tile: int, pasture: bool) -> list[tuple[float, int]]:
        """Every (value change, PLACE action) for ``tile``: all spaces, best rotation per space."""
        rules = self.state.rules
        cells = self.state.cells[self.seat]
        out = []
        rots = (0,) if pasture else rules.rotations[tile]
        if not hasattr(self, "_across"):
            self._prepare_edges()
        for c in range(CELLS):
            if cells[c] != EMPTY:
                continue
            d = self.place_delta(tile, c, pasture)
            if pasture:
                out.append((d, A.PLACE + c * 8))
                continue
            rv, r = self._best_rotation(tile, c, rots)
            out.append((d + rv, A.PLACE + c * 8 + r))
        return out

    def tile_options(self, tile: int, can_buy: bool) -> tuple[float, int, int]:
        """Best (value change, BUY or PASTURE, PLACE action) for holding ``tile``."""
        price = self.state.rules.price[tile]
        pv, pa = self.best_placement(tile, True)
        best = (pv + self.honey_delta(2.0), A.PASTURE, pa)
        if can_buy:
            bv, ba = self.best_placement(tile, False)
            bv += self.honey_delta(-price)
            if bv > best[0]:
                best = (bv, A.BUY, ba)
        return best


def evaluate(state: GameState, seat: int, weights: Weights | None = None) -> float:
    """The projected final score of ``seat`` (the real final score once the game is over)."""
    if state.is_terminal():
        return float(state.scores()[seat].total)
    return Position(state, seat, weights or Weights()).value()


def _scan_cells(rules: Rules, cells: list[int], corner_apple: dict[int, int]) -> tuple[int, int, list[list[int]]]:
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


def _areas(counts: list[int]) -> list[tuple[int, int]]:
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


def _hive_into(rules: Rules, cells: list[int], corner_hive: dict[int, tuple[int, int]], hw: float,
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
