"""Zankapfel's engine mechanics: config, action texts, events, records, rng, purity."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import table.games.zankapfel.rules as zk
from table.engine.errors import ActionParseError, IllegalActionError, RecordError
from table.games.zankapfel.rules import Config, new_game, replay
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules.events import event_from_dict
from tests.engine.zankapfel.builders import play, setup

PACKAGE = Path(zk.__file__).parent


def _random_game(players: int, seed: int, **options: object) -> zk.State:
    rng = random.Random(seed)
    state = new_game(Config(players, **options), rng)  # type: ignore[arg-type]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_ruling_z1_track_length_is_a_setup_number_defaulting_to_40() -> None:
    assert Config(4).track_length == 40
    assert Config(4, track_length=55).to_dict()["track_length"] == 55
    with pytest.raises(ValueError, match="track_length"):
        Config(4, track_length=0)


def test_ruling_z2_the_50_apple_cards_are_10_of_each_colour_and_10_jokers_as_the_box_review_counts() -> None:
    assert Config(3).deck == (10, 10, 10, 10, 10) and sum(Config(3).deck) == 50


def test_ruling_z2_a_config_without_a_deck_is_a_record_from_before_with_11_of_each_and_6_jokers() -> None:
    assert Config.from_dict({"players": 3}).deck == (11, 11, 11, 11, 6)
    assert Config.from_dict(Config(3).to_dict()).deck == (10, 10, 10, 10, 10)
    state = setup(4)
    assert sum(state.t.deck) + sum(map(sum, state.t.hands)) + 1 == 50


def test_ruling_z13_cards_are_dealt_one_at_a_time_round_the_table_then_one_turned_up() -> None:
    state = new_game(Config(3, deck=(11, 11, 11, 11, 6)))
    play(state, "mayor a1")
    assert state.t.draws == [0, 1, 2] * 4 + [-1]
    assert state.chance_outcomes() == [(k, pytest.approx(n / 50)) for k, n in enumerate((11, 11, 11, 11, 6))]


def test_config_rejects_impossible_setups_and_round_trips() -> None:
    for bad in (2, 7):
        with pytest.raises(ValueError, match="3 to 6"):
            Config(bad)
    with pytest.raises(ValueError, match="deal"):
        Config(6, deck=(5, 5, 5, 5, 0))
    c = Config(5, track_length=33, deck=(10, 10, 10, 10, 10), bribery=True)
    assert Config.from_dict(json.loads(json.dumps(c.to_dict()))) == c


def test_every_action_int_has_one_text_that_parses_back() -> None:
    seen = set()
    for a in range(-5, 300):
        try:
            text = A.to_text(a)
        except ActionParseError:
            continue
        assert A.from_text(text) == a and A.from_text(text.upper()) == a
        seen.add(text)
    assert len(seen) == 5 + 6 + 25 + 25 + 2 + 5 + 4 + 11 + 4 + 1 + 1 + 1 + 50 + 1 + 6  # with the two waits


@pytest.mark.parametrize("text", ["", "draw purple", "roll 7", "mayor f1", "mayor a6", "bribe 3 a1", "discord 11",
                                  "dice 4", "accept seat 7", "lay", "joker joker"])
def test_garbage_action_text_is_an_action_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError):
        A.from_text(text)
    with pytest.raises(ValueError):  # one ValueError for a front end to catch
        new_game(Config(3)).apply(text)


def test_an_illegal_action_changes_nothing() -> None:
    state = setup(4)
    before = state.summary()
    with pytest.raises(IllegalActionError, match="not allowed in phase bid"):
        state.apply("mayor c3")
    assert state.summary() == before


def test_with_an_rng_every_chance_node_is_sampled_and_recorded() -> None:
    state = new_game(Config(4), random.Random(3))
    events = state.apply("mayor c3")
    assert not state.is_chance() and state.phase == "remove"
    assert sum(1 for e in events if e.kind == "zk_card_dealt") == 16
    assert len(state.history) == 1 + 17
    assert replay(state.to_record()).summary() == state.summary()


@pytest.mark.parametrize(("players", "bribery"), [(3, False), (5, True), (6, False)])
def test_random_games_end_replay_and_their_events_round_trip(players: int, bribery: bool) -> None:
    for seed in range(5):
        state = _random_game(players, seed, bribery=bribery)
        assert state.winners() and state.end_reason in ("finish reached", "orchard harvested")
        again = replay(json.loads(json.dumps(state.to_record())))
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
        for e in state.events:
            assert event_from_dict(e.to_dict()) == e
            assert str(e)


def test_the_game_never_outlasts_the_orchard() -> None:
    for seed in range(20):
        state = _random_game(3 + seed % 4, seed)
        tokens = 25 - state.players * (2 if state.players == 3 else 1)
        assert state.round <= tokens + 1  # +1: the mayor's setup square can be harvested too


@pytest.mark.parametrize("record", [None, [], {"format": "applejack-record/1"},
                                    {"format": "zankapfel-record/1", "config": [3], "actions": []},
                                    {"format": "zankapfel-record/1", "config": {"players": 3, "deck": 5},
                                     "actions": []},
                                    {"format": "zankapfel-record/1", "config": {"players": 9}, "actions": []},
                                    {"format": "zankapfel-record/1", "config": {"players": 3}, "actions": "x"},
                                    {"format": "zankapfel-record/1", "config": {"players": 3},
                                     "actions": ["mayor a1", "roll 3"]},
                                    {"format": "zankapfel-record/1", "config": {"players": 3},
                                     "actions": ["fly away"]}])
def test_a_bad_record_is_one_record_error(record: object) -> None:
    with pytest.raises(RecordError):
        replay(record)  # type: ignore[arg-type]


def test_event_from_dict_refuses_unknown_types() -> None:
    with pytest.raises(RecordError, match="not a Zankapfel event type: 'zk_nothing'"):
        event_from_dict({"type": "zk_nothing"})
    with pytest.raises(RecordError, match="malformed zk_passed event: unknown fields 'who'; missing seat"):
        event_from_dict({"type": "zk_passed", "who": 1})
    with pytest.raises(RecordError, match="not a Zankapfel event type: list"):
        event_from_dict([1, 2])


def test_undo_at_the_start_is_an_index_error() -> None:
    state = new_game(Config(3))
    with pytest.raises(IndexError):
        state.undo()
    quick = new_game(Config(3), keep_undo=False)
    quick.apply("mayor a1")
    with pytest.raises(RuntimeError):
        quick.undo()


def test_a_clone_can_undo_independently_of_its_original() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay yellow")
    twin = state.clone()
    assert twin.undo() == A.LAY + A.YELLOW
    play(twin, "buy", "draw green")
    assert state.laid_card(1) == A.YELLOW and state.current_player() == 2
    assert state.undo() == A.LAY + A.YELLOW and state.undo() == A.LAY + A.RED
    assert twin.hand(1)[A.RED] == 2 and twin.laid_card(0) == A.RED


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), bribery=st.booleans())
def test_invariants_hold_at_every_step_of_a_random_game(seed: int, players: int, bribery: bool) -> None:
    rng = random.Random(seed)
    state = new_game(Config(players, bribery=bribery), keep_undo=False)
    tokens = 25
    discord = [10] * players
    while not state.is_terminal():
        t = state.t
        laid = sum(1 for k in t.laid if k >= 0)
        cards = sum(t.deck) + sum(t.discard) + sum(map(sum, t.hands)) + laid + (t.face_up >= 0)
        assert cards == 50  # every apple card is somewhere: deck, barn, a hand, laid, face up
        assert all(n >= 0 for n in t.deck + t.discard) and all(n >= 0 for h in t.hands for n in h)
        assert len(state.unharvested()) <= tokens
        tokens = len(state.unharvested())
        assert all(len(state.discord_cards(s)) <= discord[s] for s in range(players))
        discord = [len(state.discord_cards(s)) for s in range(players)]
        assert [sc.total for sc in state.scores()] == [state.position(s) for s in range(players)]
        if state.is_chance():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
    assert max(state.position(s) for s in state.winners()) == max(state.position(s) for s in range(players))
