"""What every Applejack screen draws with beyond the toolkit: each seat's badge in its colour with
its symbol, the rows of a final scoring table (the result screen's and the demo's), the board path
with the die on it (drawn once per game and cached) and a tracked tile's lines by what it prints
(the play screens of every size: ``screens.py``, the 3.5" HAT's ``play_small.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from table.display.colours import DIM, FG, LIT, PANEL, WARN, hex_colour
from table.display.fonts import Fonts
from table.display.shapes import draw_die, draw_mark, draw_variety
from table.display.toolkit import BaseView
from table.games.applejack import tilefaces as tiles
from table.games.applejack.companion.api import SEAT_COLOURS, Controller
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.view.board import path_layout, path_positions
from table.i18n import N_, _

if TYPE_CHECKING:
    from table.games.applejack.rules.track import Track

SCORE_LABELS: tuple[str, ...] = (N_("Harvest ×2"), N_("Varieties"), N_("Blossoms"), N_("Honey"), N_("Total"))
"""The rows of a final scoring table (the result screen and the demo's)."""


class ApplejackBase(BaseView[Controller]):
    """The toolkit with Applejack's seats: its setup names them in their cells (no Names page)."""

    names_page = False

    def __init__(self, size: tuple[int, int], fonts: Fonts | None = None) -> None:
        super().__init__(size, fonts)
        self._board_cache: dict[tuple[object, ...], pygame.Surface] = {}

    def seat_badge(self, surf: pygame.Surface, seat: int, c: tuple[int, int], r: int) -> None:
        col = hex_colour(SEAT_COLOURS[seat])
        pygame.draw.circle(surf, col, c, r)
        draw_mark(surf, SEAT_SYMBOLS[seat], c, r * 0.62, FG, (0, 0, 0))

    # --- the board path and the tiles (the play screens at every size) ----------------------------
    def board_surface(self, track: Track, ctl: Controller, w: int, h: int) -> pygame.Surface:
        key = (track.config, w, h)
        surf = self._board_cache.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface((w, h))
        surf.fill(PANEL)
        pos, r, apples = path_layout(track.apples, w, h, self.px(24))
        for i in range(len(pos) - 1):
            pygame.draw.line(surf, DIM, pos[i], pos[i + 1], max(2, round(r) // 5))
        for i, space in enumerate(track.board.spaces):
            c = pos[i]
            if space.seat is None:  # innermost with a bridge: blossom scoring and back to the start
                draw_mark(surf, "star", c, r, (250, 190, 220), FG)
            else:
                col = hex_colour(SEAT_COLOURS[space.seat])
                pygame.draw.circle(surf, col, c, r)
                draw_mark(surf, SEAT_SYMBOLS[space.seat], c, r * 0.55, FG)
        for v, centre, ra in apples:
            var = self._var(ctl, v)
            draw_variety(surf, var[0], var[1], centre, ra)
        self._board_cache = {key: surf}
        return surf

    def _var(self, ctl: Controller, v: int) -> tuple[str, str]:
        var = ctl.data.varieties[v]
        return var.colour, var.mark

    def draw_board(self, surf: pygame.Surface, ctl: Controller, board_rect: pygame.Rect) -> pygame.Rect:
        """The board path in ``board_rect`` with the die on it (and a cross where the sensor sees
        it, when that is wrong); returns ``board_rect``."""
        t = ctl.t
        die_space, die_pips = ctl.shown_die()
        surf.blit(self.board_surface(t, ctl, board_rect.w, board_rect.h), board_rect)
        n = len(t.board.spaces)
        pos = path_positions(n, board_rect.w, board_rect.h)
        c = pos[die_space - 1]
        d = self.px(36)
        die_rect = pygame.Rect(0, 0, d, d)
        die_rect.center = (board_rect.x + c[0], board_rect.y + c[1])
        pygame.draw.circle(surf, LIT, die_rect.center, round(d * 0.85), self.px(4))
        draw_die(surf, die_rect, die_pips)
        if ctl.die_wrong() and ctl.die_seen is not None and 1 <= ctl.die_seen <= n:
            wc = pos[ctl.die_seen - 1]
            wx, wy = board_rect.x + wc[0], board_rect.y + wc[1]
            pygame.draw.line(surf, WARN, (wx - d // 2, wy - d // 2), (wx + d // 2, wy + d // 2), self.px(6))
            pygame.draw.line(surf, WARN, (wx - d // 2, wy + d // 2), (wx + d // 2, wy - d // 2), self.px(6))
        return board_rect

    def tile_lines(self, ctl: Controller, on: list[int], w: int) -> list[list[str]]:
        """Each tile of ``on`` as the lines that say what it shows (``tiles.parts``, as many as
        fit ``w`` px at the readable size on a line, a part never broken)."""
        px = max(self.px(18), self.read_px)
        comma = _(", ")
        out = []
        for tile in on:
            lines: list[str] = []
            for part in tiles.parts(ctl.data, tile):
                if lines and self.fonts.width(lines[-1] + comma + part, px) <= w:
                    lines[-1] += comma + part
                else:  # a part wider than the line ("2 blossoms" on the 3.5" HAT): broken at its spaces
                    lines += self.break_lines(part, px, False, w)
            out.append(lines)
        return out
