"""Teach mode on Applejack's screen (``games/applejack/companion/teach.py``): the lesson along the
bottom of the play screen — every game's lesson box (``table.display.announce_panel.draw_lesson_block``:
the sentence whole, wrapped, and Skip) — with the board giving up the room it needs
(:func:`room`); under a waiting announcement the lesson is in the announcement's panel. And the
setup screen's Teach mode toggle. The words come from ``teach.py`` (its catalogue part).

Sizes are in px of the 800×480 design (``BaseView.px`` scales them).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display import announce_panel
from table.display.colours import BG
from table.display.toolkit import BaseView
from table.games.applejack.companion import teach
from table.games.applejack.companion.api import Controller


def _tracked_turn(ctl: Controller) -> bool:
    return ctl.tracked is not None and not ctl.queued and not ctl.t.is_terminal()


def _footer_free(view: BaseView[Any], ctl: Controller) -> int:
    """The footer's height the lesson may take: all of it when it shows the step reminders or
    nothing; in a tracked turn all but its first line ("enter …" stays; the typing help or the
    bot's hint under it comes back with the next step, or at once with Skip). The die warning stays."""
    footer = view.px(70) if not view.small or ctl.tracked is not None else view.px(48)
    if ctl.die_wrong():
        return 0
    if not _tracked_turn(ctl):
        return footer
    return footer - view.px(36)


def _width(view: BaseView[Any]) -> int:
    return view.w - 2 * view.px(6)


def room(view: BaseView[Any], ctl: Controller) -> int:
    """How many px the board must give up for the lesson (0 without a lesson): its whole height
    (``announce_panel.lesson_height``) less the footer it may take; on the 3.5" screen only a
    little (the board and its buttons first: text mode and speech say the lesson)."""
    lesson = ctl.lesson
    if not lesson or ctl.queued:
        return 0
    h = announce_panel.lesson_height(view, lesson, _width(view), teach.skip_label())
    need = max(0, h + view.px(10) - _footer_free(view, ctl))
    if view.small and need > view.h // 12:
        return 0
    return need


def shown(view: BaseView[Any], ctl: Controller) -> bool:
    """Whether the lesson is drawn on this frame (not where the 3.5" screen has no room for it)."""
    lesson = ctl.lesson
    if not lesson or ctl.queued:
        return False
    if room(view, ctl) > 0 or not view.small:
        return True
    h = announce_panel.lesson_height(view, lesson, _width(view), teach.skip_label())
    return h + view.px(10) <= _footer_free(view, ctl)


def draw_lesson(view: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> None:
    """The lesson along the bottom of the play screen (every game's lesson box: the sentence whole,
    Skip — target ``skip`` — at its right), where :func:`room` made the board give way."""
    lesson = ctl.lesson
    if not lesson or not shown(view, ctl):
        return
    h = announce_panel.lesson_height(view, lesson, _width(view), teach.skip_label())
    top = view.h - view.px(4) - h
    pygame.draw.rect(surf, BG, pygame.Rect(0, top, view.w, view.h - top))
    view.cover(pygame.Rect(0, top, view.w, view.h - top))  # the footer it takes (room() kept the board above)
    announce_panel.draw_lesson_block(view, surf, lesson, x=view.px(6), w=_width(view), bottom=view.h - view.px(4),
                                     skip_label=teach.skip_label(), target="skip")


def draw_toggle(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int, row_h: int,
                rect: pygame.Rect | None = None) -> None:
    """The setup screen's Teach mode button (target ``teach``; key w), at the right of the option
    row at ``y`` (or in ``rect``)."""
    on = bool(ctl.setup.teach)
    r = rect or pygame.Rect(view.w - view.px(310), y + view.px(3), view.px(290), row_h - view.px(6))
    view.button(surf, r, teach.setup_label(on), "teach", lit=on, size=20)
