"""Who is done on the phones, as the lid shows it: public, never a value.

While seats choose in secret on their phones (Zankapfel's discord, Waldgärtner's dice) or fill
their own score pads (Applejack, Draft Cider, Waldgärtner ``pad=end``), the lid shows who has
chosen or is done and who is still at it (``table/display/phones_strip.py``; in text mode one
line when it changes). :class:`Progress` is what the door hands the lid: the kind of wait and,
per seat, its name and whether it is done — never what it chose or entered. It imports no pygame:
the strip draws it, the terminal prints :meth:`Progress.line`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from table.i18n import _

CHOOSE = "choose"
"""Seats choosing in secret: "chosen ✓" / "choosing…"."""
PAD = "pad"
"""Seats filling their own score pad: "done ✓" / "entering…"."""


@dataclass(frozen=True)
class Progress:
    """``kind`` (:data:`CHOOSE` or :data:`PAD`) and per seat (0-based ``seat``, its ``name`` on
    the lid, ``done``), in seat order."""

    kind: str
    seats: tuple[tuple[int, str, bool], ...]
    doubled: tuple[tuple[int, str], ...] = ()
    """(seat, name) of each seat a second phone asks for (a seat is one phone: ``seatphones.py``)."""

    def lead(self) -> str:
        """The strip's first word."""
        return _("Phones:")

    def chips(self, level: int) -> list[tuple[str, bool]]:
        """Each seat's words at ``level`` (0: "Ana: chosen ✓", 1: "Ana ✓", 2: "1 ✓") and whether
        it is done; the lid takes the first level whose chips fit."""
        out = []
        for seat, name, done in self.seats:
            if level == 0 and self.kind == CHOOSE:
                words = _("{seat}: chosen ✓").format(seat=name) if done else \
                    _("{seat}: choosing…").format(seat=name)
            elif level == 0:
                words = _("{seat}: done ✓").format(seat=name) if done else _("{seat}: entering…").format(seat=name)
            else:
                who = name if level == 1 else str(seat + 1)
                words = f"{who} ✓" if done else f"{who} …"
            out.append((words, done))
        for seat, name in self.doubled:
            words = _("{seat}: two phones").format(seat=name) if level == 0 else \
                f"{name if level == 1 else seat + 1} ×2"
            out.append((words, False))
        return out

    def line(self) -> str:
        """The terminal's line: "Phones: Seat 1: chosen ✓ · Seat 3: choosing…"."""
        return f"{self.lead()} " + " · ".join(words for words, _done in self.chips(0))


def progress_of(kind: str, seats: list[tuple[int, bool]], name: Callable[[int], str],
                doubled: list[int] | None = None) -> Progress | None:
    """A desk's ``(kind, [(seat, done)…])`` with each seat's name (``name(seat)``), and the seats a
    second phone asks for; None when there is nothing to show."""
    two = tuple((int(s), str(name(s))) for s in doubled or ())
    if kind not in (CHOOSE, PAD) or not seats:
        return Progress(CHOOSE, (), two) if two else None
    return Progress(kind, tuple((int(s), str(name(s)), bool(d)) for s, d in sorted(seats)), two)
