"""Applejack's players on its screens (``table/companion/players.py`` holds the logic): each seat's
cell of the setup screen as its name button and the History button, a named seat's player in the
play title and the score pad's column heads (the result and its QR code page are every game's:
``table/display/result_view.py``)."""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.players import NamedSeats
from table.display.colours import BG, DIM, FG, LIT, PANEL
from table.display.toolkit import BaseView
from table.games.applejack.companion.api import Controller
from table.games.applejack.labels import seat_label, start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.phase import Phase
from table.i18n import _
from table.i18n.names import symbol_name

SEAT_CELL_W = 128
"""The setup screen's seat cells' width (px of the 800×480 design): four beside the labels."""


def named(ctl: Controller) -> bool:
    """Applejack's controller with names (its setup, pad and result draw them here)."""
    return isinstance(ctl, NamedSeats)


def draw_setup_names(v: BaseView[Any], surf: pygame.Surface, ctl: Controller,
                     cells: list[pygame.Rect] | None = None) -> None:
    """Each seat's cell of the setup screen as its name button, and the History button (``cells``:
    where a layout other than the design's placed the seats, the 3.5" screen's)."""
    if not named(ctl):
        return
    s = ctl.setup
    lab_w, bw, y = v.px(250), v.px(SEAT_CELL_W), v.px(70) + v.px(56)  # ApplejackView.draw_setup's seat row
    honey = start_honey(ctl.data, s.players)
    cells = cells or [pygame.Rect(lab_w + seat * (bw + v.px(10)), y + v.px(2), bw, v.px(56))
                      for seat in range(s.players)]
    for seat in range(s.players):
        r = cells[seat]
        pygame.draw.rect(surf, BG, r.inflate(v.px(4), v.px(4)))
        pygame.draw.rect(surf, PANEL, r, border_radius=v.px(8))
        pygame.draw.rect(surf, DIM, r, v.px(1), border_radius=v.px(8))
        # the badge and the name on the cell's top half, the starting honey across its bottom half
        # (beside the badge it was cut at the readable size: "16 honey", "ハチミツ16")
        c = (r.x + v.px(16), r.y + r.h // 4 + v.px(1))
        v.seat_badge(surf, seat, c, min(v.px(12), r.h // 4 - 1))
        name = ctl.player_name(seat)
        tx, tw = c[0] + v.px(16), r.right - c[0] - v.px(20)
        label = name if name is not None else symbol_name(SEAT_SYMBOLS[seat]) + " ▸"
        if name is None and v.fonts.width(label, max(v.px(18), v.read_px)) > tw:
            label = label[:-2]  # the cell's frame still says it opens the keyboard
        clip = surf.get_clip()
        surf.set_clip(r)
        v.text(surf, label, 18, (tx, r.centery), FG if name else DIM, bold=name is not None, anchor="bottomleft",
               max_w=tw)
        v.text(surf, _("{n} honey").format(n=honey[seat]), 16, (r.centerx, r.centery), LIT, anchor="midtop",
               max_w=r.w - v.px(8))
        surf.set_clip(clip)
        v.targets.append((r, f"name{seat}"))
    hr = pygame.Rect(v.w - v.px(170), v.h - v.px(6) - v.tap(44), v.px(160), v.tap(44))
    v.button(surf, hr, _("History"), "history", size=18)


def draw_history(v: BaseView[Any], surf: pygame.Surface, ctl: Controller, *, right: int, bottom: int) -> None:
    """The History button (the players' past games) as wide as its word, its bottom right corner
    at (``right``, ``bottom``): the 3.5" HAT's last setup page."""
    if not named(ctl):
        return
    label = _("History")
    w = max(v.touch_px, v.fonts.width(label, v.read_px, True) + 12)
    v.button(surf, pygame.Rect(right - w, bottom - v.touch_px, w, v.touch_px), label, "history", size=0)


# --- play and score pad -----------------------------------------------------------------------
def turn_title(ctl: Controller) -> str:
    """The play screen's title: "Game over", "○ Circle: restock the cottage" or "○ Circle's turn",
    a named seat's player in place of its label (:func:`play_title`)."""
    t = ctl.t
    seat = t.seat
    if t.is_terminal():
        return _("Game over")
    if t.state.phase == Phase.STOCK:
        return play_title(ctl, seat, _("{seat}: restock the cottage").format(seat=seat_label(seat)))
    return play_title(ctl, seat, _("{seat}'s turn").format(seat=seat_label(seat)))


def play_title(ctl: Controller, seat: int, title: str) -> str:
    """The play screen's title with the seat's player instead of its label (the badge beside it
    shows the seat): ``Ada's turn``."""
    name = ctl.player_name(seat) if named(ctl) else None
    return title if name is None else title.replace(seat_label(seat), name, 1)


def draw_pad_names(v: BaseView[Any], surf: pygame.Surface, ctl: Controller) -> None:
    """The score pad's column heads: a named seat's player beside its badge (ResultScreens.draw_pad's grid)."""
    pad = ctl.pad
    if not named(ctl) or pad is None or not any(ctl.seat_names()):
        return
    gx, gy = v.px(10), getattr(v, "pad_top", v.px(84))  # where draw_pad put its grid
    gw = v.w - v.px(250) - v.px(24)
    label_w = getattr(v, "pad_label_w", v.px(150))  # as draw_pad made it
    rh = max(v.px(28), v.fonts.font(max(v.px(20), v.read_px), True).get_linesize())  # draw_pad's head row
    cw = (gw - label_w) // pad.players
    for p in range(pad.players):
        name = ctl.player_name(p)
        if name is None:
            continue
        cell = pygame.Rect(gx + label_w + p * cw + 1, gy, cw - 2, rh)
        pygame.draw.rect(surf, BG, cell)
        r = min(rh // 2 - 2, v.px(14))
        v.seat_badge(surf, p, (cell.x + r + v.px(2), cell.centery), r)
        clip = surf.get_clip()
        surf.set_clip(cell)  # a long name shrinks, and what still does not fit is cut at the column
        v.text(surf, name, 16, (cell.x + 2 * r + v.px(6), cell.centery), FG, bold=True, anchor="midleft",
               max_w=cell.right - cell.x - 2 * r - v.px(8))
        surf.set_clip(clip)
