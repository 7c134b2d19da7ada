"""Waldgärtner bots (random and greedy) and :func:`simulate`, seeded games between them.

Both choose only among ``state.legal_actions()`` and draw their randomness from the
``random.Random`` they were built with. The greedy bot values a card by what planting it would
still bring by the end (yield value, partner bonus, the cubes its remaining blooms and harvests
and leaf harvests will bring, partners it supplies, nitrogen cubes, progress to a bonus action,
minus the fee) against its sale price. It reads only public information and its own hand
(offers, gardens, storages, the discard pile; searched and bonus-drawn cards once it sees them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from table.bots.common import RandomBot
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import Config, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import LEAF_PHASE, CardSet
from table.games.waldgaertner.rules.position import ROUNDS, SALE_PRICE, slots

BOT_NAMES = ("random", "greedy")


class WaldgaertnerBot(Protocol):
    name: str

    def choose(self, state: State) -> int: ...


def _phase_of(rnd: int) -> int:
    return (rnd - 1) % 10


def future_cubes(state: State, cid: int, planted_round: int) -> float:
    """Cubes a plant planted in ``planted_round`` will still harvest by the end (fruit cycles
    completed before round 21 is over, plus leaf harvests)."""
    c = state.card(cid)
    total = 0.0
    if c.fruit and not c.male:
        bloom = -1
        for r in range(planted_round + 1, ROUNDS + 1):
            ph = _phase_of(r)
            if bloom < 0 and ph == c.flowering:
                bloom = r
            if bloom >= 0 and ph == c.harvest:
                total += 1
                bloom = -1
    if c.leaf:
        total += sum(1 for r in range(planted_round + 1, ROUNDS + 1) if _phase_of(r) == LEAF_PHASE)
    return total


class GreedyBot:
    """One-step greedy over a hand-made value of each card (see the module docstring): takes the
    best offer (a special action only when nothing is on offer), plays the option worth most
    now, buys in a direct sale when the card is worth more than the price, offers a card it would
    only sell otherwise."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def plant_value(self, state: State, seat: int, cid: int, row: int, pos: int, fee: int) -> float:
        c = state.card(cid)
        garden = state.garden(seat)
        rnd = state.round
        partner = any(state.card(o).pollinates(c) for o in garden.values())
        v = c.value - fee + (c.bonus if partner else 0.3 * c.bonus)
        cubes = future_cubes(state, cid, rnd)
        if c.cross and not partner:
            cubes *= 0.3
        if (row, pos) in state.waiting_dark(seat) and c.fruit and not c.male:
            cubes += 0.8
        v += cubes
        for o in garden.values():  # partners it supplies
            oc = state.card(o)
            if c.pollinates(oc) and not state.partner_present(seat, o):
                v += oc.bonus + 0.7 * future_cubes(state, o, rnd)
        if c.nitrogen:
            v += 0.5 * sum(1 for p in (pos - 1, pos + 1) if 0 <= p < slots(row)
                           and (row, p) not in state.waiting_dark(seat)) * (rnd < 15)
        need_c, need_f = state.bonus_thresholds()
        if c.flower not in state.colours(seat) and len(state.colours(seat)) < need_c:
            v += 0.6
        if c.fruit and c.fruit not in state.fruits(seat) and len(state.fruits(seat)) < need_f:
            v += 0.6
        return v

    def card_value(self, state: State, seat: int, cid: int) -> float:
        """What the card is worth to ``seat``: the best planting or its sale."""
        best = float(state.card(cid).sale)
        for r, p, fee in state.plant_spots(seat, cid):
            best = max(best, self.plant_value(state, seat, cid, r, p, fee))
        return best

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        step = state.step
        if step == "die":
            return self._die(state, seat, legal)
        if step == "play":
            return self._play(state, seat, legal)
        if step in ("achoose", "bchoose", "schoose"):
            return max(legal, key=lambda a: (self.card_value(state, seat, a - A.CHOOSE), -a))
        if step == "special":
            if A.ALT in legal:
                return A.ALT
            return A.FORGO
        if step == "buyer":
            _, cid, _ = state.sale_offer
            return A.BUY if self.card_value(state, seat, cid) > SALE_PRICE + 1 else A.DECLINE
        if step in ("start", "bonus"):
            return max(legal, key=lambda a: (state.deck_size(a - (A.DECK if step == "start" else A.BONUS)), -a))
        return legal[self.rng.randrange(len(legal))]

    def _die(self, state: State, seat: int, legal: list[int]) -> int:
        decks = [a for a in legal if A.DECK <= a < A.DECK + 7]
        if not decks:
            return A.SPECIAL if A.SPECIAL in legal else legal[0]
        return max(decks, key=lambda a: (self.card_value(state, seat, state.offer(a - A.DECK)), -a))

    def _play(self, state: State, seat: int, legal: list[int]) -> int:
        best: tuple[float, int] = (-math.inf, legal[0])
        for a in legal:
            if a >= A.PLANT:
                cid, rest = divmod(a - A.PLANT, 64)
                row, pos = divmod(rest, 8)
                fee = next(f for r, p, f in state.plant_spots(seat, cid) if (r, p) == (row, pos))
                v = self.plant_value(state, seat, cid, row, pos, fee)
            elif a >= A.OFFER:
                cid = (a - A.OFFER) // 8
                v = SALE_PRICE - 0.5 if self.card_value(state, seat, cid) <= state.card(cid).sale else -math.inf
            else:
                cid = a - A.SELL
                v = float(state.card(cid).sale)
            # the card kept is played later: prefer playing the card whose best use is now
            best = max(best, (v, -a))
        return -best[1]


