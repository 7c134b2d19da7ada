"""The harvest-board track: the face a physical table uses."""

import random
import re

import pytest

from table.engine.errors import ActionParseError, IllegalActionError
from table.games.applejack.rules.events import (
    BlossomScoring,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TurnStarted,
)
from table.games.applejack.rules.track import Track, TrackAction, TrackConfig
from table.games.applejack.rules.walk import Die, turn_positions

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
    for _ in range(6):  # blind draws: every open pair keeps its 2 tiles, so no refill on the way
        t.apply("blind")
    assert t.on_middle and not any(isinstance(e, RefillNeeded) for e in t.events)
    reached = [e for e in t.events if isinstance(e, MiddleReached)][-1]
    assert reached.honey == 2 and reached.fill == 1 and t.state.middle == 2
    assert "middle" in [str(a) for a in t.legal_actions()]
    assert not any(a.kind == "take" for a in t.legal_actions())  # ruling R7: the middle trees, not troughs
    t.apply("middle")
    assert t.state.die == Die(2, 2)


def test_solo_track_a_trough_refill_also_puts_a_tile_on_the_middle_trees():
    t = Track(default_data(), TrackConfig(1))
    t.apply("take 1")  # turn 1 on (1, 2); turn 2 on (4, 5); turn 3 on (7, 1) finds one tile there
    t.apply("blind")
    refill = [e for e in t.events if isinstance(e, RefillNeeded)]
    assert len(refill) == 1 and refill[0].middle and t.state.middle == 2
    assert refill[0].order[0] == 1  # starting with the trough after the die clockwise (space 3 opens 7, 1)


def test_solo_track_three_empty_trees_pay_three_honey_then_fill_to_two():
    """ "If all three pre-printed trees are empty, when you reach the space in the middle of the board,
    you immediately receive 3 honey ... After that fill up the board with exactly 2 tree tiles."
    A campaign game after a game where the player kept nothing (ruling R14) starts with them empty."""
    t = Track(default_data(), TrackConfig(1, middle_start=0))
    for _ in range(6):
        t.apply("blind")
    reached = [e for e in t.events if isinstance(e, MiddleReached)][-1]
    assert (reached.honey, reached.fill, t.state.middle) == (3, 2, 2)


def test_solo_track_trough_4_is_open_on_turn_2_and_turn_4():
    """Caption: "In the solo game you may select from this trough in turn 2 and turn 4"."""
    t = Track(default_data(), TrackConfig(1))
    opened = []
    for _ in range(4):
        opened.append(set(t.open_troughs()))
        t.apply("blind")
    assert opened[1] & opened[3] == {4} and 4 not in opened[2]


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


@pytest.mark.parametrize(("players", "text", "why"), [
    (2, "fix-die 9 3", "the die cannot stand on space 9 showing 3: on the last loop (3 pips) the game ends "
                       "with the turn on space 6"),
    (4, "fix-die 13 3", "on the last loop (3 pips) the game ends with the turn on space 12"),
    (2, "fix-die 17 2", "it is the innermost space; the die goes straight back over the bridge"),
    (1, "fix-die 1 2", "the die cannot stand on space 1 showing 2: the die only reaches space 1 showing 1 "
                       "(after each loop it comes back to space 2)"),
    (1, "fix-die 1 3", "only reaches space 1 showing 1"),
    (2, "fix-die 18 1", "the path has spaces 1 to 17"),
    (2, "fix-die 0 1", "the path has spaces 1 to 17"),
    (3, "fix-die 3 0", "the die shows 1 to 3 pips"),
])
def test_a_correction_to_a_place_no_game_reaches_is_refused_with_the_reason(players, text, why):
    t = Track(default_data(), TrackConfig(players))
    before = t.state
    with pytest.raises(IllegalActionError, match=re.escape(why)):
        t.apply(text)
    assert t.state == before and not t.history


def test_every_reachable_die_position_can_be_corrected_to_and_no_other():
    data = default_data()
    for players, board in data.boards.items():
        reachable = set(turn_positions(board))
        for space in range(1, len(board.spaces) + 1):
            for pips in (1, 2, 3):
                t = Track(data, TrackConfig(players))
                try:
                    t.apply(f"fix-die {space} {pips}")
                except IllegalActionError:
                    assert Die(space, pips) not in reachable
                else:
                    assert Die(space, pips) in reachable and t.state.die == Die(space, pips)


def test_a_correction_past_the_end_space_can_no_longer_give_a_third_blossom_scoring():
    t = Track(default_data(), TrackConfig(2))
    t.apply("fix-die 6 3")  # the last turn's place is fine ...
    assert t.is_last_turn()
    t.apply("blind")
    assert t.is_terminal() and not any(isinstance(e, BlossomScoring) for e in t.events)
    t2 = Track(default_data(), TrackConfig(2))
    with pytest.raises(IllegalActionError):  # ... one space on, no game ever stands
        t2.apply("fix-die 7 3")


@pytest.mark.parametrize("text", ["take 3", "blind", "cottage", "stock 2", "stock-supply", "middle",
                                  "fix-die 5 2", "fix-trough 3 0", "fix-supply 40"])
def test_action_text_round_trips(text):
    assert str(TrackAction.parse(text)) == text


@pytest.mark.parametrize("text", ["", "take", "take x", "take 1 2", "jump 3", "fix-die 5", "blind 2"])
def test_bad_action_text(text):
    with pytest.raises(ActionParseError):
        TrackAction.parse(text)


def test_both_faces_speak_one_phase():
    from table.games.applejack.rules.config import GameConfig
    from table.games.applejack.rules.game import new_game
    from table.games.applejack.rules.phase import Phase

    track = Track(default_data(), TrackConfig(2))
    game = new_game(default_data(), GameConfig(2), random.Random(1))
    assert track.state.phase is Phase.TAKE and game.phase is Phase.TAKE
    assert track.state.phase == "take" and game.summary()["phase"] == "select"  # the records' words stay
    assert {p for p in Phase if p.is_chance} == {Phase.SETUP, Phase.BLIND_DRAW, Phase.STOCK_DRAW, Phase.REFILL}
