"""The fair solo target and the coach (table/games/applejack/bots/fair_target.py). The strong bot runs with a
small search here (the same options on both sides of every comparison) so the suite stays quick;
`applejack-table history --coach` uses the full one."""

import random

import pytest

from table.games.applejack.bots.base import play_game, seat_seed
from table.games.applejack.bots.fair_target import (
    Draws,
    FairTargetError,
    as_record,
    coach,
    coach_text,
    draw_sequence,
    fair_target,
)
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.bots.strong import StrongBot
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.session import auto_script

DATA = load_dataset()
QUICK = {"candidates": 3, "samples": 2, "horizon": 1, "endgame": 0}


def strong_solo(seed: int, config: GameConfig | None = None) -> GameRecord:
    config = config or GameConfig(1)
    # the fair target's own bot: the "full" budget (no halving, which only the solo "pi" budget uses)
    bot = StrongBot(random.Random(seat_seed(seed, 0)), max_seconds=None, budget="full", **QUICK)
    return GameRecord.of(play_game(DATA, config, [bot], seed), seed)


def greedy_game(seed: int, players: int = 1) -> GameState:
    return play_game(DATA, GameConfig(players), [GreedyBot(random.Random(seed + s)) for s in range(players)], seed)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_bots_own_game_gives_back_exactly_its_score(seed):
    record = strong_solo(seed)
    target = fair_target(DATA, record, bot_seed=seat_seed(seed, 0), bot_options=QUICK)
    own = record.replay(DATA).scores()[0]
    assert target.bot_total == own.total == target.player_total
    assert target.bot_record.actions == record.actions  # the very same game, draw for draw
    assert target.extra_draws == 0 and target.draws_used == len(draw_sequence(record))


def test_a_campaign_game_keeps_its_kept_tiles():
    config = GameConfig(1, kept_tiles=(5, 9), campaign=True)
    record = strong_solo(6, config)
    target = fair_target(DATA, record, bot_seed=seat_seed(6, 0), bot_options=QUICK)
    assert target.bot_record.config == config and target.bot_total == record.replay(DATA).scores()[0].total


def test_the_target_is_deterministic_and_uses_the_players_draws_in_order():
    state = greedy_game(9)
    one = fair_target(DATA, state, bot_seed=1, bot_options=QUICK)
    two = fair_target(DATA, GameRecord.of(state).to_dict(), bot_seed=1, bot_options=QUICK)
    assert one == two
    theirs = draw_sequence(GameRecord.of(state))
    bots = draw_sequence(one.bot_record)
    used = len(bots) - one.extra_draws
    assert bots[:used] == theirs[:used] and used == one.draws_used  # the k-th draw is the k-th tile drawn
    assert one.player_total == state.scores()[0].total
    assert one.text().startswith(f"With your draws the bot scored {one.bot_total}; you scored {one.player_total}")


def test_draws_beyond_the_record_come_in_one_fixed_order():
    state = GameState(DATA, GameConfig(1), keep_undo=False)
    first = Draws((), extra_seed=4)
    tiles = []
    while state.is_chance():
        action = first.draw(state)
        tiles.append(action - A.DRAW)
        state.apply_fast(action)
    supply = sorted(t.id for t in DATA.tiles)
    expected = supply[:]
    random.Random(4).shuffle(expected)
    assert tiles == expected[:len(tiles)] and first.extra == len(tiles)
    # the sequence first, then the rest: the tiles still in the supply, sorted, shuffled by the seed
    state = GameState(DATA, GameConfig(1), keep_undo=False)
    mixed = Draws((expected[3], expected[0]), extra_seed=4)
    got = []
    while state.is_chance():
        action = mixed.draw(state)
        got.append(action - A.DRAW)
        state.apply_fast(action)
    assert got[:2] == [expected[3], expected[0]]
    rest = [t for t in supply if t not in got[:2]]
    random.Random(4).shuffle(rest)
    assert got[2:] == rest[:len(got) - 2] and mixed.extra == len(got) - 2


def test_a_tile_not_in_the_supply_is_refused():
    state = GameState(DATA, GameConfig(1), keep_undo=False)
    draws = Draws((5, 5))
    state.apply_fast(draws.draw(state))
    with pytest.raises(FairTargetError, match="not in the supply"):
        draws.draw(state)


def test_a_tracked_companion_game_and_its_mirror():
    setup = Setup(1, cottage=True, tracked=True)
    ctl = Controller(DATA)
    ctl.setup = setup
    for cmd in auto_script(DATA, setup, seed=21):
        ctl.do(cmd)
    assert ctl.record is not None and ctl.tracked is not None
    from_record = fair_target(DATA, ctl.record, bot_options=QUICK)  # the record holds the game
    from_mirror = fair_target(DATA, ctl.tracked.state, bot_options=QUICK)
    assert from_record == from_mirror
    assert ctl.tracked.state.is_terminal()
    assert from_record.player_total == ctl.tracked.state.scores()[0].total


