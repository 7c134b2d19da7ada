"""Zankapfel's journals frozen before the house move (``tests/fixtures/before_house/zankapfel/``)
against what issue 20 changed on purpose — the fixtures are never regenerated:

- New games start with the box's deck (10 + 10) and dice and bribes in any order; the frozen
  sessions were played with the 11 + 6 deck in seat order, so they are driven again with those
  chosen on the setup screen (:data:`OLD_RULES`), which journals exactly the frozen setup.
- A discord settled without dice is now announced (who won, the harvest, the next round, a
  re-fight, the end): those lines, and only those, may be said in addition to the frozen ones
  (:func:`same_lines`).
- The dice prompt says how dice are bought now (a seat's button chooses, CONFIRM buys, once, in
  any order): :data:`REWORDED` maps the frozen words to the new ones.
"""

from __future__ import annotations

import re
from typing import Any

OLD_RULES = "setup deck=classic order=seats"
"""The setup line that chooses what every game before issue 20 played with."""
SEAT = r"(?:[Ss]eat \d|[\w.'-]+(?: [\w.'-]+)?)"
"""A seat as a line says it: "Seat 2" (issue 21's one style; "seat 2" before it) or its player's name."""
ANNOUNCED = tuple(re.compile(p.replace("SEAT", SEAT)) for p in (
    r"Discord over \w+: (SEAT \d+\+\d+, )*SEAT \d+\+\d+: (SEAT wins|no winner)",
    r"SEAT harvests \w+: \+\d+",
    r"Round \d+: SEAT holds the apple",
    r"Discord over \w+: SEAT( vs SEAT)+",
    r"Game over \(.*\): .*",
))
"""The engine's lines a discord settled without dice says since issue 20."""


REWORDED = (("each lays a discord card face down and may buy 0-3 dice (2 points each): press the seat's button per "
             "die, CONFIRM when all have decided",
             "cards face down; each may buy 1-3 dice once (2 points each): the seat's button chooses, CONFIRM buys; "
             "CONFIRM when all have decided"),)
"""(frozen words, today's words) of the prompts issue 20 reworded."""


def with_old_rules(cmds: list[str], steps: list[list[Any]]) -> tuple[list[str], int]:
    """The frozen commands with :data:`OLD_RULES` after the first setup line, and where it went
    (that step is left out before comparing)."""
    at = next(i for i, c in enumerate(cmds) if c.startswith("setup players=")) + 1
    return [*cmds[:at], OLD_RULES, *cmds[at:]], at


def same_lines(got: list[str], frozen: list[str]) -> bool:
    """``got`` is ``frozen`` (reworded, :data:`REWORDED`) with announcement lines
    (:data:`ANNOUNCED`) added, nothing else."""
    for old, new in REWORDED:
        frozen = [line.replace(old, new) for line in frozen]
    rest = iter(got)
    for line in frozen:
        for g in rest:
            if g == line:
                break
            if not any(p.fullmatch(g) for p in ANNOUNCED):
                return False
        else:
            return False
    return all(any(p.fullmatch(g) for p in ANNOUNCED) for g in rest)
