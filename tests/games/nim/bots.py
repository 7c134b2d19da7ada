"""Nim's bots (random from the house, a greedy one); the parts ``simulate`` and ``table_script``
are the bots harness's (``table.bots.harness.SeededGames``)."""

from __future__ import annotations

import random
from functools import reduce
from operator import xor

from table.bots.common import RandomBot
from table.bots.harness import SeededGames
from tests.games.nim import rules

BOT_NAMES = ("random", "greedy")


class GreedyBot:
    """Leaves a nim-sum of zero when it can, else takes one apple from the largest heap."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: rules.State) -> int:
        heaps = state.t.heaps
        total = reduce(xor, heaps, 0)
        for h, size in enumerate(heaps):
            if total and size ^ total < size:
                return h * 100 + size - (size ^ total)
        return max(range(len(heaps)), key=lambda h: heaps[h]) * 100 + 1


def make_bot(name: str, rng: random.Random) -> RandomBot | GreedyBot:
    return GreedyBot(rng) if name == "greedy" else RandomBot(rng)


GAMES = SeededGames(rules.new_game, rules.Config, make_bot, BOT_NAMES)
simulate = GAMES.simulate
table_script = GAMES.table_script
