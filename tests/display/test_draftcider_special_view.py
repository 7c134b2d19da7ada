"""Draft Cider's screen (issue 20): a batch where the card would cost the seat's Special tree its
+20 is drawn in another colour (WARN, not the lit yellow) and says the price in its box."""

import pygame
import pytest

from table.display.colours import LIT, WARN
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.view import DraftCiderView

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_the_batches_that_cost_the_gold_tree_are_edged_in_warn_and_bad_stays_lit():
    ctl = DraftCiderCompanion()
    for line in ("setup players=2 pad=live", "start", "pick seat 1 gold h1 s1 special", "pick seat 2 red h1 s1 bad",
                 "card gold h2 s1"):
        ctl.do(line)
    surf = pygame.Surface((800, 480))
    DraftCiderView((800, 480)).draw(surf, ctl)
    # the 4×2 grid at 800×480: boxes 191 px wide, 115 high, 6 apart, from (8, 40); edges 3 px
    monochrome_edge = surf.get_at((9, 100))[:3]
    bad_edge = surf.get_at((8 + 3 * 197 + 1, 40 + 121 + 60))[:3]
    assert tuple(monochrome_edge) == WARN and tuple(bad_edge) == LIT
