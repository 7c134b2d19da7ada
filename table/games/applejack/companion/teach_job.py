"""The controller's teach mode part, :class:`TeachPart`: its :class:`~.teach.Teacher`, the
``teach …`` command, and the moment (:func:`moment_kinds`) each command that changed the game
shows the table.

Wiring: ``Controller.__init__`` makes one (``self.teach_mode = TeachPart(self)``); the controller
calls :meth:`TeachPart.start` when a game starts, :meth:`TeachPart.moment` after every command that
changed the game, :meth:`TeachPart.command` for ``teach …``; the views read ``ctl.lesson``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from table.companion.teaching import TEACH_WORDS
from table.games.applejack.companion.parts import Mode, Table
from table.games.applejack.companion.teach import (
    ANNOUNCED,
    INTRO,
    NO_GAME,
    NOT_NOW,
    NOTHING_TO_SKIP,
    OFF_LINE,
    ON_LINE,
    STEPS,
    LessonKind,
    Teacher,
    TeachError,
    sentence,
    setup_label,
    why_line,
)
from table.games.applejack.companion.tracked import OrchardMirror
from table.games.applejack.rules.phase import Phase
from table.i18n import _


class TeachTable(Table, Protocol):
    """What teach mode needs of the controller besides the :class:`Table`: the tracked game, whose
    steps are entered one by one (each its own moment)."""

    @property
    def tracked(self) -> OrchardMirror | None: ...


def moment_kinds(ctl: TeachTable) -> tuple[LessonKind, ...]:
    """What the controller's current prompt is about, most pressing first: the announcement shown,
    else the turn prompt (the last turn, a cottage restock, or the steps of a turn)."""
    if ctl.mode != Mode.PLAY or ctl.track is None:
        return ()
    if ctl.queued:
        kind = ANNOUNCED.get(str(ctl.queued[0].kind))
        return (kind,) if kind is not None else ()
    t = ctl.track
    if t.is_terminal():
        return ()
    last = (LessonKind.LAST,) if t.is_last_turn() else ()
    if t.state.phase == Phase.STOCK:
        return (*last, LessonKind.RESTOCK)
    if ctl.tracked is not None:  # orchard tracking: each step is entered, so each is its own moment
        return (*last, *_tracked_steps(ctl))
    return (*last, *STEPS)


def _tracked_steps(ctl: TeachTable) -> tuple[LessonKind, ...]:
    assert ctl.tracked is not None
    phase = ctl.tracked.state.phase
    if ctl.tracked.state.next_draw_for() is not None:
        return ()  # a tile drawn for a refill or the set-up is being entered
    if phase == Phase.TAKE:  # the last turn's beehive reward and die move happened just before
        return (LessonKind.TAKE, LessonKind.REWARD, LessonKind.MOVE)
    if phase == Phase.PAY:
        return (LessonKind.PAY,)
    if phase == Phase.PLACE:
        return (LessonKind.PLACE, LessonKind.REWARD)
    return ()


class TeachPart:
    """Teach mode's :class:`Teacher` (``teacher``, immutable: each game starts from
    ``Teacher(on=setup.teach)``), the ``teach …`` command and the ``lesson`` shown."""

    def __init__(self, table: TeachTable) -> None:
        self.table = table
        self.teacher = Teacher()

    def start(self) -> None:
        """A game starts (or is replayed): a fresh teacher (the first prompt's lesson comes with
        :meth:`moment` after the first turn line)."""
        self.teacher = Teacher(on=self.table.setup.teach)
        if self.teacher.on:
            self.table.say(_(INTRO).format(skip="skip", off="teach off"))  # command words stay English

    def moment(self) -> None:
        """The prompt may have changed: its lesson, printed (and spoken) once when new."""
        before = self.teacher
        self.teacher = before.see(moment_kinds(self.table))
        if self.teacher.current is not None and self.teacher.explained != before.explained:
            self.table.say(why_line(self.lesson or ""))
            self._rest_of_turn()

    def _rest_of_turn(self) -> None:
        """The steps of the turn that follow the one just taught and are not entered on their own,
        each not yet explained, in the rulebook's order (the screen keeps showing the first): the
        first untracked turn prompt stands for the whole turn (one press), so the first player hears
        all five before playing; with tracking, the place prompt also explains the beehive reward
        and the die's move that follow the placing."""
        shown = self.teacher.current
        if shown not in STEPS:
            return
        if self.table.tracked is None:
            rest = STEPS[STEPS.index(shown) + 1:]
        else:
            rest = (LessonKind.REWARD, LessonKind.MOVE) if shown == LessonKind.PLACE else ()
        cottage = self.table.setup.cottage
        while (nxt := self.teacher.see(rest)).current is not None:
            self.teacher = nxt
            self.table.say(why_line(sentence(nxt.current, cottage=cottage)))
        self.teacher = replace(self.teacher, current=shown)

    def command(self, word: str) -> None:
        """``teach on`` / ``teach off`` / ``teach skip`` during a game (journalled)."""
        table = self.table
        word = word.strip().lower()
        if word not in TEACH_WORDS:
            raise TeachError(_(NOT_NOW).format(words="teach on, teach off, teach skip"))
        if table.mode == Mode.SETUP and word != "skip":  # the same as setup teach=on / off
            table.setup = replace(table.setup, teach=word == "on")
            table.say(setup_label(table.setup.teach))
            table.changed()
            return
        if table.track is None or table.mode in (Mode.SETUP, Mode.RESUME):
            raise TeachError(_(NO_GAME))
        if word == "skip":
            if self.teacher.current is None:
                raise TeachError(_(NOTHING_TO_SKIP))
            self.teacher = self.teacher.skip()
        else:
            self.teacher = self.teacher.switch(word == "on")
            table.say(_(ON_LINE) if word == "on" else _(OFF_LINE))
        table.emit("cmd", f"teach {word}")
        table.changed()

    @property
    def lesson(self) -> str | None:
        """The lesson to show under the current announcement or turn prompt, in the current
        language (None: teach mode off, nothing new to explain, or skipped)."""
        kind = self.teacher.current
        if kind is None or self.table.mode != Mode.PLAY:
            return None
        return sentence(kind, cottage=self.table.setup.cottage)
