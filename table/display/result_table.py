"""The result's table, drawn the same for every game (the result screen, ``result_view``, and the
history's game view, ``history_view``): a column per seat — its badge and name on top, the
breakdown's values, the total — the winners' columns lit; the breakdown's labels on the left. A
cooperative game's sheet (``together``) is one column, the table's, without a seat badge.
Sizes are of the 800×480 design, scaled by the view (``v.px``).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import DIM, FG, LIT, PANEL
from table.display.toolkit import BaseView
from table.i18n import _

WON_FILL = (70, 60, 10)
"""A winner's column."""
LABEL_W = 190
"""The breakdown's label column (design px)."""


def shown_labels(sheet: Any) -> list[tuple[str, bool]]:
    """The label column as drawn: each breakdown label capitalised, then the total's in bold."""
    return [*((lab[:1].upper() + lab[1:], False) for lab in sheet.labels), (_("Total"), True)]


def label_width(v: BaseView[Any], labels: list[tuple[str, bool]], size: float, seats: int) -> int:
    """The label column: as wide as the longest label at ``size`` needs (long batch names) —
    measured as it is drawn, (text, bold) — at least :data:`LABEL_W`'s share, leaving each of the
    ``seats`` columns 50 px of the design (on the 3.5" screen a total of two digits at the
    readable 23 px)."""
    need = max((v.fonts.width(label, max(v.px(size), v.read_px), bold) for label, bold in labels),
               default=0) + v.px(20)
    return max(min(v.px(LABEL_W), need), min(need, v.w - v.px(12) - seats * v.px(50)))


def draw_table(v: BaseView[Any], surf: pygame.Surface, sheet: Any, area: pygame.Rect) -> None:
    """The breakdown: rows = the seat's name, each label, the total; a column per seat."""
    rows = len(sheet.labels) + 2
    rh = area.h // rows
    size = max(14.0, min(24.0, rh / v.s * 0.62))
    n = max(1, len(sheet.seats))
    labels = shown_labels(sheet)
    label_w = label_width(v, labels, size, n)
    cw = (v.w - label_w - v.px(12)) // n
    for i, (label, bold_label) in enumerate(labels):  # one style, measured as drawn (label_width)
        y = area.y + (i + 1) * rh + rh // 2
        v.text(surf, label, size, (v.px(12), y), FG if bold_label else DIM, anchor="midleft",
               bold=bold_label, max_w=label_w - v.px(16))
    r = max(3, min(rh // 2 - 3, v.px(14)))
    badge = not sheet.together and all(  # names too long beside their badges go without (480×320)
        v.fonts.width(seat.name, max(v.px(size), v.read_px), True) <= cw - 4 - 2 * r - v.px(14) for seat in sheet.seats)
    bold = all(v.fonts.width(seat.name, max(v.px(size), v.read_px), True) <= cw - 4 - v.px(8)
               for seat in sheet.seats)  # and in regular weight where bold is still too wide
    for k, seat in enumerate(sheet.seats):
        col = pygame.Rect(label_w + k * cw + 2, area.y, cw - 4, rh * rows)
        pygame.draw.rect(surf, WON_FILL if seat.winner else PANEL, col, border_radius=v.px(8))
        if seat.winner:
            pygame.draw.rect(surf, LIT, col, v.px(3), border_radius=v.px(8))
        if badge:
            v.seat_badge(surf, seat.seat, (col.x + v.px(6) + r, area.y + rh // 2), r)
        name_x = col.x + (v.px(10) + 2 * r if badge else v.px(4))
        v.text(surf, seat.name, size, (name_x, area.y + rh // 2), LIT if seat.winner else FG,
               bold=bold, anchor="midleft", max_w=col.right - name_x - v.px(4))
        for i, value in enumerate([*seat.values, str(seat.total)]):
            total = i == len(seat.values)
            v.text(surf, value, size * (1.3 if total else 1), (col.centerx, area.y + (i + 1) * rh + rh // 2),
                   LIT if total and seat.winner else FG if value not in ("0", "") else DIM, bold=total,
                   anchor="center", max_w=cw - v.px(4), max_h=rh)
