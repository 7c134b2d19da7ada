"""Colour Die's bots (random from the house; a greedy one that picks from the colour with the most
apples left); the parts ``simulate`` and ``table_script`` are the harness's."""

from __future__ import annotations

import random
from typing import Any

from table.bots import harness
from table.bots.common import RandomBot, SeededBot
from tests.games.colourdie import rules


class GreedyBot(SeededBot):
    """After the basket: an apple of the colour with the most left (the die finds the others)."""

    name = "greedy"

    def decide(self, state: rules.State, seat: int, legal: list[int]) -> int:
        return max(legal, key=lambda a: (state.t.left[a - rules.PICK], -a))


BOTS: dict[str, harness.BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, rng: random.Random) -> Any:
    return harness.make_bot("Colour Die", BOTS, name, rng)


GAMES = harness.SeededGames(rules.new_game, rules.Config, make_bot, tuple(BOTS), together=True)
simulate = GAMES.simulate
table_script = GAMES.table_script
