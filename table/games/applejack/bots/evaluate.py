"""A hand-made evaluation of an orchard position, and the whole-turn moves it ranks.

The value of a seat's position is its *projected final score*: the honey it holds, plus for
every area the honey it should still earn (each remaining harvest of its variety on the path
pays ``apples − pips``, the final harvest ``2 × (apples − 3)``), the expected variety bonus, the
blossoms times the blossom scorings still to come (+1 for the final one), and a share of the
links its open beehive edges may still make. An area with empty spaces beside it is valued as
if it will still grow a little (less as the game runs out of turns).

The orchard's part is computed with 19-bit cell masks, once per orchard and context, in
:mod:`table.games.applejack.bots.orchard_view`, so that the greedy bot can rank every
(tile, pay or pasture, space, rotation) of a turn in a fraction of a millisecond.
"""

from __future__ import annotations

from table.games.applejack.bots.orchard_view import OrchardView, view_for
from table.games.applejack.bots.weights import Context, Weights
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.walk import Die, apples_by_space, move_die, turn_positions


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
    """One seat's position for the evaluation: the honey it holds and the analysis of its orchard
    (:class:`~table.games.applejack.bots.orchard_view.OrchardView`, shared with every recent
    position of the same orchard and context, see :func:`view_for`)."""

    __slots__ = ("ctx", "honey", "seat", "state", "view", "weights")

    def __init__(self, state: GameState, seat: int, weights: Weights, ctx: Context | None = None) -> None:
        self.state = state
        self.seat = seat
        self.weights = weights
        self.ctx = ctx if ctx is not None else walk_info(state).context(state.die, seat)
        self.honey = state.honey[seat]
        self.view = view_for(state.rules, state.cells[seat], state.corner_apple[seat], state.corner_hive[seat],
                             weights, self.ctx)

    @classmethod
    def of_view(cls, view: OrchardView, honey: int, weights: Weights, ctx: Context) -> Position:
        """The position of an orchard view kept apart from its game (``bench/applejack_leaf_proxy.py``
        keeps the search's leaves so): :meth:`value` and :meth:`reserve_value` work; the move
        rankings, which read the game's prices, do not (it has no ``state``)."""
        pos = cls.__new__(cls)
        pos.view, pos.honey, pos.weights, pos.ctx = view, honey, weights, ctx
        return pos

    # ------------------------------------------------------------------------------------------
    @property
    def empty(self) -> int:
        """The empty spaces (a 19-bit mask)."""
        return self.view.empty

    def value(self) -> float:
        """The projected final score of this seat's position."""
        v = self.view
        return (self.honey + self.reserve_value(self.honey) + v.areas_total + v.blossoms * self.ctx.blossom_mult
                + v.hive_open)

    def reserve_value(self, honey: float) -> float:
        w = self.weights
        if not w.reserve or self.ctx.turns_left <= 0:
            return 0.0
        return w.reserve * min(max(honey, 0.0), w.reserve_level) * min(1.0, self.ctx.turns_left / w.reserve_turns)

    def honey_delta(self, change: float) -> float:
        """Value of a change in the honey held (1 per honey, more while the reserve is low)."""
        return change + self.reserve_value(self.honey + change) - self.reserve_value(self.honey)

    def place_delta(self, tile: int, cell: int, pasture: bool) -> float:
        """Change in value (areas, bonus, blossoms, open beehives *into* ``cell``) from placing
        ``tile`` on ``cell``; the rotation-dependent part is :meth:`rotation_value`."""
        return self.view.place_delta(tile, cell, pasture)

    def rotation_value(self, tile: int, cell: int, rot: int) -> float:
        """Honey of the links made now plus the value of the new open beehive edges."""
        return self.view.rotation_value(tile, cell, rot)

    def best_placement(self, tile: int, pasture: bool) -> tuple[float, int]:
        """(value change, PLACE action) of the best space and rotation for ``tile``."""
        return self.view.best_placement(tile, pasture)

    def placements(self, tile: int, pasture: bool) -> list[tuple[float, int]]:
        """Every (value change, PLACE action) for ``tile``: all spaces, best rotation per space
        (the view's own list: do not change it)."""
        return self.view.placements(tile, pasture)

    def tile_options(self, tile: int, can_buy: bool) -> tuple[float, int, int]:
        """Best (value change, BUY or PASTURE, PLACE action) for holding ``tile``."""
        view = self.view
        pv, pa = view.best_placement(tile, True)
        best = (pv + self.honey_delta(2.0), A.PASTURE, pa)
        if can_buy:
            bv, ba = view.best_placement(tile, False)
            bv += self.honey_delta(-self.state.rules.price[tile])
            if bv > best[0]:
                best = (bv, A.BUY, ba)
        return best


def evaluate(state: GameState, seat: int, weights: Weights | None = None) -> float:
    """The projected final score of ``seat`` (the real final score once the game is over)."""
    if state.is_terminal():
        return float(state.scores()[seat].total)
    return Position(state, seat, weights or Weights()).value()
