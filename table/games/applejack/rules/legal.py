"""Which actions the rules allow now: the legal list, the quick legality check of ``apply`` and
ruling R10's rotations (a base of ``game.GameState``; the state's fields they read are declared here)."""

from __future__ import annotations

from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.route import Stop
from table.games.applejack.rules.tables import PASTURE_CODES, Rules
from table.games.applejack.rules.walk import choosable_troughs

_MIDDLE, _BLIND, _COTTAGE = A.MIDDLE, A.BLIND, A.COTTAGE
_TAKE, _PAY, _PLACE, _STOCK = Phase.TAKE, Phase.PAY, Phase.PLACE, Phase.STOCK
_SETUP, _REFILL, _BLIND_DRAW, _STOCK_DRAW = Phase.SETUP, Phase.REFILL, Phase.BLIND_DRAW, Phase.STOCK_DRAW


class LegalActions:
    """The legal actions of a game state."""

    rules: Rules
    phase: Phase
    seat: int
    held: int
    held_pasture: bool
    honey: list[int]
    cells: list[list[int]]
    empties: list[list[int]]
    troughs: list[list[int]]
    supply: list[int]
    middle: list[int]
    cottage: list[int]
    on_middle: bool
    _open: tuple[int, ...]
    _stop: Stop

    def choosable_troughs(self) -> tuple[int, ...]:
        """The troughs a tile may come from now (ruling R3: any with tiles when all is empty)."""
        return choosable_troughs(self._open, self.troughs, self.supply, self.middle, self.on_middle)

    def legal_actions(self) -> list[int]:
        ph = self.phase  # always a Phase member: compared by identity, the cheapest test
        if ph is _TAKE:
            return self._take_actions()
        if ph is _PAY:
            if self.honey[self.seat] >= self.rules.price[self.held]:
                return [A.BUY, A.PASTURE]
            return [A.PASTURE]
        if ph is _PLACE:
            codes = PASTURE_CODES if self.held_pasture else self.rules.place_codes[self.held]
            places: list[int] = []
            for cell in self.empties[self.seat]:  # ascending
                places += codes[cell]
            return places
        if ph is _REFILL or ph is _SETUP or ph is _BLIND_DRAW or ph is _STOCK_DRAW:
            return [A.DRAW + t for t in sorted(self.supply)]
        if ph is _STOCK:
            out: list[int] = []
            for t in self.choosable_troughs():
                out += map((A.STOCK + t * A.TILE_SPAN).__add__, self.troughs[t - 1])
            if self.supply:
                out.append(A.STOCK_SUPPLY)
            return out
        return []

    def _take_actions(self) -> list[int]:
        """The choices of a turn's first step: a trough tile, the middle trees, blind, the cottage."""
        out: list[int] = []
        troughs = self.troughs
        if self.supply:
            for t, base in self._stop.take_bases:  # the open troughs
                for tile in troughs[t]:  # a plain loop: a map object costs more for a trough's few tiles
                    out.append(base + tile)
        else:  # ruling R3 can widen the choice only when the supply is empty (choosable_troughs)
            for t in self.choosable_troughs():
                out += map(A.take(t, 0).__add__, troughs[t - 1])
        if self.on_middle:
            out += map(_MIDDLE.__add__, self.middle)
        if self.supply:
            out.append(_BLIND)
        if self.cottage[self.seat] != EMPTY:
            out.append(_COTTAGE)
        return out

    def normalise(self, action: int) -> int:
        """Ruling R10: a placement in any rotation 0-5 becomes the listed rotation that looks the same.

        A tile whose beehives look the same turned (two opposite beehives, say) offers each look
        once in :meth:`legal_actions`; a person who enters the rotation they actually laid is
        never refused for it. A pasture (no features) is always rotation 0. Other actions are
        returned unchanged.
        """
        if self.phase != Phase.PLACE or not A.PLACE <= action < A.PLACE + 8 * hexgrid.CELL_COUNT:
            return action
        cell, rot = divmod(action - A.PLACE, 8)
        if rot > 5 or self.held == EMPTY:
            return action
        if self.held_pasture:
            return A.place(cell, 0)
        masks = self.rules.rot_mask[self.held]
        return A.place(cell, next(k for k in self.rules.rotations[self.held] if masks[k] == masks[rot]))

    @staticmethod
    def _decodable(action: int) -> bool:
        try:
            A.to_text(action)
        except ValueError:
            return False
        return True

    def _is_legal(self, action: int) -> bool:
        ph = self.phase
        if ph in (Phase.SETUP, Phase.BLIND_DRAW, Phase.STOCK_DRAW, Phase.REFILL):
            return A.DRAW <= action < A.DRAW + A.TILE_SPAN and (action - A.DRAW) in self.supply
        if ph == Phase.PLACE:
            if not A.PLACE <= action < A.PLACE + 8 * hexgrid.CELL_COUNT:
                return False
            cell, rot = divmod(action - A.PLACE, 8)
            if self.cells[self.seat][cell] != EMPTY:
                return False
            return rot == 0 if self.held_pasture else rot in self.rules.rotations[self.held]
        return action in self.legal_actions()
