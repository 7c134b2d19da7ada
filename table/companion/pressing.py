"""A module game's lid press (``table.companion``): a button, key or touch target mapped to a
command (:meth:`Pressing.press`), CONFIRM on a waiting announcement, the lesson's Skip, the setup
screen's teach toggle, the history and Names pages over the setup, the result's own buttons, and
:meth:`Pressing.press_past` (a typed command word passes a waiting announcement, issue 33). A
refusal is kept in ``refusal`` until the next press.

:class:`Pressing` is one of :class:`~table.companion.module.TableModule`'s bases; what it reads
of the module (its mode, refusal, announcements and teach mode, the Names page, history and
coach it also holds, ``do`` and the game's ``_command_for``) is declared here and written there."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from table.companion.announce import ACK, AnnouncementQueue
from table.companion.protocol import CommandError
from table.companion.teaching import TEACH, Syllabus, Teaching
from table.engine.errors import ActionParseError, IllegalActionError


class Pressing:
    """``press`` and ``press_past``, the same in every module game."""

    syllabus: ClassVar[Syllabus | None]
    mode: str
    refusal: str
    keyboard: Any
    names_open: bool
    history: Any

    # what the module writes (TableModule, its other bases, the game's hooks)
    @property
    @abstractmethod
    def announcements(self) -> AnnouncementQueue:
        raise NotImplementedError

    @property
    @abstractmethod
    def teaching(self) -> Teaching:
        raise NotImplementedError

    @abstractmethod
    def named_line(self, line: str) -> str:
        raise NotImplementedError

    @abstractmethod
    def do(self, command: str) -> None:
        raise NotImplementedError

    @abstractmethod
    def _command_for(self, button: str) -> str | None:
        raise NotImplementedError

    @abstractmethod
    def _changed(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def _names_page_press(self, b: str) -> str | None:
        raise NotImplementedError

    @abstractmethod
    def _history_press(self, b: str) -> str:
        raise NotImplementedError

    @abstractmethod
    def open_history(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def coach_press(self, button: str) -> bool:
        raise NotImplementedError

    @abstractmethod
    def _result_shared_press(self, b: str) -> bool:
        raise NotImplementedError

    # --- the press --------------------------------------------------------------------------------
    def press(self, button: str) -> bool:
        """A button, key or touch target; returns whether it did something (a refusal: ``refusal``).
        CONFIRM while an announcement waits acknowledges it (``ack``)."""
        return self._pressed(button, acknowledge=True)

    def press_past(self, button: str) -> bool:
        """What ``button`` means as if no announcement waited: a typed command word (text mode's
        ``done``) passes a waiting announcement and is carried out; only Enter and ``ok`` (the
        plain CONFIRM) acknowledge (issue 33)."""
        return self._pressed(button, acknowledge=False)

    def _pressed(self, button: str, *, acknowledge: bool) -> bool:
        if self.refusal:
            self.refusal = ""
            self._changed()
        try:
            if self._shared_press(button):
                self._changed()
                return True
            cmd = self._names_page_press(button) if self.mode == "setup" else None
            if cmd is None:
                cmd = self._announce_press(button, acknowledge=acknowledge)
            if cmd is None:
                cmd = "hint" if button == "hint" else self._command_for(button)
            if cmd is None:
                return False
            if cmd:
                self.do(cmd)
            else:
                self._changed()
            return True
        except (CommandError, IllegalActionError, ActionParseError) as exc:
            self.refusal = self.named_line(str(exc))
            self._changed()
            return False

    def _shared_press(self, button: str) -> bool:
        """The history screen (over the setup or the result) and the result's History and QR
        code, the same in every game: whether ``button`` was theirs."""
        if self.mode == "result":
            return self.coach_press(button) or self._result_shared_press(button)
        if self.mode == "setup" and self.keyboard is None and not self.names_open:
            if self.history is not None:
                self._history_press(button)
                return True
            if button == "history":
                self.open_history()
                return True
        return False

    def help_places(self) -> tuple[str, ...]:
        """Where the buttons tables are looked up now: the mode, and in play the stage."""
        stage = getattr(self, "stage", None)
        return (self.mode, stage()) if self.mode in ("play", "pad") and stage is not None else (self.mode,)

    def entry_waiting(self) -> bool:
        """Something the table has entered but not yet confirmed (digits typed; a game adds its own,
        Zankapfel's dice chosen by a seat's button): CONFIRM is for it before any announcement."""
        return bool(getattr(self, "typed", ""))

    def _announce_press(self, button: str, *, acknowledge: bool = True) -> str | None:
        """CONFIRM while an announcement waits acknowledges it (digits typed first are entered
        first; not with ``acknowledge`` off: :meth:`press_past`); the lesson's Skip button; the
        setup screen's teach mode toggle."""
        if self.mode == "setup" and button == TEACH and self.syllabus is not None:
            return "teach off" if self.teaching.asked else "teach on"  # the setup screen's toggle
        if self.mode not in ("play", "pad"):
            return None
        if button == "confirm" and acknowledge and self.announcements.head is not None and not self.entry_waiting():
            return ACK
        if button == "teach-skip" and self.teaching.lessons.current is not None:
            return "teach skip"
        return None
