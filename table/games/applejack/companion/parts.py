"""What the parts of the Applejack :class:`~table.games.applejack.companion.controller.Controller`
share: its screens (:class:`Mode`), the trough buttons' names, and :class:`Table` — what the
controller shows every part it holds.

The controller *holds* one part per job — ``SetupScreen`` (``setup_job.py``), ``PlayScreen``
(``play.py``), ``Corrector`` (``correction_job.py``), ``ScorePadDesk`` (``scorepad_job.py``),
``ResumeOffer`` (``resume.py``), ``TeachPart`` (``teach_job.py``), ``OrchardTracking``
(``tracking.py``) and ``DieWatch`` (``die_job.py``) — each a class with its own state, made in
``Controller.__init__`` and handed the controller as its :class:`Table` (or a small protocol
beside the part that adds the one or two things more it needs). No part knows another: a press
goes controller → the part of the screen shown → a command → controller's ``do`` → the part that
owns the word. The values the parts work on (:class:`~.setup.Setup`,
:class:`~.announcements.Announcement` …) sit in modules below this one.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar, overload

from table.games.applejack.companion.announcements import Announcement
from table.games.applejack.companion.setup import Setup
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.track import Track


class Mode(StrEnum):
    """The companion's screens: ``setup``, ``resume`` and ``result`` are the shell's shared names
    (``table.companion.protocol``); ``play``, ``correct`` and ``pad`` are Applejack's own."""

    SETUP = "setup"
    RESUME = "resume"
    PLAY = "play"
    CORRECT = "correct"
    PAD = "pad"
    RESULT = "result"


TROUGH_BUTTONS = tuple(f"trough{i}" for i in range(1, 8))
"""The seven trough buttons' names, ``trough1`` … ``trough7`` (``table.hardware.pinmap.TROUGHS``
is their count)."""


class Table(Protocol):
    """What the controller shows every part it holds (``Controller.__init__`` hands itself to each
    part as this; a part's own protocol adds the little else it needs): the data set, the screen
    (``mode``, settable), the setup, the game's Track, the waiting announcements, and the three
    ways out — a line said (``log``), a change drawn (``version``), a journal entry (``on_command``)."""

    mode: Mode
    setup: Setup
    queued: list[Announcement]

    @property
    def data(self) -> DataSet: ...

    @property
    def track(self) -> Track | None: ...

    def say(self, line: str) -> None: ...

    def changed(self) -> None: ...

    def emit(self, kind: str, payload: Any) -> None: ...


def running(table: Table) -> Track:
    """The game's Track: what a part reads while a game runs (the controller asks it only then)."""
    track = table.track
    assert track is not None
    return track


Owner = TypeVar("Owner")
T = TypeVar("T")


class Forward(Generic[Owner, T]):
    """A name the views and the seam read on the controller whose value a part holds: in the
    controller's class body ``die_seen: Forward[Controller, int | None] = Forward(lambda c: c.die.seen)``
    makes ``ctl.die_seen`` read ``ctl.die.seen`` each time (read-only: the part changes it; a
    method forwards the same way, as the part's bound method)."""

    def __init__(self, get: Callable[[Owner], T]) -> None:
        self.get = get

    @overload
    def __get__(self, obj: None, owner: type[Owner] | None = None) -> Forward[Owner, T]: ...

    @overload
    def __get__(self, obj: Owner, owner: type[Owner] | None = None) -> T: ...

    def __get__(self, obj: Owner | None, owner: type[Owner] | None = None) -> T | Forward[Owner, T]:
        return self if obj is None else self.get(obj)
