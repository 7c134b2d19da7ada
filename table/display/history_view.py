"""The history screen (the setup screen's History button, key ``H``): personal bests per player,
game and variant, solo marks reached, the last games; ``ROWS_PER_PAGE`` rows a page, paged with
▲ ▼ (the keys up/down, the lid's troughs 1 and 2), Back (escape, confirm) returns to the setup.
The rows come from ``table.history.HistoryBook.summary`` through the controller
(``ctl.history``, ``ctl.history_page``); an empty or damaged history is one line.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion
from table.display.colours import DIM, FG, LIT
from table.display.result_table import draw_table
from table.display.toolkit import BaseView
from table.history.rows import ROWS_PER_PAGE
from table.i18n import _


def draw_game(v: BaseView[Any], surf: pygame.Surface, sheet: Any) -> None:
    """The history's game view: a stored game as every game's result shows it (its heading,
    each seat's breakdown, the verdict) and Back."""
    v.text(surf, sheet.heading, 24, (v.px(14), v.px(8)), LIT, bold=True, max_w=v.w - v.px(28))
    bh = v.px(46)
    draw_table(v, surf, sheet, pygame.Rect(0, v.px(46), v.w, v.h - v.px(46) - bh - v.px(52)))
    v.text(surf, sheet.verdict, 22, (v.px(14), v.h - bh - v.px(40)), LIT, bold=True, max_w=v.w - v.px(28))
    v.button(surf, pygame.Rect(v.px(8), v.h - bh - v.px(6), v.px(150), bh), _("◂ Back"), "hist:back", size=20)


def draw_history(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The history screen: personal bests, solo marks, the last games, a page at a time (a game's
    row is a touch target, ``hist:game:<id>``, opening the game's view: :func:`draw_game`)."""
    if ctl.history_game is not None:
        draw_game(v, surf, ctl.history_game)
        return
    summary = ctl.history
    if summary is None:  # the history is not open
        return
    page = max(0, min(ctl.history_page, summary.pages - 1))
    v.text(surf, _("History"), 30, (v.px(14), v.px(6)), bold=True)
    if summary.pages > 1:
        v.text(surf, _("page {n} of {pages}").format(n=page + 1, pages=summary.pages), 18,
               (v.w - v.px(14), v.px(14)), DIM, anchor="topright")
    top, bottom = v.px(50), v.h - v.px(56)
    rh = (bottom - top) // ROWS_PER_PAGE
    for i, row in enumerate(summary.page(page)):
        y = top + i * rh + rh // 2
        if row.kind == "head":
            v.text(surf, row.text, 20, (v.px(14), y), LIT, bold=True, anchor="midleft", max_w=v.w - v.px(28))
        else:
            v.text(surf, row.text, 18, (v.px(30), y), FG if row.kind == "row" else DIM, anchor="midleft",
                   max_w=v.w - v.px(44))
            if row.gid is not None:  # the game's view on a touch
                v.targets.append((pygame.Rect(v.px(24), top + i * rh, v.w - v.px(38), rh), f"hist:game:{row.gid}"))
    bh, bw = v.px(46), v.px(150)
    v.button(surf, pygame.Rect(v.px(8), v.h - bh - v.px(6), bw, bh), _("◂ Back"), "hist:back", size=20)
    if summary.pages > 1:
        v.button(surf, pygame.Rect(v.w - 2 * bw - v.px(16), v.h - bh - v.px(6), bw, bh), "▲", "hist:prev",
                 size=22, colour=None if page > 0 else (30, 34, 40))
        v.button(surf, pygame.Rect(v.w - bw - v.px(8), v.h - bh - v.px(6), bw, bh), "▼", "hist:next", size=22,
                 colour=None if page < summary.pages - 1 else (30, 34, 40))
