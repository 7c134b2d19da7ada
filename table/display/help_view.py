"""The help button and the help page, on every screen of every game (the app draws them over
the game's view): the lines are the shell's ``help`` (``table/companion/help.py``: what can be
typed and pressed now, from the game's buttons as data), the same text mode prints.

The button (target ``help``, a "?" in the top right corner every screen leaves free:
``BaseView.help_corner``) opens the page; on the page any touch or key closes it. Sizes are of the 800×480
design, scaled by the view.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.help import help_lines
from table.companion.protocol import GameCompanion
from table.display.colours import BG, DIM, FG, LIT
from table.display.toolkit import BaseView
from table.i18n import _


def help_button_rect(v: BaseView[Any], mode: str) -> pygame.Rect:
    """Where the help button goes: the top right corner the toolkit reserves on every screen
    (``BaseView.help_corner``: each screen's layout leaves it free), or the place the screen
    chose for it this frame (``BaseView.help_place``)."""
    del mode
    return v.help_place or v.help_corner()


def draw_help_button(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The "?" button (target ``help``)."""
    v.button(surf, help_button_rect(v, str(ctl.mode)), "?", "help", size=24)


MORE = "help-more"
"""The help page's touch target that turns to its next page (a help too long for one screen)."""


def _heading_bottom(v: BaseView[Any], heading: str | None) -> int:
    """Where the page's heading (one line, or two where a long one would be cut) ends (px)."""
    px = max(v.px(24), v.read_px)
    lines = 1 if heading is None else min(2, len(v.break_lines(heading, px, True, v.w - 2 * v.px(12))))
    return v.px(8) + lines * v.fonts.font(px, True).get_linesize()


def help_pages(v: BaseView[Any], ctl: GameCompanion, bottom: int, lines: list[str] | None = None) -> list[list[str]]:
    """The help lines after the heading (``lines``: :func:`help_lines` when already asked), in pages
    that each fit between the heading and ``bottom``."""
    lines = help_lines(ctl) if lines is None else lines
    width = v.w - 2 * v.px(12)
    top = _heading_bottom(v, lines[0] if lines else None)
    pages: list[list[str]] = [[]]
    y = top
    for line in lines[1:]:
        tall = v.px(4) + v.wrapped_height(line, 18, width)
        if pages[-1] and y + tall > bottom:
            pages.append([])
            y = top
        pages[-1].append(line)
        y += tall
    return pages


def _button_rows(v: BaseView[Any], buttons: list[tuple[str, str]], bh: int) -> list[list[tuple[pygame.Rect, str, str]]]:
    """The page's buttons (label, target; left to right) laid out along the bottom, each as wide as
    its words need (160 px of the design at least), right-aligned: in one row where they fit the
    width, else in as many rows as they need (the lowest holds the last ones: **◂ Back**), bottom
    row first."""
    margin = v.px(12)
    widths = [max(v.px(160), v.fonts.width(label, v.read_px, True) + v.px(20)) for label, _t in buttons]
    rows: list[list[int]] = [[]]
    edge = v.w - v.px(10)
    room = edge
    for i in reversed(range(len(buttons))):
        if rows[-1] and room - widths[i] - margin < 0:
            rows.append([])
            room = edge
        rows[-1].insert(0, i)
        room -= widths[i] + margin
    laid = []
    for r, row in enumerate(rows):
        y = v.h - v.px(8) - bh - r * (bh + v.px(6))
        right = edge
        placed: list[tuple[pygame.Rect, str, str]] = []
        for i in reversed(row):
            right -= widths[i]
            placed.insert(0, (pygame.Rect(right, y, widths[i], bh), *buttons[i]))
            right -= margin
        laid.append(placed)
    return laid


def draw_help_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, page: int = 0,
                   extra: tuple[str, str] | list[tuple[str, str]] | None = None) -> None:
    """The help page over the whole screen: the help lines (page ``page`` of them where they take
    more than one screen: **More ▸** turns), then how to close it (any other touch or key).
    ``extra``: (label, target) of one more button left of **◂ Back** (the phones' codes), or a
    list of them (right to left: the phones' codes, the owner's settings). The buttons are as
    wide as their words; where they do not fit one row (the 3.5" screen) they take two, and the
    closing hint, which **◂ Back** says anyway, is left out where it has no room."""
    surf.fill(BG)
    v.new_frame()  # what the game drew is covered: not touchable, not recorded
    margin = v.px(12)
    bh = v.tap(48)
    extras = [] if extra is None else [extra] if isinstance(extra, tuple) else extra
    buttons = [*reversed(extras), (_("◂ Back"), "help")]
    lines = help_lines(ctl)  # asked once a frame: a game's "Now: …" may take a while to work out
    rows = _button_rows(v, [(_("More ▸") + " 9/9", MORE), *buttons], bh)
    pages = help_pages(v, ctl, rows[-1][0][0].y - v.px(6), lines)
    if len(pages) > 1:
        buttons.insert(0, (_("More ▸") + f" {page % len(pages) + 1}/{len(pages)}", MORE))
    rows = _button_rows(v, buttons, bh)
    left = margin
    if len(rows) == 1 and rows[0][0][2] == MORE:  # one row: More ▸ at the left, the hint between
        more = rows[0].pop(0)
        rows[0].insert(0, (pygame.Rect(margin, more[0].y, more[0].w, bh), more[1], more[2]))
        left = more[0].w + 2 * margin
    y = v.wrapped(surf, lines[0], 24, (margin, v.px(8)), v.w - 2 * margin, LIT, bold=True, max_lines=2)
    for line in pages[page % len(pages)]:
        y = v.wrapped(surf, line, 18, (margin, y + v.px(4)), v.w - 2 * margin, FG, max_lines=20, min_size=14)
    for row in rows:
        for rect, label, target in row:
            v.button(surf, rect, label, target, size=20)
    right = rows[0][1][0].x if left > margin else rows[0][0][0].x
    hint = _("Touch anywhere or press a key to go back")
    hint_lines = len(v.break_lines(hint, v.read_px, False, right - margin - left))
    line_h = v.fonts.font(max(v.px(16), v.read_px), False).get_linesize()
    if right - margin - left >= v.px(100) and hint_lines <= 2 and hint_lines * line_h <= bh:  # within the buttons' row
        v.wrapped(surf, hint, 16, (left, rows[0][0][0].y), right - margin - left, DIM, max_lines=2, min_size=0)
