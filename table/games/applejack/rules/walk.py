"""The die's walk along a harvest board: the one place where the path and table rules live.

Both faces of the engine (``track`` for a physical table, ``game`` for the full game) move
the die with :func:`move_die`, so harvests, blossom scorings, loops and the end of the game
come from the same code; and both ask this module what the die's arrival needs (the refill
and its order, :func:`refill_needed`; the solo middle trees, :func:`middle_reached`), which
troughs a player may take from (:func:`choosable_troughs`, ruling R3) and whether an emptied
cottage can be restocked (:func:`can_restock`, ruling R4). The faces count tiles differently
(the track counts, the game holds tile ids), so these functions take counts, or anything whose
truth says "holds tiles".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from table.games.applejack.rules.data import Board
from table.games.applejack.rules.events import (
    BlossomScoring,
    DieMoved,
    Event,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
)

FINAL_PIPS = 3


@dataclass(frozen=True, slots=True)
class Die:
    """Where the die stands: path space (1-based) and pips (= the loop, 1..3)."""

    space: int
    pips: int


def apples_by_space(board: Board, apple_tiles: Sequence[int] | None = None) -> tuple[tuple[int, ...], ...]:
    """The varieties crossed when leaving each space (index = space number − 1).

    ``apple_tiles`` (variant "Apple tiles"): the varieties covering the first printed apples of
    the path, in path order (normally all seven).
    """
    table = [list(s.apples) for s in board.spaces]
    if apple_tiles is not None:
        for (space, pos), variety in zip(board.printed_apple_slots(), apple_tiles, strict=False):
            table[space - 1][pos] = variety
    return tuple(tuple(a) for a in table)


def is_last_turn(board: Board, die: Die) -> bool:
    """The turn on this position is the game's last one."""
    return die.pips >= FINAL_PIPS and die.space == board.end_space


def is_turn_space(board: Board, space: int) -> bool:
    return board.space(space).seat is not None


def move_die(board: Board, die: Die, apples: tuple[tuple[int, ...], ...]) -> tuple[Die, list[Event]]:
    """Step 5: move the die one space on from ``die``; return where it ends and what happened.

    Order: the move, each harvest for the apples crossed (printed order), then on reaching the
    innermost space of a board with a bridge the blossom scoring (× pips) and the return to the
    start with the die one pip higher. On a board without a bridge (solo) the innermost (middle)
    space is a turn space; leaving it returns the die to ``return_to`` one pip higher.
    """
    events: list[Event] = []
    innermost = board.innermost
    if die.space == innermost:  # solo: leaving the middle space
        new = Die(board.return_to, die.pips + 1)
        events.append(DieMoved(die.space, new.space, new.pips))
        events.append(LoopStarted(new.pips, new.pips))
        return new, events
    nxt = die.space + 1
    events.append(DieMoved(die.space, nxt, die.pips))
    for variety in apples[die.space - 1]:
        events.append(Harvest(variety, die.pips))
    if nxt == innermost and board.bridge:
        events.append(BlossomScoring(die.pips))
        new = Die(board.return_to, die.pips + 1)
        events.append(LoopStarted(new.pips, new.pips))
        return new, events
    return Die(nxt, die.pips), events


def refill_order(board: Board, space: int) -> tuple[int, ...]:
    """Every trough once, in refill order from the die on ``space``: the trough clockwise after
    the die's two open troughs first."""
    n = board.troughs
    first = board.space(space).troughs[1]
    return tuple((first - 1 + i) % n + 1 for i in range(n))


def refill_needed(board: Board, space: int, trough_tiles: Sequence[int], middle: int,
                  supply: int) -> RefillNeeded | None:
    """Step 6 after the die reached ``space`` (not the solo middle space): the troughs are refilled
    when its two open troughs hold one tile or none between them (``trough_tiles``: tiles per
    trough 1..7). One tile per trough in :func:`refill_order`, then (solo) one on the middle
    trees if a slot is free; as many as the supply still holds (``supply`` tiles)."""
    held = 0  # in the open troughs (a plain loop: this runs every turn and usually ends here)
    for t in board.spaces[space - 1].troughs:
        held += trough_tiles[t - 1]
    if held > 1:
        return None
    return refill_of(board, space, middle, supply)


