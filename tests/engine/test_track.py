"""The harvest-board track: the face a physical table uses."""

import random

import pytest

from table.engine.errors import ActionParseError, IllegalActionError
from table.engine.events import (
    BlossomScoring,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TurnStarted,
)
from table.engine.track import Track, TrackAction, TrackConfig
from table.engine.walk import Die

from .helpers import default_data


def test_first_turn_is_seat_one_on_the_start_space_with_troughs_one_and_two():
    t = Track(default_data(), TrackConfig(3))
    ev = t.events[-1]
    assert isinstance(ev, TurnStarted)
    assert (ev.seat, ev.space, ev.pips, ev.troughs) == (0, 1, 1, (1, 2))
    assert t.state.troughs == (2,) * 7 and t.state.supply == 86


def test_take_blind_and_legal_actions():
    t = Track(default_data(), TrackConfig(2))
    assert [str(a) for a in t.legal_actions()] == ["take 1", "take 2", "blind"]
    t.apply("take 2")
    assert t.state.troughs[1] == 1 and t.seat == 1
    with pytest.raises(IllegalActionError):
        t.apply("take 7")
    t.apply("blind")
    assert t.state.supply == 85


def test_refill_order_and_counts():
    t = Track(default_data(), TrackConfig(2))
    # empty troughs 2 and 3 so that the move to space 2 needs a refill
    t.apply("fix-trough 2 0")
    t.apply("fix-trough 3 1")
    events = t.apply("take 1")
    refill = next(e for e in events if isinstance(e, RefillNeeded))
    assert refill.order == (3, 4, 5, 6, 7, 1, 2) and refill.available == 7
    assert t.state.troughs == (2, 1, 2, 3, 3, 3, 3)
    assert t.state.supply == 86 - 7


def test_harvests_loops_and_blossom_scorings_over_a_whole_game():
    t = Track(default_data(), TrackConfig(4))
    rng = random.Random(4)
    while not t.is_terminal():
        t.apply(rng.choice(t.legal_actions()))
    kinds = [type(e) for e in t.events]
    assert kinds.count(BlossomScoring) == 2
    assert [e.times for e in t.events if isinstance(e, BlossomScoring)] == [1, 2]
    assert [e.pips for e in t.events if isinstance(e, LoopStarted)] == [2, 3]
    assert kinds[-1] is GameEnded and t.events[-1].turns == 76
    assert {e.pips for e in t.events if isinstance(e, Harvest)} == {1, 2, 3}
    assert t.legal_actions() == []


def test_solo_track_middle_space():
    t = Track(default_data(), TrackConfig(1))
    assert t.state.middle == 1
    for _ in range(6):
        t.apply(t.legal_actions()[0])
    assert t.on_middle
    reached = [e for e in t.events if isinstance(e, MiddleReached)][-1]
    assert reached.honey == 2 and reached.fill == 1 and t.state.middle == 2
    assert "middle" in [str(a) for a in t.legal_actions()]
    t.apply("middle")
    assert t.state.die == Die(2, 2)


def test_cottage_then_stock():
    t = Track(default_data(), TrackConfig(2, cottage=True))
    assert t.state.supply == 86 - 2
    t.apply("cottage")
    assert t.state.phase == "stock" and t.seat == 0
    assert [str(a) for a in t.legal_actions()] == ["stock 1", "stock 2", "stock-supply"]
    t.apply("stock 1")
    assert t.state.cottage == (True, True) and t.state.troughs[0] == 1 and t.seat == 1


def test_undo_back_to_the_start_restores_everything():
    t = Track(default_data(), TrackConfig(3, cottage=True))
    start_state, start_events = t.state, list(t.events)
    rng = random.Random(9)
    while not t.is_terminal():
        t.apply(rng.choice(t.legal_actions()))
    while t.history:
        t.undo()
    assert t.state == start_state and t.events == start_events
    with pytest.raises(IndexError):
        t.undo()


def test_corrections_are_checked():
    t = Track(default_data(), TrackConfig(2))
    events = t.apply("fix-die 5 2")
    assert t.state.die == Die(5, 2) and t.seat == 0
    assert [type(e).__name__ for e in events] == ["Corrected", "TurnStarted"]
    assert str(events[0]) == "Correction: die set to space 5, 2 pip(s)"
    for bad in ("fix-die 17 1", "fix-die 3 4", "fix-trough 8 1"):
        with pytest.raises(IllegalActionError):
            t.apply(bad)
    t.undo()
    assert t.state.die == Die(1, 1)


@pytest.mark.parametrize("text", ["take 3", "blind", "cottage", "stock 2", "stock-supply", "middle",
                                  "fix-die 5 2", "fix-trough 3 0", "fix-supply 40"])
def test_action_text_round_trips(text):
    assert str(TrackAction.parse(text)) == text


@pytest.mark.parametrize("text", ["", "take", "take x", "take 1 2", "jump 3", "fix-die 5", "blind 2"])
def test_bad_action_text(text):
    with pytest.raises(ActionParseError):
        TrackAction.parse(text)
