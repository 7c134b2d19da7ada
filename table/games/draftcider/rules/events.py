"""Draft Cider's events, in the order things happen at the table.

Each is a small frozen value with a one-line text (``str``) and a JSON form (``to_dict``;
:func:`event_from_dict` reads it back). Seats are 0-based in data and 1-based in text.
"""

from __future__ import annotations

from typing import Any

from table.engine.eventcodec import decode_event
from table.engine.events import Event, Words, event, one_based

WORDS: Words = {"seat": one_based}
"""The words for event fields in the texts below (seats 1-based)."""


@event("game_started")
class GameStarted(Event):
    """``per_phase``: cards each player takes per phase; ``phases`` to reach 12 cards each."""

    players: int
    per_phase: int
    phases: int
    easy: bool

    def __str__(self) -> str:
        mode = ", easy mode" if self.easy else ""
        return (f"Draft Cider: {self.players} players, {self.phases} phases of {self.per_phase} cards "
                f"per player{mode}")


@event("phase_started", "Phase {phase}: {cards} cards to the centre, seat {seat} picks first", WORDS)
class PhaseStarted(Event):
    """Phase ``phase`` (1-based) begins: ``cards`` are dealt to the centre, ``seat`` picks first."""

    phase: int
    seat: int
    cards: int


@event("card_dealt", "  dealt card {card_id}: {card}", WORDS)
class CardDealt(Event):
    card_id: int
    card: str


@event("card_played", "  seat {seat} plays {card} into {batch} (batch now {points})", WORDS)
class CardPlayed(Event):
    """Seat ``seat`` took card ``card_id`` and played it into ``batch``, which now scores ``points``."""

    seat: int
    card_id: int
    card: str
    batch: str
    points: int


@event("game_ended")
class GameEnded(Event):
    totals: tuple[int, ...]

    def __str__(self) -> str:
        return "Game over: " + ", ".join(f"seat {i + 1} {t}" for i, t in enumerate(self.totals))


@event("winners")
class Winners(Event):
    seats: tuple[int, ...]

    def __str__(self) -> str:
        who = ", ".join(f"seat {s + 1}" for s in self.seats)
        return ("Winner: " if len(self.seats) == 1 else "Winners (tie): ") + who


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    GameStarted, PhaseStarted, CardDealt, CardPlayed, GameEnded, Winners)}


def event_from_dict(d: Any) -> Event:
    """Read an event's JSON form back (:class:`RecordError` if it is not one)."""
    return decode_event(EVENT_TYPES, d, "Draft Cider")
