"""What every game's bots module shares around its bots: a bot by name, the seats' seeds, a game
played out, and a batch of seeded games summed up per bot name.

A game's ``bots.py`` keeps only what is its own (its bots, its ``new_game`` and config) and names
its bots in a table ``{name: factory(rng)}``; :func:`make_bot` looks a name up there. The seeds
are the same for every game (:func:`seat_seed`), so a seeded game is repeatable and every record
of a bot game replays (``tests/test_replay_before_house_games.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from table.engine.errors import TableError

BotFactory = Callable[[random.Random], Any]
"""A bot's class (or any callable) taking its seeded ``random.Random``."""


S = TypeVar("S")


class UnknownBotError(TableError):
    """A bot name the game has no bot for (the message names the known ones)."""


class SeatCountError(TableError):
    """Bots named for another number of seats than the game has."""


def make_bot(title: str, bots: Mapping[str, BotFactory], name: str, rng: random.Random) -> Any:
    """The bot ``name`` of the game ``title`` (its table ``bots``), built with ``rng``."""
    factory = bots.get(name)
    if factory is None:
        raise UnknownBotError(f"unknown {title} bot {name!r} (known: {', '.join(bots)})")
    return factory(rng)


def seat_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in game ``seed`` (the game's chance uses ``seed`` itself)."""
    return seed * 1_000_003 + 7919 * (seat + 1)


def script_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in Zankapfel's and Waldgärtner's ``table_script`` game
    ``seed`` (older than :func:`seat_seed`; their scripted games — the goldens, the scenarios —
    are played with it)."""
    return seed * 31 + seat


def bot_seats(make: Callable[[str, random.Random], Any], names: Sequence[str], players: int, seed: int,
              seeding: Callable[[int, int], int] = seat_seed) -> list[Any]:
    """A bot per seat for game ``seed``: seat ``s`` played by ``names[s % len(names)]`` (the
    line-up cycled over the seats), made by ``make`` with its own rng seeded ``seeding(seed, s)``."""
    return [make(names[s % len(names)], random.Random(seeding(seed, s))) for s in range(players)]


def scripted(lines: Callable[[list[S]], Iterable[str]]) -> tuple[list[str], S]:
    """Every game's ``table_script``: the lines of a whole game as the table types them and its
    finished state, from a generator of those lines (the game's ``script_lines``, which the kiosk
    demo shows a line at a time) that appends the finished state to the list it is given."""
    final: list[S] = []
    out = list(lines(final))
    return out, final[0]


def check_seats(names: Sequence[object], players: int) -> None:
    """:class:`SeatCountError` unless ``names`` names one bot per seat."""
    if len(names) != players:
        raise SeatCountError(f"name {players} bots, one per seat (got {len(names)})")


def check_bots(make: Callable[[str, random.Random], Any], names: Sequence[str], players: int) -> None:
    """Before any game is played: one bot per seat, every name known to ``make`` (the game's
    ``make_bot``; :class:`UnknownBotError` otherwise)."""
    check_seats(names, players)
    for name in names:
        make(name, random.Random(0))


def play_seeded(state: S, make: Callable[[str, random.Random], Any], names: Sequence[str], seed: int) -> S:
    """Play ``state`` (its chance sampled by itself) to its end with seat ``s`` played by the bot
    ``names[s]``, made by ``make`` with its own rng seeded by :func:`seat_seed`."""
    return play_out(state, bot_seats(make, names, len(names), seed))


def play_out(state: S, seats: Sequence[Any], chance: Callable[[S], int] | None = None) -> S:
    """Play ``state`` to its end: seat ``s`` chooses with ``seats[s]``; at a chance node
    ``chance(state)`` gives the outcome (a state built with an rng samples its own)."""
    game: Any = state
    while not game.is_terminal():
        if chance is not None and game.is_chance():
            game.apply(chance(state))
        else:
            game.apply(seats[game.current_player()].choose(state))
    return state


@dataclass
class Summary:
    """Results per bot name over a batch of games. A shared win counts 1/k for each of k
    winners; ``win_rate`` is per seat-game, with its standard error and a 95% interval;
    ``per_game`` each bot name's mean points per game; ``endings`` how many games ended the way
    ``ending`` says (a game's note in the first line of :meth:`text`, when it has one)."""

    players: int
    games: int
    bots: tuple[str, ...]
    seat_games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    per_game: list[dict[str, float]] = field(default_factory=list)
    """Per game: each bot name's mean points in that game."""
    ending: str = ""
    endings: int = 0
    together: bool = False
    """A cooperative game's batch: a win is the whole table's (each seat's counts 1, not 1/k)."""
    table_wins: int = 0

    def add(self, seating: Sequence[str], totals: Sequence[float], winners: Sequence[int]) -> None:
        """One finished game: seat ``s`` played by ``seating[s]`` scored ``totals[s]``."""
        game_points: dict[str, list[float]] = {}
        for s, name in enumerate(seating):
            game_points.setdefault(name, []).append(totals[s])
        self.per_game.append({k: sum(v) / len(v) for k, v in game_points.items()})
        for s, name in enumerate(seating):
            self.seat_games[name] = self.seat_games.get(name, 0) + 1
            self.points[name] = self.points.get(name, 0) + int(totals[s])
            share = 1.0 if self.together else 1 / max(len(winners), 1)
            self.wins[name] = self.wins.get(name, 0.0) + (share if s in winners else 0.0)
        self.table_wins += bool(winners)

    def margin(self, name: str, other: str) -> tuple[float, float]:
        """Mean per-game points of ``name`` minus ``other`` (games where both sat), with its
        standard error — informative where the win rate saturates at 1."""
        diffs = [g[name] - g[other] for g in self.per_game if name in g and other in g]
        if not diffs:
            raise ValueError(f"no game with both {name!r} and {other!r}")
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
        return mean, math.sqrt(var / len(diffs))

    def win_rate(self, name: str) -> float:
        return self.wins[name] / self.seat_games[name]

    def stderr(self, name: str) -> float:
        p, n = self.win_rate(name), self.seat_games[name]
        return math.sqrt(max(p * (1 - p), 1e-12) / n)

    def interval(self, name: str) -> tuple[float, float]:
        p, se = self.win_rate(name), self.stderr(name)
        return max(0.0, p - 1.96 * se), min(1.0, p + 1.96 * se)

    def mean_points(self, name: str) -> float:
        return self.points[name] / self.seat_games[name]

    def text(self) -> str:
        head = f"{self.games} games of {self.players} players, seats {list(self.bots)} rotating"
        lines = [head + (f"; {self.endings} {self.ending}" if self.ending else "")]
        if self.together:
            lines.append(f"  the table won together {self.table_wins} of {self.games}")
        for name in sorted(self.seat_games):
            lo, hi = self.interval(name)
            lines.append(f"  {name:7s} win rate {self.win_rate(name):.3f} ± {self.stderr(name):.3f} "
                         f"(95% {lo:.3f}–{hi:.3f}), mean points {self.mean_points(name):.1f}")
        return "\n".join(lines)


def simulate_rotating(players: int, games: int, seed: int, bots: Sequence[str], *,
                      play: Callable[[int, list[str]], Any], ending: tuple[str, Callable[[Any], bool]] | None = None,
                      together: bool = False) -> Summary:
    """Play ``games`` seeded games; game ``g`` is ``play(seed + g, seating)`` with the bots
    rotated by ``g`` (so every bot plays every seat). ``ending``: a note for the summary's first
    line and which finished states it counts. The bot names are checked by the caller."""
    check_seats(bots, players)
    summary = Summary(players, games, tuple(bots), ending=ending[0] if ending else "", together=together)
    for name in bots:
        summary.seat_games.setdefault(name, 0)
        summary.wins.setdefault(name, 0.0)
        summary.points.setdefault(name, 0)
    for g in range(games):
        seating = [bots[(s + g) % players] for s in range(players)]
        state = play(seed + g, seating)
        summary.add(seating, state.returns(), state.winners())
        if ending is not None:
            summary.endings += ending[1](state)
    return summary


@dataclass(frozen=True)
class SeededGames:
    """A game's seeded bot games from its rules and bots alone: the registry's parts ``simulate``
    and ``table_script`` (a game's ``bots.py`` makes one and names its two methods). Game ``seed``
    rolls its chance from ``random.Random(seed)``; seat ``s`` is played by its bot seeded
    :func:`seat_seed`."""

    new_game: Callable[[Any], Any]
    """The rules' ``new_game(config)`` (without an rng: the chance is sampled here, and recorded)."""
    config: Callable[[int], Any]
    """``players`` → the rules' ``Config`` of a standard game."""
    make_bot: Callable[[str, random.Random], Any]
    lineup: tuple[str, ...]
    """The bots by seat in ``table_script``'s game (cycled over the seats)."""
    together: bool = False
    """A cooperative game (the summary counts the table's wins)."""

    def play(self, players: int, seed: int, seats: Sequence[str]) -> Any:
        """One game played out by the bots ``seats`` (one name per seat)."""
        rng = random.Random(seed)
        bots = bot_seats(self.make_bot, seats, len(seats), seed)
        return play_out(self.new_game(self.config(players)), bots, chance=lambda state: state.sample_chance(rng))

    def simulate(self, players: int, games: int, seed: int, seats: Sequence[str]) -> str:
        """The part ``simulate``: ``games`` seeded games, the bots rotated over the seats, summed up."""
        check_bots(self.make_bot, seats, players)
        return simulate_rotating(players, games, seed, seats, play=lambda g, seating: self.play(players, g, seating),
                                 together=self.together).text()

    def table_script(self, players: int, seed: int) -> tuple[list[str], Any]:
        """The part ``table_script``: a whole seeded game as the table types it (``setup
        players=N``, ``start``, every action's text, the chance's too) and its final state."""
        final = self.play(players, seed, [self.lineup[s % len(self.lineup)] for s in range(players)])
        return [f"setup players={players}", "start", *(final.action_to_string(a) for a in final.history)], final
