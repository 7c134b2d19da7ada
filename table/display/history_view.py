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
from table.display.result_table import draw_table, table_pages
from table.display.toolkit import PAGE, BaseView
from table.history.rows import ROWS_PER_PAGE
from table.i18n import _


def _game_area(v: BaseView[Any], sheet: Any) -> pygame.Rect:
    """Where the history's game view puts the table: under the heading, above the verdict and Back
    (on the 3.5" screen as much as the readable verdict and a 7 mm Back leave)."""
    if not v.small:
        return pygame.Rect(0, v.px(46), v.w, v.h - v.px(46) - v.tap(46) - v.px(52))
    line_h = int(v.fonts.font(max(v.px(22), v.read_px), True).get_linesize())
    turn = max(v.touch_px, v.fonts.width("9/9 ▸", v.read_px, True) + v.px(16)) + v.px(8)
    heading = min(2, len(v.break_lines(sheet.heading, v.read_px, True, v.help_corner().x - v.px(8) - turn
                                       - v.px(14))))
    top = max(v.px(6) + heading * line_h + v.px(4), v.help_corner().bottom + v.px(4))
    bottom = v.h - v.tap(46) - v.px(10) - line_h - v.px(4)
    return pygame.Rect(0, top, v.w, bottom - top)


def game_pages(v: BaseView[Any], ctl: GameCompanion) -> int:
    """How many pages the history's screen of ``ctl`` takes: a game's view, its table's on the
    3.5" screen (``result_table.table_pages``), else the list's (:func:`list_pages`); turned by
    the view's ``PAGE``."""
    sheet = ctl.history_game
    return list_pages(v, ctl) if sheet is None else table_pages(v, sheet, _game_area(v, sheet).h)


def draw_game(v: BaseView[Any], surf: pygame.Surface, sheet: Any, page: int = 0, pages: int = 1) -> None:
    """The history's game view: a stored game as every game's result shows it (its heading,
    each seat's breakdown, the verdict) and Back; page ``page`` of ``pages`` of its table (a
    page button left of the help button when more than one)."""
    corner = v.help_corner()
    right = corner.x - v.px(8)
    if pages > 1:
        label = f"{page % pages + 1}/{pages} ▸"
        turn = pygame.Rect(0, corner.y, max(v.touch_px, v.fonts.width(label, v.read_px, True) + v.px(16)), corner.h)
        turn.right = right
        v.button(surf, turn, label, PAGE, size=20)
        right = turn.x - v.px(8)
    if v.small:  # two lines where one would be cut (the date, the game, the players)
        v.wrapped(surf, sheet.heading, 24, (v.px(14), v.px(6)), right - v.px(14), LIT, bold=True, max_lines=2)
    else:
        v.text(surf, sheet.heading, 24, (v.px(14), v.px(8)), LIT, bold=True, max_w=right - v.px(14))
    bh = v.tap(46)
    area = _game_area(v, sheet)
    draw_table(v, surf, sheet, area, page)
    verdict_y = area.bottom + v.px(2) if v.small else v.h - bh - v.px(40)
    v.text(surf, sheet.verdict, 22, (v.px(14), verdict_y), LIT, bold=True, max_w=v.w - v.px(28))
    v.button(surf, pygame.Rect(v.px(8), v.h - bh - v.px(6), max(v.px(150), v.fonts.width(_("◂ Back"), v.read_px, True)
                                                                 + v.px(20)), bh), _("◂ Back"), "hist:back", size=20)


def _small_list(v: BaseView[Any], rows: Any) -> list[list[tuple[Any, int, int]]]:
    """The 3.5" screen's history list: every row (not the companion's pages of
    ``ROWS_PER_PAGE``) wrapped onto up to three lines at the readable size, a game's row at
    least a touch target tall, in pages that fit between the title and Back: (row, lines,
    height) each."""
    top, bottom = _list_room(v)
    line_h = int(v.fonts.font(v.read_px, False).get_linesize())
    pages: list[list[tuple[Any, int, int]]] = [[]]
    y = top
    for row in rows:
        width = v.w - v.px(28) if row.kind == "head" else v.w - v.px(44)
        lines = min(3, len(v.break_lines(row.text, v.read_px, row.kind == "head", width)))
        tall = lines * line_h + v.px(2)
        if row.gid is not None:
            tall = max(tall, v.touch_px)
        if pages[-1] and y + tall > bottom:
            pages.append([])
            y = top
        pages[-1].append((row, lines, tall))
        y += tall
    return pages


