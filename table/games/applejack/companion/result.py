"""Applejack's result as data for every game's result screen (``table/display/result_view.py``):
the score pad's lines per seat and the winners (a solo game: the rulebook's marks instead).
:func:`result_sheet` is what the controller's ``result_sheet`` returns on the result screen."""

from __future__ import annotations

from collections.abc import Sequence

from table.games.applejack.labels import solo_words
from table.games.applejack.record_reader import ROWS, breakdown_dict
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING, ScoreBreakdown
from table.history.readers import breakdown_values
from table.history.sheet import ResultSheet, sheet
from table.i18n import _


def result_sheet(res: Sequence[ScoreBreakdown], winners: tuple[int, ...], names: Sequence[str]) -> ResultSheet:
    """The result as data: the score pad's lines per seat (``names``: each seat's player or label),
    the winners (a solo game: the rulebook's marks)."""
    details = [breakdown_dict(b) for b in res]
    if len(res) == 1:
        return sheet(_("Solo result · goal {goal}, outstanding {outstanding}").format(
            goal=SOLO_GOAL, outstanding=SOLO_OUTSTANDING), (_(label) for label, _v in ROWS), names,
            [breakdown_values(ROWS, details[0])], [res[0].total], (), verdict=solo_words(res[0].total))
    heading = _("Final scoring  — a tie!") if len(winners) > 1 else _("Final scoring")
    return sheet(heading, (_(label) for label, _v in ROWS), names, [breakdown_values(ROWS, d) for d in details],
                 [b.total for b in res], winners)
