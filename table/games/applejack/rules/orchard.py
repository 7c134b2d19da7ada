"""What an orchard holds and pays: cells, apple totals, areas, harvests, blossoms, beehive links.

``GameState`` (``game``) takes these from :class:`Orchards`; the state's fields they read are
declared here.
"""

from __future__ import annotations

from bisect import insort
from itertools import compress

from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY, PASTURE_ROT
from table.games.applejack.rules.tables import Rules

_CELLS = range(hexgrid.CELL_COUNT)


class Orchards:
    """The orchard queries and updates of a game state (a base of ``game.GameState``)."""

    rules: Rules
    cells: list[list[int]]
    apple_totals: list[list[int]]
    empties: list[list[int]]
    corner_hive: list[dict[int, tuple[int, int]]]
    corner_apple: list[dict[int, int]]

    def set_cell(self, seat: int, cell: int, value: int) -> None:
        """Put ``tile * 8 + rotation`` (rotation 7: pasture side) or EMPTY on an orchard cell.

        The one way to change ``cells``: it keeps what is derived from them (``apple_totals``,
        ``empties``) true."""
        cells, totals, sparse = self.cells[seat], self.apple_totals[seat], self.rules.apple_list
        old = cells[cell]
        if old != EMPTY and old & 7 != PASTURE_ROT:
            for variety, n in sparse[old >> 3]:
                totals[variety] -= n
        cells[cell] = value
        if value != EMPTY and value & 7 != PASTURE_ROT:
            for variety, n in sparse[value >> 3]:
                totals[variety] += n
        if (old == EMPTY) != (value == EMPTY):
            if value == EMPTY:
                insort(self.empties[seat], cell)
            else:
                self.empties[seat].remove(cell)

    def _recount(self, seat: int) -> None:
        """Work out again what is derived from ``seat``'s cells: apple totals and empty cells."""
        totals = [0] * self.rules.n_varieties
        apples = self.rules.apples
        for v in self.cells[seat]:
            if v != EMPTY and v & 7 != PASTURE_ROT:
                for i, n in enumerate(apples[v >> 3]):
                    totals[i] += n
        for variety in self.corner_apple[seat].values():
            totals[variety] += 1
        self.apple_totals[seat] = totals
        self.empties[seat] = [c for c, v in enumerate(self.cells[seat]) if v == EMPTY]

    def areas(self, seat: int, variety: int) -> list[int]:
        """Apple count of each area (connected tiles showing ``variety``) in ``seat``'s orchard,
        corner apples of an individual orchard included (ruling R6); areas in the order of their
        first orchard space."""
        # apples of the variety per cell (value-indexed: EMPTY and pastures show none); a cell is
        # zeroed once its area has counted it
        left = list(map(self.rules.value_apples[variety].__getitem__, self.cells[seat]))
        corner = self.corner_apple[seat]
        adjacent = hexgrid.ADJACENT
        out = []
        for c in compress(_CELLS, left):  # the cells showing the variety, ascending
            total = left[c]
            if not total:
                continue  # counted in an earlier area
            left[c] = 0
            stack = [c]
            while stack:
                x = stack.pop()
                if corner and corner.get(x) == variety:
                    total += 1
                for n in adjacent[x]:
                    if left[n]:
                        total += left[n]
                        left[n] = 0
                        stack.append(n)
            out.append(total)
        return out

    def variety_areas(self, seat: int) -> list[list[int]]:
        """:meth:`areas` of every variety at once (the final scoring's question), the same lists:
        one pass over the orchard's tree cells finds which cells show each variety, then each
        variety's areas are found among those cells alone."""
        rules = self.rules
        dense, sparse = rules.apples, rules.apple_list
        cells = self.cells[seat]
        shown: dict[int, dict[int, int]] = {}  # variety -> cell -> apples, cells ascending
        for c in compress(_CELLS, map(rules.value_tree.__getitem__, cells)):
            tile = cells[c] >> 3
            counts = dense[tile]
            for variety, _n in sparse[tile]:
                if counts[variety]:
                    if variety in shown:
                        shown[variety][c] = counts[variety]
                    else:
                        shown[variety] = {c: counts[variety]}
        corner = self.corner_apple[seat]
        adjacent = hexgrid.ADJACENT
        out: list[list[int]] = [[] for _ in range(rules.n_varieties)]
        for variety, left in shown.items():
            found = out[variety]
            for c in list(left):
                total = left.pop(c, 0)  # 0: already in an earlier area
                if not total:
                    continue
                stack = [c]
                while stack:
                    x = stack.pop()
                    if corner and corner.get(x) == variety:
                        total += 1
                    if left:
                        for n in adjacent[x]:
                            apples = left.pop(n, 0)
                            if apples:
                                total += apples
                                stack.append(n)
                found.append(total)
        return out

    def harvest_yield(self, seat: int, variety: int, pips: int) -> int:
        if self.apple_totals[seat][variety] <= pips:
            return 0  # no area can be bigger than all the apples of the variety
        return sum(a - pips for a in self.areas(seat, variety) if a > pips)

    def blossom_count(self, seat: int) -> int:
        return sum(map(self.rules.value_blossoms.__getitem__, self.cells[seat]))  # EMPTY, pastures: 0

    def link_values(self, seat: int, cell: int, tile: int, rot: int) -> list[int]:
        """Honey of each beehive link a tree tile would make on ``cell`` with rotation ``rot``."""
        rules = self.rules
        mask = rules.rot_mask[tile][rot]
        if not mask:
            return []
        price = rules.price[tile]
        cells = self.cells[seat]
        value_mask, value_price = rules.value_mask, rules.value_price  # EMPTY and pastures: no beehives
        out = []
        for e, n, back in hexgrid.EDGE_LINKS[cell][mask]:
            if n == hexgrid.OFF_BOARD:
                corner = self.corner_hive[seat].get(cell)
                if corner is not None and corner[0] == e:
                    out.append(min(price, corner[1]))
                continue
            other = cells[n]
            if value_mask[other] >> back & 1:
                out.append(min(price, value_price[other]))
        return out

    def placed_tiles(self, seat: int) -> list[int]:
        return [v >> 3 for v in self.cells[seat] if v != EMPTY]
