"""The greedy bot: one ply over the whole turn, ranked by the hand-made evaluation.

At the start of a turn it values every choice as a whole: each tile it may take, combined with
paying for it or turning it to pasture, and with the best space and rotation for it (beehive
links paid now plus the value of the new areas, blossoms and open beehive edges). A blind draw
is valued as the mean over a few tiles sampled from the supply. The later steps of the turn
(pay, place) re-run the same evaluation for the tile in hand, so the bot needs no memory and a
blind draw is handled like any other tile.
"""

from __future__ import annotations

import random

from table.games.applejack.bots.evaluate import Position
from table.games.applejack.bots.weights import Weights
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import PAY, PLACE, SELECT, STOCK, GameState

Choice = tuple[float, list[int]]  # value change, actions of the turn (select, pay, place)


def selected_tile(state: GameState, action: int) -> int:
    """The tile a (non-blind) SELECT action takes: the cottage's, a middle tree's or a trough's."""
    if action == A.COTTAGE:
        return state.cottage[state.seat]
    tile = A.decode(action).tile
    assert tile is not None, "a trough or middle tile"
    return tile


def turn_choices(state: GameState, pos: Position, rng: random.Random | None, samples: int) -> list[Choice]:
    """Every first action of a turn (at SELECT) with its best value and the plan it stands for.

    For a blind draw the plan is just ``[BLIND]``; its value is the mean of the best values of
    ``samples`` tiles drawn from the supply with ``rng`` (the whole supply when ``rng`` is None
    or the supply is small).
    """
    seat = state.seat
    honey = state.honey[seat]
    price = state.rules.price
    out: list[Choice] = []
    values: dict[int, tuple[float, int, int]] = {}

    def tile_value(tile: int) -> tuple[float, int, int]:
        v = values.get(tile)
        if v is None:
            v = pos.tile_options(tile, honey >= price[tile])
            values[tile] = v
        return v

    for action in state.legal_actions():
        if action == A.BLIND:
            supply = state.supply
            pool = sorted(supply)
            tiles = pool if rng is None or len(pool) <= samples else rng.sample(pool, samples)
            mean = sum(tile_value(t)[0] for t in tiles) / len(tiles)
            out.append((mean, [A.BLIND]))
            continue
        v, pay, place = tile_value(selected_tile(state, action))
        out.append((v, [action, pay, place]))
    return out


class GreedyBot:
    """Best whole turn by the evaluation, one ply deep."""

    name = "greedy"

    def __init__(self, rng: random.Random, weights: Weights | None = None) -> None:
        self.rng = rng
        self.weights = weights or Weights()
        # the rest of the turn chosen at SELECT: (history length it applies at, actions)
        self._plan: tuple[int, list[int]] = (-1, [])

    def choose(self, state: GameState) -> int:
        at, plan = self._plan
        if plan and at == len(state.history) and state.phase in (PAY, PLACE):
            action = plan[0]
            self._plan = (at + 1, plan[1:])
            return action
        seat = state.seat
        pos = Position(state, seat, self.weights)
        phase = state.phase
        if phase == SELECT:
            choices = turn_choices(state, pos, self.rng, self.weights.blind_samples)
            best = max(choices, key=lambda c: c[0])
            self._plan = (len(state.history) + 1, best[1][1:])
            return best[1][0]
        if phase == PAY:
            tile = state.held
            _v, pay, _place = pos.tile_options(tile, state.honey[seat] >= state.rules.price[tile])
            return pay
        if phase == PLACE:
            return pos.best_placement(state.held, state.held_pasture)[1]
        if phase == STOCK:
            return self._stock(state, pos)
        legal = state.legal_actions()
        return legal[0]

    def _stock(self, state: GameState, pos: Position) -> int:
        """Restock the cottage with the trough tile worth most to us now, else from the supply."""
        best, best_action = -1e18, -1
        legal = state.legal_actions()
        for action in legal:
            if action != A.STOCK_SUPPLY:
                tile = A.decode(action).tile
                assert tile is not None, "a trough tile"
                v = pos.tile_options(tile, True)[0]
                if v > best:
                    best, best_action = v, action
        return best_action if best_action != -1 else legal[0]
