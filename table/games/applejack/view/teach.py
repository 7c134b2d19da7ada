"""Teach mode on the screen (``companion/applejack/teach.py``): the lesson strip along the bottom of
the play screen — under the announcement or turn prompt, with a Skip button — and the setup
screen's Teach mode toggle. The words come from ``teach.py`` (its catalogue part); this module
only draws them, called from Applejack's view (``room``, ``draw_lesson``, ``draw_toggle``).

Sizes are in px of the 800×480 design (``BaseView.px`` scales them). The strip takes the footer's
place (the static step reminders 2–4, or the empty footer of a small screen) and grows the
footer only by what it lacks, so the board shrinks little; the lesson wraps — by words, or by
characters for a language written without spaces (Japanese) — and shrinks only as a last resort.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import BG, FG, LIT, PANEL
from table.display.toolkit import BaseView
from table.games.applejack.companion import teach

STRIP_H = 84
"""The strip's height on a large screen (three lines of 20 px)."""
STRIP_H_SMALL = 108
"""The strip's height on a small screen (height < 400: four lines of about 18 px of the design)."""
STRIP_H_TRACKED = 64
"""A tracked turn on a large screen: two lines, so the trough column keeps its "how to enter" lines."""
SKIP_W = 118
TEXT = 20
MIN_TEXT = 18
LAST_RESORT = 14


def _tracked_turn(ctl: Any) -> bool:
    return ctl.tracked is not None and not ctl.pending and not ctl.t.is_terminal()


def _strip_h(view: BaseView, ctl: Any = None) -> int:
    if view.small:
        return view.px(STRIP_H_SMALL)
    return view.px(STRIP_H_TRACKED if ctl is not None and _tracked_turn(ctl) else STRIP_H)


def _footer_free(view: BaseView, ctl: Any) -> int:
    """The footer's height the lesson may cover: all of it when it shows the step reminders or
    nothing; in a tracked turn all but its first line ("enter …" stays; the typing help or the
    bot's hint under it comes back with the next step, or at once with Skip). The die warning stays."""
    footer = view.px(70) if not view.small or ctl.tracked is not None else view.px(48)
    if ctl.die_wrong():
        return 0
    if not _tracked_turn(ctl):
        return footer
    return footer - view.px(36)


def room(view: BaseView, ctl: Any) -> int:
    """How many px the board must give up for the lesson strip (0 without a lesson)."""
    if not getattr(ctl, "lesson", None):
        return 0
    return max(0, _strip_h(view, ctl) - _footer_free(view, ctl))


def wrap(font: pygame.font.Font, text: str, max_w: int) -> list[str]:
    """``text`` in lines of at most ``max_w`` px: by words, a word too long for a line (or a
    sentence without spaces) by characters."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and font.size(joined)[0] <= max_w:
            lines[-1] = joined
            continue
        if font.size(word)[0] <= max_w:
            lines.append(word)
            continue
        current = "" if not lines else lines[-1] + " "
        if current and font.size(current + word[0])[0] > max_w:
            current = ""
        if current:
            lines.pop()
        for ch in word:
            if current and font.size(current + ch)[0] > max_w:
                lines.append(current)
                current = ""
            current += ch
        lines.append(current)
    return lines


def draw_lesson(view: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """The lesson strip at the bottom of the play screen with its Skip button (target ``skip``)."""
    lesson = getattr(ctl, "lesson", None)
    if not lesson:
        return
    h = _strip_h(view, ctl)
    rect = pygame.Rect(0, view.h - h, view.w, h)
    pygame.draw.rect(surf, BG, rect)
    inner = rect.inflate(-view.px(12), -view.px(8))
    pygame.draw.rect(surf, PANEL, inner, border_radius=view.px(10))
    pygame.draw.rect(surf, LIT, inner, view.px(2), border_radius=view.px(10))
    skip = pygame.Rect(inner.right - view.px(SKIP_W) - view.px(6), inner.y + view.px(6), view.px(SKIP_W),
                       inner.h - view.px(12))
    view.button(surf, skip, teach.skip_label(), "skip", size=20)
    x, y = inner.x + view.px(10), inner.y + view.px(4)
    max_w = skip.x - view.px(10) - x
    max_h = inner.bottom - view.px(2) - y
    px = view.px(TEXT)
    while True:
        font = view.fonts.font(px)
        lines = wrap(font, lesson, max_w)
        if len(lines) * font.get_linesize() <= max_h or px <= view.px(LAST_RESORT):
            break
        px -= 1
    y += max(0, (max_h - len(lines) * font.get_linesize()) // 2)  # centred in the strip
    for line in lines:
        img = view.fonts.text(line, px, FG)
        surf.blit(img, (x, y))
        y += font.get_linesize()


def draw_toggle(view: BaseView, surf: pygame.Surface, ctl: Any, y: int, row_h: int,
                rect: pygame.Rect | None = None) -> None:
    """The setup screen's Teach mode button (target ``teach``; key w), at the right of the option
    row at ``y`` (or in ``rect``)."""
    on = bool(getattr(ctl.setup, "teach", False))
    r = rect or pygame.Rect(view.w - view.px(310), y + view.px(3), view.px(290), row_h - view.px(6))
    view.button(surf, r, teach.setup_label(on), "teach", lit=on, size=20)
