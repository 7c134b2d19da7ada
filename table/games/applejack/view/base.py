"""What every Applejack screen draws with beyond the toolkit: each seat's badge in its colour with
its symbol, the rows of a final scoring table (the result screen's and the demo's)."""

from __future__ import annotations

import pygame

from table.display.colours import FG, hex_colour
from table.display.shapes import draw_mark
from table.display.toolkit import BaseView
from table.games.applejack.companion.api import SEAT_COLOURS, Controller
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.i18n import N_

SCORE_LABELS: tuple[str, ...] = (N_("Harvest ×2"), N_("Varieties"), N_("Blossoms"), N_("Honey"), N_("Total"))
"""The rows of a final scoring table (the result screen and the demo's)."""


class ApplejackBase(BaseView[Controller]):
    """The toolkit with Applejack's seats: its setup names them in their cells (no Names page)."""

    names_page = False

    def seat_badge(self, surf: pygame.Surface, seat: int, c: tuple[int, int], r: int) -> None:
        col = hex_colour(SEAT_COLOURS[seat])
        pygame.draw.circle(surf, col, c, r)
        draw_mark(surf, SEAT_SYMBOLS[seat], c, r * 0.62, FG, (0, 0, 0))
