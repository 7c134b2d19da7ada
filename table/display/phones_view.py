"""The lid's "Phones" page: one QR code per seat and one for the spectators (``play --web``).

With the phones let in (``table/web/kiosk.py`` gives the shell ``phones()``: (who, address) per
seat and for the spectators, the next game's on the setup and result screens), the help page of
those screens has a **Phones ▸** button (target :data:`PHONES`). The page shows one code at a
time at the screen's full height — on a 480×320 panel a 37-module code is 8 px a module, read by
a phone's camera from across the table — with whose it is, what it opens and the address written
out; **Next ▸** (:data:`NEXT`) shows the next seat's, **◂ Back** (or any other touch or key)
closes it. The codes are made with segno when the page is drawn (imported there: the kiosk's
start never loads it). Its words are the ``web`` catalogue's (``table/web/lidwords.py``).

Sizes are of the 800×480 design, scaled by the view.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion, TableShell
from table.display.colours import BG, DIM, FG, LIT
from table.display.players_view import draw_qr
from table.display.toolkit import BaseView
from table.i18n import _
from table.web import lidwords as W

PHONES = "phones"
"""The touch target that opens the page (on the help page of the setup and result screens)."""
NEXT = "phones-next"
"""The page's touch target that shows the next seat's code."""
MODES = ("setup", "result")
"""The screens whose help page offers the codes (the next game's seats)."""


def phone_links(ctl: GameCompanion) -> list[tuple[str, str]]:
    """(who, address) of each code, [] when the phones are not let in or no game is set up."""
    links = ctl.phones if isinstance(ctl, TableShell) else None
    if links is None or ctl.mode not in MODES:
        return []
    return list(links())


def help_button(ctl: GameCompanion) -> tuple[str, str] | None:
    """(label, target) of the help page's **Phones ▸** when there are codes to show, else None."""
    return (_(W.OPEN), PHONES) if phone_links(ctl) else None


def code_matrix(address: str) -> list[list[bool]]:
    """The QR code of ``address`` as rows of booleans (True = dark), its quiet zone included."""
    from table.history.statsexport import qr_matrix  # deferred: segno only when a code is drawn

    return qr_matrix(address.encode("ascii"))


def address_lines(v: BaseView[Any], address: str, width: int) -> list[str]:
    """``address`` cut into lines of at most ``width`` pixels at the readable size (it has no spaces)."""
    lines = [""]
    for c in address:
        if lines[-1] and v.fonts.width(lines[-1] + c, v.read_px, False) > width:
            lines.append("")
        lines[-1] += c
    return lines


COLUMN = 300
"""The narrowest the words' column beside a code may be, in px of the 800×480 design (on the
3.5" screen the code gives way: 180 px hold a German title word at the readable 23 px)."""


def code_side(v: BaseView[Any]) -> int:
    """How many pixels wide a code page's code is drawn: the screen's full height (less a margin
    above and below), or less where that would leave the words' column under :data:`COLUMN`."""
    margin = v.px(6)
    return min(v.h - 2 * margin, v.w - margin - v.px(14) - v.px(10) - v.px(COLUMN))


def code_page(v: BaseView[Any], surf: pygame.Surface, address: str | None, back: str,
              target: str) -> tuple[int, int, pygame.Rect]:
    """The frame of a page that shows a code over the whole screen (the phones' and the owner's):
    the background (what the game drew covered: not touchable, not recorded), ``address``'s code
    on the left (:func:`code_side` wide, from the top) and the ``back`` button (``target``) at
    the bottom right; returns the words' column (its left ``x`` and width, pixels) and that button."""
    surf.fill(BG)
    v.new_frame()
    margin = v.px(6)
    bh = v.tap(48)
    x = v.px(14)
    if address is not None:
        side = code_side(v)
        x = draw_qr(surf, code_matrix(address), pygame.Rect(margin, margin, side, side)).right + v.px(14)
    w = v.w - x - v.px(10)
    close = pygame.Rect(x, v.h - v.px(8) - bh, _button_w(v, back, w), bh)
    v.button(surf, close, back, target, size=20)
    return x, w, close


def _button_w(v: BaseView[Any], label: str, room: int) -> int:
    """A code page's button: 200 px of the design, wider where its words need it, at most ``room``."""
    return min(room, max(v.px(200), v.fonts.width(label, v.read_px, True) + v.px(20)))


def draw_phones_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, page: int) -> None:
    """The page over the whole screen: the code of link ``page`` (of :func:`phone_links`, in turn)
    on the left at full height, its words and the buttons on the right."""
    links = phone_links(ctl)
    x, w, close = code_page(v, surf, links[page % len(links)][1] if links else None, _(W.BACK), PHONES)
    bh = close.height
    if not links:
        v.wrapped(surf, _(W.NO_GAME), 20, (x, v.px(14)), w, FG, max_lines=6)
        return
    who, address = links[page % len(links)]
    nxt = pygame.Rect(x, close.y - v.px(8) - bh, 0, bh)
    bottom = nxt.y
    if len(links) > 1:
        count = f"{page % len(links) + 1}/{len(links)}"
        label = f"{_(W.NEXT)} {count}"
        if v.fonts.width(label, v.read_px, True) + v.px(20) > w:  # too wide (3.5"): the count above it
            label = _(W.NEXT)
            bottom = v.text(surf, count, 18, (x, nxt.y - v.px(4)), DIM, anchor="bottomleft").y
        nxt.w = _button_w(v, label, w)
        v.button(surf, nxt, label, NEXT, size=20)
    y = v.wrapped(surf, who, 26, (x, v.px(10)), w, LIT, bold=True, max_lines=2)
    what = W.SPECTATORS if page % len(links) == len(links) - 1 else W.SEAT
    line_h = v.fonts.font(v.read_px, False).get_linesize()
    lines = address_lines(v, address, w)
    room = bottom - v.px(4) - y - v.px(6) - len(lines) * line_h - v.px(6)
    if v.wrapped_height(_(what), 18, w) <= room:  # what it opens, where it fits with the address
        y = v.wrapped(surf, _(what), 18, (x, y + v.px(6)), w, FG, max_lines=8)
    if y + v.px(6) + len(lines) * line_h <= bottom - v.px(4):  # the address written out, where it fits
        y += v.px(6)
        for line in lines:
            v.text(surf, line, 14, (x, y), DIM, max_w=w)
            y += line_h
