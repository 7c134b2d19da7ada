"""The die's walk on one board worked out once and shared, and the turn's frequent events made once.

A game asks the same questions of the same board over and over: whose turn a die position is,
which troughs it opens, whether it is the last turn, and where the die goes next with which
harvests (:func:`walk.move_die`). A :class:`Route` answers each question once per position and
keeps the answer: every game and every search clone on that board and apple layout shares it
(kept on the data set, :func:`route_for`). The answers come from ``walk`` itself, so the rules
still live in one place; this module only remembers them.

Events are frozen values, so one ``TurnStarted`` can stand for every turn of that number on a
position: each :class:`Stop` keeps its last one, and :func:`harvest_event` keeps harvests (the
turn's other frequent events are kept in ``kept``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from table.games.applejack.rules.actions import take
from table.games.applejack.rules.data import Board, DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    Event,
    Harvest,
    RefillNeeded,
    TurnStarted,
)
from table.games.applejack.rules.walk import Die, apples_by_space, is_last_turn, is_middle_space, move_die

KEPT = 8192
"""How many distinct harvests :func:`harvest_event` keeps (the least recently used go first)."""

harvest_event = lru_cache(maxsize=KEPT)(Harvest)
"""A harvest with its payouts (variety, pips, pay per seat), kept (``kept`` keeps the turn's others)."""


@dataclass(slots=True, eq=False)
class Stop:
    """One die position and what a turn there needs: whose turn (``seat``), whether the die is on
    the solo middle space, the troughs it opens (none on the middle space), whether it is the
    game's last turn. Read-only for everyone but its :class:`Route`, which fills in ``step`` (the
    die's move on, :meth:`Route.step`) on first use and keeps the turn's :class:`TurnStarted`."""

    die: Die
    seat: int
    on_middle: bool
    open: tuple[int, ...]
    last: bool
    open_index: tuple[int, ...] = field(default=(), repr=False)
    """The open troughs as indexes of ``GameState.troughs`` (trough − 1)."""
    take_bases: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    """Per open trough: its index and the code of taking tile 0 from it (``actions.take(trough, 0)``)."""
    step: Step | None = field(default=None, repr=False)
    refills: dict[tuple[int, int], tuple[RefillNeeded, tuple[int, ...]]] = field(default_factory=dict, repr=False)
    """The refills on arriving here, by (tiles on the middle trees, tiles in the supply): the event
    (:func:`walk.refill_of`) and the draws it makes due (``GameState.draws_due``)."""
    started: TurnStarted | None = field(default=None, repr=False)
    """The last :class:`TurnStarted` made here (a turn's event on this position: :meth:`turn_started`)."""

    def turn_started(self, turn: int) -> TurnStarted:
        """The event of turn number ``turn`` (1-based) on this position, kept for the next game."""
        ev = self.started
        if ev is None or ev.turn != turn:
            die = self.die
            ev = self.started = TurnStarted(turn, self.seat, die.space, die.pips, self.open, self.on_middle,
                                            self.last)
        return ev


@dataclass(frozen=True, slots=True)
class Step:
    """Where the die goes from a :class:`Stop` (the next one) and the walk's events on the way
    (:func:`walk.move_die`'s, harvests without payouts)."""

    to: Stop
    events: tuple[Event, ...]
    pays: bool
    """Some of the events pay honey (a harvest, a blossom scoring): the game fills in the payouts."""


class Route:
    """The die positions of one board with one apple layout, each worked out on first use."""

    def __init__(self, board: Board, apples: tuple[tuple[int, ...], ...]) -> None:
        self.board = board
        self.apples = apples
        """The varieties crossed when leaving each space (:func:`walk.apples_by_space`)."""
        self._stops: dict[tuple[int, int], Stop] = {}

    def stop(self, die: Die) -> Stop:
        """The facts of the position ``die`` (any position, reachable or not)."""
        key = (die.space, die.pips)
        stop = self._stops.get(key)
        if stop is None:
            stop = self._stops[key] = self._make_stop(die)
        return stop

    def _make_stop(self, die: Die) -> Stop:
        board = self.board
        space = board.spaces[die.space - 1]
        on_middle = is_middle_space(board, die.space)
        troughs = () if on_middle else space.troughs
        return Stop(die, space.seat if space.seat is not None else 0, on_middle, troughs, is_last_turn(board, die),
                    tuple(t - 1 for t in troughs), tuple((t - 1, take(t, 0)) for t in troughs))

    def step(self, stop: Stop) -> Step:
        """The die's move from ``stop`` (not the last turn's: the game ends there)."""
        step = stop.step
        if step is None:
            die, events = move_die(self.board, stop.die, self.apples)
            pays = any(type(ev) in (Harvest, BlossomScoring) for ev in events)
            step = stop.step = Step(self.stop(die), tuple(events), pays)
        return step


def route_for(data: DataSet, players: int, apple_tiles: tuple[int, ...] | None) -> Route:
    """The shared :class:`Route` of the board for ``players`` with ``apple_tiles`` (the variant
    "Apple tiles"; None: the printed apples), made once and kept on the data set."""
    routes = cast("dict[tuple[int, tuple[int, ...] | None], Route]", data.memo.setdefault("routes", {}))
    key = (players, apple_tiles)
    route = routes.get(key)
    if route is None:
        board = data.boards[players]
        route = routes[key] = Route(board, apples_by_space(board, apple_tiles))
    return route
