"""The result's table (``table/display/result_table.py``) measures its labels as it draws them:
capitalised, the total's in bold — a label measured lower-case and plain was cut ("Gesamt" at
480×320 with eight seats)."""

import pygame
import pytest

from table.display.result_table import draw_table, shown_labels, table_pages
from table.display.toolkit import BaseView
from table.history.sheet import sheet
from table.i18n import _, using
from tests.display.fit import fit_problems

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("seats", [2, 5, 8])
@pytest.mark.parametrize("words", ["short", "long"])
def test_no_label_is_cut_at_the_smallest_size(lang, seats, words):
    """Short labels: the total's (bold) is the longest and sets the column; long ones: a label."""
    with using(lang):
        labels = ["ab", "dice"] if words == "short" else [_("harvests"), _("cards"), "colours matched", "wwwwwwww"]
        result = sheet("Result", labels, [f"P{s + 1}" for s in range(seats)], [[1] * len(labels)] * seats,
                       [10] * seats, [0])
        view = BaseView((480, 320))
        drawn = {}
        area = pygame.Rect(0, 40, 480, 200)
        for page in range(table_pages(view, result, area.h)):  # a table too tall: its pages in turn
            view.drawn = []
            draw_table(view, pygame.Surface((480, 320)), result, area, page)
            drawn |= {d.text: d for d in view.drawn}
            assert not fit_problems(view.drawn, view.targets, (480, 320), strict=True), (seats, page)
        for label, _bold in shown_labels(result):
            assert label in drawn and not drawn[label].clipped, (label, seats)


def test_a_cooperative_sheet_is_the_tables_one_column_and_says_together():
    with using("en"):
        won = sheet("Result", ["rolls"], ["Ada", "Bo", "Cy"], [[3]] * 3, [7] * 3, [0, 1, 2], together=True)
        lost = sheet("Result", ["rolls"], ["Ada", "Bo", "Cy"], [[3]] * 3, [7] * 3, [], together=True)
    assert [s.name for s in won.seats] == ["The table"] and won.seats[0].winner and not lost.seats[0].winner
    assert won.verdict == "The table won together"
    assert lost.verdict == "The table lost together"
    assert won.lines()[1:] == ["  The table: 7 points (rolls 3)", won.verdict]
