"""Applejack's players on its screens (``table/companion/players.py`` holds the logic): each seat's
cell of the setup screen as its name button and the History button, a named seat's player in the
play title, the score pad's and the result's column heads, and the result's QR code page."""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import BG, DIM, FG, LIT, PANEL, WARN
from table.display.players_view import draw_qr
from table.display.toolkit import BaseView
from table.games.applejack.labels import seat_label, start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.i18n import _
from table.i18n.names import symbol_name

SEAT_CELL_W = 128
"""The setup screen's seat cells' width (px of the 800×480 design): four beside the labels."""


def named(ctl: Any) -> bool:
    """Applejack's controller with names (its setup, pad and result draw them here)."""
    return hasattr(ctl, "seat_names")


def draw_setup_names(v: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """Each seat's cell of the setup screen as its name button, and the History button."""
    if not named(ctl):
        return
    s = ctl.setup
    lab_w, bw, y = v.px(250), v.px(SEAT_CELL_W), v.px(70) + v.px(56)  # ApplejackView.draw_setup's seat row
    honey = start_honey(ctl.data, s.players)
    cells = getattr(v, "seat_cells", None) or [pygame.Rect(lab_w + seat * (bw + v.px(10)), y + v.px(3), bw,
                                                           v.px(52)) for seat in range(s.players)]
    for seat in range(s.players):
        r = cells[seat]
        pygame.draw.rect(surf, BG, r.inflate(v.px(4), v.px(4)))
        pygame.draw.rect(surf, PANEL, r, border_radius=v.px(8))
        pygame.draw.rect(surf, DIM, r, v.px(1), border_radius=v.px(8))
        c = (r.x + v.px(18), r.centery)
        v.seat_badge(surf, seat, c, min(v.px(14), r.h // 4))
        name = ctl.player_name(seat)
        tx, tw = c[0] + v.px(19), r.right - c[0] - v.px(22)
        label = name if name is not None else symbol_name(SEAT_SYMBOLS[seat]) + " ▸"
        clip = surf.get_clip()
        surf.set_clip(r)
        v.text(surf, label, 18, (tx, c[1]), FG if name else DIM, bold=name is not None, anchor="bottomleft",
               max_w=tw)
        v.text(surf, _("{n} honey").format(n=honey[seat]), 16, (tx, c[1]), LIT, anchor="topleft", max_w=tw)
        surf.set_clip(clip)
        v.targets.append((r, f"name{seat}"))
    hr = pygame.Rect(v.w - v.px(170), v.h - v.px(6) - v.tap(44), v.px(160), v.tap(44))
    v.button(surf, hr, _("History"), "history", size=18)


# --- play and score pad -----------------------------------------------------------------------
def play_title(ctl: Any, seat: int, title: str) -> str:
    """The play screen's title with the seat's player instead of its label (the badge beside it
    shows the seat): ``Ada's turn``."""
    name = ctl.player_name(seat) if named(ctl) else None
    return title if name is None else title.replace(seat_label(seat), name, 1)


def draw_pad_names(v: BaseView, surf: pygame.Surface, ctl: Any) -> None:
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


# --- result and its QR code ---------------------------------------------------------------------
def draw_result_names(v: BaseView, surf: pygame.Surface, ctl: Any) -> None:
    """The result's column heads with the players' names, and the QR code button (top left
    cell) when the finished game is in the history."""
    if not named(ctl):
        return
    res = ctl.results
    label_w, y0 = v.px(190), v.px(60)
    rh = (v.h - y0 - v.px(100)) // 6
    cw = (v.w - label_w - v.px(20)) // max(1, len(res))
    for p in range(len(res)):
        name = ctl.player_name(p)
        if name is None:
            continue
        won = p in ctl.winners and len(res) > 1
        cell = pygame.Rect(label_w + p * cw + 2 + v.px(4), y0 + v.px(4), cw - 4 - v.px(8), rh - v.px(6))
        pygame.draw.rect(surf, (70, 60, 10) if won else PANEL, cell)
        r = min(rh // 2 - 2, v.px(16))
        v.seat_badge(surf, p, (cell.x + v.px(4) + r, cell.centery), r)
        clip = surf.get_clip()
        surf.set_clip(cell)
        v.text(surf, name, 18, (cell.x + 2 * r + v.px(10), cell.centery), LIT if won else FG, bold=True,
               anchor="midleft", max_w=cell.right - cell.x - 2 * r - v.px(10))
        surf.set_clip(clip)
    if any(n is not None for n in ctl.seat_names()[: len(res)]) and len(res) > 1:  # the winners by name
        line = pygame.Rect(0, v.h - v.px(88), v.w - v.px(232), v.px(60))
        surf.fill(BG, line)
        names = " & ".join(ctl.player_name(s) or seat_label(s) for s in ctl.winners)
        text = (_("Winners: {names}") if len(ctl.winners) > 1 else _("Winner: {names}")).format(names=names)
        v.text(surf, text, 30, (v.px(14), v.h - v.px(80)), LIT, bold=True, max_w=v.w - v.px(250))
    if ctl.result_qr().gid is not None:
        qr = pygame.Rect(v.px(14), y0 + v.px(4), label_w - v.px(28), max(rh - v.px(8), v.px(34)))
        v.button(surf, qr, _("QR code ▸"), "qr", size=18)


def draw_qr_page(v: BaseView, surf: pygame.Surface, ctl: Any) -> bool:
    """The QR code page (the result's ``qr`` button): the code at full height on the left, what it
    is and a Back button on the right; False when the page is not open."""
    if not named(ctl) or not ctl.qr_open:
        return False
    qr = ctl.result_qr()
    margin = v.px(6)
    side = v.h - 2 * margin
    if qr.matrix:
        area = draw_qr(surf, qr.matrix, pygame.Rect(margin, margin, side, side))
        x = area.right + v.px(14)
    else:
        x = v.px(14)
    w = v.w - x - v.px(10)
    y = v.px(14)
    if qr.problem:
        v.wrapped(surf, qr.problem, 22, (x, y), w, WARN, max_lines=4)
    else:
        y = v.wrapped(surf, _("Scan to import this play into a statistics app (BG Stats)"), 20, (x, y), w, FG,
                      bold=True, max_lines=4)
        y = v.wrapped(surf, _("History game {gid} · {size} bytes · no network needed").format(
            gid=qr.gid, size=qr.size), 18, (x, y + v.px(8)), w, DIM, max_lines=3)
        for p, r in enumerate(ctl.results):
            v.text(surf, f"{ctl.with_name(p)}: {r.total}", 18, (x, y + v.px(8) + p * v.px(26)),
                   LIT if p in ctl.winners and len(ctl.results) > 1 else FG, max_w=w)
    br = pygame.Rect(x, v.h - v.px(70), min(w, v.px(200)), v.px(60))
    v.button(surf, br, _("◂ Back"), "qr", size=22)
    return True


