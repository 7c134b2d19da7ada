"""What may come next in a Zankapfel game, read off its :class:`~.table.Table`: a seat's legal
actions in each phase (:func:`legal_actions`), a chance node's outcomes and their odds
(:func:`chance_outcomes`, :func:`sample_chance`), and where the mayor may go. ``game.py``'s
``State`` answers the house protocol with these; what an action does is ``game.py``'s."""

from __future__ import annotations

import random
from collections.abc import Callable

from table.engine.errors import IllegalActionError
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules.config import Config
from table.games.zankapfel.rules.table import (
    ACCEPT,
    BID,
    BRIBE,
    DICE,
    DISCORD_CARD,
    JOKER,
    MOVE,
    OVER,
    REMOVE,
    SETUP_MAYOR,
    Table,
)


def unharvested(t: Table) -> list[int]:
    """The squares still holding their harvest token."""
    return [sq for sq in range(A.SQUARES) if t.tokens[sq]]


def mayor_targets(t: Table) -> list[int]:
    """Where the mayor may go: an unharvested neighbour; if there is none, any unharvested
    square (ruling Z6)."""
    near = [sq for sq in A.neighbours(t.mayor) if t.tokens[sq]]
    return near or unharvested(t)


def legal_actions(t: Table, config: Config) -> list[int]:
    """The actions at ``t``: a card kind to draw, a die's face, or the choices of the seat to decide."""
    if t.phase == OVER:
        return []
    if t.draws:
        return [A.DRAW + k for k in range(5) if t.deck[k]]
    if t.rolls:
        return [A.ROLL + f for f in range(1, 7)]
    return _CHOICES[t.phase](t, config, t.queue[0])


def _bid_choices(t: Table, config: Config, seat: int) -> list[int]:
    out = [A.BUY] if t.face_up >= 0 else []
    out += [A.LAY + k for k in range(5) if t.hands[seat][k]]
    return out or [A.PASS]


def _bribe_choices(t: Table, config: Config, seat: int) -> list[int]:
    targets = [sq for sq in mayor_targets(t) if sq != t.announced]
    wait = [A.BRIBE_WAIT] if config.open_order else []
    return [A.NO_BRIBE, *wait] + [A.BRIBE + (amount - 1) * A.SQUARES + sq for amount in (1, 2) for sq in targets]


def _dice_choices(t: Table, config: Config, seat: int) -> list[int]:
    wait = [A.DICE_WAIT] if config.open_order else []
    return [A.DICE + k for k in range(A.MAX_DICE + 1)] + wait


_CHOICES: dict[int, Callable[[Table, Config, int], list[int]]] = {
    SETUP_MAYOR: lambda t, config, seat: [A.MAYOR + sq for sq in range(A.SQUARES)],
    REMOVE: lambda t, config, seat: [A.REMOVE + sq for sq in unharvested(t) if sq != t.mayor],
    BID: _bid_choices,
    MOVE: lambda t, config, seat: [A.MAYOR + sq for sq in mayor_targets(t)],
    BRIBE: _bribe_choices,
    ACCEPT: lambda t, config, seat: [A.DECLINE] + [A.ACCEPT + o for o in range(config.players) if t.offers[o][0]],
    JOKER: lambda t, config, seat: [A.JOKER_COLOUR + c for c in range(4)],
    DISCORD_CARD: lambda t, config, seat: [A.DISCORD + v for v in t.discord_left[seat]] or [A.DISCORD],
    DICE: _dice_choices,
}
"""A seat's choices per phase (chance nodes and the end are handled before)."""


def chance_outcomes(t: Table) -> list[tuple[int, float]]:
    """A card drawn: each kind with its share of the deck; a die: each face 1/6."""
    if t.phase == OVER:
        return []
    if t.draws:
        total = sum(t.deck)
        return [(A.DRAW + k, t.deck[k] / total) for k in range(5) if t.deck[k]]
    if t.rolls:
        return [(A.ROLL + f, 1 / 6) for f in range(1, 7)]
    return []


def sample_chance(t: Table, rng: random.Random) -> int:
    """A chance outcome drawn with ``rng`` with the probabilities of :func:`chance_outcomes`."""
    if t.draws:
        i = rng.randrange(sum(t.deck))
        for k in range(5):
            if i < t.deck[k]:
                return A.DRAW + k
            i -= t.deck[k]
    if t.rolls:
        return A.ROLL + rng.randint(1, 6)
    raise IllegalActionError("not a chance node")
