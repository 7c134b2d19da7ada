"""Zankapfel bots: legal, deterministic, side-effect free; greedy beats random clearly."""

from __future__ import annotations

import random

import pytest

from table.games.zankapfel.bots import GreedyBot, RandomBot, make_bot, play_game, simulate
from table.games.zankapfel.rules import Config, new_game
from table.games.zankapfel.rules import actions as A
from tests.engine.zankapfel.builders import play, setup


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize(("players", "bribery"), [(3, True), (4, False), (6, True)])
def test_bots_choose_legal_actions_and_leave_the_state_alone(name: str, players: int, bribery: bool) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(Config(players, bribery=bribery), rng)
        bots = [make_bot(name, random.Random(seed * 10 + s)) for s in range(players)]
        while not state.is_terminal():
            before = state.summary()
            action = bots[state.current_player()].choose(state)
            assert action in state.legal_actions()
            assert state.summary() == before
            state.apply(action)


def test_seeded_games_are_deterministic() -> None:
    bots = ["greedy", "random", "random", "greedy"]
    a = play_game(Config(4), 7, bots).to_record()
    assert play_game(Config(4), 7, bots).to_record() == a
    assert play_game(Config(4), 8, bots).to_record() != a


def test_greedy_beats_random_by_a_clear_margin() -> None:
    s = simulate(4, 300, 1000, ["greedy", "random", "random", "random"])
    lo, _hi = s.interval("greedy")
    assert lo > 0.5  # a random seat would win 0.25
    assert s.mean_points("greedy") > s.mean_points("random") + 10


def test_simulate_counts_every_game_and_checks_its_arguments() -> None:
    s = simulate(3, 40, 5, ["random", "random", "greedy"])
    assert s.games == 40 and s.seat_games == {"random": 80, "greedy": 40}
    assert sum(s.wins.values()) == pytest.approx(40)
    assert "greedy" in s.text()
    with pytest.raises(ValueError, match="one per seat"):
        simulate(3, 1, 1, ["random", "random"])
    with pytest.raises(ValueError, match="unknown"):
        simulate(3, 1, 1, ["random", "random", "clever"])
    with pytest.raises(ValueError, match="unknown"):
        make_bot("clever", random.Random(0))


def test_greedy_joker_avoids_a_fight_like_the_rulebooks_player_4() -> None:
    hands = [["green", "red", "red", "red"], ["red"] * 4, ["green", "blue", "blue", "blue"],
             ["joker", "blue", "blue", "blue"]]
    state = setup(4, mayor="b4", hands=hands, face="yellow")
    play(state, "lay green", "buy", "draw red", "lay green", "lay joker", "mayor b5")
    assert GreedyBot(random.Random(0)).choose(state) == A.JOKER_COLOUR + A.RED  # 5 alone, not 7 in a fight


def test_greedy_first_player_moves_the_mayor_where_its_card_pays_most() -> None:
    state = setup(4, mayor="b4")
    play(state, "lay green", "lay yellow", "lay red", "lay blue")
    # green pays by row: from b4 the bottom row (7) is best
    assert state.action_to_string(GreedyBot(random.Random(0)).choose(state)).endswith("5")


def test_greedy_without_cards_buys() -> None:
    state = setup(4, mayor="c3")
    state.t.hands[0] = [0, 0, 0, 0, 0]
    assert GreedyBot(random.Random(0)).choose(state) == A.BUY
    assert RandomBot(random.Random(0)).choose(state) == A.BUY
