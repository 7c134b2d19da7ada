"""The result's QR code page (the result screen's **QR code ▸** button, every game): the code
of BG Stats' import link (``table.history.book.Book.result_qr``) over the screen's whole height
on the left, what it is, each seat's total and **◂ Back** in the column on the right.

All sizes are of the 800×480 design, scaled by the view (``v.px``).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion
from table.display.colours import DIM, FG, LIT, WARN
from table.display.players_view import draw_qr
from table.display.toolkit import BaseView
from table.i18n import _


def draw_qr_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, sheet: Any) -> None:
    """The QR code page (the result's ``qr`` button): the code over the screen's whole height on
    the left, a whole number of pixels a module (``players_view.qr_edges``: 4 or more on the 7"
    screens); on the right, under the help button's corner, what it is, each seat's total (what
    the code carries) and Back at the bottom; the history id and size where they fit (issue 33)."""
    qr = ctl.result_qr()
    margin = v.px(6)
    side = v.h - 2 * margin
    x = v.px(14)
    if qr.matrix:
        x = draw_qr(surf, qr.matrix, pygame.Rect(margin, margin, side, side)).right + v.px(12)
    w = v.w - x - v.px(8)
    back = pygame.Rect(x, v.h - margin - v.tap(60), min(w, max(v.px(200), v.touch_px)), v.tap(60))
    v.button(surf, back, _("◂ Back"), "qr", size=22)
    y = v.help_corner().bottom + v.px(6)  # the column starts under the "?": nothing over the heading
    bottom = back.y - v.px(6)
    if qr.problem:
        v.wrapped(surf, qr.problem, 22, (x, y), w, WARN, max_lines=max(1, (bottom - y) // _line(v)))
        return
    heading = _("Scan to import this play into a statistics app (BG Stats)")
    y = v.wrapped(surf, heading, 20, (x, y), w, FG, bold=True, max_lines=99)
    seats = [(f"{seat.name}: {seat.total}", seat.winner) for seat in sheet.seats]
    need = sum(v.wrapped_height(line, 18, w) for line, _won in seats)
    info = _("History game {gid} · {size} bytes · no network needed").format(gid=qr.gid, size=qr.size)
    if y + v.px(8) + v.wrapped_height(info, 18, w) + v.px(8) + need <= bottom:  # what is left out first
        y = v.wrapped(surf, info, 18, (x, y + v.px(8)), w, DIM, max_lines=99)
    y += v.px(8)
    for line, won in seats:  # each seat on its own lines (a long name wraps, never over the next)
        if y + v.wrapped_height(line, 18, w) > bottom:
            break
        y = v.wrapped(surf, line, 18, (x, y), w, LIT if won else FG, max_lines=99)


def _line(v: BaseView[Any]) -> int:
    """A read line's height at the readable size (px)."""
    return int(v.fonts.font(v.read_px).get_linesize())
