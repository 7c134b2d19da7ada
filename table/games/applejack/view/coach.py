"""The result screen's fair target and coach on the screen (``companion/coach.py``'s :class:`CoachJob`).

After a game with orchard tracking, ``ctl.coach`` holds the job. The result screen keeps a strip
above its bottom row (``strip_height``: the score table gives up that much): on the left the
fair target (solo: "With your draws the bot scored X: you Y (−d); solo marks 65 and 80", "Bot is
replaying your draws…" until it is there) or the coach's summary (2-4 players), on the right a
**Coach** button above New game. The button (or key h, or the lid's BLIND button) opens the coach
page in place of the result: per turn — biggest losses first, :data:`~table.games.applejack.companion.coach.PER_PAGE`
turns a page — the cost in points, what was played and what the bot would have played; ◀ ▶ (the
arrows, BLIND) turn the pages, Back (escape, undo, confirm) returns to the result. Sizes are the
800×480 design's, scaled by the view like the rest of Applejack's screens.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import DIM, FG, LIT, OK, PANEL, WARN
from table.display.toolkit import BaseView
from table.games.applejack.companion.api import Controller
from table.games.applejack.companion.coach import CoachJob, Status
from table.i18n import _

STRIP = 62
"""The strip's height in design pixels (800×480)."""


def job(ctl: Controller) -> CoachJob | None:
    found = ctl.coach
    return found if isinstance(found, CoachJob) else None


def strip_height(view: BaseView[Any], ctl: Controller) -> int:
    """How much of the result screen the strip takes (pixels; 0 without a job)."""
    return view.px(STRIP) if job(ctl) is not None else 0


def draw_strip(view: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> None:
    """The strip: the fair target or the coach's summary, and the Coach button."""
    j = job(ctl)
    if j is None:
        return
    top = view.h - view.px(100) - view.px(STRIP) + view.px(4)
    height = view.px(STRIP) - view.px(8)
    line = j.fair_line() if j.players == 1 else j.coach_line()
    failed = (j.fair_status if j.players == 1 else j.coach_status) is Status.FAILED
    running = (j.fair_status if j.players == 1 else j.coach_status) is Status.RUNNING
    view.wrapped(surf, line, 20, (view.px(14), top + view.px(2)), view.w - view.px(250),
                 WARN if failed else DIM if running else FG, max_lines=2, min_size=14)
    label = _("Coach") + (" …" if j.coach_status is Status.RUNNING else " ▸")
    view.button(surf, pygame.Rect(view.w - view.px(220), top, view.px(200), height), label, "coach", size=22)


def draw_page(view: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> bool:
    """The coach page in place of the result, when it is open; returns whether it drew."""
    j = job(ctl)
    if j is None or j.page is None:
        return False
    page = min(j.page, j.pages - 1)
    view.text(surf, _("Coach · page {page} of {pages}").format(page=page + 1, pages=j.pages), 28,
              (view.px(14), view.px(8)), bold=True, max_w=view.w - view.px(28))
    failed = j.coach_status is Status.FAILED
    view.text(surf, j.coach_line(), 17, (view.px(14), view.px(46)), WARN if failed else DIM,
              max_w=view.w - view.px(28))
    bar = view.px(58)
    top, bottom = view.px(76), view.h - bar - view.px(6)
    row_h = (bottom - top) // 4
    for n, row in enumerate(j.page_rows()):
        y = top + n * row_h
        box = pygame.Rect(view.px(8), y + view.px(2), view.w - view.px(16), row_h - view.px(4))
        pygame.draw.rect(surf, PANEL, box, border_radius=view.px(6))
        colour = LIT if not row.same and row.cost >= 0.05 else OK if row.same or row.cost <= -0.05 else FG
        x = box.x + view.px(8)
        width = box.w - view.px(16)
        head = view.text(surf, row.head(j.players), 19, (x, box.y + view.px(3)), colour, bold=True, max_w=width)
        split = row.split()
        if split and head.right + view.px(10) < box.right - view.px(60):
            view.text(surf, split, 15, (head.right + view.px(10), head.centery), DIM, anchor="midleft",
                      max_w=box.right - view.px(8) - head.right - view.px(10))
        line_h = (box.h - view.px(6)) // 3
        view.text(surf, row.you(), 17, (x, box.y + view.px(3) + line_h), FG, max_w=width)
        view.text(surf, row.theirs(), 17, (x, box.y + view.px(3) + 2 * line_h), DIM, max_w=width)
    if not j.page_rows() and not failed:
        view.text(surf, _("The coach is looking at every turn…") if j.coach_status is Status.RUNNING
                  else _("No complete turn to look at."), 22, (view.w // 2, (top + bottom) // 2), DIM,
                  anchor="center", max_w=view.w - view.px(28))
    y = view.h - bar
    third = (view.w - view.px(16) - 2 * view.px(8)) // 3
    view.button(surf, pygame.Rect(view.px(8), y, third, bar - view.px(6)), "◀", "coach-prev", size=26)
    view.button(surf, pygame.Rect(view.px(16) + third, y, third, bar - view.px(6)), "▶", "coach-next", size=26)
    view.button(surf, pygame.Rect(view.px(24) + 2 * third, y, third, bar - view.px(6)), _("Back"), "coach-back",
                size=24, colour=OK)
    return True
