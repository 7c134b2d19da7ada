"""The per-data-set tables every state of a game shares (prices, apples, beehive masks, the
placement codes), made once and kept on the data set; and where each seat's honey came from."""

from __future__ import annotations

from dataclasses import dataclass, field

from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY
from table.games.applejack.rules.data import DataSet


@dataclass(slots=True)
class Stats:
    """Where each seat's honey came from (for bots, simulations and the demo)."""

    harvests: list[int] = field(default_factory=list)
    blossoms: list[int] = field(default_factory=list)
    links: list[int] = field(default_factory=list)
    pasture: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    middle: list[int] = field(default_factory=list)

    @classmethod
    def zero(cls, players: int) -> Stats:
        return cls(*([0] * players for _ in range(6)))

    def copy(self) -> Stats:
        return Stats(self.harvests[:], self.blossoms[:], self.links[:], self.pasture[:], self.paid[:],
                     self.middle[:])


class Rules:
    """Precomputed per-data-set tables shared by every state of a game (read-only)."""

    def __init__(self, data: DataSet) -> None:
        self.data = data
        max_id = max(t.id for t in data.tiles)
        n_var = len(data.varieties)
        self.price = [0] * (max_id + 1)
        self.blossoms = [0] * (max_id + 1)
        self.apples = [(0,) * n_var] * (max_id + 1)
        self.apple_list: list[tuple[tuple[int, int], ...]] = [()] * (max_id + 1)
        self.rot_mask: list[tuple[int, ...]] = [(0,) * 6] * (max_id + 1)
        self.rotations: list[tuple[int, ...]] = [()] * (max_id + 1)
        for t in data.tiles:
            self.price[t.id] = t.price
            self.blossoms[t.id] = t.blossoms
            self.apples[t.id] = tuple(t.apple_count(v) for v in range(n_var))
            self.apple_list[t.id] = t.apples
            self.rot_mask[t.id] = tuple(hexgrid.rotate_mask(t.hives, k) for k in range(6))
            self.rotations[t.id] = hexgrid.distinct_rotations(t.hives)
        codes_by_rots = {r: _place_codes(r) for r in set(self.rotations)}
        self.place_codes = [codes_by_rots[r] for r in self.rotations]
        self.n_varieties = n_var
        # by cell value (tile * 8 + rotation, table.games.applejack.rules.cells): the beehive mask a
        # placed tile shows (none for a pasture) and its price; one more entry at the end, 0, is
        # what index EMPTY (-1) reads, so an empty cell needs no test of its own
        assert EMPTY == -1
        size = (max_id + 1) * 8 + 1
        self.value_mask = [0] * size
        self.value_price = [0] * size
        self.value_tree = [False] * size
        """A tile lies tree side up (a tree shows apples and blossoms, a pasture nothing)."""
        self.value_blossoms = [0] * size
        self.value_apples = [[0] * size for _ in range(n_var)]
        """``value_apples[variety][value]``: the apples of ``variety`` the cell shows."""
        for t in data.tiles:
            for rot in range(6):
                v = t.id * 8 + rot
                self.value_mask[v] = self.rot_mask[t.id][rot]
                self.value_price[v] = t.price
                self.value_tree[v] = True
                self.value_blossoms[v] = t.blossoms
                for variety in range(n_var):
                    self.value_apples[variety][v] = self.apples[t.id][variety]


def _place_codes(rotations: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """PLACE action codes per orchard cell for a set of rotations."""
    return tuple(tuple(A.PLACE + c * 8 + r for r in rotations) for c in range(hexgrid.CELL_COUNT))


PASTURE_CODES = _place_codes((0,))


def rules_for(data: DataSet) -> Rules:
    """The precomputed tables of ``data``, made once and kept on the data set itself."""
    r = data.memo.get("rules")
    if not isinstance(r, Rules):
        r = data.memo["rules"] = Rules(data)
    return r
