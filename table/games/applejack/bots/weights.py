"""The evaluation's knobs (:class:`Weights`) and what is still to come for a seat (:class:`Context`):
values shared by the evaluation (``evaluate.py``), the orchard's masks (``orchard_view.py``), the
strong bot and the fair target, below all of them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the evaluation (defaults tuned on seeded solo and 2-4 player games)."""

    growth: float = 1.0
    """Apples an area with open neighbours may still gain, at most (two or more open neighbours)."""
    growth_turns: float = 8.0
    """Own turns left at which the growth estimate is full; fewer turns shrink it linearly."""
    hive: float = 0.7
    """Share of an open beehive edge's value (capped by ``hive_cap``) expected to link later."""
    hive_turns: float = 3.0
    hive_cap: float = 3.5
    reserve: float = 0.0
    """Extra value of each honey held below ``reserve_level`` (honey buys the next tiles)."""
    reserve_level: float = 10.0
    reserve_turns: float = 10.0
    blind_samples: int = 6
    """Tiles sampled from the supply to value a blind draw."""


@dataclass(frozen=True, slots=True)
class Context:
    """What is still to come for one seat from a die position on."""

    harvest_pips: tuple[tuple[int, ...], ...]  # per variety: the pips of every remaining harvest
    blossom_mult: int  # blossom scorings still to come (× their pips) + 1 for the final one
    turns_left: int  # the seat's own turns after the current one
