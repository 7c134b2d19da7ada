"""Draft Cider bots: legal, seeded (repeatable), and greedy clearly ahead of random."""

import random

import pytest

from table.bots.harness import UnknownBotError
from table.games.draftcider.bots import BOT_NAMES, GreedyBot, RandomBot, make_bot, play_game, simulate
from table.games.draftcider.rules.game import Config, new_game, replay
from table.games.draftcider.rules.scoring import BATCHES, MAXIMA


def test_bots_play_only_legal_actions_and_never_change_the_state():
    state = new_game(Config(3), random.Random(5))
    for bot in (RandomBot(random.Random(1)), GreedyBot(random.Random(2))):
        before = (repr(state.orchards), state.centre[:], len(state.history), len(state.events))
        action = bot.choose(state)
        assert action in state.legal_actions()
        assert (repr(state.orchards), state.centre, len(state.history), len(state.events)) == before


def test_greedy_takes_the_best_immediate_points():
    state = new_game(Config(2), random.Random(0))
    bot = GreedyBot(random.Random(0))
    action = bot.choose(state)
    gains = []
    for a in state.legal_actions():
        state.apply(a)
        gains.append(state.scores()[0].total)
        state.undo()
    state.apply(action)
    assert state.scores()[0].total == max(gains) == 20  # a first card is best as a Special tree


def test_seeded_games_repeat_and_replay():
    config = Config(4)
    a = play_game(config, [make_bot(n, random.Random(i)) for i, n in enumerate(("greedy", "random") * 2)], 42)
    b = play_game(config, [make_bot(n, random.Random(i)) for i, n in enumerate(("greedy", "random") * 2)], 42)
    assert a.history == b.history and a.events == b.events
    assert replay(a.to_record()).events == a.events


def test_simulate_rotates_seats_and_is_deterministic():
    sim = simulate(["greedy", "random", "random"], 6, seed=10)
    assert [g.seats for g in sim.games[:3]] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    assert [g.seed for g in sim.games] == list(range(10, 16))
    again = simulate(["greedy", "random", "random"], 6, seed=10)
    assert again == sim
    assert "greedy" in sim.summary()
    for g in sim.games:
        assert all(t <= sum(MAXIMA[b] for b in BATCHES) for t in g.totals)


def test_greedy_beats_random_by_a_wide_margin():
    sim = simulate(["greedy", "random"], 100, seed=0)
    assert sim.margin(0, 1) > 20
    assert sim.wins(0) >= 90
    assert 0 < sim.mean(0) <= 2 * 78  # far from any absurd total


def test_easy_mode_changes_only_the_bad_batch():
    hard = simulate(["random", "random"], 10, seed=3)
    easy = simulate(["random", "random"], 10, seed=3, easy=True)
    for h, e in zip(hard.games, easy.games, strict=True):
        assert all(te >= th for th, te in zip(h.totals, e.totals, strict=True))


def test_unknown_bot_and_wrong_seat_count():
    assert BOT_NAMES == ("random", "greedy", "strong")
    with pytest.raises(UnknownBotError, match="unknown Draft Cider bot 'clever'"):  # a TableError
        simulate(["greedy", "clever"], 1)
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        play_game(Config(3), [RandomBot(random.Random(0))] * 2, 0)
