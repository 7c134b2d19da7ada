"""A module game's result screen as data (``table.companion``): :meth:`ShowsResult.result_sheet`
builds the sheet the toolkit draws (``table/display/result_view.py``) — the heading, each seat's
name, breakdown (the game's ``result_rows``), total and the winners, or for a cooperative game
(``GameDef.utility``) the table's one column — from the two hooks every game writes:
``result_details()`` (per seat the breakdown, with ``total``) and ``result_winners()``.

:class:`ShowsResult` is one of :class:`~table.companion.module.TableModule`'s bases; what it reads
of the module (its mode, title, game key, seat names) is declared here and written there."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from table.companion.gamedef import plays_together
from table.history.readers import BreakdownRow, breakdown_values
from table.history.sheet import ResultSheet, no_result, sheet
from table.i18n import _


class ShowsResult:
    """The result screen's sheet, the same in every module game."""

    title: ClassVar[str]
    result_rows: ClassVar[tuple[BreakdownRow, ...]]
    mode: str
    game: str

    @abstractmethod
    def seat_title(self, seat: int) -> str:
        raise NotImplementedError

    def result_sheet(self) -> ResultSheet:
        """The result as data: each seat's name, breakdown (:attr:`result_rows`), total, winner."""
        if self.mode != "result":
            return no_result()
        details = self.result_details()
        heading = _("{game}: final scoring").format(game=_(self.title))
        return sheet(heading, (_(label) for label, _v in self.result_rows),
                     [self.seat_title(s) for s in range(len(details))],
                     [breakdown_values(self.result_rows, d) for d in details],
                     [int(d["total"]) for d in details], self.result_winners(), together=plays_together(self.game))

    @abstractmethod
    def result_details(self) -> list[dict[str, Any]]:
        """Per seat the finished game's breakdown (the record reader's ``details``, with ``total``)."""
        raise NotImplementedError

    @abstractmethod
    def result_winners(self) -> tuple[int, ...]:
        """The seats that won."""
        raise NotImplementedError
