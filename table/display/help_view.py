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
from table.display.colours import BG, DIM, FG, LIT
from table.display.toolkit import BaseView
from table.i18n import _


def help_button_rect(v: BaseView, mode: str) -> pygame.Rect:
    """Where the help button goes: the top right corner the toolkit reserves on every screen
    (``BaseView.help_corner``: each screen's layout leaves it free), or the place the screen
    chose for it this frame (``BaseView.help_place``)."""
    del mode
    return v.help_place or v.help_corner()


def draw_help_button(v: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """The "?" button (target ``help``)."""
    v.button(surf, help_button_rect(v, str(ctl.mode)), "?", "help", size=24)


def draw_help_page(v: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """The help page over the whole screen: the help lines, then how to close it."""
    surf.fill(BG)
    v.targets = []
    margin = v.px(12)
    lines = help_lines(ctl)
    y = v.wrapped(surf, lines[0], 24, (margin, v.px(8)), v.w - 2 * margin, LIT, bold=True, max_lines=1)
    for line in lines[1:]:
        y = v.wrapped(surf, line, 18, (margin, y + v.px(4)), v.w - 2 * margin, FG, max_lines=3, min_size=14)
    close = pygame.Rect(v.w - v.px(170), v.h - v.px(56), v.px(160), v.px(48))
    v.text(surf, _("Touch anywhere or press a key to go back"), 16, (margin, close.centery), DIM, anchor="midleft",
           max_w=close.x - 2 * margin)
    v.button(surf, close, _("◂ Back"), "help", size=20)
    v.targets.append((surf.get_rect(), "help"))  # anywhere closes it
