"""Property tests over many seeded random games, every player count and variant."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.games.applejack.rules import actions as A
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.events import Event, GameEnded, GameStarted, TurnStarted, event_from_dict
from table.games.applejack.rules.game import OVER, GameState, new_game
from table.games.applejack.rules.record import GameRecord, state_from_dict, state_to_dict

from .helpers import default_data

DATA = default_data()


@st.composite
def configs(draw):
    players = draw(st.integers(1, 4))
    orchards = None
    if draw(st.booleans()):
        orchards = tuple(draw(st.permutations(["B1", "B2", "B3", "B4"]))[:players])
    apple_tiles = tuple(draw(st.permutations(range(7)))) if draw(st.booleans()) else None
    return GameConfig(players, orchards=orchards, apple_tiles=apple_tiles, cottage=draw(st.booleans()))


def play_checked(state: GameState, rng: random.Random) -> None:
    """Play randomly, checking the invariants after every action."""
    total = len(DATA.tiles)
    while state.phase != OVER:
        if state.is_chance():
            action = A.DRAW + state.supply[rng.randrange(len(state.supply))]
        else:
            legal = state.legal_actions()
            assert legal, "a player must always have something to do (no passing)"
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        assert min(state.honey) >= 0
        assert state.tile_count() == total


SETTINGS = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""500 random games a run (was 1500: 7 s of CPU). Not derandomized: every run draws new games, so
the runs add up, and hypothesis's example database replays a failure first."""


@SETTINGS
@given(configs(), st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(config, seed):
    rng = random.Random(seed)
    state = new_game(DATA, config, rng, keep_undo=False)
    play_checked(state, rng)
    turns = [e for e in state.events if isinstance(e, TurnStarted)]
    assert [sum(e.seat == p for e in turns) for p in range(config.players)] == [19] * config.players
    assert all(all(v >= 0 for v in cells) for cells in state.cells)  # every orchard full
    assert isinstance(state.events[0], GameStarted) and isinstance(state.events[-1 - config.players - 1], GameEnded)
    # turns in seat order, numbered 1, 2, 3, ...
    assert [e.turn for e in turns] == list(range(1, len(turns) + 1))
    assert [e.seat for e in turns] == [i % config.players for i in range(len(turns))]


@settings(max_examples=50, deadline=None)  # was 150 (8 s of CPU); new games each run, as above
@given(configs(), st.integers(0, 2**32 - 1))
def test_records_and_events_round_trip_through_json(config, seed):
    rng = random.Random(seed)
    state = new_game(DATA, config, rng)
    while state.phase != OVER:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    record = GameRecord.of(state, seed=seed)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay(DATA)
    assert replayed.events == state.events
    wire = [json.loads(json.dumps(e.to_dict())) for e in state.events]
    assert [event_from_dict(d) for d in wire] == state.events
    assert state_from_dict(DATA, json.loads(json.dumps(state_to_dict(state)))).summary() == state.summary()


@settings(max_examples=60, deadline=None)
@given(configs(), st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_undo_back_to_the_start_restores_the_initial_state(config, seed, stop_after):
    rng = random.Random(seed)
    state = GameState(DATA, config)
    initial, initial_events = state.summary(), list(state.events)
    steps = 0
    while state.phase != OVER and steps < stop_after:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    mid = state.summary()
    played = list(state.history)
    while state.history:
        state.undo()
    assert state.summary() == initial and state.events == initial_events
    for a in played:  # and forward again to the same place
        state.apply(a)
    assert state.summary() == mid


def test_a_clone_plays_on_independently():
    rng = random.Random(3)
    state = new_game(DATA, GameConfig(3), rng)
    twin = state.clone()
    before = state.summary()
    while not twin.is_terminal():
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert state.summary() == before


def test_event_from_dict_rejects_garbage():
    import pytest

    from table.engine.errors import RecordError

    for bad in ({}, {"type": "nope"}, {"type": "harvest", "colour": 3}, [1, 2], None, "harvest",
                {"type": "game_ended"}, {"type": "game_ended", "turns": 3, "extra": 1}):
        with pytest.raises(RecordError):
            event_from_dict(bad)
    assert isinstance(event_from_dict({"type": "game_ended", "turns": 3}), Event)


@settings(max_examples=40, deadline=None)
@given(configs(), st.integers(0, 2**32 - 1))
def test_a_quiet_game_plays_exactly_like_a_logged_one(config, seed):
    from table.games.applejack.rules.rollout import play_random

    loud = play_random(new_game(DATA, config, random.Random(seed)), random.Random(seed + 1))
    quiet = play_random(new_game(DATA, config, random.Random(seed), log_events=False), random.Random(seed + 1))
    assert quiet.history == loud.history and quiet.summary() == loud.summary()
    assert [e for e in loud.events if not skipped_when_quiet(e)] == quiet.events


def skipped_when_quiet(e):
    from table.games.applejack.rules.events import TileDrawn, TileFlipped, TilePaid, TilePlaced, TileTaken

    if isinstance(e, TileDrawn):
        return e.to.startswith("trough")
    if isinstance(e, TileTaken):
        return e.source == "trough"
    return isinstance(e, TurnStarted | TilePaid | TileFlipped | TilePlaced)
