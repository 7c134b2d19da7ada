"""The history's values, bounds and one-line errors (``table.history``; no SQLite, no game), and
the readers of a stored cell (:func:`stored_json`, :func:`stored_start`, :func:`stored_text`) that
the store and the salvage share.

**Bounded input**: a name is 1..:data:`MAX_NAME` printable characters, at most
:data:`MAX_PLAYERS` seats, a record at most :data:`MAX_RECORD_BYTES` as JSON, totals within
±:data:`MAX_SCORE`; anything else is a :class:`HistoryInputError` (a :class:`TableError`) with
one line.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from table.engine.errors import TableError

FILENAME = "history.sqlite3"
MAX_NAME = 40
MAX_PLAYERS = 8
MAX_RECORD_BYTES = 1024 * 1024
MAX_SCORE = 10_000


class HistoryInputError(TableError):
    """A name, record or argument the history does not take (``str()`` is one line)."""


class HistoryDamaged(TableError):
    """The history file's content is not what this package writes (schema, rows)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game: who, the total, the breakdown, won or not."""

    player: str
    total: int
    breakdown: dict[str, Any]
    winner: bool
    named: bool = True
    """False: nobody was picked for the seat; ``player`` is then ``Seat N``."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One stored game (``played``: unix seconds UTC; ``solo``: the verdict key or None)."""

    id: int
    game: str
    setup: dict[str, Any]
    played: float
    solo: str | None
    seats: tuple[SeatResult, ...]
    started: float | None = None
    """Unix seconds UTC the game started (from the journal's times), None when not known."""

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(self.played))

    @property
    def duration_min(self) -> int:
        """Whole minutes from start to end (rounded), 0 when the start is not known."""
        if self.started is None or self.started > self.played:
            return 0
        return round((self.played - self.started) / 60)


@dataclass(frozen=True, slots=True)
class Best:
    """A player's personal best in one game: the best total, where, and how many games."""

    player: str
    game: str
    games: int
    best: int
    best_game: int
    solo_best: int | None


@dataclass(frozen=True, slots=True)
class SoloMarks:
    """A player's solo marks: games played solo, reached the goal, outstanding (the solo verdicts)."""

    player: str
    game: str
    solo_games: int
    goal: int
    outstanding: int
    first_goal: int | None
    first_outstanding: int | None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What the history keeps of a finished record, before it is stored (a game's reader makes it)."""

    game: str
    """The game's registry key (``applejack``, ``zankapfel``, …)."""
    setup: dict[str, Any]
    breakdowns: tuple[Any, ...]
    """Per seat the engine's score breakdown (a frozen value with an int ``total``)."""
    winners: tuple[int, ...]
    names: tuple[str | None, ...]
    """Names people gave (a hand-typed pad, a record's names); None for a seat without one."""
    record: dict[str, Any]
    details: tuple[dict[str, Any], ...] = ()
    """Per seat the breakdown as JSON data (the game's breakdown fields and ``total``)."""
    solo: str | None = None
    """A solo game's verdict (``outstanding``, ``goal``, ``short``), when the game has solo marks."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(int(b.total) for b in self.breakdowns)


def clean_name(name: object) -> str:
    """A player's name as stored: NFC, surrounding blanks removed, 1..MAX_NAME printable characters."""
    if not isinstance(name, str):
        raise HistoryInputError("a player's name must be text")
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        raise HistoryInputError("a player's name must not be empty")
    if len(text) > MAX_NAME:
        raise HistoryInputError(f"a player's name has at most {MAX_NAME} characters, got {len(text)}")
    if any(not c.isprintable() for c in text):
        raise HistoryInputError("a player's name must not hold control characters")
    return text


def seat_name(seat: int) -> str:
    """How a seat nobody was picked for is shown: ``Seat 1``, ``Seat 2``, … (it is no player:
    it has no personal bests and is not offered on the touchscreen)."""
    return f"Seat {seat + 1}"


def one_line(text: str, limit: int = 240) -> str:
    """``text`` as one printable line (control characters escaped), at most ``limit`` characters:
    a message may quote what a file holds."""
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def record_digest(record: dict[str, Any]) -> str:
    """SHA-256 of the record's canonical JSON (sorted keys, no blanks): the same game, the same digest."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def record_names(value: Any, seats: int) -> tuple[str | None, ...]:
    """A record's ``names``: one per seat, a name or null (HistoryInputError otherwise)."""
    if not isinstance(value, list) or len(value) != seats:
        raise HistoryInputError(f"the record's names must be a list of {seats} (a name or null per seat)")
    names = tuple(None if n is None else clean_name(n) for n in value)
    named = [n for n in names if n is not None]
    if len(set(named)) != len(named):
        raise HistoryInputError("the record's names give one name to two seats")
    return names


_SEAT_LABEL = re.compile(r"Seat \d+")
"""A companion's pad label for a seat (``Seat 2``): not a person's name."""


def named(names: Sequence[str], labels: Collection[str] = ()) -> bool:
    """Names people gave (a bot game's names, a pad typed by hand), not the companion's seat
    labels: ``Seat N``, or a name whose last word is one of the game's ``labels``."""
    try:
        return (all(clean_name(n).split()[-1] not in labels and not _SEAT_LABEL.fullmatch(clean_name(n))
                    for n in names) and len(set(names)) == len(names))
    except HistoryInputError:
        return False


def stored_start(value: Any) -> float | None:
    """A stored start time, or None (not known, or not a number this package writes)."""
    return float(value) if isinstance(value, int | float) and 0 <= value < 1e11 else None


def stored_text(value: Any) -> str | None:
    """A stored text read as bytes (``CAST(… AS BLOB)``): the text, None when it is not UTF-8."""
    if isinstance(value, str):
        return value
    try:
        return bytes(value).decode("utf-8") if isinstance(value, bytes) else None
    except UnicodeDecodeError:
        return None


def stored_json(text: Any, kind: type) -> Any:
    """A stored JSON cell as ``kind`` (HistoryDamaged, one line, when it is not JSON of that shape)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        raise HistoryDamaged("a stored row is not JSON") from None
    if not isinstance(value, kind):
        raise HistoryDamaged("a stored row has the wrong shape")
    return value
