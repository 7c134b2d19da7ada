"""Events the engine emits, in the order things happen at the table.

Every event is a small frozen value with a one-line text form (``str(event)``) and a JSON
form (``to_dict`` / :func:`event_from_dict`, which round-trip). The track (physical table)
and the full game emit the same event types; fields only the full game knows (tile ids,
payouts per seat) are ``None`` on the track.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from table.engine.eventcodec import decode_event
from table.engine.events import Event as Event  # the house base, re-exported with its events
from table.games.applejack.rules.data import SEAT_GLYPHS, SEAT_SYMBOLS

Payouts = tuple[int, ...] | None


def _seat(seat: int) -> str:
    return f"seat {seat + 1} {SEAT_GLYPHS[SEAT_SYMBOLS[seat]]}"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    kind: ClassVar[str] = "game_started"
    players: int
    board: str
    honey: tuple[int, ...]

    def __str__(self) -> str:
        who = "solo" if self.players == 1 else f"{self.players} players"
        return f"Game started: {who} on board {self.board}, starting honey {list(self.honey)}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    turn: int
    seat: int
    space: int
    pips: int
    troughs: tuple[int, ...]
    middle: bool
    last: bool

    def __str__(self) -> str:
        where = "the middle space" if self.middle else f"troughs {self.troughs[0]} and {self.troughs[1]}"
        last = " (last turn)" if self.last else ""
        return f"Turn {self.turn}: {_seat(self.seat)} on space {self.space}, die {self.pips}, {where}{last}"


@dataclass(frozen=True, slots=True)
class TileTaken(Event):
    """``source``: "trough", "blind", "cottage" or "middle"; ``tile`` is None on the track."""

    kind: ClassVar[str] = "tile_taken"
    seat: int
    source: str
    trough: int | None
    tile: int | None

    def __str__(self) -> str:
        what = f"tile {self.tile}" if self.tile is not None else "a tile"
        where = {"trough": f"from trough {self.trough}", "blind": "blind from the supply",
                 "cottage": "from the cottage", "middle": "from the middle space"}[self.source]
        return f"  {_seat(self.seat)} takes {what} {where}"


@dataclass(frozen=True, slots=True)
class TilePaid(Event):
    kind: ClassVar[str] = "tile_paid"
    seat: int
    tile: int
    price: int

    def __str__(self) -> str:
        return f"  {_seat(self.seat)} pays {self.price} honey for tile {self.tile}"


@dataclass(frozen=True, slots=True)
class TileFlipped(Event):
    kind: ClassVar[str] = "tile_flipped"
    seat: int
    tile: int
    honey: int

    def __str__(self) -> str:
        return f"  {_seat(self.seat)} turns tile {self.tile} to pasture, +{self.honey} honey"


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """``space`` is the orchard space 1..19; ``links`` the honey of each beehive link made."""

    kind: ClassVar[str] = "tile_placed"
    seat: int
    tile: int
    space: int
    rotation: int
    pasture: bool
    links: tuple[int, ...]

    def __str__(self) -> str:
        side = "pasture" if self.pasture else f"tree, rotation {self.rotation}"
        s = f"  {_seat(self.seat)} places tile {self.tile} on orchard space {self.space} ({side})"
        if self.links:
            s += f"; beehive links {' + '.join(map(str, self.links))} = +{sum(self.links)} honey"
        return s


@dataclass(frozen=True, slots=True)
class CottageStocked(Event):
    kind: ClassVar[str] = "cottage_stocked"
    seat: int
    source: str
    trough: int | None
    tile: int | None

    def __str__(self) -> str:
        where = f"trough {self.trough}" if self.source == "trough" else "the supply"
        return f"  {_seat(self.seat)} puts a new tile beside the cottage from {where}"


@dataclass(frozen=True, slots=True)
class DieMoved(Event):
    kind: ClassVar[str] = "die_moved"
    from_space: int
    to_space: int
    pips: int

    def __str__(self) -> str:
        return f"Die moves from space {self.from_space} to space {self.to_space} (die {self.pips})"


@dataclass(frozen=True, slots=True)
class Harvest(Event):
    """A harvest of one variety (index in final-harvest order) at ``pips``."""

    kind: ClassVar[str] = "harvest"
    variety: int
    pips: int
    payouts: Payouts = None

    def __str__(self) -> str:
        s = f"HARVEST variety {self.variety + 1}: each area's apples − {self.pips}"
        if self.payouts is not None:
            s += f"; honey {list(self.payouts)}"
        return s


@dataclass(frozen=True, slots=True)
class BlossomScoring(Event):
    kind: ClassVar[str] = "blossom_scoring"
    times: int
    payouts: Payouts = None

    def __str__(self) -> str:
        s = f"BLOSSOM SCORING: every blossom pays {self.times}"
        if self.payouts is not None:
            s += f"; honey {list(self.payouts)}"
        return s


@dataclass(frozen=True, slots=True)
class LoopStarted(Event):
    kind: ClassVar[str] = "loop_started"
    loop: int
    pips: int

    def __str__(self) -> str:
        return f"Loop {self.loop} starts: the die on its return space, turned up to {self.pips}"


@dataclass(frozen=True, slots=True)
class MiddleReached(Event):
    """Solo: the die reached the middle space; ``honey`` for the empty pre-printed trees."""

    kind: ClassVar[str] = "middle_reached"
    honey: int
    fill: int

    def __str__(self) -> str:
        s = f"Middle space: +{self.honey} honey for empty trees"
        if self.fill:
            s += f"; put {self.fill} {'tile' if self.fill == 1 else 'tiles'} from the supply on the trees"
        return s


@dataclass(frozen=True, slots=True)
class RefillNeeded(Event):
    """One tile into each trough in ``order``; the supply can give ``available`` of them."""

    kind: ClassVar[str] = "refill_needed"
    order: tuple[int, ...]
    available: int
    middle: bool = False

    def __str__(self) -> str:
        s = f"REFILL: one tile into each trough, in order {', '.join(map(str, self.order))}"
        if self.middle:
            s += ", then one onto the middle trees"
        if self.available < len(self.order) + int(self.middle):
            s += f" (the supply has only {self.available})"
        return s


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A tile drawn from the supply (a chance outcome) to ``to``: "trough 3", "blind", "middle"…"""

    kind: ClassVar[str] = "tile_drawn"
    to: str
    tile: int

    def __str__(self) -> str:
        return f"    drawn: tile {self.tile} → {self.to}"


