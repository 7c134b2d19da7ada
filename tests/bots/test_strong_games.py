"""The strong bots of Zankapfel, Draft Cider and Waldgärtner at the table's commands, and what
they do that the greedy bots never do (issue 23). Seeded: a fixed seed and budget give a fixed
game, so these are facts about fixed games, not timings."""

from __future__ import annotations

import random

import pytest

from table.bots.harness import seat_seed
from table.bots.ismcts import Budget
from table.cli import main
from table.games import load_game


@pytest.mark.parametrize("key,players", [("zankapfel", 3), ("draftcider", 2), ("waldgaertner", 2)])
def test_simulate_plays_the_strong_bot_in_every_game(key, players, capsys, monkeypatch):
    assert "strong" in load_game(key).bots
    # a tiny budget: this checks the plumbing, bench/bots_vs_greedy.py the strength
    monkeypatch.setattr(f"table.games.{key}.bots.STRONG_BUDGET", Budget(iterations=4, rollout_depth=4))
    assert main(["simulate", "--game", key, "--players", str(players), "--games", "1",
                 "--bots", "strong,greedy", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "strong" in out and "greedy" in out


def test_zankapfel_strong_buys_dice_in_a_discord():
    from table.games.zankapfel.bots import play_game
    from table.games.zankapfel.rules import Config
    from table.games.zankapfel.rules.events import DiceBought

    bought = {"strong": 0, "greedy": 0}
    seats = ["strong", "greedy", "greedy", "greedy"]
    state = play_game(Config(4), 0, seats)
    for e in state.events:
        if isinstance(e, DiceBought) and e.dice:
            bought[seats[e.seat]] += e.dice
    assert bought["greedy"] == 0 and bought["strong"] > 0


def test_draftcider_strong_builds_the_batches_greedy_never_starts():
    from table.games.draftcider.bots import make_bot, play_game
    from table.games.draftcider.rules.game import Config
    from table.games.draftcider.rules.scoring import FEATHER, FORTEPIANO, SWEET, UNLUCKY

    built: dict[str, set[int]] = {"strong": set(), "greedy": set()}
    for seed in range(2):
        names = ["strong", "greedy"]
        bots = [make_bot(n, random.Random(seat_seed(seed, s))) for s, n in enumerate(names)]
        state = play_game(Config(2), bots, seed)
        for s, name in enumerate(names):
            built[name] |= {b for b in (FEATHER, FORTEPIANO, SWEET, UNLUCKY) if state.scores()[s].batches[b] > 0}
    assert not built["greedy"]
    assert len(built["strong"]) >= 2
