"""The faster engine (issue 23) plays exactly the games the slower one played.

The speed work keeps the walk of each board (``rules/route.py``) and each config's start
(``rules/setup.py``) once per data set, hands out kept event values instead of new equal ones
(``rules/kept.py``), finds the final scoring's areas in one pass, keeps each orchard's empty
cells, and plays random games without building the legal lists (``rules/rollout.py``). None of
it may change a legal list, a draw, an event or a score:
:func:`test_random_games_are_the_games_they_always_were` compares a digest of all of them with
the one the engine gave before the speed work (main at 4b55304).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest

from table.games.applejack.rules import actions as A
from table.games.applejack.rules import kept
from table.games.applejack.rules.cells import EMPTY
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import OVER, new_game
from table.games.applejack.rules.rollout import play_random
from table.games.applejack.rules.route import route_for
from table.games.applejack.rules.setup import setup_for
from tests.engine.helpers import default_data

CONFIGS = (GameConfig(1), GameConfig(2), GameConfig(3), GameConfig(4), GameConfig(4, cottage=True),
           GameConfig(3, orchards=("B1", "B2", "B3"), cottage=True), GameConfig(2, apple_tiles=(6, 5, 4, 3, 2, 1, 0)),
           GameConfig(1, kept_tiles=(3, 17), campaign=True))
DIGEST_BEFORE = "b1dca9270db3a28d391b5bed06fb7880f1fe9857180c47ba16b28343cc010452"
"""``games_digest()`` as the engine gave it before the speed work (main at commit 4b55304)."""


def games_digest() -> str:
    """Every legal list, action, event (JSON and text), score and undo of one game per config
    played with ``apply`` (undos and clones on the way), and one more played by ``play_random``."""
    h = hashlib.sha256()

    def put(x: object) -> None:
        h.update(repr(x).encode() + b"|")

    data = default_data()
    for i, config in enumerate(CONFIGS):
        rng = random.Random(i)
        state = new_game(data, config, rng)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            put(legal)
            events = state.apply(legal[rng.randrange(len(legal))])
            put([(e.to_dict(), str(e)) for e in events])
            steps += 1
            if steps % 41 == 0:
                put([state.undo() for _ in range(3)])
                put(state.summary())
            if steps % 67 == 0:
                sim = state.clone()
                play_random(sim, random.Random(i))
                put(sim.scores())
        put(state.scores())
        put(state.to_record())
        fast = play_random(new_game(data, config, rng, keep_undo=False), rng)
        put([(e.to_dict(), str(e)) for e in fast.events])
        put(fast.scores())
        put(rng.random())
    return h.hexdigest()


def test_random_games_are_the_games_they_always_were():
    assert games_digest() == DIGEST_BEFORE


def test_variety_areas_are_the_areas_of_every_variety():
    data = default_data()
    for seed in range(12):
        config = GameConfig(3, orchards=("B1", "B2", "B3")) if seed % 2 else GameConfig(4)
        rng = random.Random(seed)
        state = new_game(data, config, rng, keep_undo=False)
        for _ in range(rng.randrange(40, 400)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_fast(legal[rng.randrange(len(legal))])
        for seat in range(state.players):
            assert state.variety_areas(seat) == [state.areas(seat, v) for v in range(state.rules.n_varieties)]


def test_the_games_of_a_config_share_its_route_and_start():
    data = default_data()
    one, two = new_game(data, GameConfig(4)), new_game(data, GameConfig(4), random.Random(1))
    assert one.route is two.route is route_for(data, 4, None) is two.clone().route
    assert one.corner_hive is two.corner_hive is setup_for(data, GameConfig(4)).corner_hive
    assert route_for(data, 4, (6, 5, 4, 3, 2, 1, 0)) is not one.route
    # a game's own lists are its own: drawing from one supply leaves the other's whole
    assert one.supply is not two.supply and len(one.supply) > len(two.supply)
    one.apply(A.DRAW + one.supply[0])
    assert len(setup_for(data, GameConfig(4)).supply) == len(one.supply) + 1


def test_kept_events_are_the_events_made_anew():
    """Every event a game takes from a kept store equals the one the old engine built anew (the
    digest above), and a kept event is handed out again, not rebuilt."""
    data = default_data()
    play_random(new_game(data, GameConfig(4), random.Random(3), keep_undo=False), random.Random(3))
    again = play_random(new_game(data, GameConfig(4), random.Random(3), keep_undo=False), random.Random(3))
    stores = (kept.TAKEN, kept.PAID, kept.FLIPPED, kept.DRAWN, kept.PLACED, kept.PASTURED)
    held = {id(ev) for store in stores for ev in store.values()}
    shared = [ev for ev in again.events if id(ev) in held]
    assert len(shared) > 200  # taken, paid/flipped, drawn and pasture events of a replayed game
    assert {type(ev).__name__ for ev in shared} >= {"TileTaken", "TilePaid", "TileFlipped", "TileDrawn",
                                                     "TilePlaced"}


def test_a_kept_store_stays_bounded():
    store: kept.Kept[object] = kept.Kept()  # type: ignore[type-var]
    for key in range(kept.KEPT + 10):
        assert store.keep(key, key) == key  # type: ignore[arg-type]
    assert len(store) == kept.KEPT and kept.KEPT + 5 not in store


def _play_with_lists(state, rng: random.Random):
    """play_random as it was: the legal list built at every decision, each action applied."""
    while state.phase is not OVER:
        if state.is_chance():
            state.apply_fast(A.DRAW + state.supply[int(rng.random() * len(state.supply))])
        else:
            legal = state.legal_actions()
            state.apply_fast(legal[int(rng.random() * len(legal))])
    return state


def test_play_random_picks_what_the_legal_lists_give():
    """rollout.play_out picks each action from the list's shape, never building it: the same game."""
    data = default_data()
    for i, config in enumerate(CONFIGS):
        for seed in range(3):
            fast = play_random(new_game(data, config, random.Random(seed), keep_undo=False), random.Random(i))
            slow = _play_with_lists(new_game(data, config, random.Random(seed), keep_undo=False), random.Random(i))
            assert fast.history == slow.history and fast.events == slow.events
            assert fast.summary() == slow.summary() and fast.scores() == slow.scores()


