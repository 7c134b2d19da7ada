"""Announcements of the module games (Zankapfel, Draft Cider, Waldgärtner), the shell's share of
what Applejack's ``Controller.pending`` does: something the companion tells the table, shown in
the toolkit's announcement panel (``table.display.announce_panel``), printed as a line in text
mode and said with ``--speak``.

An :class:`Announcement` either **waits** (the table must do something — deal the next phase's
cards, move the pawns, put cubes out — and CONFIRM says it is done) or **passes** (said once; no
CONFIRM). Its words are kept as a callable so a language change tells it again
(:meth:`Announcement.retold`).

The queue (:class:`AnnouncementQueue`) is pure: no clock, no I/O. A module pushes the
announcements of one command with :meth:`AnnouncementQueue.step`; the waiting ones of the command
before pass then (the table went on, so it did what was asked). CONFIRM on a waiting one is the
journalled command ``ack`` (as in Applejack), so replaying the journal rebuilds the same queue.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from table.i18n import N_, _, ngettext

ACK = "ack"
"""The journalled command CONFIRM means while an announcement waits (Applejack's word too)."""


CONFIRM_ONLY_ACKNOWLEDGES = N_("Done ✓ only acknowledges this; next: {asked}")
"""The panel's line under a waiting announcement: CONFIRM does not do what it means in the game
(lay, plant …) but says the announcement is done; the lid's other buttons and a typed command
pass it and act at once (issue 33)."""
CONFIRM_ONLY_ACKNOWLEDGES_SHORT = N_("Done ✓ only acknowledges this")
"""The same where what is asked next is too long for the panel."""


def confirm_notes(queue: AnnouncementQueue, asked: str) -> tuple[str, str]:
    """What the panel says CONFIRM does while an announcement of ``queue`` waits: (with ``asked``,
    what the table is asked next, without it); ("", "") when nothing waits."""
    if queue.head is None:
        return "", ""
    short = _(CONFIRM_ONLY_ACKNOWLEDGES_SHORT)
    return (_(CONFIRM_ONLY_ACKNOWLEDGES).format(asked=asked) if asked else short), short


class Announced(str):
    """A log line that is an announcement: the same text (equal to it, written the same to a
    journal or a fixture), marked so speech says it even when more lines follow it
    (``table.companion.speech.Speaker.say_all``)."""

    __slots__ = ()


class Told(Announced):
    """An announcement's line the game itself did not say (added by :func:`mark_lines`: Zankapfel's
    discord results, which the engine settles silently)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Announcement:
    """Something the companion tells the table. ``kind``: the game's word for it (``phase``,
    ``round``, ``discord``, ``bloom``, ``fee`` …; teach mode's lessons are keyed by it); ``title``:
    the panel's heading, an untranslated ``N_()`` message (translated when drawn); ``text``: the
    words in the language in force when it was made; ``waits``: the table must act and CONFIRM
    says it is done; ``words`` makes ``text`` again in the language in force."""

    kind: str
    title: str
    text: str
    waits: bool = True
    words: Callable[[], str] | None = field(default=None, compare=False, repr=False)

    def retold(self) -> Announcement:
        """The same announcement in the current language (after the language was changed)."""
        return self if self.words is None else replace(self, text=self.words())

    def named(self, namer: Callable[[str], str]) -> Announcement:
        """The same announcement with its seats said by ``namer`` (the module's ``named_line``:
        ``Seat 2`` → the player's name), now and whenever it is told again."""
        told = self.words
        return replace(self, text=namer(self.text),
                       words=None if told is None else (lambda: namer(told())))


def announcement(kind: str, title: str, words: Callable[[], str], *, waits: bool = True) -> Announcement:
    """An announcement told now by ``words`` (kept to tell it again in another language)."""
    return Announcement(kind, title, words(), waits, words)


SETUP_TITLE = N_("Set up")
"""The set-up announcement's panel title (every module game's)."""


def setup_told(players: int, steps: Callable[[], Sequence[str]]) -> Announcement:
    """The table's set-up as the rulebook gives it, waiting for CONFIRM before the game's first
    question (kind ``setup``: teach mode explains it; ``TableModule._setup_told``): "Set up the
    table for N players:", then the game's ``steps()`` (its ``teach.setup_steps``, one line a step,
    asked again when the language changes)."""
    return announcement("setup", SETUP_TITLE, partial(_setup_words, players, steps))


def _setup_words(players: int, steps: Callable[[], Sequence[str]]) -> str:
    head = ngettext("Set up the table for {n} player:", "Set up the table for {n} players:", players).format(n=players)
    return "\n".join([head, *steps()])


class AnnouncementQueue:
    """The announcements waiting for CONFIRM (oldest first) and those of the last command that
    passed (said, not waiting)."""

    def __init__(self) -> None:
        self.waiting: list[Announcement] = []
        self.passed: list[Announcement] = []

    @property
    def head(self) -> Announcement | None:
        """The waiting announcement the panel shows now (None: nothing waits)."""
        return self.waiting[0] if self.waiting else None

    def step(self, new: Sequence[Announcement]) -> None:
        """A game command was applied and told ``new``: what waited before passes (the table went
        on), the new waiting ones queue, the new passing ones are kept as the last said."""
        self.waiting = [a for a in new if a.waits]
        self.passed = [a for a in new if not a.waits]

    def ack(self) -> Announcement:
        """CONFIRM: the head is done (IndexError when nothing waits)."""
        return self.waiting.pop(0)

    def clear(self) -> None:
        """Nothing waits (undo, a new game)."""
        self.waiting, self.passed = [], []

    def retell(self) -> None:
        """Every kept announcement in the current language."""
        self.waiting = [a.retold() for a in self.waiting]
        self.passed = [a.retold() for a in self.passed]


def mark_lines(log: list[str], start: int, told: Sequence[Announcement]) -> None:
    """``told`` in ``log`` from ``start`` on: the line with an announcement's text (its first
    line: the lines under it are said with it) is marked :class:`Announced` (in place, the same
    text); an announcement not said yet is added."""
    for a in told:
        first = a.text.split("\n")[0]
        at = next((i for i in range(start, len(log)) if log[i] == first), None)
        if at is None:
            log.extend([Told(first), *(Told(line) for line in a.text.split("\n")[1:])])
        elif not isinstance(log[at], Announced):  # a Told line (the set-up, said first) stays Told
            log[at] = Announced(log[at])
