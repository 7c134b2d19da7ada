"""Draft Cider's events, in the order things happen at the table.

Each is a small frozen value with a one-line text (``str``) and a JSON form (``to_dict``;
:func:`event_from_dict` reads it back). Seats are 0-based in data and 1-based in text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from table.engine.eventcodec import decode_event
from table.engine.events import Event


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """``per_phase``: cards each player takes per phase; ``phases`` to reach 12 cards each."""

    kind: ClassVar[str] = "game_started"
    players: int
    per_phase: int
    phases: int
    easy: bool

    def __str__(self) -> str:
        mode = ", easy mode" if self.easy else ""
        return (f"Draft Cider: {self.players} players, {self.phases} phases of {self.per_phase} cards "
                f"per player{mode}")


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """Phase ``phase`` (1-based) begins: ``cards`` are dealt to the centre, ``seat`` picks first."""

    kind: ClassVar[str] = "phase_started"
    phase: int
    seat: int
    cards: int

    def __str__(self) -> str:
        return f"Phase {self.phase}: {self.cards} cards to the centre, seat {self.seat + 1} picks first"


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    kind: ClassVar[str] = "card_dealt"
    card_id: int
    card: str

    def __str__(self) -> str:
        return f"  dealt card {self.card_id}: {self.card}"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """Seat ``seat`` took card ``card_id`` and played it into ``batch``, which now scores ``points``."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card_id: int
    card: str
    batch: str
    points: int

    def __str__(self) -> str:
        return f"  seat {self.seat + 1} plays {self.card} into {self.batch} (batch now {self.points})"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    totals: tuple[int, ...]

    def __str__(self) -> str:
        return "Game over: " + ", ".join(f"seat {i + 1} {t}" for i, t in enumerate(self.totals))


@dataclass(frozen=True, slots=True)
class Winners(Event):
    kind: ClassVar[str] = "winners"
    seats: tuple[int, ...]

    def __str__(self) -> str:
        who = ", ".join(f"seat {s + 1}" for s in self.seats)
        return ("Winner: " if len(self.seats) == 1 else "Winners (tie): ") + who


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    GameStarted, PhaseStarted, CardDealt, CardPlayed, GameEnded, Winners)}


def event_from_dict(d: Any) -> Event:
    """Read an event's JSON form back (:class:`RecordError` if it is not one)."""
    return decode_event(EVENT_TYPES, d, "Draft Cider")
