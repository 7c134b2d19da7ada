"""The lid's strip of who is done on the phones (``play --web``): public, never a value.

While seats choose in secret on their phones (Zankapfel's discord, Waldgärtner's dice) or fill
their own score pads, the play and pad screens carry one strip: "Phones: Ana: chosen ✓ · Ben:
choosing…" (or "done ✓" / "entering…"), the done seats in the toolkit's OK green, the others dim.
It comes from ``ctl.phones_progress()`` (``table/web/kiosk.py``: the door's
``table/web/progress.py``, only once a seat's page is in use) and is drawn by the app over the
game's view, in the toolkit's status style (teach mode's strip, ``announce_panel``): across the top,
left of the help button (under teach mode's strip when that is up), or above the buttons of a
waiting announcement's panel, which covers the play screen.

Each seat's words shrink to fit the strip's two rows: "Ana: chosen ✓", else "Ana ✓", else the
seat's number "1 ✓"; never cut. Sizes are of the 800×480 design, scaled by the view.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion, TableShell, Teaches
from table.display import announce_panel
from table.display.colours import DIM, LIT, OK, PANEL
from table.display.help_view import help_button_rect
from table.display.module_view import ModuleView
from table.display.toolkit import BaseView

SIZE = 16
"""The strip's words (design px; the view's readable size: two rows stand in the top band the
help button takes, so the strip covers a screen's title line and nothing under it)."""
ROWS = 2
"""The most rows of words the strip takes before the words get shorter."""
LEVELS = 3
"""How many ways to write a seat's chip, longest first (``Progress.chips``)."""
MODES = ("play", "pad")


def progress_for(ctl: GameCompanion) -> Any:
    """What the phones wait for now (``table.web.progress.Progress``), or None: not ``play --web``,
    not a play or pad screen, no phone in use, nobody to wait for."""
    asked = ctl.phones_progress if isinstance(ctl, TableShell) else None
    if asked is None or ctl.mode not in MODES:
        return None
    return asked()


def _layout(view: BaseView[Any], pieces: list[tuple[str, Any, bool]],
            width: int) -> list[list[tuple[str, Any, bool, int]]]:
    """``pieces`` (words, colour, bold) flowed into rows of at most ``width`` px: each row's
    (words, colour, bold, x offset)."""
    px = max(view.px(SIZE), view.read_px)
    gap = view.px(14)
    rows: list[list[tuple[str, Any, bool, int]]] = [[]]
    x = 0
    for words, colour, bold in pieces:
        w = view.fonts.width(words, px, bold)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((words, colour, bold, x))
        x += w + gap
    return rows


def _pieces(progress: Any, level: int) -> list[tuple[str, Any, bool]]:
    return [(progress.lead(), LIT, True), *((words, OK if done else DIM, False) for words, done in
                                             progress.chips(level))]


def _rows(view: BaseView[Any], progress: Any, width: int) -> list[list[tuple[str, Any, bool, int]]]:
    """The longest words whose rows fit :data:`ROWS` (the seats' numbers when nothing does)."""
    rows: list[list[tuple[str, Any, bool, int]]] = []
    for level in range(LEVELS):
        rows = _layout(view, _pieces(progress, level), width)
        if len(rows) <= ROWS:
            break
    return rows


def _place(view: BaseView[Any], ctl: GameCompanion, rows: int) -> tuple[pygame.Rect, bool]:
    """The strip's rectangle for ``rows`` rows of words, and whether it stands at the top."""
    px = max(view.px(SIZE), view.read_px)
    words_h = rows * view.fonts.font(px).get_linesize()
    h = words_h + 2 * view.px(2)
    if isinstance(view, ModuleView) and announce_panel.covers(ctl):  # above the panel's buttons
        h = words_h + 2 * view.px(8)
        area = announce_panel.panel_area(view)
        bottom = announce_panel.buttons_top(view) - view.px(6)
        if isinstance(ctl, Teaches) and ctl.lesson:  # the panel's two lines of the lesson stay above its buttons
            bottom -= 2 * view.fonts.font(view.px(announce_panel.SMALLEST)).get_linesize() + view.px(6)
        inner = area.inflate(-2 * view.px(6), 0)
        return pygame.Rect(inner.x, bottom - h, inner.w, h), False
    lesson = ctl.lesson if isinstance(ctl, Teaches) else None
    top = announce_panel.lesson_strip_height(view) if isinstance(view, ModuleView) and lesson else 0
    if top == 0:
        h = max(h, view.help_corner().bottom)  # the title's band, the help button's height
    help_rect = help_button_rect(view, str(ctl.mode))
    right = view.w
    if help_rect.y < top + h and help_rect.right < view.w - view.px(12):  # the screen put it elsewhere:
        right = help_rect.right + view.px(4)  # the strip ends with it (Applejack's pad: its keypad beside)
    return pygame.Rect(0, top, right, h), True


def _width(view: BaseView[Any], ctl: GameCompanion, rect: pygame.Rect) -> int:
    """How wide the words may run in ``rect``: short of the help button where it stands beside them."""
    help_rect = help_button_rect(view, str(ctl.mode))
    right = rect.right - view.px(10)
    if help_rect.colliderect(rect):
        right = min(right, help_rect.x - view.px(10))
    return right - rect.x - view.px(10)


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> bool:
    """The strip over the game's view (before the help button is drawn); False when there is none."""
    progress = progress_for(ctl)
    if progress is None:
        return False
    probe, _top = _place(view, ctl, 1)
    rows = _rows(view, progress, _width(view, ctl, probe))
    rect, top = _place(view, ctl, len(rows))
    width = _width(view, ctl, rect)
    if len(rows) > ROWS:  # the numbers on more rows (many seats on a small screen)
        rows = _layout(view, _pieces(progress, LEVELS - 1), width)
    view.cover(rect)
    pygame.draw.rect(surf, PANEL, rect)
    if top:
        pygame.draw.line(surf, LIT, rect.bottomleft, rect.bottomright, view.px(3))
    else:
        pygame.draw.rect(surf, LIT, rect, view.px(2), border_radius=view.px(6))
    px = max(view.px(SIZE), view.read_px)
    line_h = view.fonts.font(px).get_linesize()
    y = rect.y + (rect.h - len(rows) * line_h) // 2
    for row in rows:
        for words, colour, bold, dx in row:
            view.text(surf, words, SIZE, (rect.x + view.px(10) + dx, y), colour, bold=bold)
        y += line_h
    return True
