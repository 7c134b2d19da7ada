"""Random play to the end without building the legal lists: the engine's rollout loop.

:func:`play_random` picks ``legal[int(rng.random() * len(legal))]`` at every decision and
``supply[int(rng.random() * len(supply))]`` at every chance node. :func:`play_out` makes the very
same picks — the same random numbers, the same actions, events and history — but works out the
picked action from the list's length and shape instead of building the list:

- a placement: the legal list is, for each empty cell in ascending order, the tile's distinct
  rotations (``legal.LegalActions.legal_actions``), so pick ``i`` is cell ``empties[i // r]`` with
  rotation ``rotations[i % r]`` (``r`` rotations; a pasture has one, rotation 0);
- paying: ``[BUY, PASTURE]`` when the seat can afford the tile, else ``[PASTURE]``;
- a turn's first choice (supply not empty, not the solo middle space): the open troughs' tiles in
  the order of ``Stop.take_bases``, then blind, then the cottage when it holds a tile — picked from
  their counts; otherwise, and for a restock, the legal list itself;
- a draw: the tile at the pick's index comes out of the supply (``pop`` by index, not a search).

Each step is the state's own (``_select``, ``_pay``, ``_place``, ``_drawn``, ``_stock``), so the
rules still live in ``game``; only the dispatch of ``apply_fast`` and the list building are
skipped. Only for a state without undo (``keep_undo=False``): the undo snapshots are ``apply_fast``'s.
A pick is ``floor(rng.random() * n)``: the same int as ``int(…)`` for a product that is never
negative, and a cheaper call (a builtin function, not a type).
"""

from __future__ import annotations

import random
from math import floor

from table.games.applejack.rules import actions as A
from table.games.applejack.rules.cells import EMPTY
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.phase import Phase

_TAKE, _PAY, _PLACE, _STOCK, _OVER = Phase.TAKE, Phase.PAY, Phase.PLACE, Phase.STOCK, Phase.OVER
_PASTURE, _BLIND, _COTTAGE = A.PASTURE, A.BLIND, A.COTTAGE


def play_out(state: GameState, rng: random.Random) -> None:
    """Play ``state`` (made with ``keep_undo=False``) to the end as :func:`play_random` does.

    A turn's take, pay and place follow each other in one pass of the loop (``_select`` leads to
    paying unless the tile comes blind from the supply, ``_pay`` always to placing)."""
    random_ = rng.random
    history = state.history.append
    price = state.rules.price
    rotations = state.rules.rotations
    empties, honey = state.empties, state.honey
    take_actions, select, pay, place, drawn = state._take_actions, state._select, state._pay, state._place, state._drawn
    buy_or_pasture = (A.BUY, A.PASTURE)
    draw, place_code = A.DRAW, A.PLACE
    while (phase := state.phase) is not _OVER:
        if phase is _TAKE:
            if state.supply and not state.on_middle:  # the open troughs' tiles, blind, the cottage
                troughs, bases = state.troughs, state._stop.take_bases
                n = 1 if state.cottage[state.seat] == EMPTY else 2
                for t, _base in bases:
                    n += len(troughs[t])
                i = floor(random_() * n)
                for t, base in bases:
                    tiles = troughs[t]
                    if i < len(tiles):
                        action = base + tiles[i]
                        break
                    i -= len(tiles)
                else:
                    action = _BLIND if i == 0 else _COTTAGE
            else:
                legal = take_actions()
                action = legal[floor(random_() * len(legal))]
            history(action)
            select(action)
            if state.phase is not _PAY:
                continue  # blind: the draw comes first
            phase = _PAY
        if phase is _PAY:
            if honey[state.seat] >= price[state.held]:
                action = buy_or_pasture[floor(random_() * 2)]
            else:
                random_()  # a list of one: the pick is drawn all the same
                action = _PASTURE
            history(action)
            pay(action)
            phase = _PLACE
        if phase is _PLACE:
            free = empties[state.seat]
            if state.held_pasture:  # one rotation, 0
                cell, rot = free[floor(random_() * len(free))], 0
            else:
                rots = rotations[state.held]
                r = len(rots)
                i = floor(random_() * (len(free) * r))
                cell, rot = free[i // r], rots[i % r]
            history(place_code + cell * 8 + rot)
            place(cell, rot)
        elif phase is _STOCK:
            legal = state.legal_actions()
            action = legal[floor(random_() * len(legal))]
            history(action)
            state._stock(action)
        else:  # a chance node: the setup, a blind draw, a restock from the supply, a refill
            supply = state.supply
            tile = supply.pop(floor(random_() * len(supply)))
            history(draw + tile)
            drawn(tile)


def play_random(state: GameState, rng: random.Random, *, fast: bool = True) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions and chance draws: at each
    decision ``legal[int(rng.random() * len(legal))]``, at each chance node the supply's tile at
    ``int(rng.random() * len(supply))``. ``fast`` without undo: :func:`play_out`, the same
    picks without building the legal lists."""
    if fast and not state.keep_undo:
        play_out(state, rng)
        return state
    step = state.apply_fast if fast else state.apply
    legal_actions = state.legal_actions
    random_ = rng.random
    draw = A.DRAW
    while (phase := state.phase) is not Phase.OVER:
        if phase is Phase.REFILL or phase is Phase.SETUP or phase is Phase.BLIND_DRAW or phase is Phase.STOCK_DRAW:
            supply = state.supply
            step(draw + supply[int(random_() * len(supply))])
        else:
            legal = legal_actions()
            step(legal[int(random_() * len(legal))])
    return state
