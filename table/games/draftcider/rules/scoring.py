"""Draft Cider's eight batches: where a card may go, and what a batch scores. Pure functions.

An *orchard* is one player's eight batches, each a sequence of :class:`Card` in the order
played, indexed by :data:`BATCHES`. The game (``game.py``) and the score pad (``pad.py``) use
the same functions, so a played game and a pad cannot disagree. Rulings D1-D16 are in
``docs/draftcider.md``.

Placement rules are split in two:

* :func:`batch_problem` — the rule inside one batch (Monochrome's colour, Feather's locked
  attribute, Special's single card, Fortepiano's and Sweet Couple's pairs, Steady's heights);
  checked by the game and the pad alike;
* :func:`special_problem` — the Special Colour Tree may only be planted while no card of its
  colour lies outside the Bad batch. This depends on the order of play across batches, which
  a pad does not record, so only the game checks it; the pad scores the penalty (D10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from table.games.draftcider.rules.cards import Card

BATCHES: tuple[str, ...] = ("monochrome", "feather", "special", "unlucky", "fortepiano", "sweet", "steady", "bad")
MONOCHROME, FEATHER, SPECIAL, UNLUCKY, FORTEPIANO, SWEET, STEADY, BAD = range(8)
BATCH_TITLES: tuple[str, ...] = ("Monochrome", "Apples of a Feather", "Special Colour Tree", "Unlucky",
                                 "Fortepiano Height", "Sweet Couple", "Steady Height", "Bad")
CARDS_PER_PLAYER = 12
UNLUCKY_TARGET = 13
SPECIAL_POINTS = 20
SPECIAL_PENALTY = -20
SWEET_PAIR_POINTS = 7
ODD_PRIMES: tuple[int, ...] = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""Steady Height: the n-th odd prime for n cards (12 cards: 41, the stated maximum)."""
MAXIMA: dict[str, int] = {"monochrome": 78, "feather": 132, "special": 20, "unlucky": 144,
                          "fortepiano": 48, "sweet": 42, "steady": 41, "bad": 0}
"""The most a batch can score with at most 12 cards (the text's maxima where it states them)."""
MINIMA: dict[str, int] = {"monochrome": 0, "feather": 0, "special": -20, "unlucky": 0,
                          "fortepiano": 0, "sweet": 0, "steady": 0, "bad": -12}

Orchard = Sequence[Sequence[Card]]


def batch_index(name: str) -> int:
    """The index of a batch by name (``"feather"``) — KeyError naming the known ones."""
    try:
        return BATCHES.index(name)
    except ValueError:
        raise KeyError(f"unknown batch {name!r} (known: {', '.join(BATCHES)})") from None


# ---------------------------------------------------------------------------------------------
# the point tables
def triangle(n: int) -> int:
    """Monochrome: 1, 3, 6, 10, … (12 cards: 78)."""
    return n * (n + 1) // 2


def feather_points(n: int) -> int:
    """Apples of a Feather: n(n−1): 0, 2, 6, 12, … (12 cards: 132)."""
    return n * (n - 1) if n > 0 else 0


def odd_prime(n: int) -> int:
    """The n-th odd prime (n ≥ 1): 3, 5, 7, 11, …"""
    if n <= len(ODD_PRIMES):
        return ODD_PRIMES[n - 1]
    k, found = ODD_PRIMES[-1], len(ODD_PRIMES)
    while found < n:
        k += 2
        if all(k % d for d in range(3, int(k**0.5) + 1, 2)):
            found += 1
    return k


def steady_points(n: int) -> int:
    """Steady Height: 0 for no card, then the odd primes 3, 5, 7, 11, … (12 cards: 41)."""
    return odd_prime(n) if n > 0 else 0


# ---------------------------------------------------------------------------------------------
# placement
def feather_attributes(cards: Sequence[Card]) -> tuple[str, ...]:
    """Apples of a Feather: the attributes the next card may match the first card on.

    Both while the batch holds fewer than two cards or every later card matched the first on
    both height and sweetness (the text: "you may continue with either attribute"); otherwise
    the one the second differing card locked. ``()`` if the cards already break the rule.
    """
    open_: tuple[str, ...] = ("height", "sweetness")
    if not cards:
        return open_
    first = cards[0]
    for c in cards[1:]:
        open_ = tuple(a for a in open_ if getattr(c, a) == getattr(first, a))
    return open_


def _monochrome(cards: Sequence[Card], card: Card) -> str | None:
    if card.colour != cards[0].colour:
        return f"Monochrome is {cards[0].colour} (its first card's colour), this card is {card.colour}"
    return None


def _feather(cards: Sequence[Card], card: Card) -> str | None:
    open_ = feather_attributes(cards)
    first = cards[0]
    if not any(getattr(card, a) == getattr(first, a) for a in open_):
        need = " or ".join(f"{a} {getattr(first, a)}" for a in open_) or "nothing (already broken)"
        return f"Apples of a Feather needs {need} (the first card's), this card has " \
               f"height {card.height}, sweetness {card.sweetness}"
    return None


