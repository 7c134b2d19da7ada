"""Applejack's setup screen on the 3.5" 480×320 panel, where its rows do not fit one page at a
readable size with 7 mm buttons: the first page holds the players (their count, each seat's name
button and starting honey), teach mode, the language and the History; the second the options
(cottage, apple tiles, orchards, the solo campaign, the die sensor). **Start** is on both; the
page button (target :data:`~table.display.toolkit.PAGE`, the view's own) turns between them.
Sizes in real pixels of that panel unless ``px`` says design pixels."""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import LIT, OK
from table.display.toolkit import PAGE, BaseView
from table.games.applejack.companion.api import Controller
from table.games.applejack.labels import start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.view import options, players, teach
from table.i18n import _
from table.i18n.names import symbol_name


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> None:
    """The page of the setup the view is turned to, under a bar: the page button, the title, Start."""
    m, bar = view.px(10), view.tap(44)
    first = view.shown_page(ctl) == 0
    start = pygame.Rect(view.w - view.help_room() - view.px(190), m // 2, view.px(190), bar)  # left of help
    view.button(surf, start, _("Start ✓"), "confirm", colour=OK, size=30)
    turn = pygame.Rect(start.x - view.px(10) - view.px(150), m // 2, view.px(150), bar)
    view.button(surf, turn, _("Next") + " ▸" if first else "◂ " + _("Back"), PAGE, size=22)
    view.text_in(surf, _("Applejack — new game"), 38, pygame.Rect(m, turn.y, turn.x - 2 * m, turn.h),
                 bold=True)  # on two lines where a translation is too long for one
    if first:
        _players_page(view, surf, ctl, turn.bottom + view.px(8))
    else:
        lab_w = max(view.fonts.width(label, view.read_px) for label in option_labels(ctl)) + view.px(24) + 4
        options.draw(view, surf, ctl, turn.bottom + view.px(4), lab_w, rows_h=bar + view.px(6))


def option_labels(ctl: Controller) -> list[str]:
    """The option rows' labels (as ``options.draw`` writes them), to size their column."""
    labels = [_("Cottage tile (5)"), _("Apple tiles (6)"), _("Orchards (o)"), _("Die sensor (7)")]
    return [*labels, _("Campaign (k)")] if ctl.setup.players == 1 else labels


def _players_page(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int) -> None:
    """The players' count, the seats, teach mode, the tracked game's line; the language and the
    History at the bottom right (the app's game tab at the bottom left)."""
    s = ctl.setup
    m, bar, gap = view.px(10), view.tap(44), view.px(10)
    label = view.text(surf, _("Players  (1–4)"), 26, (m, y + bar // 2), anchor="midleft", max_w=view.w // 3)
    x0 = label.right + view.px(12)
    bw = (view.w - m - x0 - 3 * gap) // 4
    for i, n in enumerate((1, 2, 3, 4)):
        view.button(surf, pygame.Rect(x0 + i * (bw + gap), y, bw, bar), _("Solo") if n == 1 else str(n),
                    f"trough{n}", lit=s.players == n, size=26)
    y += bar + view.px(8)
    cw = (view.w - 2 * m - 3 * gap) // 4
    cells = [pygame.Rect(m + seat * (cw + gap), y, cw, bar) for seat in range(s.players)]
    if not players.named(ctl):  # a controller without names: the seats' symbols and honey
        honey = start_honey(ctl.data, s.players)
        for seat, cell in enumerate(cells):
            view.text(surf, symbol_name(SEAT_SYMBOLS[seat]), 18, (cell.x, cell.centery), anchor="bottomleft",
                      max_w=cell.w)
            view.text(surf, _("{n} honey").format(n=honey[seat]), 16, (cell.x, cell.centery), LIT, max_w=cell.w)
    y += bar + view.px(8)
    teach.draw_toggle(view, surf, ctl, y, bar, rect=pygame.Rect(m, y, view.w // 2, bar))
    y += bar + view.px(6)
    if s.tracked:
        line = _("Orchard tracking on · hints: {hints}  (keys t, h) · every tile is typed in").format(
            hints=s.hints_text())
        view.wrapped(surf, line, 22, (m, y), view.w - 2 * m, LIT, bold=True, max_lines=2, min_size=16)
    view.language_button(surf)
    players.draw_setup_names(view, surf, ctl, cells)  # the seats' name buttons, History
