"""Screen power for the kiosk: dim after minutes without input, dark outside a nightly schedule,
and a slow orbit of the whole frame against burn-in. Pure: no pygame, no files, no clock of its own.

:class:`ScreenPower` is the state machine (:class:`ScreenState` ``ON``, ``DIM``, ``OFF``). Every
time is given by the caller: ``now`` is a monotonic clock in seconds (the front end's injected
clock), the local wall-clock time of day comes from the injected ``local_time`` callable.

- Inside the schedule's window (or always, without a schedule) the screen is ``ON`` and goes
  ``DIM`` after ``dim_after`` seconds without a touch, key or button (0: never).
- Outside the window (the night) it is ``OFF`` (dark); an input wakes it ``ON`` for
  ``night_wake`` seconds (``dim_after``, or :data:`DEFAULT_DIM_AFTER_MIN` minutes when that is 0),
  then it goes dark again.
- The window opening (07:00 of ``07:00-23:00``) counts as an input: the morning screen is
  ``ON`` and dims after ``dim_after`` like any other. Closing it (23:00) darkens the screen once
  nobody has touched it for ``night_wake`` seconds, so a game at 23:00 is not cut off.
- The input that wakes a ``DIM`` or ``OFF`` screen only wakes it: :meth:`ScreenPower.touch`
  returns True and the front end drops it (and the twin of a touch, and a bounce, within
  ``grace`` seconds), so a tap on a dark screen never presses a button in the game.

:class:`Schedule` (``table/schedule.py``, below the shell, which keeps the owner's window) is the
window as an immutable value with a round-tripping text form. :func:`orbit_offset` is the frame's
burn-in shift: a few pixels, one step a minute, back to (0, 0) after a full orbit.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import time as dtime
from enum import StrEnum

from table.schedule import SCHEDULE_ENV, Schedule, ScheduleError, parse_schedule

DEFAULT_DIM_AFTER_MIN = 10.0
"""Minutes without input before the screen dims (``--dim-after``, ``APPLEJACK_DIM_AFTER``)."""
WAKE_GRACE_S = 0.5
"""Seconds after a wake during which inputs are still only waking (a touch's mouse twin, a bounce)."""
DIM_ENV = "APPLEJACK_DIM_AFTER"

ORBIT_RADIUS_PX = 3
ORBIT_STEP_S = 60.0
ORBIT_STEPS = 24
"""The orbit: a figure of eight within ±3 px, one step a minute, the whole orbit in 24 minutes."""



class ScreenState(StrEnum):
    ON = "on"
    DIM = "dim"
    OFF = "off"


def parse_minutes(text: str) -> float:
    """``"10"`` / ``"2.5"`` minutes → seconds; ``ValueError`` for anything negative, infinite or not a number."""
    value = float(text)
    if not 0 <= value < math.inf:
        raise ValueError(f"minutes must be 0 or more, got {text!r}")
    return value * 60.0


class ScreenPower:
    """The screen's ON / DIM / OFF state from the inputs' times and the local time of day.

    ``dim_after`` and ``night_wake`` are seconds (``dim_after`` 0: never dims); ``start`` is the
    monotonic time the screen came up, counted as an input; ``local_time`` returns the local time
    of day (wall clock) and is only asked when there is a schedule."""

    def __init__(self, dim_after: float = DEFAULT_DIM_AFTER_MIN * 60, schedule: Schedule | None = None, *,
                 local_time: Callable[[], dtime], start: float = 0.0, night_wake: float | None = None,
                 grace: float = WAKE_GRACE_S) -> None:
        if not 0 <= dim_after < math.inf:
            raise ValueError(f"dim_after must be 0 or more seconds, got {dim_after!r}")
        self.dim_after = float(dim_after)
        self.schedule = schedule
        self.local_time = local_time
        self.night_wake = float(night_wake if night_wake is not None else dim_after or DEFAULT_DIM_AFTER_MIN * 60)
        self.grace = grace
        self.last_input = start
        self.woke_at: float | None = None
        self.inside: bool | None = None
        self.state = ScreenState.ON
        self.changes = 0
        """How often the state changed (a front end redraws when it moved)."""

    def in_window(self) -> bool:
        return self.schedule is None or self.schedule.contains(self.local_time())

    def tick(self, now: float) -> ScreenState:
        """The state at ``now`` (monotonic seconds)."""
        inside = self.in_window()
        if inside and self.inside is False:  # the morning: the window opening wakes the screen
            self.last_input = max(self.last_input, now)
        self.inside = inside
        idle = now - self.last_input
        if inside:
            state = ScreenState.DIM if self.dim_after > 0 and idle >= self.dim_after else ScreenState.ON
        else:
            state = ScreenState.ON if idle < self.night_wake else ScreenState.OFF
        if state != self.state:
            self.state = state
            self.changes += 1
        return state

    def touch(self, now: float) -> bool:
        """Someone touched the screen, pressed a key or a button at ``now``. Returns True when that
        input only wakes the screen (it was DIM or OFF, or woke less than ``grace`` seconds ago)
        and must not reach the game."""
        before = self.tick(now)
        waking = before is not ScreenState.ON
        recent = self.woke_at is not None and 0 <= now - self.woke_at < self.grace
        if waking:
            self.woke_at = now
        self.last_input = max(self.last_input, now)
        self.tick(now)
        return waking or recent


def orbit_offset(elapsed: float, *, radius: int = ORBIT_RADIUS_PX, step_s: float = ORBIT_STEP_S,
                 steps: int = ORBIT_STEPS) -> tuple[int, int]:
    """The whole frame's shift in pixels after ``elapsed`` seconds: a figure of eight within
    ±``radius`` px, one step every ``step_s`` seconds, (0, 0) for the first step and after every
    ``steps`` steps (so a screenshot taken at start is not shifted)."""
    if not elapsed >= 0 or elapsed == math.inf:
        return 0, 0
    k = int(elapsed // step_s) % steps
    a = 2 * math.pi * k / steps
    return round(radius * math.sin(a)), round(radius * math.sin(2 * a))


def drift_position(elapsed: float, span: tuple[int, int], *, step_s: float = 5.0) -> tuple[int, int]:
    """Where a moving thing (the dim screen's hint) sits after ``elapsed`` seconds: bouncing
    inside ``0..span`` (pixels) at different speeds across and down, moving once every ``step_s``
    seconds."""
    w, h = max(0, span[0]), max(0, span[1])
    if not elapsed >= 0 or elapsed == math.inf:
        elapsed = 0.0
    k = int(elapsed // step_s)

    def bounce(n: int, length: int) -> int:
        if length == 0:
            return 0
        n %= 2 * length
        return n if n <= length else 2 * length - n

    return bounce(k * 37, w), bounce(k * 23, h)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--dim-after`` and ``--schedule`` (play and demo). Both default to the environment, read
    when the screen comes up (:func:`settings`): a bad value there is one log line, not a stop."""
    parser.add_argument("--dim-after", type=_minutes_arg, default=None, metavar="MINUTES",
                        help=f"on the screen: dim after this long without a touch, key or button; the first input "
                             f"only wakes it (default: ${DIM_ENV}, else {DEFAULT_DIM_AFTER_MIN:g}; 0 = never)")
    parser.add_argument("--schedule", type=_schedule_arg, default=None, metavar="HH:MM-HH:MM",
                        help=f"on the screen: the daily window it is on (local time, e.g. 07:00-23:00; over "
                             f"midnight works); dark outside it, an input wakes it for the --dim-after minutes "
                             f"(default: ${SCHEDULE_ENV}, else always on)")


def _schedule_arg(text: str) -> str:
    """A ``--schedule`` argument checked when the command line is read: a bad one is refused like
    every other bad argument (one line, exit status 2); the environment's stays a log line."""
    try:
        parse_schedule(text)
    except ScheduleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _minutes_arg(text: str) -> float:
    try:
        return parse_minutes(text) / 60.0
    except ValueError:
        raise argparse.ArgumentTypeError(f"minutes must be a number, 0 or more, got {text!r}") from None


@dataclass(frozen=True)
class Settings:
    """What the screen-power arguments and environment say: ``dim_after`` in seconds, the
    schedule (None: always on) and the problems found (each one log line for the caller)."""

    dim_after: float
    schedule: Schedule | None
    problems: tuple[str, ...] = ()


def settings(dim_after_min: float | None, schedule_text: str | None, environ: dict[str, str]) -> Settings:
    """The arguments (None: not given) over the environment over the defaults. A malformed value
    is a problem line and its default (10 minutes; always on), never an exception."""
    problems: list[str] = []
    if dim_after_min is not None:
        dim_after = dim_after_min * 60.0
    else:
        raw = environ.get(DIM_ENV, "").strip()
        dim_after = DEFAULT_DIM_AFTER_MIN * 60.0
        if raw:
            try:
                dim_after = parse_minutes(raw)
            except ValueError:
                problems.append(f"{DIM_ENV}={raw!r} is not a number of minutes (0 or more): dimming after "
                                f"{DEFAULT_DIM_AFTER_MIN:g} minutes")
    text = schedule_text if schedule_text is not None else environ.get(SCHEDULE_ENV)
    schedule = None
    try:
        schedule = parse_schedule(text)
    except ScheduleError as exc:
        where = "--schedule" if schedule_text is not None else SCHEDULE_ENV
        problems.append(f"{where}: {exc}; the screen stays on day and night")
    return Settings(dim_after, schedule, tuple(problems))
