"""The fast whole-turn deltas of the evaluation agree with evaluating the position afresh."""

from __future__ import annotations

import random

import pytest

from table.games.applejack.bots.evaluate import Position, Weights
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import EMPTY, PASTURE_ROT, new_game


@pytest.fixture(scope="module")
def data():
    return load_dataset()


@pytest.mark.parametrize("players,seed", [(1, 1), (1, 2), (2, 3), (4, 4)])
def test_place_delta_matches_fresh_evaluation(data, players, seed):
    rng = random.Random(seed)
    state = new_game(data, GameConfig(players), rng, keep_undo=False)
    # play part of the game at random, stop at some seat's turn
    steps = rng.randrange(10, 50)
    while steps and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_fast(legal[rng.randrange(len(legal))])
        steps -= 1
    if state.is_terminal():
        pytest.skip("game ended")
    seat = state.seat
    w = Weights()
    before = Position(state, seat, w)
    base = before.value()
    empties = [c for c in range(19) if state.cells[seat][c] == EMPTY]
    tiles = rng.sample([t.id for t in data.tiles], 8)
    for tile in tiles:
        cell = rng.choice(empties)
        for pasture in (False, True):
            rots = (0,) if pasture else state.rules.rotations[tile]
            for rot in rots:
                after_state = state.clone()
                links = [] if pasture else state.link_values(seat, cell, tile, rot)
                after_state.cells[seat][cell] = tile * 8 + (PASTURE_ROT if pasture else rot)
                after_state.honey[seat] += sum(links)
                after = Position(after_state, seat, w, before.ctx).value()
                delta = before.place_delta(tile, cell, pasture)
                if not pasture:
                    delta += before.rotation_value(tile, cell, rot)
                assert after - base == pytest.approx(delta, abs=1e-9), (tile, cell, rot, pasture)
