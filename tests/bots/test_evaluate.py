"""The fast whole-turn deltas of the evaluation agree with evaluating the position afresh."""

from __future__ import annotations

import random

import pytest

from table.games.applejack.bots.evaluate import Position
from table.games.applejack.bots.weights import Weights
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.actions import PLACE
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


@pytest.mark.parametrize("players,seed", [(1, 5), (1, 6), (3, 7)])
def test_placements_are_the_best_rotation_of_every_space(data, players, seed):
    """The shared rows and rotation table give what valuing each rotation afresh gives."""
    rng = random.Random(seed)
    state = new_game(data, GameConfig(players), rng, keep_undo=False)
    for _ in range(rng.randrange(20, 60)):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_fast(legal[rng.randrange(len(legal))])
    seat = state.seat
    pos = Position(state, seat, Weights(growth=1.25, hive=0.5))
    for tile in rng.sample([t.id for t in data.tiles], 12):
        got = pos.placements(tile, False)
        want = []
        for c in range(19):
            if state.cells[seat][c] != EMPTY:
                continue
            rots = [(pos.place_delta(tile, c, False) + pos.rotation_value(tile, c, r), r)
                    for r in state.rules.rotations[tile]]
            best = max(v for v, _r in rots)
            want.append((best, next(r for v, r in rots if v == best), c))
        assert [a for _v, a in got] == [PLACE + c * 8 + r for _b, r, c in want]
        assert [v for v, _a in got] == pytest.approx([b for b, _r, _c in want], abs=1e-9)
        assert pos.best_placement(tile, False) == max(got, key=lambda p: p[0])


def test_positions_of_the_same_orchard_share_one_view(data):
    """The orchard's analysis is made once: another state with the same orchard and context but
    other honey reuses it (what makes the strong bot's rollouts cheap)."""
    rng = random.Random(9)
    state = new_game(data, GameConfig(1), rng, keep_undo=False)
    other = state.clone()
    other.honey[0] += 5
    a, b = Position(state, 0, Weights()), Position(other, 0, Weights())
    assert a.view is b.view
    assert b.value() - a.value() == pytest.approx(5)
    assert Position(state, 0, Weights(growth=2.0)).view is not a.view


@pytest.mark.parametrize("reserve", [0.0, 0.3])
def test_a_position_of_a_kept_view_values_as_its_game_s(data, reserve):
    """``Position.of_view`` (the leaf proxy's leaves, kept without their game) gives the value the
    game's own position gives, the honey reserve included."""
    rng = random.Random(9)
    state = new_game(data, GameConfig(1), rng, keep_undo=False)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply_fast(legal[rng.randrange(len(legal))])
    w = Weights(reserve=reserve)
    whole = Position(state, state.seat, w)
    kept = Position.of_view(whole.view, state.honey[state.seat], w, whole.ctx)
    assert kept.value() == whole.value() and whole.value() != 0.0
