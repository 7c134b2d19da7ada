"""Draft Cider bots (random, greedy) and seeded simulations.

The bots see the game only through the house protocol (``legal_actions``, ``apply``/``undo``,
``scores``) and draw their randomness from the ``random.Random`` they are given, so a seeded
game is repeatable. :func:`simulate` plays seeded games between entrants, rotating the seats
from game to game so that nobody keeps the first pick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from table.bots import harness
from table.bots.common import RandomBot
from table.bots.harness import SeatCountError, seat_seed
from table.games.draftcider.rules.cards import Card
from table.games.draftcider.rules.game import STANDARD_DECK, Config, State, new_game, sample_chance


class GreedyBot:
    """One ply: the play that leaves its own orchard scoring most right now (ties broken at
    random). It looks no further: an Unlucky batch below 13 is worth nothing to it yet."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> int:
        seat = state.current_player()
        best: list[int] = []
        best_value: float = float("-inf")
        for action in state.legal_actions():
            state.apply(action)
            value = state.score(seat).total
            state.undo()
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]


Bot = RandomBot | GreedyBot
BOTS = {"random": RandomBot, "greedy": GreedyBot}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by name (:data:`BOT_NAMES`); :class:`~table.bots.harness.UnknownBotError` otherwise."""
    return cast(Bot, harness.make_bot("Draft Cider", BOTS, name, rng))


def play_game(config: Config, bots: Sequence[Bot], seed: int) -> State:
    """Play one game: seat ``i`` is ``bots[i]``, the deals come from ``random.Random(seed)``."""
    if len(bots) != config.players:
        raise SeatCountError(f"{len(bots)} bots for {config.players} seats")
    chance = random.Random(seed)
    return harness.play_out(new_game(config, chance), bots, lambda state: sample_chance(state, chance))


@dataclass(frozen=True)
class GameResult:
    """One simulated game: ``seats[i]`` is the entrant at seat i; ``totals`` per seat."""

    seed: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Simulation:
    """Results per entrant (the bots in the order given), over ``games`` seeded games."""

    entrants: tuple[str, ...]
    games: tuple[GameResult, ...]

    def points(self, entrant: int) -> list[int]:
        return [g.totals[g.seats.index(entrant)] for g in self.games]

    def mean(self, entrant: int) -> float:
        pts = self.points(entrant)
        return sum(pts) / len(pts) if pts else 0.0

    def wins(self, entrant: int) -> int:
        """Games the entrant won, shared wins (ties) included."""
        return sum(1 for g in self.games if g.seats.index(entrant) in g.winners)

    def margin(self, a: int, b: int) -> float:
        """Mean points of entrant ``a`` minus entrant ``b`` in the same games."""
        return self.mean(a) - self.mean(b)

    def summary(self) -> str:
        n = len(self.games)
        lines = [f"{n} games, entrants {', '.join(self.entrants)}"]
        for i, name in enumerate(self.entrants):
            lines.append(f"  {i + 1}. {name:7s} mean {self.mean(i):7.2f}  wins {self.wins(i)} "
                         f"({100 * self.wins(i) / max(n, 1):.1f} %)")
        return "\n".join(lines)


def simulate(bots: Sequence[str], games: int, *, seed: int = 0, easy: bool = False,
             deck: tuple[Card, ...] = STANDARD_DECK) -> Simulation:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, …) between the named bots.

    Entrant ``i`` sits at seat ``(i + g) % n`` in game ``g``, so seats rotate. Deterministic:
    the same arguments give the same results.
    """
    n = len(bots)
    config = Config(n, easy=easy, deck=deck)
    harness.check_bots(make_bot, bots, n)
    results: list[GameResult] = []
    for g in range(games):
        game_seed = seed + g
        seats = tuple((s - g) % n for s in range(n))  # seats[s] = entrant at seat s
        players = [make_bot(bots[seats[s]], random.Random(seat_seed(game_seed, s))) for s in range(n)]
        state = play_game(config, players, game_seed)
        results.append(GameResult(game_seed, seats, tuple(s.total for s in state.scores()), state.winners()))
    return Simulation(tuple(bots), tuple(results))


def simulate_text(players: int, games: int, seed: int, seats: Sequence[str]) -> str:
    """``simulate --game draftcider``'s summary (the registry's part ``simulate``): one bot per seat."""
    return simulate(list(seats[:players]), games, seed=seed).summary()
