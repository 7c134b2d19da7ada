"""Colour Die's bots (random from the house; a greedy one that picks from the colour with the most
apples left); the parts ``simulate`` and ``table_script`` are the harness's."""

from __future__ import annotations

import random

from table.bots.common import RandomBot
from table.bots.harness import SeededGames
from tests.games.colourdie import rules

BOT_NAMES = ("random", "greedy")


class GreedyBot:
    """After the basket: an apple of the colour with the most left (the die finds the others)."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: rules.State) -> int:
        return max(state.legal_actions(), key=lambda a: (state.t.left[a - rules.PICK], -a))


def make_bot(name: str, rng: random.Random) -> RandomBot | GreedyBot:
    return GreedyBot(rng) if name == "greedy" else RandomBot(rng)


GAMES = SeededGames(rules.new_game, rules.Config, make_bot, BOT_NAMES, together=True)
simulate = GAMES.simulate
table_script = GAMES.table_script
