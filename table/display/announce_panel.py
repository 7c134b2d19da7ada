"""The module games' announcement panel and teach strip (Zankapfel, Draft Cider, Waldgärtner):
the toolkit's lit panel (``BaseView.announcement_panel``, the one Applejack's announcements use)
over the play screen while an announcement waits for CONFIRM (``table.companion.announce``), and
teach mode's lesson (``table.companion.teaching``) in it or, when nothing waits, in a strip across
the top with a Skip button.

Sizes are the 800×480 design's; every line people read is 24 px of the design or more (16 px at
800×480 is 2/3 of it, 14 px at 480×320) and the buttons are 58 px of the design high (38 px at
800×480 and more). ``ctl`` is a ``TableModule``: ``announcements.head``, ``announcements.waiting``
and ``lesson``.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import BG, DIM, FG, LIT, OK, PANEL
from table.display.toolkit import BaseView
from table.i18n import _, ngettext

BODY = 26
"""The announcement's words (design px)."""
SMALLEST = 24
"""No line people read below this (design px): 16 px at 800×480, 14.4 px at 480×320."""
BUTTON_H = 76
"""The panel's buttons (design px): 45.6 px at 480×320, 7 mm on a 3.5" screen."""


def covers(ctl: Any) -> bool:
    """Whether an announcement waits on ``ctl``'s play screen: its panel then covers the whole
    screen (:func:`draw_panel`), so the play screen under it need not be drawn at all."""
    queue = getattr(ctl, "announcements", None)
    return getattr(ctl, "mode", "") in ("play", "pad") and queue is not None and queue.head is not None


def draw(view: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """The waiting announcement's panel, else the lesson's strip, else nothing (play and pad only)."""
    if getattr(ctl, "mode", "") not in ("play", "pad"):
        return
    queue = getattr(ctl, "announcements", None)
    lesson = getattr(ctl, "lesson", None)
    if queue is not None and queue.head is not None:
        draw_panel(view, surf, queue.head, len(queue.waiting) - 1, lesson)
    elif lesson:
        draw_lesson_strip(view, surf, lesson)


def draw_panel(view: BaseView, surf: pygame.Surface, head: Any, more: int, lesson: str | None) -> None:
    """The announcement ``head`` over the play screen: its title, its words, the lesson under
    them, then Done ✓ (CONFIRM) and Undo; ``more`` waiting after it."""
    area = panel_area(view)
    surf.fill(BG)  # the play screen's edges would show cut lines and half buttons round the panel
    view.cover(surf.get_rect())
    right = view.title_right(area)  # the title and "then n more" end short of the help button
    more_w = 0
    if more > 0:  # how many announcements are still to come after this one
        words = ngettext("then {n} more to come", "then {n} more to come", more).format(n=more)
        more_w = view.text(surf, words, SMALLEST, (right, area.y + view.px(12)), DIM, anchor="topright",
                           max_w=area.w // 3).w + view.px(12)
    x, y, w = view.announcement_panel(surf, area, _(head.title), title_right=right - more_w)
    buttons_y = buttons_top(view)
    line_h = view.fonts.font(view.px(SMALLEST)).get_linesize()
    lesson_y = buttons_y - (2 * line_h + view.px(6) if lesson else 0)  # the lesson's two lines above the buttons
    lines = head.text.split("\n")
    room = max(1, (lesson_y - y) // max(1, view.fonts.font(view.px(BODY)).get_linesize()))
    y = view.wrapped(surf, lines[0], BODY, (x, y), w, FG, bold=True, max_lines=min(3, room), min_size=SMALLEST)
    for line in lines[1:]:
        if y + line_h > lesson_y:
            break
        y = view.wrapped(surf, line.strip(), SMALLEST, (x + view.px(12), y), w - view.px(12), FG,
                         max_lines=max(1, min(2, (lesson_y - y) // line_h)), min_size=SMALLEST)
    if lesson:
        view.wrapped(surf, _("Why: {lesson}").format(lesson=lesson), SMALLEST, (x, lesson_y), w, DIM, max_lines=2,
                     min_size=SMALLEST)
    gap = view.px(10)
    done_w = (w - gap) * 2 // 3
    view.button(surf, pygame.Rect(x, buttons_y, done_w, view.px(BUTTON_H)), _("Done ✓ (CONFIRM)"), "confirm",
                colour=OK, size=26)
    view.button(surf, pygame.Rect(x + done_w + gap, buttons_y, w - done_w - gap, view.px(BUTTON_H)), _("Undo"),
                "undo", size=26)


def panel_area(view: BaseView) -> pygame.Rect:
    """Where the announcement's panel stands: the screen but a margin of 14 px of the design."""
    m = view.px(14)
    return pygame.Rect(m, m, view.w - 2 * m, view.h - 2 * m)


def buttons_top(view: BaseView) -> int:
    """Where the panel's Done ✓ and Undo buttons begin (px from the top): what the panel says ends above."""
    return panel_area(view).bottom - view.px(BUTTON_H + 12)


def lesson_strip_height(view: BaseView) -> int:
    """How tall teach mode's strip across the top is (px)."""
    return max(view.px(BUTTON_H + 8), view.help_corner().bottom + view.px(4))


def draw_lesson_strip(view: BaseView, surf: pygame.Surface, lesson: str) -> None:
    """Teach mode's lesson across the top of the play screen, with Skip (touch target ``teach-skip``)."""
    h = lesson_strip_height(view)
    rect = pygame.Rect(0, 0, view.w, h)
    view.cover(rect)
    pygame.draw.rect(surf, PANEL, rect)
    pygame.draw.line(surf, LIT, rect.bottomleft, rect.bottomright, view.px(3))
    skip_w = view.px(130)
    skip = pygame.Rect(view.w - view.help_room() - skip_w, view.px(3), skip_w, h - view.px(6))  # left of help
    view.wrapped(surf, _("Why: {lesson}").format(lesson=lesson), SMALLEST, (view.px(10), view.px(4)),
                 skip.x - view.px(20), FG, max_lines=2, min_size=SMALLEST)
    view.button(surf, skip, _("Skip"), "teach-skip", size=24)


def draw_teach_toggle(view: BaseView, surf: pygame.Surface, ctl: Any, rect: pygame.Rect) -> bool:
    """The setup screen's teach mode button (touch target ``teach``) in ``rect`` (the setup
    frame's bottom row), lit when on; not drawn for a game without teach mode (False)."""
    teaching = getattr(ctl, "teaching", None)
    if teaching is None or teaching.syllabus is None:
        return False
    view.button(surf, rect, teach_toggle_label(ctl), "teach", lit=bool(teaching.asked), size=20)
    return True


def teach_toggle_label(ctl: Any) -> str:
    """The setup screen's teach mode button's words ("" for a game without teach mode)."""
    teaching = getattr(ctl, "teaching", None)
    if teaching is None or teaching.syllabus is None:
        return ""
    return _("Teach mode: on") if teaching.asked else _("Teach mode: off")
