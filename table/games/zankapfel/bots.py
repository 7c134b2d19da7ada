"""Zankapfel bots (random and greedy) and :func:`simulate`, seeded games between them.

Both choose only among ``state.legal_actions()`` and draw their randomness from the
``random.Random`` they were built with. The greedy bot uses only what its seat may know: its own
hand and laid card, the face-up card, the mayor, the tokens, the points, who has laid a card
(not which), and — once revealed in phase 3 — the cards and jokers on the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, cast

from table.bots import harness
from table.bots.common import RandomBot, SeededBot
from table.bots.harness import Summary
from table.bots.ismcts import Budget, ISMCTSBot
from table.games.zankapfel.determinize import determinize
from table.games.zankapfel.rules import Config, State, new_game
from table.games.zankapfel.rules import actions as A


class ZankapfelBot(Protocol):
    name: str

    def choose(self, state: State) -> int: ...


def _kind_value(kind: int, square: int) -> int:
    """What laying ``kind`` harvests with the mayor on ``square`` (a joker: its best colour)."""
    if kind == A.JOKER:
        return max(A.value(c, square) for c in range(4))
    return A.value(kind, square)


class GreedyBot(SeededBot):
    """One-step greedy with a little caution.

    Phase 1: lays the card with the best expected harvest — the mean over the squares the mayor
    may reach (the best of them when it is its own apple), times the chance that nobody else
    claims the colour — unless that is poor and the face-up card is cheap, then buys; it keeps
    at least two cards in hand when buying is cheap. Moving the mayor: the square best for its
    own card (else the one worst for everyone). Jokers: the best value among uncontested
    colours. Discords: its highest discord card, no dice. Bribes: offers 1 when another square
    is worth at least 3 more to it; accepts an offer larger than what the move costs it.
    """

    name = "greedy"

    def decide(self, state: State, seat: int, legal: list[int]) -> int:
        phase = state.phase
        if phase == "discord-card":
            return max(legal)  # the highest discord card
        if phase == "dice":
            return A.DICE
        by_phase = {"bid": self._bid, "move": self._move, "joker": self._joker, "bribe": self._bribe,
                    "accept": self._accept, "remove": self._remove}
        decide = by_phase.get(phase)
        if decide is None:
            return legal[self.rng.randrange(len(legal))]  # where to put the mayor at setup
        return decide(state, seat, legal)

    def _bid(self, state: State, seat: int, legal: list[int]) -> int:
        targets = state.mayor_targets()
        others_before = sum(1 for s in _order(state) if s != seat and state.has_laid(s))
        after = _order(state)
        others_after = len(after) - 1 - after.index(seat)
        expected_rivals = others_before + 0.6 * others_after
        free = (1 - 0.25) ** expected_rivals  # chance a plain colour stays uncontested
        mine = seat == state.first
        best, best_action = -1.0, -1
        for action in legal:
            if not A.LAY <= action < A.LAY + 5:
                continue
            kind = action - A.LAY
            values = [_kind_value(kind, sq) for sq in targets]
            v = max(values) if mine else sum(values) / len(values)
            ev = v if kind == A.JOKER else v * free
            if kind == A.JOKER:
                ev -= 1.5  # a joker is worth keeping for a crowded round
            if ev > best:
                best, best_action = ev, action
        hand = sum(state.hand(seat))
        if A.BUY in legal:
            cost = A.price(state.face_up, state.mayor)
            if best_action < 0 or (hand < 2 and cost <= 2) or (best < 2.5 and cost <= 1):
                return A.BUY
        return best_action if best_action >= 0 else legal[0]

    def _move(self, state: State, seat: int, legal: list[int]) -> int:
        kind = state.laid_card(seat)
        squares = [a - A.MAYOR for a in legal]
        if kind >= 0:
            scored = [(_kind_value(kind, sq), self.rng.random(), sq) for sq in squares]
        else:
            scored = [(-sum(A.value(c, sq) for c in range(4)), self.rng.random(), sq) for sq in squares]
        return A.MAYOR + max(scored)[2]

    def _joker(self, state: State, seat: int, legal: list[int]) -> int:
        def worth(colour: int) -> float:
            rivals = len(state.claimants(colour))
            return A.value(colour, state.mayor) / (1 + 2 * rivals)
        return max(legal, key=lambda a: (worth(a - A.JOKER_COLOUR), -a))

    def _bribe(self, state: State, seat: int, legal: list[int]) -> int:
        kind = state.laid_card(seat)
        if kind < 0:
            return A.NO_BRIBE
        announced = state.announced
        here = _kind_value(kind, announced)
        offers = [a for a in legal if A.BRIBE <= a < A.BRIBE + A.SQUARES]  # 1 point offers
        if not offers:
            return A.NO_BRIBE
        best = max(offers, key=lambda a: _kind_value(kind, a - A.BRIBE))
        return best if _kind_value(kind, best - A.BRIBE) - here >= 3 else A.NO_BRIBE

    def _accept(self, state: State, seat: int, legal: list[int]) -> int:
        kind = state.laid_card(seat)
        announced = state.announced
        best, choice = 0.0, A.DECLINE
        for action in legal:
            if action == A.DECLINE:
                continue
            amount, square = state.offer(action - A.ACCEPT)
            loss = (_kind_value(kind, announced) - _kind_value(kind, square)) if kind >= 0 else 0
            gain = amount - loss
            if gain > best:
                best, choice = gain, action
        return choice

    def _remove(self, state: State, seat: int, legal: list[int]) -> int:
        # take out a square far from the mayor's start, keeping the harvest near it
        row, col = divmod(state.mayor, A.SIZE)
        return max(legal, key=lambda a: (max(abs((a - A.REMOVE) // A.SIZE - row),
                                             abs((a - A.REMOVE) % A.SIZE - col)), self.rng.random()))


def _order(state: State) -> list[int]:
    return [(state.first + i) % state.players for i in range(state.players)]


STRONG_BUDGET = Budget(iterations=100, rollout_depth=25, exploration=0.7, scale=4.0)
"""The strong bot's work per decision (``docs/bots.md``: about 0.12 s here, 0.5 s on a Pi 4)."""


