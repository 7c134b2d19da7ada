"""The result's table, drawn the same for every game (the result screen, ``result_view``, and the
history's game view, ``history_view``): a column per seat — its badge and name on top, the
breakdown's values, the total — the winners' columns lit; the breakdown's labels on the left. A
cooperative game's sheet (``together``) is one column, the table's, without a seat badge.
Sizes are of the 800×480 design, scaled by the view (``v.px``).

Where the rows do not all stand at the readable line height (the 3.5" screen, 2.5 mm capitals)
the table shows less: it is split into pages (:func:`table_pages`, drawn by ``page``), each with
the names on top; the first page has the total first, then the breakdown's rows as they fit. Where
the label column would leave the seats' columns too narrow for their names, each row's label
stands on its own line above its values (``stacked``), across the whole width.
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


def row_px(v: BaseView[Any]) -> int:
    """The least height of a row: a line at the readable size, bold (px)."""
    return int(v.fonts.font(v.read_px, True).get_linesize()) + 2


def _stacked(v: BaseView[Any], sheet: Any) -> bool:
    """Whether the label column would leave a seat's column too narrow for its name (or a label
    too narrow for its words): the labels then stand above their values."""
    n = max(1, len(sheet.seats))
    labels = shown_labels(sheet)
    label_w = label_width(v, labels, 14, n)
    cw = (v.w - label_w - v.px(12)) // n
    widest_label = max((v.fonts.width(label, v.read_px, bold) for label, bold in labels), default=0)
    return (widest_label > label_w - v.px(16)
            or any(v.fonts.width(seat.name, v.read_px, False) > cw - 4 - v.px(10) for seat in sheet.seats)
            or any(v.fonts.width(value, v.read_px, False) > cw - v.px(4) for seat in sheet.seats
                   for value in seat.values))


def _paged(v: BaseView[Any], sheet: Any, area_h: int) -> tuple[bool, int] | None:
    """None when every row stands at the readable height in ``area_h`` beside its label; else
    (stacked, rows of the items — the total first, then the labels — a page holds)."""
    stacked = v.small and _stacked(v, sheet)  # the 7" screens' columns have the room
    if area_h // (len(sheet.labels) + 2) >= row_px(v) and not stacked:
        return None
    slots = max(3, area_h // row_px(v)) - _name_rows(v, sheet, stacked)  # the names on every page
    return stacked, max(1, slots // (2 if stacked else 1))


def _widths(v: BaseView[Any], sheet: Any, stacked: bool) -> tuple[int, int]:
    """A page's label column and each seat's column (px)."""
    n = max(1, len(sheet.seats))
    label_w = v.px(12) if stacked else label_width(v, shown_labels(sheet), 14, n)
    return label_w, (v.w - label_w - v.px(12)) // n


def _name_rows(v: BaseView[Any], sheet: Any, stacked: bool) -> int:
    """How many lines a page's names take: 2 where a name is wider than its column (it wraps)."""
    _label_w, cw = _widths(v, sheet, stacked)
    return 1 if all(v.fonts.width(seat.name, v.read_px, False) <= cw - 4 - v.px(10) for seat in sheet.seats) else 2


