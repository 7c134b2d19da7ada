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

from table.companion.announce import confirm_notes
from table.companion.protocol import Announces, Asks, GameCompanion, Teaches, TeachModule
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL
from table.display.toolkit import BaseView
from table.i18n import _, ngettext

BODY = 26
"""The announcement's words (design px)."""
SMALLEST = 24
"""No line people read below this (design px): 16 px at 800×480, 14.4 px at 480×320."""
BUTTON_H = 76
"""The panel's buttons (design px): 45.6 px at 480×320, 7 mm on a 3.5" screen."""


def covers(ctl: GameCompanion) -> bool:
    """Whether an announcement waits on ``ctl``'s play screen: its panel then covers the whole
    screen (:func:`draw_panel`), so the play screen under it need not be drawn at all."""
    return ctl.mode in ("play", "pad") and isinstance(ctl, Announces) and ctl.announcements.head is not None


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The waiting announcement's panel, else the lesson's strip, else nothing (play and pad only)."""
    if ctl.mode not in ("play", "pad"):
        return
    queue = ctl.announcements if isinstance(ctl, Announces) else None
    lesson = ctl.lesson if isinstance(ctl, Teaches) else None
    if queue is not None and queue.head is not None:
        draw_panel(view, surf, queue.head, len(queue.waiting) - 1, lesson, notes(ctl))
    elif lesson:
        draw_lesson_strip(view, surf, lesson)


def draw_panel(view: BaseView[Any], surf: pygame.Surface, head: Any, more: int, lesson: str | None,
               notes: tuple[str, str] = ("", "")) -> None:
    """The announcement ``head`` over the play screen: its title, its words, the lesson under
    them, what CONFIRM does now (``notes``: ``announce.confirm_notes``, the long one where it fits
    in two lines), then Done ✓ (CONFIRM) and Undo; ``more`` waiting after it."""
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
    note, note_y, lesson_y = _lower_block(view, w, notes, bool(lesson))
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
    if note:
        view.wrapped(surf, note, SMALLEST, (x, note_y), w, DIM, max_lines=2, min_size=SMALLEST)
    gap = view.px(10)
    done_w = (w - gap) * 2 // 3
    view.button(surf, pygame.Rect(x, buttons_y, done_w, view.px(BUTTON_H)), _("Done ✓ (CONFIRM)"), "confirm",
                colour=OK, size=26)
    view.button(surf, pygame.Rect(x + done_w + gap, buttons_y, w - done_w - gap, view.px(BUTTON_H)), _("Undo"),
                "undo", size=26)


def _lower_block(view: BaseView[Any], w: int, notes: tuple[str, str], lesson: bool) -> tuple[str, int, int]:
    """What stands above the panel's buttons, ``w`` px wide: (the note said — the long one where it
    fits in two lines —, its top, the lesson's top: the lesson's two lines above the note)."""
    line_h = view.fonts.font(view.px(SMALLEST)).get_linesize()
    one = view.wrapped_height("H", SMALLEST, w)  # a line as wrapped() draws it (at least the readable size)
    note = next((n for n in notes if n and view.wrapped_height(n, SMALLEST, w) <= 2 * one), "")
    note_y = buttons_top(view) - (view.wrapped_height(note, SMALLEST, w) + view.px(4) if note else 0)
    return note, note_y, note_y - (2 * line_h + view.px(6) if lesson else 0)


def notes(ctl: GameCompanion) -> tuple[str, str]:
    """What the panel says CONFIRM does now (``announce.confirm_notes``: it only acknowledges; what
    is asked next)."""
    if not isinstance(ctl, Announces):
        return "", ""
    return confirm_notes(ctl.announcements, ctl.ask() if isinstance(ctl, Asks) else "")


def words_bottom(view: BaseView[Any], ctl: GameCompanion) -> int:
    """Where the panel's announcement words must end (px from the top): above the lesson, the note
    on CONFIRM and the buttons (``phones_strip`` stands there too)."""
    w = panel_area(view).w - view.px(24)  # the room under the title (BaseView.announcement_panel)
    return _lower_block(view, w, notes(ctl), isinstance(ctl, Teaches) and bool(ctl.lesson))[2]


def panel_area(view: BaseView[Any]) -> pygame.Rect:
    """Where the announcement's panel stands: the screen but a margin of 14 px of the design."""
    m = view.px(14)
    return pygame.Rect(m, m, view.w - 2 * m, view.h - 2 * m)


def buttons_top(view: BaseView[Any]) -> int:
    """Where the panel's Done ✓ and Undo buttons begin (px from the top): what the panel says ends above."""
    return panel_area(view).bottom - view.px(BUTTON_H + 12)


def lesson_strip_height(view: BaseView[Any]) -> int:
    """How tall teach mode's strip across the top is (px)."""
    return max(view.px(BUTTON_H + 8), view.help_corner().bottom + view.px(4))


def draw_lesson_strip(view: BaseView[Any], surf: pygame.Surface, lesson: str) -> None:
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


def draw_teach_toggle(view: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, rect: pygame.Rect) -> bool:
    """The setup screen's teach mode button (touch target ``teach``) in ``rect`` (the setup
    frame's bottom row), lit when on; not drawn for a game without teach mode (False)."""
    teaching = ctl.teaching if isinstance(ctl, TeachModule) else None
    if teaching is None or teaching.syllabus is None:
        return False
    on = bool(teaching.asked)
    view.button(surf, rect, _("Teach mode: on") if on else _("Teach mode: off"), "teach", lit=on, size=20)
    return True