def _fortepiano(cards: Sequence[Card], card: Card) -> str | None:
    if len(cards) % 2 and card.height == cards[-1].height:
        return f"a Fortepiano pair needs two different heights, both are {card.height}"
    return None


def _sweet(cards: Sequence[Card], card: Card) -> str | None:
    if len(cards) % 2 and card.sweetness != cards[-1].sweetness:
        return f"a Sweet Couple pair needs equal sweetness, {cards[-1].sweetness} then {card.sweetness}"
    return None


def _steady(cards: Sequence[Card], card: Card) -> str | None:
    if abs(card.height - cards[-1].height) > 1:
        return f"Steady Height goes at most one up or down, {cards[-1].height} then {card.height}"
    return None


_PLACEMENT: dict[int, Callable[[Sequence[Card], Card], str | None]] = {
    MONOCHROME: _monochrome, FEATHER: _feather,
    SPECIAL: lambda cards, card: "the Special Colour Tree holds a single card",
    FORTEPIANO: _fortepiano, SWEET: _sweet, STEADY: _steady}
"""Each batch's rule for the next card on a non-empty batch (Unlucky and Bad take any card)."""


def batch_problem(batch: int, cards: Sequence[Card], card: Card) -> str | None:
    """Why ``card`` may not be played on top of ``cards`` in ``batch``, or None if it may.

    Only the rule inside the batch; the Special Colour Tree's rule about the other batches is
    :func:`special_problem`. Unlucky and Bad take any card (Unlucky just scores 0 off 13, D11).
    """
    if not 0 <= batch < len(BATCHES):
        return f"no batch {batch}"
    rule = _PLACEMENT.get(batch)
    return rule(cards, card) if rule is not None and cards else None


def colour_outside(orchard: Orchard, colour: str) -> bool:
    """Whether a card of ``colour`` lies in a batch other than the Special tree and Bad."""
    return any(c.colour == colour for b, cards in enumerate(orchard) if b not in (SPECIAL, BAD) for c in cards)


def special_problem(orchard: Orchard, card: Card) -> str | None:
    """The Special Colour Tree's planting rule (D8): not while a card of its colour lies in any
    batch but Bad (and the tree itself). Checked by the game only (D10)."""
    if colour_outside(orchard, card.colour):
        return f"a {card.colour} card already lies outside the Bad batch, so a {card.colour} Special tree " \
               f"cannot be planted"
    return None


def placement_problem(orchard: Orchard, batch: int, card: Card) -> str | None:
    """Every rule the game checks for playing ``card`` into ``batch`` of ``orchard``."""
    problem = batch_problem(batch, orchard[batch], card)
    if problem is None and batch == SPECIAL:
        problem = special_problem(orchard, card)
    return problem


# ---------------------------------------------------------------------------------------------
# points
def batch_points(orchard: Orchard, batch: int, *, easy: bool = False) -> int:
    """What ``batch`` of ``orchard`` scores (cards assumed to follow :func:`batch_problem`)."""
    cards = orchard[batch]
    n = len(cards)
    if batch == MONOCHROME:
        return triangle(n)
    if batch == FEATHER:
        return feather_points(n)
    if batch == SPECIAL:
        if not n:
            return 0
        return SPECIAL_PENALTY if colour_outside(orchard, cards[0].colour) else SPECIAL_POINTS
    if batch == UNLUCKY:
        return n * n if sum(c.sweetness for c in cards) == UNLUCKY_TARGET else 0
    if batch == FORTEPIANO:
        return sum(2 * abs(cards[i].height - cards[i + 1].height) for i in range(0, n - 1, 2))
    if batch == SWEET:
        return SWEET_PAIR_POINTS * sum(cards[i].sweetness == cards[i + 1].sweetness for i in range(0, n - 1, 2))
    if batch == STEADY:
        return steady_points(n)
    if batch == BAD:
        return 0 if easy else -n
    raise ValueError(f"no batch {batch}")


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points per batch (in :data:`BATCHES` order) and the ``total``."""

    batches: tuple[int, ...]
    total: int

    def __getitem__(self, name: str) -> int:
        return self.batches[batch_index(name)]

    def to_dict(self) -> dict[str, Any]:
        return {"batches": dict(zip(BATCHES, self.batches, strict=True)), "total": self.total}

    def __str__(self) -> str:
        parts = ", ".join(f"{n} {p}" for n, p in zip(BATCHES, self.batches, strict=True) if p)
        return f"{self.total} ({parts or 'nothing'})"


def score_orchard(orchard: Orchard, *, easy: bool = False) -> Score:
    """Score all eight batches of one orchard."""
    if len(orchard) != len(BATCHES):
        raise ValueError(f"an orchard has {len(BATCHES)} batches, got {len(orchard)}")
    points = tuple(batch_points(orchard, b, easy=easy) for b in range(len(BATCHES)))
    return Score(points, sum(points))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points; a tie gives several winners (D15)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
