"""The screen's daily window, as a value: ``07:00-23:00`` (over midnight: ``18:00-02:00``).

:class:`Schedule` is the window with a round-tripping text form; :func:`parse_schedule` reads the
environment's and the command line's form and raises :class:`ScheduleError` (a ``TableError``:
one line) on anything else. Pure: no clock, no files. It sits below the shell, which keeps the
owner's window (``table/companion/kept.py``); the screen's power (``table/display/power.py``)
follows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time as dtime

from table.engine.errors import TableError

SCHEDULE_ENV = "APPLEJACK_SCREEN_SCHEDULE"
"""The environment's schedule (``--schedule`` over it, the kept one under both)."""

_MINUTES_PER_DAY = 24 * 60
_CLOCK = re.compile(r"\s*([0-9]{1,2}):([0-9]{2})\s*", re.ASCII)


class ScheduleError(TableError):
    """A screen schedule that is not ``HH:MM-HH:MM`` (the window the screen is on, local time)."""

    def __init__(self, text: str, reason: str) -> None:
        shown = text if len(text) <= 40 else text[:40] + "…"
        super().__init__(f"screen schedule {shown!r}: {reason} (expected HH:MM-HH:MM, e.g. 07:00-23:00)")
        self.text = text
        self.reason = reason


def _clock_minutes(part: str, text: str, *, end: bool) -> int:
    m = _CLOCK.fullmatch(part)
    if m is None:
        raise ScheduleError(text, f"{part.strip()!r} is not a time of day HH:MM")
    hours, minutes = int(m.group(1)), int(m.group(2))
    if minutes > 59:
        raise ScheduleError(text, f"{part.strip()!r} has more than 59 minutes")
    if hours == 24 and minutes == 0 and end:
        return 0  # 24:00 as the end: midnight
    if hours > 23:
        raise ScheduleError(text, f"{part.strip()!r} is past 23:59")
    return hours * 60 + minutes


@dataclass(frozen=True)
class Schedule:
    """The daily window in which the screen is on, in minutes after local midnight: ``start``
    inclusive, ``end`` exclusive; ``end < start`` runs over midnight. Text form ``HH:MM-HH:MM``."""

    start: int
    end: int

    def __post_init__(self) -> None:
        for value in (self.start, self.end):
            if not 0 <= value < _MINUTES_PER_DAY:
                raise ScheduleError(str(self), f"{value} is not a minute of the day (0-1439)")
        if self.start == self.end:
            raise ScheduleError(str(self), "start and end are the same time (leave it empty for always on)")

    @classmethod
    def parse(cls, text: str) -> Schedule:
        """``"07:00-23:00"`` → ``Schedule(420, 1380)``; ``"22:30-06:15"`` runs over midnight; ``24:00``
        is accepted as an end. Raises :class:`ScheduleError`."""
        if not isinstance(text, str):
            raise ScheduleError(repr(text), "not text")
        parts = text.split("-")
        if len(parts) != 2:
            raise ScheduleError(text, "one start and one end, joined by '-'")
        return cls(_clock_minutes(parts[0], text, end=False), _clock_minutes(parts[1], text, end=True))

    def __str__(self) -> str:
        return f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d}"

    def contains(self, t: dtime) -> bool:
        """Whether the screen is on at local time ``t``."""
        m = t.hour * 60 + t.minute
        if self.start < self.end:
            return self.start <= m < self.end
        return m >= self.start or m < self.end


def parse_schedule(text: str | None) -> Schedule | None:
    """The env/argument form: empty, ``always`` or ``none`` → None (always on); else
    :meth:`Schedule.parse` (raises :class:`ScheduleError`)."""
    if text is None or text.strip().lower() in ("", "always", "none", "off"):
        return None
    return Schedule.parse(text)