def refill_of(board: Board, space: int, middle: int, supply: int) -> RefillNeeded:
    """The refill :func:`refill_needed` calls for once the open troughs of ``space`` hold one tile
    or none: it depends on nothing else than the middle trees' and the supply's counts."""
    order = refill_order(board, space)
    with_middle = board.middle_slots > 0 and middle < board.middle_slots
    return RefillNeeded(order, min(supply, len(order) + int(with_middle)), with_middle)


def middle_reached(board: Board, middle: int, supply: int) -> MiddleReached:
    """Solo: the die reached the middle space with ``middle`` tiles on its trees. Each empty slot
    pays 1 honey; the trees are filled up to 2 from the supply when they hold 1 or none."""
    fill = min(2 - middle, supply) if middle <= 1 else 0
    return MiddleReached(board.middle_slots - middle, fill)


def is_middle_space(board: Board, space: int) -> bool:
    """Solo: ``space`` is the middle space (its trees are the choice, not troughs)."""
    return board.middle_slots > 0 and space == board.innermost


def choosable_troughs(open_: tuple[int, ...], troughs: Sequence[object], supply: object, middle: object,
                      on_middle: bool) -> tuple[int, ...]:
    """The troughs a tile may be taken from (or the cottage restocked from): the open ones; by
    ruling R3 (docs/rulings.md), when they, the supply and (on the middle space) the middle trees
    are all empty, any trough that holds tiles. ``troughs[t - 1]``, ``supply`` and ``middle`` are
    true when they hold tiles (counts or lists of tile ids)."""
    if supply or any(troughs[t - 1] for t in open_) or (on_middle and middle):
        return open_
    return tuple(t for t in range(1, len(troughs) + 1) if troughs[t - 1])


def can_restock(troughs: Sequence[object], supply: object) -> bool:
    """Ruling R4: a taken cottage tile is replaced from a trough or the supply; with nothing in
    either the cottage stays empty."""
    return bool(supply or any(troughs))


def turn_positions(board: Board, apples: tuple[tuple[int, ...], ...] | None = None) -> Iterator[Die]:
    """Every die position on which a turn is taken, from the first to the last.

    Stops after the last turn, or after 1000 positions on a board whose end is never reached.
    """
    apples = apples if apples is not None else apples_by_space(board)
    die = Die(1, 1)
    for _ in range(1000):
        if not is_turn_space(board, die.space):
            return  # a board whose walk lands on a non-turn space is reported by the invariants
        yield die
        if is_last_turn(board, die):
            return
        die, _events = move_die(board, die, apples)


def unreachable_die(board: Board, die: Die, apples: tuple[tuple[int, ...], ...]) -> str:
    """Why no game on ``board`` has a turn with the die at ``die`` ("" when some game has one).

    A turn is taken only on the positions of :func:`turn_positions`: each space at the pips of
    the loops that pass it, nothing after the end space on the last loop, and never the
    innermost space of a board with a bridge (ruling R5).
    """
    n = len(board.spaces)
    if not 1 <= die.space <= n:
        return f"the path has spaces 1 to {n}"
    if not 1 <= die.pips <= FINAL_PIPS:
        return f"the die shows 1 to {FINAL_PIPS} pips (one per loop)"
    reachable = set(turn_positions(board, apples))
    if die in reachable:
        return ""
    if not is_turn_space(board, die.space):
        return "it is the innermost space; the die goes straight back over the bridge (no turn there)"
    if die.pips == FINAL_PIPS and die.space > board.end_space:
        return (f"on the last loop ({FINAL_PIPS} pips) the game ends with the turn on space "
                f"{board.end_space}")
    at = sorted(d.pips for d in reachable if d.space == die.space)
    if not at:
        return f"the die never stops on space {die.space}"
    why = f" (after each loop it comes back to space {board.return_to})" if die.space < board.return_to else ""
    return f"the die only reaches space {die.space} showing {' or '.join(map(str, at))}{why}"
