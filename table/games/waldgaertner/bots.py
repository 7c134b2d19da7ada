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
from typing import Any, Protocol, cast

from table.bots import harness
from table.bots.common import RandomBot, SeededBot
from table.bots.harness import Summary
from table.bots.ismcts import Budget, ISMCTSBot
from table.games.waldgaertner.determinize import determinize
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import Config, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import LEAF_PHASE, CardSet
from table.games.waldgaertner.rules.position import ROUNDS, SALE_PRICE, slots


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


class GreedyBot(SeededBot):
    """One-step greedy over a hand-made value of each card (see the module docstring): takes the
    best offer (a special action only when nothing is on offer), plays the option worth most
    now, buys in a direct sale when the card is worth more than the price, offers a card it would
    only sell otherwise."""

    name = "greedy"

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

    def decide(self, state: State, seat: int, legal: list[int]) -> int:
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
            # the card kept is played later: prefer playing the card whose best use is now
            best = max(best, (self.play_value(state, seat, a), -a))
        return -best[1]

    def play_value(self, state: State, seat: int, a: int) -> float:
        """What playing ``a`` (plant, offer or sell a card) is worth to ``seat``."""
        if a >= A.PLANT:
            cid, rest = divmod(a - A.PLANT, 64)
            row, pos = divmod(rest, 8)
            fee = next(f for r, p, f in state.plant_spots(seat, cid) if (r, p) == (row, pos))
            return self.plant_value(state, seat, cid, row, pos, fee)
        if a >= A.OFFER:
            cid = (a - A.OFFER) // 8
            return SALE_PRICE - 0.5 if self.card_value(state, seat, cid) <= state.card(cid).sale else -math.inf
        return float(state.card(a - A.SELL).sale)

    def ranked(self, state: State, legal: list[int], width: int) -> list[int]:
        """The ``width`` best of ``legal`` by this bot's values where it values each choice (a
        card to play, an offer for the die, a card to choose); elsewhere its own choice first."""
        seat = state.current_player()
        step = state.step
        if step == "play":
            def value(a: int) -> float:
                return self.play_value(state, seat, a)
        elif step == "die":
            def value(a: int) -> float:
                if A.DECK <= a < A.DECK + 7:
                    return self.card_value(state, seat, state.offer(a - A.DECK))
                return 0.0
        elif step in ("achoose", "bchoose", "schoose"):
            def value(a: int) -> float:
                return self.card_value(state, seat, a - A.CHOOSE)
        else:
            choice = self.decide(state, seat, legal)  # its own choice first, then the rest
            return [choice, *(a for a in legal if a != choice)][:width]
        return sorted(legal, key=lambda a: (-value(a), a))[:width]


STRONG_BUDGET = Budget(iterations=60, rollout_depth=15, exploration=0.7, scale=6.0)
"""The strong bot's work per decision (``docs/bots.md``: about 0.12 s here, 0.5 s on a Pi 4)."""
STRONG_WIDTH = 3
"""Choices the strong bot's tree considers at a node: the greedy bot's best."""
STRONG_PAIRED = True
"""The strong bot compares its candidates on common random numbers (``ISMCTSBot(paired=True)``:
a flat search, every candidate played out from the same determinizations and the same draws):
the luck of a short rollout drowns the difference between two good plays otherwise."""
STRONG_MARGIN = 0.03
"""The strong bot plays the greedy bot's choice unless the search finds another better by this
much (mean value in [0, 1])."""


def projected_points(state: State) -> list[float]:
    """Every seat's points plus the cubes its plants will still harvest by the end (the greedy
    bot's :func:`future_cubes`): the strong bot's leaf value (final points at the end)."""
    if state.is_terminal():
        return list(state.returns())
    now = state.round
    return [state.score(s).total + sum(future_cubes(state, cid, now) for cid in state.t.garden[s].values())
            for s in range(state.players)]


def strong_bot(rng: random.Random, budget: Budget | None = None, **options: Any) -> ISMCTSBot:
    """Information-set MCTS (``table.bots.ismcts``) over determinizations that never read another
    seat's hand, task or hidden die (:mod:`table.games.waldgaertner.determinize`), paired
    (:data:`STRONG_PAIRED`): the greedy bot's best :data:`STRONG_WIDTH` choices played out on the
    same luck; the rollouts play greedily, the leaf is every seat's :func:`projected_points`."""
    greedy = GreedyBot(random.Random(rng.getrandbits(64)))

    def policy(state: State, legal: list[int], _rng: random.Random) -> int:
        return legal[0] if len(legal) == 1 else greedy.decide(state, state.current_player(), legal)
    return ISMCTSBot(rng, determinize, budget=budget or STRONG_BUDGET, policy=policy, value=projected_points,
                     prune=lambda state, legal: greedy.ranked(state, legal, STRONG_WIDTH), margin=STRONG_MARGIN,
                     opponents=policy, paired=STRONG_PAIRED, **options)


BOTS: dict[str, harness.BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "strong": strong_bot}
BOT_NAMES = tuple(BOTS)


def make_bot(name: str, rng: random.Random) -> WaldgaertnerBot:
    """A bot by name (:data:`BOT_NAMES`); :class:`~table.bots.harness.UnknownBotError` otherwise."""
    return cast(WaldgaertnerBot, harness.make_bot("Waldgärtner", BOTS, name, rng))


def play_game(config: Config, seed: int, bots: Sequence[str]) -> State:
    """One game: chance from ``random.Random(seed)``, each seat's bot seeded from the seed."""
    return harness.play_seeded(new_game(config, random.Random(seed), keep_undo=False), make_bot, bots, seed)


def simulate(players: int, games: int, seed: int, bots: Sequence[str], *, cards: CardSet | None = None,
             config: Config | None = None) -> Summary:
    """Play ``games`` seeded games; game ``g`` uses seed ``seed + g`` and seats the bots rotated
    by ``g``. ``bots`` names one bot per seat; ``cards`` (or a whole ``config``) defaults to the
    shipped card file."""
    harness.check_bots(make_bot, bots, players)
    game_config = config if config is not None else Config(players, cards if cards is not None else load_cards())
    harness.check_seats(bots, game_config.players)
    return harness.simulate_rotating(players, games, seed, bots,
                                     play=lambda game_seed, seating: play_game(game_config, game_seed, seating))


def simulate_text(players: int, games: int, seed: int, seats: Sequence[str]) -> str:
    """``simulate --game waldgaertner``'s summary (the registry's part ``simulate``)."""
    return simulate(players, games, seed, seats).text()
