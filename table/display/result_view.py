"""The result screen of every game, drawn from its data (``table.history.sheet.ResultSheet``):
the heading, a column per seat (its badge and name on top, the breakdown's rows, the total;
the winners' columns lit), the verdict (``Winner: Ada``), and the buttons **QR code ▸** (when
the game is in the history), **History** and **New game**. The QR code page and the history
screen open over it. A game's view calls :func:`draw_result` with its module; the game gives
the rows (``result_sheet()``), the toolkit draws them — one layout for the four games.

On the 3.5" screen (``BaseView.small``; read lines at 2.5 mm capitals) the screen shows less:
the heading may wrap onto two lines, the buttons are as wide as their words (on two lines where
one row is too narrow), the verdict goes above them where it does not fit beside them, and a
table taller than its room turns its pages (``result_table.table_pages``) with a page button
beside the help button (target ``toolkit.PAGE``; a game's view counts them with
:func:`result_pages` in its ``pages()``, ``module_view.ModuleView`` does).

All sizes are of the 800×480 design, scaled by the view (``v.px``).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import CoachesLid, GameCompanion, Unfinishes
from table.display.colours import DIM, FG, LIT, OK
from table.display.history_view import draw_history, game_pages
from table.display.qr_page import draw_qr_page
from table.display.result_table import draw_table, table_pages
from table.display.toolkit import PAGE, BaseView
from table.i18n import _

BAR_H = 72
"""The bottom bar: the verdict and the buttons (design px)."""


def draw_result(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, *, reserve: int = 0) -> None:
    """The result screen of ``ctl`` (a module with ``result_sheet()``, ``result_qr()``,
    ``qr_open`` and ``history``); ``reserve`` pixels above the bottom bar are left to the game
    (Applejack's coach strip)."""
    if ctl.history is not None:
        draw_history(v, surf, ctl)
        return
    if isinstance(ctl, CoachesLid) and ctl.coach_open:
        draw_coach_page(v, surf, ctl)
        return
    sheet = ctl.result_sheet()
    if ctl.qr_open:
        draw_qr_page(v, surf, ctl, sheet)
        return
    if v.small:
        _draw_small(v, surf, ctl, sheet, reserve)
        return
    v.text(surf, sheet.heading, 30, (v.px(14), v.px(8)), LIT, bold=True, max_w=v.w - v.help_room() - v.px(14))
    bar_top = v.h - v.tap(BAR_H) - v.px(8)
    top = max(v.px(52), v.help_corner().bottom + v.px(4))  # the table's top row reaches the help corner
    draw_table(v, surf, sheet, pygame.Rect(0, top, v.w, bar_top - reserve - v.px(4) - top))
    draw_bar(v, surf, ctl, sheet, bar_top)


def _small_layout(v: BaseView[Any], ctl: GameCompanion, sheet: Any, reserve: int) -> dict[str, Any]:
    """Where the 3.5" screen's result puts its parts: the page button's rect (left of the help
    button, kept free whether or not the table turns pages), the heading's width, the bar's
    buttons (rects with their label, target, colour), where the verdict goes (its (x, y), width and
    lines) and the table's area."""
    line_h = int(v.fonts.font(v.read_px, True).get_linesize())
    corner = v.help_corner()
    page_w = max(v.touch_px, v.fonts.width("9/9 ▸", v.read_px, True) + v.px(16))
    page = pygame.Rect(corner.x - v.px(6) - page_w, corner.y, page_w, corner.h)
    heading_w = page.x - v.px(8) - v.px(14)
    heading_lines = min(2, len(v.break_lines(sheet.heading, v.read_px, True, heading_w)))
    items = bar_buttons(ctl)
    gap, room = v.px(8), v.w - 2 * v.px(8)

    def need(text: str) -> int:
        return max(v.touch_px, int(v.fonts.width(text, v.read_px, True)) + v.px(16))

    widths = [need(label) for label, _t, _c in items]
    bar_h = v.tap(BAR_H)
    if sum(widths) + gap * (len(items) - 1) > room:  # each label on two lines where it has two words
        widths = [max(need(word) for word in label.split()) for label, _t, _c in items]
        bar_h = max(bar_h, 2 * line_h + v.px(4))
    bar_top = v.h - v.px(6) - bar_h
    x = v.w - v.px(8) - sum(widths) - gap * (len(items) - 1)
    buttons = []
    for (label, target, colour), bw in zip(items, widths, strict=True):
        buttons.append((pygame.Rect(x, bar_top, bw, bar_h), label, target, colour))
        x += bw + gap
    left_w = buttons[0][0].x - v.px(8) - v.px(14)
    if v.fonts.width(sheet.verdict, v.read_px, True) <= left_w:  # beside the buttons
        verdict = ((v.px(14), bar_top + (bar_h - line_h) // 2), left_w, 1)
        bottom = bar_top
    else:  # above them, across the width
        w = v.w - 2 * v.px(14)
        lines = min(2, len(v.break_lines(sheet.verdict, v.read_px, True, w)))
        verdict = ((v.px(14), bar_top - v.px(4) - lines * line_h), w, lines)
        bottom = verdict[0][1]
    top = max(v.px(6) + heading_lines * line_h + v.px(4), corner.bottom + v.px(4))
    area = pygame.Rect(0, top, v.w, bottom - reserve - v.px(4) - top)
    return {"page": page, "heading_w": heading_w, "buttons": buttons, "verdict": verdict, "area": area}


def result_pages(v: BaseView[Any], ctl: GameCompanion, reserve: int = 0) -> int:
    """How many pages the result screen of ``ctl`` takes at ``v``'s size (1 but on the 3.5"
    screen with a breakdown taller than its room); ``reserve`` as :func:`draw_result`'s."""
    if ctl.history is not None:  # the history's game view over it
        return game_pages(v, ctl)
    if not v.small or ctl.mode != "result" or ctl.qr_open or (
            isinstance(ctl, CoachesLid) and ctl.coach_open):
        return 1
    sheet = ctl.result_sheet()
    return table_pages(v, sheet, _small_layout(v, ctl, sheet, reserve)["area"].h)


def _draw_small(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, sheet: Any, reserve: int) -> None:
    """The result on the 3.5" screen (:func:`_small_layout`): the heading, the table's shown page
    and its page button, the verdict and the buttons."""
    laid = _small_layout(v, ctl, sheet, reserve)
    pages = v.pages(ctl)
    page = v.shown_page(ctl)
    v.wrapped(surf, sheet.heading, 30, (v.px(14), v.px(6)), laid["heading_w"], LIT, bold=True, max_lines=2)
    if pages > 1:
        v.button(surf, laid["page"], f"{page + 1}/{pages} ▸", PAGE, size=20)
    draw_table(v, surf, sheet, laid["area"], page)
    for rect, label, target, colour in laid["buttons"]:
        v.button(surf, rect, label, target, colour=colour, size=22)
    pos, w, lines = laid["verdict"]
    v.wrapped(surf, sheet.verdict, 26, pos, w, LIT, bold=True, max_lines=lines)


def bar_buttons(ctl: GameCompanion) -> list[tuple[str, str, Any]]:
    """The bottom bar's buttons: (label, target, colour): Undo when the game can take its result
    back into the score pad (its module's ``can_unfinish()``), the QR code when the game is in the
    history, the history, a new game."""
    items: list[tuple[str, str, Any]] = []
    if isinstance(ctl, Unfinishes) and ctl.can_unfinish():
        items.append((_("Undo"), "undo", None))
    if ctl.result_qr().gid is not None:
        items.append((_("QR code ▸"), "qr", None))
    if isinstance(ctl, CoachesLid) and ctl.coach_offered():  # the module games' coach (companion/coach_lid.py)
        items.append((_("Coach"), "coach", None))
    items.append((_("History"), "history", None))
    items.append((_("New game"), "confirm", OK))
    return items


def draw_bar(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, sheet: Any, top: int) -> None:
    """The verdict on the left, the buttons on the right."""
    items = bar_buttons(ctl)
    gap, h = v.px(8), v.tap(BAR_H)
    uniform = not any(target in ("undo", "coach") for _label, target, _colour in items)
    widths = [v.px(150)] * len(items) if uniform else undo_widths(v, items)  # Undo, Coach: each as it needs
    x = v.w - v.px(8) - sum(widths) - gap * (len(items) - 1)
    left = x
    for (label, target, colour), bw in zip(items, widths, strict=True):
        v.button(surf, pygame.Rect(left, top, bw, h), label, target, colour=colour, size=22)
        left += bw + gap
    v.wrapped(surf, sheet.verdict, 26, (v.px(14), top), x - v.px(28), LIT, bold=True, max_lines=2, min_size=18)


def undo_widths(v: BaseView[Any], items: list[tuple[str, str, Any]]) -> list[int]:
    """The bar's button widths (pixels) with Undo among them: each as wide as its label, or — when
    that leaves the verdict less than 40 % of the width — as its longest word (a button breaks its
    words over two lines)."""
    def need(text: str) -> int:
        return max(v.px(96), v.fonts.width(text, max(v.px(22), v.read_px), True) + v.px(16))

    whole = [need(label) for label, _t, _c in items]
    if sum(whole) + v.px(8) * len(items) <= 0.6 * v.w:
        return whole
    return [max(need(word) for word in label.split()) for label, _t, _c in items]


def draw_coach_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The coach page (the result's ``coach`` button, the module games): the coach's lines (or that
    it is computing) and Back; any key closes it."""
    x, w, y = v.px(14), v.w - v.px(28) - v.help_room(), v.px(10)
    bottom = v.h - v.tap(60) - v.px(16)
    lines = ctl.coach_page_lines() if isinstance(ctl, CoachesLid) else []
    if len(lines) > 2:  # the heading, the summary, then the dearest decisions as far as they fit
        lines = [lines[0], lines[-1], *lines[1:-1]]
    for line in lines:
        first, _sep, rest = line.partition("\n")
        if y + v.wrapped_height(first, 18, w) * (1 + rest.count("\n") + bool(rest)) > bottom:
            break  # a decision is shown whole or not at all, above Back
        y = v.wrapped(surf, first, 18, (x, y), w, LIT if not first.startswith(" ") else FG, max_lines=2)
        for sub in rest.split("\n") if rest else ():
            y = v.wrapped(surf, sub.strip(), 18, (x + v.px(18), y), w - v.px(18), DIM, max_lines=2)
        y += v.px(4)
    v.button(surf, pygame.Rect(x, v.h - v.tap(60) - v.px(8), min(w, v.px(200)), v.tap(60)), _("◂ Back"),
             "coach", size=22)