def make_bot(name: str, rng: random.Random) -> WaldgaertnerBot:
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    raise ValueError(f"unknown Waldgärtner bot {name!r} (known: {', '.join(BOT_NAMES)})")


def play_game(config: Config, seed: int, bots: Sequence[str]) -> State:
    """One game: chance from ``random.Random(seed)``, each seat's bot seeded from the seed."""
    state = new_game(config, random.Random(seed), keep_undo=False)
    players = [make_bot(name, random.Random(seed * 1_000_003 + 7919 * (s + 1))) for s, name in enumerate(bots)]
    while not state.is_terminal():
        state.apply(players[state.current_player()].choose(state))
    return state


@dataclass
class Summary:
    """Results per bot name over a batch of games. A shared win counts 1/k for each of k
    winners; ``win_rate`` is per seat-game, with its standard error and a 95% interval."""

    players: int
    games: int
    bots: tuple[str, ...]
    seat_games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    per_game: list[dict[str, float]] = field(default_factory=list)
    """Per game: each bot name's mean points in that game."""

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
        lines = [f"{self.games} games of {self.players} players, seats {list(self.bots)} rotating"]
        for name in sorted(self.seat_games):
            lo, hi = self.interval(name)
            lines.append(f"  {name:7s} win rate {self.win_rate(name):.3f} ± {self.stderr(name):.3f} "
                         f"(95% {lo:.3f}–{hi:.3f}), mean points {self.mean_points(name):.1f}")
        return "\n".join(lines)


def simulate(players: int, games: int, seed: int, bots: Sequence[str], *, cards: CardSet | None = None,
             config: Config | None = None) -> Summary:
    """Play ``games`` seeded games; game ``g`` uses seed ``seed + g`` and seats the bots rotated
    by ``g``. ``bots`` names one bot per seat; ``cards`` (or a whole ``config``) defaults to the
    shipped card file."""
    if len(bots) != players:
        raise ValueError(f"name {players} bots, one per seat (got {len(bots)})")
    for name in bots:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown Waldgärtner bot {name!r} (known: {', '.join(BOT_NAMES)})")
    if config is None:
        if cards is None:
            cards = load_cards()
        config = Config(players, cards)
    if config.players != players:
        raise ValueError("config.players differs from players")
    summary = Summary(players, games, tuple(bots))
    for name in bots:
        summary.seat_games.setdefault(name, 0)
        summary.wins.setdefault(name, 0.0)
        summary.points.setdefault(name, 0)
    for g in range(games):
        seating = [bots[(s + g) % players] for s in range(players)]
        state = play_game(config, seed + g, seating)
        winners = state.winners()
        totals = state.returns()
        game_points: dict[str, list[float]] = {}
        for s, name in enumerate(seating):
            game_points.setdefault(name, []).append(totals[s])
        summary.per_game.append({k: sum(v) / len(v) for k, v in game_points.items()})
        for s, name in enumerate(seating):
            summary.seat_games[name] += 1
            summary.points[name] += int(totals[s])
            if s in winners:
                summary.wins[name] += 1 / len(winners)
    return summary


def simulate_text(players: int, games: int, seed: int, seats: Sequence[str]) -> str:
    """``simulate --game waldgaertner``'s summary (the registry's part ``simulate``)."""
    return simulate(players, games, seed, seats).text()