def _list_room(v: BaseView[Any]) -> tuple[int, int]:
    """Where the history list's rows go (top, bottom px): under the title, above Back."""
    return max(v.px(50), v.help_corner().bottom + v.px(2)), v.h - v.tap(46) - v.px(10)


def list_pages(v: BaseView[Any], ctl: GameCompanion) -> int:
    """How many pages the history list takes on the 3.5" screen (the view's own, turned by
    ``PAGE``); elsewhere 1 (the companion's pages, ▲ ▼)."""
    summary = ctl.history
    if summary is None or not v.small:
        return 1
    return len(_small_list(v, summary.rows))


def _draw_small_list(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The history list on the 3.5" screen: "History", a page button ("2/5 ▸") left of the help
    button, the rows of the shown page (a game's row a 7 mm target), Back."""
    assert ctl.history is not None
    pages = _small_list(v, ctl.history.rows)
    page = v.shown_page(ctl) % len(pages)
    corner = v.help_corner()
    right = corner.x - v.px(8)
    if len(pages) > 1:
        label = f"{page + 1}/{len(pages)} ▸"
        turn = pygame.Rect(0, corner.y, max(v.touch_px, v.fonts.width(label, v.read_px, True) + v.px(16)), corner.h)
        turn.right = right
        v.button(surf, turn, label, PAGE, size=20)
        right = turn.x - v.px(8)
    v.text(surf, _("History"), 30, (v.px(14), v.px(6)), bold=True, max_w=right - v.px(14))
    y = _list_room(v)[0]
    for row, lines, tall in pages[page]:
        head = row.kind == "head"
        x = v.px(14) if head else v.px(30)
        width = v.w - v.px(28) if head else v.w - v.px(44)
        line_h = int(v.fonts.font(v.read_px, head).get_linesize())
        v.wrapped(surf, row.text, 20 if head else 18, (x, y + (tall - lines * line_h) // 2), width,
                  LIT if head else FG if row.kind == "row" else DIM, bold=head, max_lines=lines, min_size=0)
        if row.gid is not None:  # the game's view on a touch
            v.targets.append((pygame.Rect(v.px(24), y, v.w - v.px(38), tall), f"hist:game:{row.gid}"))
        y += tall
    bh = v.tap(46)
    v.button(surf, pygame.Rect(v.px(8), v.h - bh - v.px(6), max(v.px(150), v.fonts.width(_("◂ Back"), v.read_px, True)
                                                                 + v.px(20)), bh), _("◂ Back"), "hist:back", size=20)


def draw_history(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The history screen: personal bests, solo marks, the last games, a page at a time (a game's
    row is a touch target, ``hist:game:<id>``, opening the game's view: :func:`draw_game`)."""
    if ctl.history_game is not None:
        draw_game(v, surf, ctl.history_game, v.shown_page(ctl), v.pages(ctl))
        return
    summary = ctl.history
    if summary is None:  # the history is not open
        return
    if v.small:
        _draw_small_list(v, surf, ctl)
        return
    page = max(0, min(ctl.history_page, summary.pages - 1))
    v.text(surf, _("History"), 30, (v.px(14), v.px(6)), bold=True)
    if summary.pages > 1:  # left of the help button
        v.text(surf, _("page {n} of {pages}").format(n=page + 1, pages=summary.pages), 18,
               (v.help_corner().x - v.px(8), v.px(14)), DIM, anchor="topright")
    bh, bw = v.tap(46), v.px(150)
    top, bottom = max(v.px(50), v.help_corner().bottom + v.px(2)), v.h - bh - v.px(10)
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
    v.button(surf, pygame.Rect(v.px(8), v.h - bh - v.px(6), max(bw, v.fonts.width(_("◂ Back"), v.read_px, True)
                                                                + v.px(20)), bh), _("◂ Back"), "hist:back", size=20)
    if summary.pages > 1:
        v.button(surf, pygame.Rect(v.w - 2 * bw - v.px(16), v.h - bh - v.px(6), bw, bh), "▲", "hist:prev",
                 size=22, colour=None if page > 0 else (30, 34, 40))
        v.button(surf, pygame.Rect(v.w - bw - v.px(8), v.h - bh - v.px(6), bw, bh), "▼", "hist:next", size=22,
                 colour=None if page < summary.pages - 1 else (30, 34, 40))
