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
from typing import Any, cast

from table.bots import harness
from table.bots.common import RandomBot
from table.bots.harness import SeatCountError, seat_seed
from table.bots.ismcts import Budget, ISMCTSBot
from table.games.draftcider.determinize import determinize
from table.games.draftcider.rules.cards import Card
from table.games.draftcider.rules.game import N_BATCHES, STANDARD_DECK, Config, State, new_game, sample_chance
from table.games.draftcider.rules.scoring import (
    BAD,
    CARDS_PER_PLAYER,
    FEATHER,
    FORTEPIANO,
    SPECIAL,
    SWEET,
    UNLUCKY,
    UNLUCKY_TARGET,
    batch_points,
)


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


STRONG_BUDGET = Budget(iterations=40, rollout_depth=200, exploration=0.7, scale=6.0)
"""The strong bot's work per decision (``docs/bots.md``: about 0.12 s here, 0.5 s on a Pi 4)."""
STRONG_WIDTH = 8
"""Plays the strong bot's tree considers at a node: the best by :func:`outlook`."""

_PAIR_HOPE = {FORTEPIANO: 3.0, SWEET: 2.5}
"""What an unpaired last card of a pair batch is worth while cards are still to come (points:
half a Fortepiano pair of average heights; a Sweet Couple's 7 times the chance of a match)."""


def batch_outlook(cards: list[Card], batch: int, points: int, left: int) -> float:
    """What a batch is worth with ``left`` cards still to take: its points now, plus the hope of
    a batch that pays only once it grows (Feather's second card, a pair's second half, Unlucky's
    13 in sweetness); 0 hope at the end."""
    n = len(cards)
    if not left or not n:
        return float(points)
    if batch == FEATHER and n == 1:
        return 1.0
    if batch in _PAIR_HOPE and n % 2:
        return points + _PAIR_HOPE[batch]
    if batch == UNLUCKY:
        gap = UNLUCKY_TARGET - sum(c.sweetness for c in cards)
        if gap == 0:
            return float(points)
        if 0 < gap <= 5 * left:
            return 0.45 * (n + 1) ** 2 * (1.0 if gap <= 5 else 0.6)
        return -0.5 * n  # past 13 or out of reach: wasted cards
    return float(points)


def outlook(state: State, seat: int) -> float:
    """A seat's points as its orchard stands plus the hope of its unfinished batches."""
    orchard = state.orchards[seat]
    left = CARDS_PER_PLAYER - sum(len(b) for b in orchard)
    easy = state.config.easy
    return sum(batch_outlook(orchard[b], b, batch_points(orchard, b, easy=easy), left) for b in range(len(orchard)))


def outlooks(state: State) -> list[float]:
    """Every seat's :func:`outlook` (final points at the end): the strong bot's leaf value."""
    if state.is_terminal():
        return list(state.returns())
    return [outlook(state, s) for s in range(state.players)]


def _best_plays(state: State, legal: list[int], width: int) -> list[int]:
    seat = state.current_player()
    scored = []
    for action in legal:
        state.apply(action)
        scored.append((outlook(state, seat), -action))
        state.undo()
    scored.sort(reverse=True)
    return [-a for _v, a in scored[:width]]


def quick_play(state: State, legal: list[int], rng: random.Random) -> int:
    """The rollouts' play: the card and batch whose batch gains most in :func:`batch_outlook`
    (that batch alone: cheap), ties at random."""
    orchard = state.orchards[state.current_player()]
    left = CARDS_PER_PLAYER - sum(len(b) for b in orchard) - 1
    easy = state.config.easy
    special = orchard[SPECIAL][0].colour if orchard[SPECIAL] else None
    best, best_value = legal[0], float("-inf")
    for action in legal:
        card, batch = divmod(action, N_BATCHES)
        if special == state.deck[card].colour and batch not in (SPECIAL, BAD):
            continue  # it would turn the Special tree's 20 into -20
        cards = orchard[batch]
        before = batch_outlook(cards, batch, batch_points(orchard, batch, easy=easy), left + 1)
        cards.append(state.deck[card])
        after = batch_outlook(cards, batch, batch_points(orchard, batch, easy=easy), left)
        cards.pop()
        value = after - before + rng.random() * 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def strong_bot(rng: random.Random, budget: Budget | None = None, **options: Any) -> ISMCTSBot:
    """Information-set MCTS (``table.bots.ismcts``); Draft Cider hides nothing, so its
    determinization is a copy (:mod:`table.games.draftcider.determinize`) and the search only
    samples the deals to come. The tree looks at the best :data:`STRONG_WIDTH` plays by
    :func:`outlook`, the rollouts play at random, the leaf is every seat's :func:`outlook` —
    so a batch that pays only once it is built (Feather, Fortepiano, Sweet Couple, Unlucky) is
    built when building it pays."""
    return ISMCTSBot(rng, determinize, budget=budget or STRONG_BUDGET, value=outlooks, policy=quick_play,
                     prune=lambda state, legal: _best_plays(state, legal, STRONG_WIDTH), **options)


Bot = RandomBot | GreedyBot | ISMCTSBot
BOTS: dict[str, harness.BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "strong": strong_bot}
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
