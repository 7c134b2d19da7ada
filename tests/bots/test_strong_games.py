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


def _mid_game(key: str, players: int = 4, decisions: int = 30):
    """A seeded game of greedy bots after ``decisions`` choices, at a choice of two or more."""
    from table.bots.harness import seat_seed as seed_of
    module = __import__(f"table.games.{key}.bots", fromlist=["make_bot"])
    if key == "draftcider":
        from table.games.draftcider.rules.game import Config as DConfig
        from table.games.draftcider.rules.game import new_game as dnew
        state = dnew(DConfig(players), random.Random(3))
    elif key == "zankapfel":
        from table.games.zankapfel.rules import Config as ZConfig
        from table.games.zankapfel.rules import new_game as znew
        state = znew(ZConfig(players), random.Random(3), keep_undo=False)
    else:
        from table.games.waldgaertner.files import load_cards
        from table.games.waldgaertner.rules import Config as WConfig
        from table.games.waldgaertner.rules import new_game as wnew
        state = wnew(WConfig(players, load_cards()), random.Random(3), keep_undo=False)
    chance = random.Random(4)
    greedy = [module.make_bot("greedy", random.Random(seed_of(3, s))) for s in range(players)]
    made = 0
    while True:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[chance.randrange(len(outcomes))][0])
            continue
        if len(state.legal_actions()) > 1:
            if made >= decisions:
                return module, state
            made += 1
        state.apply(greedy[state.current_player()].choose(state))


class _Clock:
    """A clock that moves on by ``step`` seconds each time it is read (a slow or a fast machine)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("key", ["zankapfel", "draftcider", "waldgaertner"])
def test_a_fixed_seed_and_budget_give_a_fixed_move_on_any_machine(key):
    module, state = _mid_game(key)
    moves = set()
    for step in (0.0, 0.02):  # a machine that reads no time and one that takes 20 ms an iteration
        bot = module.strong_bot(random.Random(11), clock=_Clock(step))
        moves.add(bot.choose(state))
        assert bot.cut_short == 0 and bot.iterations >= module.STRONG_BUDGET.iterations - 3
    assert len(moves) == 1
    assert moves <= set(state.legal_actions())