def strong_bot(rng: random.Random, budget: Budget | None = None, **options: Any) -> ISMCTSBot:
    """Information-set MCTS (``table.bots.ismcts``) over determinizations that never read another
    seat's hand (:mod:`table.games.zankapfel.determinize`); the rollouts play greedily."""
    greedy = GreedyBot(random.Random(rng.getrandbits(64)))

    def policy(state: State, legal: list[int], _rng: random.Random) -> int:
        return legal[0] if len(legal) == 1 else greedy.decide(state, state.current_player(), legal)
    return ISMCTSBot(rng, determinize, budget=budget or STRONG_BUDGET, policy=policy, value=_points, **options)


def _points(state: State) -> list[float]:
    return [float(state.position(s)) for s in range(state.players)]


BOTS: dict[str, harness.BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "strong": strong_bot}
BOT_NAMES = tuple(BOTS)


def make_bot(name: str, rng: random.Random) -> ZankapfelBot:
    """A bot by name (:data:`BOT_NAMES`); :class:`~table.bots.harness.UnknownBotError` otherwise."""
    return cast(ZankapfelBot, harness.make_bot("Zankapfel", BOTS, name, rng))


def play_game(config: Config, seed: int, bots: Sequence[str]) -> State:
    """One game: the chance nodes from ``random.Random(seed)``, seat ``s`` played by ``bots[s]``
    with its own seeded rng."""
    return harness.play_seeded(new_game(config, random.Random(seed), keep_undo=False), make_bot, bots, seed)


def simulate(players: int, games: int, seed: int, bots: Sequence[str], *,
             config: Config | None = None) -> Summary:
    """Play ``games`` seeded games; game ``g`` uses seed ``seed + g`` and seats the bots rotated
    by ``g`` (so every bot plays every seat). ``bots`` names one bot per seat."""
    harness.check_bots(make_bot, bots, players)
    game_config = config or Config(players)
    harness.check_seats(bots, game_config.players)
    return harness.simulate_rotating(players, games, seed, bots,
                                     play=lambda game_seed, seating: play_game(game_config, game_seed, seating),
                                     ending=("ended at the finish", lambda state: state.end_reason == "finish reached"))


def simulate_text(players: int, games: int, seed: int, seats: Sequence[str]) -> str:
    """``simulate --game zankapfel``'s summary (the registry's part ``simulate``)."""
    return simulate(players, games, seed, seats).text()
