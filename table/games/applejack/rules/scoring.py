"""Harvest yields and the final scoring: pure arithmetic shared by the game and the score pad.

Units are honey. An *area* is a set of connected tiles showing one variety; its yield at a
harvest is ``apples − pips`` when that is above zero, else nothing (no penalty).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FINAL_PIPS = 3
VARIETY_BONUS: dict[int, int] = {4: 4, 5: 11, 6: 21, 7: 35}
"""Bonus for the number of varieties that paid at least 1 honey in the final harvest."""


def area_yield(apples: int, pips: int) -> int:
    return apples - pips if apples > pips else 0


def harvest_yield(areas: Sequence[int], pips: int) -> int:
    """Honey for one variety: the sum over its areas of ``apples − pips`` where positive."""
    return sum(a - pips for a in areas if a > pips)


def variety_bonus(profitable: int) -> int:
    return VARIETY_BONUS.get(min(profitable, 7), 0)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """One player's final scoring, the lines of the paper score pad."""

    harvest: int
    harvest_doubled: int
    profitable_varieties: int
    variety_bonus: int
    blossoms: int
    honey: int
    total: int
    per_variety: tuple[int, ...] = ()


def final_score(areas_by_variety: Sequence[Sequence[int]], blossoms: int, honey: int) -> ScoreBreakdown:
    """Final scoring: every variety harvested at 3 pips, the sum doubled; the variety bonus
    for 4/5/6/7 profitable varieties; one honey per blossom; plus the honey in the supply."""
    per = tuple(harvest_yield(areas, FINAL_PIPS) for areas in areas_by_variety)
    harvest = sum(per)
    profitable = sum(1 for y in per if y >= 1)
    bonus = variety_bonus(profitable)
    total = 2 * harvest + bonus + blossoms + honey
    return ScoreBreakdown(harvest, 2 * harvest, profitable, bonus, blossoms, honey, total, per)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Indexes of every player with the highest total (ties share the win)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


# The solo game's marks (rulebook, solo game: "Your goal is to collect 65 honey. (If you even collect
# 80 honey, this can be rated as an outstanding result.)"). A solo game has no winner, only these marks.
SOLO_GOAL = 65
SOLO_OUTSTANDING = 80


def solo_verdict(total: int) -> str:
    """The solo result in words against the rulebook's marks, e.g. ``"72 honey: goal reached (65)"``."""
    if total >= SOLO_OUTSTANDING:
        return f"{total} honey: outstanding (80 or more)"
    if total >= SOLO_GOAL:
        return f"{total} honey: goal reached (65)"
    return f"{total} honey: {SOLO_GOAL - total} short of the goal (65)"
