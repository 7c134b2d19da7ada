"""Nim's bots (random from the house, a greedy one); the parts ``simulate`` and ``table_script``
are the bots harness's (``table.bots.harness.SeededGames``)."""

from __future__ import annotations

import random
from functools import reduce
from operator import xor
from typing import Any

from table.bots import harness
from table.bots.common import RandomBot, SeededBot
from tests.games.nim import rules


class GreedyBot(SeededBot):
    """Leaves a nim-sum of zero when it can, else takes one apple from the largest heap."""

    name = "greedy"

    def decide(self, state: rules.State, seat: int, legal: list[int]) -> int:
        heaps = state.t.heaps
        total = reduce(xor, heaps, 0)
        for h, size in enumerate(heaps):
            if total and size ^ total < size:
                return h * 100 + size - (size ^ total)
        return max(range(len(heaps)), key=lambda h: heaps[h]) * 100 + 1


BOTS: dict[str, harness.BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, rng: random.Random) -> Any:
    return harness.make_bot("Nim", BOTS, name, rng)


GAMES = harness.SeededGames(rules.new_game, rules.Config, make_bot, tuple(BOTS))
simulate = GAMES.simulate
table_script = GAMES.table_script
