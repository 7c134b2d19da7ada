"""What the games' determinizers share: a quick copy of a snapshot state for a search, and
dealing counted cards back out.

A search copies the state it is shown once per iteration, so the copy must be cheap:
:func:`search_copy` copies the state's table ``t`` by hand (lists, dicts and sets, nested; much
faster than ``copy.deepcopy``) and drops what a search never reads back (the undo snapshots, the
rng, the events so far).
"""

from __future__ import annotations

import copy
import random
from typing import Any, TypeVar

S = TypeVar("S")


def copy_value(value: Any) -> Any:
    """An independent copy of plain data: lists, dicts and sets copied all the way down;
    tuples, numbers and strings shared (they are immutable)."""
    if isinstance(value, list):
        if value and isinstance(value[0], (list, dict, set)):
            return [copy_value(v) for v in value]
        return value[:]
    if isinstance(value, dict):
        return {k: copy_value(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


def search_copy(state: S) -> S:
    """A copy of a :class:`~table.engine.state.SnapshotState` for one search iteration: its
    table copied, no rng (chance waits for the search), no undo, no events before it."""
    new = copy.copy(state)
    s: Any = new
    table = copy.copy(s.t)
    for name, value in vars(s.t).items():
        setattr(table, name, copy_value(value))
    s.t = table
    s.rng = None
    s.keep_undo = False
    s._undo = []
    s.events = []
    s.history = s.history[:]
    return new


def deal_counts(pool: list[int], sizes: list[int], rng: random.Random) -> list[list[int]]:
    """Deal the cards counted by kind in ``pool`` (``pool[k]`` cards of kind ``k``) at random into
    piles of ``sizes`` cards (the rest stays as the last pile); returns each pile's counts."""
    cards = [k for k, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(cards)
    piles: list[list[int]] = []
    at = 0
    for size in [*sizes, len(cards) - sum(sizes)]:
        counts = [0] * len(pool)
        for k in cards[at:at + size]:
            counts[k] += 1
        piles.append(counts)
        at += size
    return piles
