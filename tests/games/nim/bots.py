"""Nim's bots (random from the house, a greedy one) and the parts ``simulate`` and ``table_script``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import reduce
from operator import xor

from table.bots.common import RandomBot
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


def play_game(players: int, seed: int, seats: Sequence[str]) -> rules.State:
    state = rules.new_game(rules.Config(players))
    bots = [make_bot(name, random.Random(seed * 7919 + s)) for s, name in enumerate(seats)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state))
    return state


def simulate(players: int, games: int, seed: int, seats: Sequence[str]) -> str:
    wins = dict.fromkeys(seats, 0)
    for g in range(games):
        for s in play_game(players, seed + g, seats).winners():
            wins[seats[s]] += 1
    return "\n".join(f"  {name:7s} wins {n} of {games}" for name, n in wins.items())


def table_script(players: int, seed: int) -> tuple[list[str], rules.State]:
    """A whole seeded game as table commands, and its end."""
    final = play_game(players, seed, [BOT_NAMES[s % 2] for s in range(players)])
    return [f"setup players={players}", "start", *(final.action_to_string(a) for a in final.history)], final
