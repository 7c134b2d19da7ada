"""Applejack's setup screen on the 3.5" 480×320 HAT, laid out at the fit rule's 2.5 mm capitals
(23 px DejaVu type) with 7 mm buttons — which hold its rows on three pages, not one:

1. the players: their count, each seat's name button with its starting honey (four seats two by
   two), the tracked game's line where room is left; the app's game tab and the language;
2. the table: teach mode, the cottage tile, the die sensor (what it sees under it); the History;
3. the variants: the apple tiles (their order under them, reordered by command), the orchards'
   sides (each seat's B side under it), the solo campaign (its note under it).

Under a bar on every page: the page button (target :data:`~table.display.toolkit.PAGE`, the
view's own: **Next ▸**, on the last page **◂ Back** to the first), the game's name where the
bar leaves it room, **Start ✓**. Buttons are as wide as their words (and never under 7 mm), a
label never under the readable size. Sizes in real pixels of the panel.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import DIM, FG, LIT, OK, PANEL
from table.display.toolkit import PAGE, BaseView
from table.games.applejack.companion.api import Controller
from table.games.applejack.labels import start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.view import options, players, teach
from table.i18n import LANGUAGE_NAMES, _, current_language
from table.i18n.names import symbol_name

PAGES = 3
"""The setup's pages on the 3.5" HAT."""
M = 6
"""The margin and the gap between rows and buttons (px)."""


def _words_w(view: BaseView[Any], label: str) -> int:
    """A button as wide as its words in bold at the readable size, never under 7 mm (px)."""
    return max(view.touch_px, view.fonts.width(label, view.read_px, True) + 12)


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> None:
    """The page of the setup the view is turned to, under its bar."""
    page = view.shown_page(ctl)
    bar = view.touch_px
    right = view.help_corner().x - M
    start_label = _("Start ✓")
    start = pygame.Rect(right - _words_w(view, start_label), M // 2, _words_w(view, start_label), bar)
    view.button(surf, start, start_label, "confirm", colour=OK, size=0)
    turn_label = _("Next") + " ▸" if page < PAGES - 1 else "◂ " + _("Back")
    turn = pygame.Rect(start.x - M - _words_w(view, turn_label), M // 2, _words_w(view, turn_label), bar)
    view.button(surf, turn, turn_label, PAGE, size=0)
    if view.fonts.width("Applejack", view.read_px, True) <= turn.x - 2 * M:  # the game's name (the tab says it too)
        view.text(surf, "Applejack", 0, (M, turn.centery), bold=True, anchor="midleft")
    y = turn.bottom + M
    if page == 0:
        _players_page(view, surf, ctl, y)
    elif page == 1:
        _table_page(view, surf, ctl, y)
    else:
        _variants_page(view, surf, ctl, y)


def _players_page(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int) -> None:
    """The players' count, the seats, the tracked game's line; the language at the bottom right
    (the app's game tab at the bottom left)."""
    s = ctl.setup
    bar = view.touch_px
    label = view.text(surf, _("Players  (1–4)"), 0, (M, y + bar // 2), anchor="midleft")
    x0 = label.right + 2 * M
    bw = (view.w - M - x0 - 3 * M) // 4
    for i, n in enumerate((1, 2, 3, 4)):
        view.button(surf, pygame.Rect(x0 + i * (bw + M), y, bw, bar), _("Solo") if n == 1 else str(n),
                    f"trough{n}", lit=s.players == n, size=0)
    y += bar + M
    line_h = view.fonts.font(view.read_px, True).get_linesize()
    cell_h = 2 * line_h + 6  # the name, then the starting honey
    across = s.players if s.players < 4 else 2
    cw = (view.w - 2 * M - (across - 1) * M) // across
    cells = [pygame.Rect(M + (seat % across) * (cw + M), y + (seat // across) * (cell_h + M), cw, cell_h)
             for seat in range(s.players)]
    _seats(view, surf, ctl, cells)
    y = (cells[-1].bottom if cells else y) + M
    lang_label = f"{LANGUAGE_NAMES[current_language()]} ▸"  # as language_button writes it
    lang = pygame.Rect(view.w - M - _words_w(view, lang_label), view.h - M - bar, _words_w(view, lang_label), bar)
    view.language_button(surf, lang)
    if s.tracked:
        line = _("Orchard tracking on · hints: {hints}  (keys t, h) · every tile is typed in").format(
            hints=s.hints_text())
        if y + view.wrapped_height(line, 0, view.w - 2 * M, True) <= lang.y - M:
            view.wrapped(surf, line, 0, (M, y), view.w - 2 * M, LIT, bold=True, max_lines=8, min_size=0)


def _seats(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, cells: list[pygame.Rect]) -> None:
    """Each seat's cell: its badge and name (a button that opens the name's keyboard, a named
    controller's), its starting honey under them."""
    honey = start_honey(ctl.data, ctl.setup.players)
    named = players.named(ctl)
    for seat, r in enumerate(cells):
        half = r.h // 2
        if named:
            pygame.draw.rect(surf, PANEL, r, border_radius=view.px(8))
            pygame.draw.rect(surf, DIM, r, max(1, view.px(1)), border_radius=view.px(8))
            view.targets.append((r, f"name{seat}"))
        rad = min(view.px(12), half // 2)
        c = (r.x + 4 + rad, r.y + half // 2 + 2)
        view.seat_badge(surf, seat, c, rad)
        name = ctl.player_name(seat) if named else None
        tx = c[0] + rad + 4
        room = r.right - 4 - tx
        label = name if name is not None else symbol_name(SEAT_SYMBOLS[seat]) + (" ▸" if named else "")
        if name is None and view.fonts.width(label, view.read_px, bool(name)) > room:
            label = label.removesuffix(" ▸")  # the cell's frame still says it opens the keyboard
        if view.fonts.width(label, view.read_px, name is not None) > room:  # a long name: under the badge too
            tx, room = r.x + 4, r.w - 8
        view.text(surf, label, 0, (tx, r.y + half), FG if name else DIM, bold=name is not None, anchor="bottomleft",
                  max_w=room)
        view.text(surf, _("{n} honey").format(n=honey[seat]), 0, (r.centerx, r.y + half), LIT, anchor="midtop",
                  max_w=r.w - 8)


def _table_page(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int) -> None:
    """Teach mode, the cottage tile and the die sensor; the History at the bottom right."""
    bar = view.touch_px
    teach.draw_toggle(view, surf, ctl, y, bar, rect=pygame.Rect(M, y, view.w - 2 * M, bar))
    options.draw_small(view, surf, ctl, y + bar + M, ("trough5", "trough7"))
    players.draw_history(view, surf, ctl, right=view.w - M, bottom=view.h - M)


def _variants_page(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int) -> None:
    """The apple tiles, the orchards' sides and the solo campaign."""
    options.draw_small(view, surf, ctl, y, ("trough6", "orchards", "campaign"))


def option_labels(ctl: Controller) -> list[str]:
    """The option rows' labels (as ``options.draw`` writes them), to size their column."""
    labels = [_("Cottage tile (5)"), _("Apple tiles (6)"), _("Orchards (o)"), _("Die sensor (7)")]
    return [*labels, _("Campaign (k)")] if ctl.setup.players == 1 else labels