@dataclass(frozen=True, slots=True)
class Corrected(Event):
    """A correction at a physical table: ``what`` is "die", "trough N" or "supply"."""

    kind: ClassVar[str] = "corrected"
    what: str
    value: str

    def __str__(self) -> str:
        return f"Correction: {self.what} set to {self.value}"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    turns: int

    def __str__(self) -> str:
        return f"GAME OVER after {self.turns} {'turn' if self.turns == 1 else 'turns'}: final scoring"


@dataclass(frozen=True, slots=True)
class FinalScore(Event):
    kind: ClassVar[str] = "final_score"
    seat: int
    harvest: int
    harvest_doubled: int
    profitable_varieties: int
    variety_bonus: int
    blossoms: int
    honey: int
    total: int

    def __str__(self) -> str:
        return (f"  {_seat(self.seat)}: harvest {self.harvest} ×2 = {self.harvest_doubled}, "
                f"{self.profitable_varieties} {'variety' if self.profitable_varieties == 1 else 'varieties'} "
                f"+{self.variety_bonus}, blossoms {self.blossoms}, "
                f"honey {self.honey} → {self.total}")


@dataclass(frozen=True, slots=True)
class Winners(Event):
    kind: ClassVar[str] = "winners"
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "Winner: " + " and ".join(_seat(s) for s in self.seats)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (GameStarted, TurnStarted, TileTaken, TilePaid, TileFlipped, TilePlaced, CottageStocked,
                DieMoved, Harvest, BlossomScoring, LoopStarted, MiddleReached, RefillNeeded, TileDrawn,
                Corrected, GameEnded, FinalScore, Winners)
}


def event_from_dict(d: Any) -> Event:
    """Inverse of ``Event.to_dict``. RecordError (a TableError) with one line on anything that is not
    one of Applejack's events: an unknown type, missing or unknown fields, not an object at all."""
    return decode_event(EVENT_TYPES, d, "Applejack")
