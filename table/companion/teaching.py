"""Teach mode for the module games (Zankapfel, Draft Cider, Waldgärtner): each step explained
once, the first time it happens, in one sentence from the game's rule text — the shell's share of
Applejack's ``table.games.applejack.companion.teach``.

Pure: no clock, no I/O, no pygame. A game gives a :class:`Syllabus` (its ``teach.py``): a sentence
per kind of step (``N_()`` messages, each resting on a rule passage named beside it) and what the
prompt shown now is about (``moment``). :class:`Lessons` is a small immutable value — which kinds
were explained, which one is shown — that the module feeds one moment after every command, so
replaying the journal rebuilds it after a power cut.

Journalled like the game's other steps: ``setup teach=on`` (or ``teach on`` on the setup screen)
makes the start journal ``teach on`` right after the game's setup; ``teach on``, ``teach off`` and
``teach skip`` during a game are journal rows like Applejack's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from table.i18n import N_, _

TEACH = "teach"
TEACH_WORDS = ("on", "off", "skip")
WHY = N_("Why: {lesson}")
ON_LINE = N_("Teach mode on: each step is explained the first time it happens (teach skip hides it, "
             "teach off ends it)")
OFF_LINE = N_("Teach mode off")
NOT_NOW = N_("teach: {words}")
NOTHING_TO_SKIP = N_("no explanation is shown now")


@dataclass(frozen=True, slots=True)
class Syllabus:
    """A game's lessons: ``sentences`` (kind → ``N_()`` sentence) and ``moment(module)``, the kinds
    the prompt shown now is about, most pressing first."""

    sentences: Mapping[str, str]
    moment: Callable[[Any], Sequence[str]]


@dataclass(frozen=True, slots=True)
class Lessons:
    """``on`` (teach mode), ``explained`` (kinds in the order first shown), ``current`` (the lesson
    shown now; None when none or skipped)."""

    on: bool = False
    explained: tuple[str, ...] = ()
    current: str | None = None

    def see(self, kinds: Sequence[str]) -> Lessons:
        """A new moment about ``kinds``: the first not yet explained is shown (and explained)."""
        if not self.on:
            return replace(self, current=None)
        fresh = next((k for k in kinds if k not in self.explained), None)
        if fresh is None:
            return replace(self, current=None)
        return Lessons(True, (*self.explained, fresh), fresh)

    def skip(self) -> Lessons:
        return replace(self, current=None)

    def switch(self, on: bool) -> Lessons:
        return replace(self, on=on, current=self.current if on else None)


def why_line(lesson: str) -> str:
    """A lesson as text mode prints it and speech says it (indented: said with the line before)."""
    return "  " + _(WHY).format(lesson=lesson)


def teach_setting(text: str) -> tuple[bool | None, str]:
    """``setup … teach=on …`` (or ``teach on`` / ``teach off``) on the setup screen: the choice
    (None when the text has none) and the text without it."""
    words = text.split()
    choice: bool | None = None
    rest: list[str] = []
    for i, w in enumerate(words):
        if w in ("teach=on", "teach=off"):
            choice = w == "teach=on"
        elif w == TEACH and i + 1 < len(words) and words[i + 1] in ("on", "off"):
            choice = words[i + 1] == "on"
        elif not (i > 0 and words[i - 1] == TEACH and w in ("on", "off")):
            rest.append(w)
    return choice, " ".join(rest)


class Teaching:
    """A module's teach mode: the setup's choice (``asked``), the game's :class:`Syllabus` and the
    :class:`Lessons` of the game running."""

    def __init__(self, syllabus: Syllabus | None) -> None:
        self.syllabus = syllabus
        self.asked = False
        self.lessons = Lessons()

    def restart(self) -> None:
        """A game starts (or is replayed): nothing explained; off until ``teach on``."""
        self.lessons = Lessons()

    def moment(self, kinds: Sequence[str]) -> list[str]:
        """The prompt may have changed: the lines to say (the new lesson's ``Why:`` line, once)."""
        before = self.lessons
        self.lessons = before.see(kinds)
        if self.lessons.current is not None and self.lessons.explained != before.explained:
            return [why_line(self.lesson or "")]
        return []

    def command(self, word: str) -> list[str]:
        """``teach on|off|skip`` during a game: the lines to say; ValueError-free: the caller
        checks the word (:data:`TEACH_WORDS`) and refuses ``skip`` with nothing shown."""
        if word == "skip":
            self.lessons = self.lessons.skip()
            return []
        self.lessons = self.lessons.switch(word == "on")
        return [_(ON_LINE) if word == "on" else _(OFF_LINE)]

    @property
    def lesson(self) -> str | None:
        """The lesson shown now, in the current language (None: off, nothing new, skipped)."""
        kind = self.lessons.current
        if kind is None or self.syllabus is None:
            return None
        return _(self.syllabus.sentences[kind])
