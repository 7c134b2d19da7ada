"""Waldgärtner bots: legal, seeded, reproducible; greedy beats random; simulate's bookkeeping."""

from __future__ import annotations

import random

import pytest

from table.games.waldgaertner.bots import GreedyBot, RandomBot, future_cubes, make_bot, play_game, simulate
from table.games.waldgaertner.rules import Config, new_game
from tests.engine.waldgaertner.builders import cards, cid, game, to_step


@pytest.mark.parametrize("players", [2, 4, 7])
def test_bots_play_only_legal_actions_to_the_end(players: int) -> None:
    config = Config(players, cards(), tasks=True, direct_sale=True)
    state = new_game(config, random.Random(players))
    bots = [GreedyBot(random.Random(s)) if s % 2 else RandomBot(random.Random(s)) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert len(state.returns()) == players


def test_games_repeat_with_their_seed() -> None:
    config = Config(3, cards())
    a = play_game(config, 11, ["greedy", "random", "random"])
    b = play_game(config, 11, ["greedy", "random", "random"])
    assert a.history == b.history and a.returns() == b.returns()
    assert play_game(config, 12, ["greedy", "random", "random"]).history != a.history


def test_greedy_beats_random() -> None:
    s = simulate(3, 30, 1, ["greedy", "random", "random"], cards=cards())
    assert s.seat_games == {"greedy": 30, "random": 60}
    assert s.win_rate("greedy") - 2 * s.stderr("greedy") > 1 / 3
    assert s.mean_points("greedy") > s.mean_points("random")
    assert "greedy" in s.text()
    margin, se = s.margin("greedy", "random")
    assert len(s.per_game) == 30 and margin - 3 * se > 0


def test_simulate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        simulate(3, 1, 1, ["greedy", "random"])
    with pytest.raises(ValueError):
        simulate(2, 1, 1, ["greedy", "clever"])
    with pytest.raises(ValueError):
        make_bot("clever", random.Random(1))
    with pytest.raises(ValueError):
        simulate(2, 1, 1, ["greedy", "random"], config=Config(3, cards()))


def test_future_cubes_count_complete_cycles_and_leaf_harvests() -> None:
    s = to_step(game(3), "die")  # round 1
    assert future_cubes(s, cid("Juglans regia"), 1) == 2  # blooms 2, harvest 7: two years
    assert future_cubes(s, cid("Juglans regia"), 9) == 1
    assert future_cubes(s, cid("Tilia cordata"), 1) == 2 + 2  # two nut cycles and two leaf harvests
    assert future_cubes(s, cid("Taxus baccata", "male"), 1) == 0


def test_greedy_takes_the_more_valuable_offer() -> None:
    s = to_step(game(3), "die")
    s.t.offer[:] = [cid("Empetrum nigrum"), cid("Juglans regia"), -1]
    assert GreedyBot(random.Random(1)).choose(s) == s.string_to_action("deck 2")