def test_games_the_target_cannot_use():
    with pytest.raises(FairTargetError, match="solo games"):
        fair_target(DATA, greedy_game(2, players=2), bot_options=QUICK)
    untracked = {"format": "applejack-track/1", "config": {"players": 1}, "actions": []}
    with pytest.raises(FairTargetError, match="orchard tracking"):
        fair_target(DATA, untracked)
    bad = GameRecord(GameConfig(1), ("draw 5", "draw 5")).to_dict()
    with pytest.raises(FairTargetError):
        coach(DATA, bad)


def test_the_coach_looks_at_every_turn_and_a_matching_turn_costs_nothing():
    state = greedy_game(9)
    advice = coach(DATA, state, bot_options=QUICK)
    assert [a.turn for a in advice] == list(range(len(advice))) and len(advice) == state.turn
    assert all(a.cost == 0 for a in advice if a.same)
    assert any(not a.same for a in advice)
    assert advice == coach(DATA, GameRecord.of(state).to_dict(), bot_options=QUICK)  # deterministic
    text = coach_text(advice)
    assert text.count("\n") == len(advice) + (1 if "Dearest" in text else 0)
    # the played turn is the record's: its actions, in order, from the turn's select to its place
    record = GameRecord.of(state)
    joined = " | ".join(record.actions)
    assert all(" | ".join(a.played) in joined for a in advice)


def test_the_coach_in_a_two_player_game_and_for_one_seat():
    state = greedy_game(5, players=2)
    both = coach(DATA, state, bot_options=QUICK)
    assert {a.seat for a in both} == {0, 1} and len(both) == state.turn
    mine = coach(DATA, state, bot_options=QUICK, seats=[1])
    assert [a.seat for a in mine] == [1] * len(mine) and len(mine) == len([a for a in both if a.seat == 1])


def test_as_record_reads_every_form():
    state = greedy_game(1)
    rec = GameRecord.of(state)
    assert as_record(state) == rec == as_record(rec.to_dict()) == as_record({"game": rec.to_dict()})


def test_a_draw_is_judged_by_expectation_and_by_the_same_tile():
    advice = coach(DATA, greedy_game(9), bot_options=QUICK, samples=2, draw_samples=3)
    for a in advice:
        drew = any(t.startswith("draw ") for t in (*a.played, *a.bot))
        assert a.luck == (not a.same and drew)
        assert a.cost == a.choice_cost + a.after_draw_cost
        if not any(t.startswith("draw ") for t in a.played):
            assert a.after_draw_cost == 0  # nothing drawn: nothing done with a tile that came up
        first_draw = next((k for k, t in enumerate(a.played) if t.startswith("draw ")), None)
        if a.luck and first_draw is not None and a.bot[:first_draw + 1] == a.played[:first_draw + 1]:
            assert a.choice_cost == 0  # the same choice up to the draw: the same expectation
        if not a.luck and not a.same:
            assert a.choice_cost == a.bot_value - a.played_value and a.after_draw_cost == 0
    assert any(a.luck for a in advice) and any(a.after_draw_cost for a in advice)
    differ = [a for a in advice if not a.same]
    text = coach_text(advice)
    assert f"the {len(differ)} others cost {sum(a.cost for a in differ):+.1f} projected honey in all." in text
    assert all("then with the tile drawn" in a.text() for a in advice if a.luck)


def test_static_valuation_is_the_projection_alone():
    from table.games.applejack.bots.strong import SOLO_WEIGHTS, leaf_value

    state = greedy_game(9)
    advice = coach(DATA, state, bot_options=QUICK, samples=0)
    replay = GameState(DATA, state.config)
    record = GameRecord.of(state)
    # the first turn: the record's actions up to the end of turn 1, valued by leaf_value
    i = 0
    while replay.turn == 0:
        replay.apply(record.actions[i])
        i += 1
    assert advice[0].played_value == leaf_value(replay, 0, SOLO_WEIGHTS)


@pytest.mark.parametrize("seed", [0, 4])
def test_more_or_fewer_draws_than_the_player_made(seed):
    """A random player's game: the bot draws more tiles than the player did (seed 0) or fewer
    (seed 4). Either way its draws are the player's sequence, in order, then the fixed order."""
    from table.bots.common import RandomBot

    state = play_game(DATA, GameConfig(1), [RandomBot(random.Random(seed))], seed)
    theirs = draw_sequence(GameRecord.of(state))
    target = fair_target(DATA, state, bot_options=QUICK, extra_seed=2)
    bots = draw_sequence(target.bot_record)
    if target.extra_draws:
        assert bots[:len(theirs)] == theirs and len(bots) == len(theirs) + target.extra_draws
        assert target.draws_used == len(theirs) and "more than your game did" in target.text()
        rest = sorted(set(t.id for t in DATA.tiles) - set(theirs))
        random.Random(2).shuffle(rest)
        assert list(bots[len(theirs):]) == rest[:target.extra_draws]
    else:
        assert bots == theirs[:len(bots)] and target.draws_used == len(bots) < len(theirs)
    assert {seed: bool(target.extra_draws)} in ({0: True}, {4: False})  # both cases are met
