"""Applejack's result as data for every game's result screen (``table/display/result_view.py``):
the score pad's lines per seat and the winners (a solo game: the rulebook's marks instead)."""

from __future__ import annotations

from typing import Any

from table.games.applejack.companion.base import ControllerBase, Mode
from table.games.applejack.labels import solo_words
from table.games.applejack.record_reader import ROWS, breakdown_dict
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.history.readers import breakdown_values
from table.history.sheet import ResultSheet, no_result, sheet
from table.i18n import _


class ResultJob(ControllerBase):
    """The controller's result sheet."""

    player_name: Any
    seat_label: Any

    def result_sheet(self) -> ResultSheet:
        """The result as data (every game's result screen, table/display/result_view.py): the
        score pad's lines per seat, the winners (a solo game: the rulebook's marks)."""
        if self.mode != Mode.RESULT or not self.results:
            return no_result()
        res = self.results
        details = [breakdown_dict(b) for b in res]
        names = [self.player_name(s) or self.seat_label(s) for s in range(len(res))]
        if len(res) == 1:
            return sheet(_("Solo result · goal {goal}, outstanding {outstanding}").format(
                goal=SOLO_GOAL, outstanding=SOLO_OUTSTANDING), (_(label) for label, _v in ROWS), names,
                [breakdown_values(ROWS, details[0])], [res[0].total], (), verdict=solo_words(res[0].total))
        heading = _("Final scoring  — a tie!") if len(self.winners) > 1 else _("Final scoring")
        return sheet(heading, (_(label) for label, _v in ROWS), names, [breakdown_values(ROWS, d) for d in details],
                     [b.total for b in res], self.winners)
