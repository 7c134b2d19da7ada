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


def help_pages(v: BaseView[Any], ctl: GameCompanion, bottom: int, lines: list[str] | None = None) -> list[list[str]]:
    """The help lines after the heading (``lines``: :func:`help_lines` when already asked), in pages
    that each fit between the heading and ``bottom``."""
    lines = help_lines(ctl) if lines is None else lines
    width = v.w - 2 * v.px(12)
    top = v.px(8) + v.fonts.font(max(v.px(24), v.read_px), True).get_linesize()
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


def draw_help_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, page: int = 0,
                   extra: tuple[str, str] | list[tuple[str, str]] | None = None) -> None:
    """The help page over the whole screen: the help lines (page ``page`` of them where they take
    more than one screen: **More ▸** turns), then how to close it (any other touch or key).
    ``extra``: (label, target) of one more button left of **◂ Back** (the phones' codes), or a
    list of them (right to left: the phones' codes, the owner's settings)."""
    surf.fill(BG)
    v.new_frame()  # what the game drew is covered: not touchable, not recorded
    margin = v.px(12)
    bh = v.tap(48)
    close = pygame.Rect(v.w - v.px(170), v.h - v.px(8) - bh, v.px(160), bh)
    lines = help_lines(ctl)  # asked once a frame: a game's "Now: …" may take a while to work out
    pages = help_pages(v, ctl, close.y - v.px(6), lines)
    y = v.wrapped(surf, lines[0], 24, (margin, v.px(8)), v.w - 2 * margin, LIT, bold=True, max_lines=1)
    for line in pages[page % len(pages)]:
        y = v.wrapped(surf, line, 18, (margin, y + v.px(4)), v.w - 2 * margin, FG, max_lines=20, min_size=14)
    left = margin
    if len(pages) > 1:
        more = pygame.Rect(margin, close.y, v.px(160), bh)
        v.button(surf, more, _("More ▸") + f" {page % len(pages) + 1}/{len(pages)}", MORE, size=20)
        left = more.right + margin
    right = close.x
    extras = [] if extra is None else [extra] if isinstance(extra, tuple) else extra
    for label, target in extras:
        right -= margin + v.px(160)
        v.button(surf, pygame.Rect(right, close.y, v.px(160), bh), label, target, size=20)
    hint = _("Touch anywhere or press a key to go back")
    if not extras or len(v.break_lines(hint, v.read_px, False, right - margin - left)) <= 2:
        v.wrapped(surf, hint, 16, (left, close.y), right - margin - left, DIM, max_lines=2, min_size=0)
    v.button(surf, close, _("◂ Back"), "help", size=20)