def table_pages(v: BaseView[Any], sheet: Any, area_h: int) -> int:
    """How many pages the table takes in ``area_h`` pixels of height (1: it fits whole)."""
    paged = _paged(v, sheet, area_h)
    return 1 if paged is None else -(-(len(sheet.labels) + 1) // paged[1])


def draw_table(v: BaseView[Any], surf: pygame.Surface, sheet: Any, area: pygame.Rect, page: int = 0) -> None:
    """The breakdown: rows = the seat's name, each label, the total; a column per seat (page
    ``page`` of :func:`table_pages` where it does not fit whole)."""
    paged = _paged(v, sheet, area.h)
    if paged is not None:
        _draw_page(v, surf, sheet, area, page % table_pages(v, sheet, area.h), *paged)
        return
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
    _columns(v, surf, sheet, area, rh, rows, size, label_w, cw, [(i, i + 1) for i in range(rows - 1)])


def _draw_page(v: BaseView[Any], surf: pygame.Surface, sheet: Any, area: pygame.Rect, page: int, stacked: bool,
               per: int) -> None:
    """One page of a table too tall for ``area``: the names, then ``per`` of the items (the
    total first, then the labels), each label beside its values or (``stacked``) above them."""
    labels = shown_labels(sheet)
    items = [len(labels) - 1, *range(len(labels) - 1)][page * per:(page + 1) * per]  # indexes into labels
    rh = row_px(v)
    row = _name_rows(v, sheet, stacked)
    rows = row + len(items) * (2 if stacked else 1)
    label_w, cw = _widths(v, sheet, stacked)
    placed = []
    for i in items:
        label, bold_label = labels[i]
        if stacked:  # the label across the whole width, its values on the row below
            v.text(surf, label, 14, (v.px(12), area.y + row * rh + rh // 2), FG if bold_label else DIM,
                   anchor="midleft", bold=bold_label, max_w=v.w - v.px(24))
            row += 1
        else:
            v.text(surf, label, 14, (v.px(12), area.y + row * rh + rh // 2), FG if bold_label else DIM,
                   anchor="midleft", bold=bold_label, max_w=label_w - v.px(16))
        placed.append((i, row))
        row += 1
    _columns(v, surf, sheet, area, rh, rows, 14, label_w, cw, placed, shade=not stacked,
             name_rows=_name_rows(v, sheet, stacked))


def _columns(v: BaseView[Any], surf: pygame.Surface, sheet: Any, area: pygame.Rect, rh: int, rows: int,
             size: float, label_w: int, cw: int, placed: list[tuple[int, int]], *, shade: bool = True,
             name_rows: int = 1) -> None:
    """The seats' columns: each one's badge and name on the top row (``name_rows`` 2: the name
    wrapped onto two), then at each (label index, row) of ``placed`` its value (the last label:
    the total, bold); lit for the winners. ``shade``: each column on its own panel (False: the
    stacked labels cross them, the panel is the names')."""
    r = max(3, min(rh // 2 - 3, v.px(14)))
    badge = not sheet.together and all(  # names too long beside their badges go without (480×320)
        v.fonts.width(seat.name, max(v.px(size), v.read_px), True) <= cw - 4 - 2 * r - v.px(14) for seat in sheet.seats)
    bold = all(v.fonts.width(seat.name, max(v.px(size), v.read_px), True) <= cw - 4 - v.px(8)
               for seat in sheet.seats)  # and in regular weight where bold is still too wide
    for k, seat in enumerate(sheet.seats):
        col = pygame.Rect(label_w + k * cw + 2, area.y, cw - 4, rh * (rows if shade else name_rows))
        pygame.draw.rect(surf, WON_FILL if seat.winner else PANEL, col, border_radius=v.px(8))
        if seat.winner:
            pygame.draw.rect(surf, LIT, col, v.px(3), border_radius=v.px(8))
        if badge:
            v.seat_badge(surf, seat.seat, (col.x + v.px(6) + r, area.y + rh // 2), r)
        name_x = col.x + (v.px(10) + 2 * r if badge else v.px(4))
        if name_rows > 1:
            v.wrapped(surf, seat.name, size, (name_x, area.y + 1), col.right - name_x - v.px(4),
                      LIT if seat.winner else FG, max_lines=name_rows, min_size=0)
        else:
            v.text(surf, seat.name, size, (name_x, area.y + rh // 2), LIT if seat.winner else FG,
                   bold=bold, anchor="midleft", max_w=col.right - name_x - v.px(4))
        values = [*seat.values, str(seat.total)]
        for i, row in placed:
            value, total = values[i], i == len(seat.values)
            v.text(surf, value, size * (1.3 if total else 1), (col.centerx, area.y + row * rh + rh // 2),
                   LIT if total and seat.winner else FG if value not in ("0", "") else DIM, bold=total,
                   anchor="center", max_w=cw - v.px(4), max_h=rh)
