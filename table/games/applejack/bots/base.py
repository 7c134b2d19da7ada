"""The bot protocol, the random bot, and playing a whole game with bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from table.bots.common import RandomBot
from table.engine.errors import TableError
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.bots.strong import StrongBot
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.game import CHANCE, GameState, new_game, sample_chance


class BotChoiceError(TableError):
    """An unknown bot's name, or bots that do not fit the seats (one line)."""


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` returns one of ``state.legal_actions()`` for the seat to move.

    A bot reads the state only through the engine's uniform API and never changes it; its
    randomness comes from the ``random.Random`` it was built with, so a seeded bot is
    deterministic.
    """

    name: str

    def choose(self, state: GameState) -> int: ...


BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")


def make_bot(name: str, rng: random.Random, **options: Any) -> Bot:
    """A bot by name ("random", "greedy", "strong"); ``options`` go to the strong bot."""
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    if name == "strong":
        return StrongBot(rng, **options)
    raise BotChoiceError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")


def seat_seed(seed: int, seat: int) -> int:
    """The seed of a seat's bot in game ``seed`` (the chance draws use ``seed`` itself)."""
    return seed * 1_000_003 + 7919 * (seat + 1)


def play_game(data: DataSet, config: GameConfig, bots: Sequence[Bot], seed: int, *,
              keep_undo: bool = False) -> GameState:
    """Play one game to the end: seat ``i`` is ``bots[i]``; chance draws come from
    ``random.Random(seed)``, separate from the bots' own RNGs. Returns the final state
    (``GameRecord.of(state, seed)`` makes its record)."""
    if len(bots) != config.players:
        raise BotChoiceError(f"{len(bots)} bots for {config.players} seats")
    chance = random.Random(seed)
    state = new_game(data, config, chance, keep_undo=keep_undo)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_fast(sample_chance(state, chance))
        else:
            state.apply_fast(bots[player].choose(state))
    return state
