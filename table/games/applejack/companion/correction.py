"""Corrections: the correction screen's working copy of the table (die, troughs, supply) and
the ``fix-…`` actions its differences become."""

from __future__ import annotations

from dataclasses import dataclass

from table.i18n import _


@dataclass
class Correction:
    """The correction screen's working copy; ``confirm`` turns the differences into fix-* actions."""

    space: int
    pips: int
    troughs: list[int]
    supply: int
    cursor: int = 0  # 0 die space, 1 die pips, 2..8 troughs 1..7, 9 supply

    FIELDS = 10

    def label(self, i: int) -> str:
        if i == 0:
            return _("Die space")
        if i == 1:
            return _("Die pips")
        if i <= 8:
            return _("Trough {trough}").format(trough=i - 1)
        return _("Supply")

    def value(self, i: int) -> int:
        if i == 0:
            return self.space
        if i == 1:
            return self.pips
        if i <= 8:
            return self.troughs[i - 2]
        return self.supply

    def adjust(self, i: int, delta: int, spaces: int) -> None:
        if i == 0:
            self.space = (self.space - 1 + delta) % spaces + 1
        elif i == 1:
            self.pips = min(3, max(1, self.pips + delta))
        elif i <= 8:
            self.troughs[i - 2] = max(0, self.troughs[i - 2] + delta)
        else:
            self.supply = max(0, self.supply + delta)
