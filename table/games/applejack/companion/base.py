"""What every part of the Applejack :class:`~table.games.applejack.companion.controller.Controller`
may use of the others: the state it keeps and the few methods one job calls in another.

Each job (setup, correction, score pad, announcements, teach, tracking) is a class of its own
module (``setup_job.py`` …) deriving from :class:`ControllerBase`; ``Controller`` derives from all
of them and sets every attribute in its ``__init__``. The methods below are overridden by the job
that owns them. The values the jobs work on (:class:`~.setup.Setup`, :class:`~.scorepad.ScorePad`,
:class:`~.correction.Correction`, :class:`~.announcements.Announcement` …) sit in modules below
this one, so the base names their types without a circle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol

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


class ControllerBase:
    """The controller's state (set in ``Controller.__init__``) and the cross-job methods."""

    game: str
    data: DataSet
    on_command: Callable[[str, Any], None] | None
    rng: random.Random
    mode: Mode
    setup: Setup
    track: Track | None
    queued: list[Announcement]
    refusal: str
    storage_problem: str
    version: int
    log: list[str]
    _said: int

    @property
    def t(self) -> Track:
        raise NotImplementedError

    def changed(self) -> None:
        raise NotImplementedError

    def do(self, cmd: str) -> None:
        raise NotImplementedError

    def emit(self, kind: str, payload: Any) -> None:
        raise NotImplementedError

    def track_record(self) -> dict[str, Any]:
        raise NotImplementedError

    def say(self, line: str) -> None:
        raise NotImplementedError

    def say_next(self) -> None:
        raise NotImplementedError

    def turn_line(self) -> str:
        raise NotImplementedError

