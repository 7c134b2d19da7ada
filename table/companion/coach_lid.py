"""The coach on the lid for the module games (Zankapfel, Draft Cider, Waldgärtner): on the result
screen, the Coach button (or ``coach`` in text mode) asks the game's coach
(:mod:`table.companion.coach_games`) for the finished game, as the lid may show it (``lid=True``:
only decisions that show nothing the game kept hidden).

The coach is advice, never a game step: not journalled; computed off the UI thread by the shell's
worker (``botworker.AdviceWorker`` asks :meth:`LidCoached.lid_coach_request`; the text front end
computes it at once), and taken only while the result of the same finished game is up (the job's
key is the record's hash). The result screen shows it on its coach page (``coach_open``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from table.companion.coach_games import CoachGlue, CoachUnavailable, coach_lines
from table.companion.lidhint import NO_COACH
from table.companion.protocol import CommandError
from table.i18n import _

RUNNING = "The coach is looking at every turn…"
"""The line while the coach computes (Applejack's words)."""


def record_key(record: dict[str, Any]) -> str:
    """Names a finished game: a coach job belongs to one."""
    return "coach:" + hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class CoachDone:
    """A computed coach for the finished game ``key``: its lines, or the one line why not."""

    key: str
    lines: tuple[str, ...] = ()
    error: str = ""


@dataclass(frozen=True)
class LidCoachJob:
    """The coach wanted for the finished game ``key``; ``compute`` runs off the UI thread."""

    key: str
    glue: CoachGlue = field(repr=False)
    record: dict[str, Any] = field(repr=False, compare=False)
    wanted: Callable[[], bool] = field(repr=False, compare=False, default=lambda: True)
    """Asked before each decision (on the worker's thread): False once the table left this result,
    and the job stops there, so the worker is free for the next game's hints."""

    def compute(self) -> CoachDone:
        def check() -> None:
            if not self.wanted():
                raise CoachUnavailable(_("stopped"))

        try:
            return CoachDone(self.key, tuple(coach_lines(self.glue, self.record, None, lid=True, check=check)))
        except CoachUnavailable as exc:
            return CoachDone(self.key, error=_("No coach: {problem}").format(problem=exc))


class LidCoached:
    """The module games' side of the lid's coach (``TableModule`` inherits it)."""

    coach_glue: ClassVar[CoachGlue | None] = None
    """The game's coach (a :class:`~table.companion.coach_games.CoachGlue` from its ``coach.py``);
    None: ``coach`` is refused with :data:`~table.companion.lidhint.NO_COACH`."""
    mode: str
    record: dict[str, Any] | None
    log: list[str]
    said_last: list[str]
    coach_open: bool = False
    """The result screen's coach page is up (a class default: set on the instance when opened)."""
    _coach_asked: str | None = None
    _coach_done: CoachDone | None = None
    _changed: Callable[[], None]

    def coach_offered(self) -> bool:
        """Whether the result screen offers the coach: the game has one and its record holds the moves."""
        return self.coach_glue is not None and self.mode == "result" and isinstance(self.record, dict) \
            and isinstance(self.record.get("actions"), list)

    def _ask_coach(self) -> None:
        """``coach`` on the result: the coach's lines again when ready, else ask for them."""
        if self.coach_glue is None:
            raise CommandError(_(NO_COACH))
        if not self.coach_offered():
            raise CommandError(_("No coach: {problem}").format(
                problem=_("this game's record holds no moves (a score pad game)")))
        assert self.record is not None
        key = record_key(self.record)
        done = self._coach_done
        if done is not None and done.key == key:
            self._tell(self.coach_page_lines())
            return
        self._coach_asked = key
        self._tell([_(RUNNING)])

    def _tell(self, lines: list[str]) -> None:
        self.log.extend(lines)
        self.said_last = lines[:1]
        self._changed()

    def coach_press(self, button: str) -> bool:
        """The result screen's Coach button opens its page (and asks); while it is up every key closes it."""
        if button == "coach":
            if not self.coach_open:
                self._ask_coach()
            self.coach_open = not self.coach_open
            self._changed()
            return True
        if self.coach_open and button in ("confirm", "escape", "undo", "backspace", "coach-back"):
            self.coach_open = False
            self._changed()
            return True
        return False

    def coach_page_lines(self) -> list[str]:
        """What the coach page shows: the coach's lines, the line why not, or that it is computing."""
        done = self._coach_done
        if done is None or self.record is None or done.key != record_key(self.record):
            return [_(RUNNING)]
        return [done.error] if done.error else list(done.lines)

    def lid_coach_request(self) -> LidCoachJob | None:
        """The coach job asked for this result, for the shell's worker; None when none is wanted."""
        key, glue = self._coach_asked, self.coach_glue
        if key is None or glue is None or self.mode != "result" or self.record is None \
                or key != record_key(self.record):
            return None
        return LidCoachJob(key, glue, self.record,
                           wanted=lambda: self._coach_asked == key and self.mode == "result")

    def take_coach(self, done: CoachDone) -> bool:
        """A computed coach, kept and said only while the same result is up (else dropped)."""
        if done.key != self._coach_asked or self.record is None or done.key != record_key(self.record):
            return False
        self._coach_asked = None
        self._coach_done = done
        self._tell(self.coach_page_lines())
        return True