def test_each_orchard_keeps_its_empty_cells():
    data = default_data()
    state = new_game(data, GameConfig(2), random.Random(5))
    rng = random.Random(5)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        for seat in range(2):
            assert state.empties[seat] == [c for c, v in enumerate(state.cells[seat]) if v == EMPTY]
    sim = state.clone()
    for _ in range(20):
        state.undo()
    for seat in range(2):
        assert state.empties[seat] == [c for c, v in enumerate(state.cells[seat]) if v == EMPTY]
        assert sim.empties[seat] == [c for c, v in enumerate(sim.cells[seat]) if v == EMPTY]
    state.set_cell(0, 4, 17 * 8)
    state.set_cell(0, 4, EMPTY)
    state.set_cell(0, 4, 18 * 8 + 7)
    assert state.empties[0] == [c for c, v in enumerate(state.cells[0]) if v == EMPTY]


def test_a_placement_built_fast_is_the_placement_built_anew():
    from table.games.applejack.rules.events import TilePlaced, TileTaken

    for args in ((2, 17, 5, 3, False, (2, 4)), (0, 99, 19, 0, True, ())):
        fast, slow = kept.tile_placed(*args), TilePlaced(*args)  # type: ignore[arg-type]
        assert fast == slow and hash(fast) == hash(slow) and type(fast) is TilePlaced
        assert fast.to_dict() == slow.to_dict() and str(fast) == str(slow) and repr(fast) == repr(slow)
    assert len(kept._slot_setters(TileTaken)) == 4
    with pytest.raises(TypeError):  # a default would be skipped by the slot setters: refused
        kept._slot_setters(_WithDefault)


@dataclasses.dataclass(frozen=True, slots=True)
class _WithDefault:
    a: int = 1


def test_a_new_game_derives_from_its_empty_orchards_what_a_recount_does():
    data = default_data()
    for config in CONFIGS:
        state = new_game(data, config)
        totals, empties = [t[:] for t in state.apple_totals], [e[:] for e in state.empties]
        for seat in range(state.players):
            state._recount(seat)
        assert (state.apple_totals, state.empties) == (totals, empties)
