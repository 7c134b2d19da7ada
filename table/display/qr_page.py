"""The result's QR code page (the result screen's **QR code ▸** button, every game): the code
of BG Stats' import link (``table.history.book.Book.result_qr``) over the screen's whole height
on the left, what it is, each seat's total and **◂ Back** in the column on the right.

**A phone must read it from the lid** (issue 33): the code is drawn only with modules of
:data:`MIN_MODULE_PX` whole pixels or more (quiet zone included), so that it still decodes when
the picture is half the size (the phone further away); a link too long for that on this
screen (the 3.5" 480×320 screen holds a version 13 code, about 420 bytes: a solo play's link,
no play of two seats, ``docs/history.md``) is said in one line instead, with the other way to
take the play to the app: the history's export. With ``play --web`` such a screen draws instead
the code of the result's **short link** (``http://<the lid's phone address>/r/<token>``, a version
3 code: 8 px modules on the 3.5" screen), which the lid's web server redirects to the import link
(``table/web/resultlinks.py``); the app hands it to the view (``v.result_link``), and the line
under the heading says the phone opens BG Stats through the table's Wi-Fi.

Every line here stands capitals of ``screens.CAP_MM`` (2.5 mm) on every screen model, the 3.5"
HAT's 17 px too, whatever the toolkit's floor for that model is (:func:`read_size`); nothing
is cut: what does not fit in the column is left out, the seats first.

Sizes are of the 800×480 design, scaled by the view (``v.px``), except the text's (real px).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion
from table.display.colours import DIM, FG, LIT, WARN
from table.display.players_view import draw_qr
from table.display.toolkit import BaseView
from table.i18n import _

MIN_MODULE_PX = 4
"""The smallest module drawn (real pixels): at half the picture's size still 2 px, which a
decoder reads (``tests/display/test_qr_page.py``); at 3 px a code stopped decoding at 70 %."""
MARGIN = 6
"""Between the code and the screen's edges (design px)."""


def module_px(v: BaseView[Any], n: int) -> int:
    """The whole pixels a module of an ``n``-module code (quiet zone included) gets on this
    screen: the height less the margins, shared out; 0 when that is under :data:`MIN_MODULE_PX`
    (the code is not drawn)."""
    m = (v.h - 2 * v.px(MARGIN)) // max(1, n)
    return m if m >= MIN_MODULE_PX else 0


def read_size(v: BaseView[Any], bold: bool = False) -> float:
    """The design size (``v.text``'s ``size``) at which a line's capitals stand at least
    ``CAP_MM`` on this screen model's glass (``ScreenModel.cap_px``), and never under the
    toolkit's own floor (``v.read_px``)."""
    px, need = v.read_px, v.model.cap_px()
    while v.fonts.cap_height(px, bold) < need:
        px += 1
    return (px + 0.25) / v.s  # v.px() rounds it back to px


def draw_qr_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, sheet: Any) -> None:
    """The QR code page: the code at :func:`module_px` a module on the left (or, too big for this
    screen, the line that says so); the column on the right: the heading (under the help
    button's corner), the history id and size where they fit, each seat's total (what the code
    carries: in two columns where one does not hold them) as far as they fit, and Back at the
    bottom."""
    qr = ctl.result_qr()
    margin = v.px(MARGIN)
    m = module_px(v, len(qr.matrix)) if qr.matrix else 0
    short = bool(qr.link) and not m and not qr.problem and v.result_link is not None
    if short and v.result_link is not None:  # play --web: the short link through the lid's Wi-Fi instead
        qr = v.result_link(qr.link, qr.gid)
        m = module_px(v, len(qr.matrix)) if qr.matrix else 0
        if m:  # a small code: half the width at most, the column keeps room for every seat
            m = max(MIN_MODULE_PX, min(m, (v.w // 2 - v.px(MARGIN)) // len(qr.matrix)))
    x = v.px(14)
    if m:
        side = m * len(qr.matrix)
        x = draw_qr(surf, qr.matrix, pygame.Rect(margin, (v.h - side) // 2, side, side)).right + v.px(12)
    w = v.w - x - v.px(8)
    size, bold = read_size(v), read_size(v, True)
    label = _("◂ Back")
    back_w = max(v.touch_px, v.fonts.width(label, v.px(bold), True) + v.px(16))
    back = pygame.Rect(x, v.h - margin - v.tap(60), min(w, max(v.px(200), back_w)), v.tap(60))
    v.button(surf, back, label, "qr", size=bold)
    y = v.help_corner().bottom + v.px(6)  # the column starts under the "?": nothing over the heading
    bottom = back.y - v.px(6)
    if qr.problem or not m:
        words = qr.problem or _("Too big to scan here: export game {gid} instead (history --export {gid}, "
                                "or the phone page's download)").format(gid=qr.gid)
        y = _column(v, surf, [(words, WARN, False)], x, y, w, bottom, size)
        if qr.problem:
            return
    else:
        headings = (_("Scan to open this play in BG Stats through the table's Wi-Fi"),
                    _("BG Stats through the table's Wi-Fi")) if short else \
            (_("Scan to import this play into a statistics app (BG Stats)"), _("Scan with BG Stats"))
        seats_h = sum(_height(v, f"{seat.name}: {seat.total}", size, w) for seat in sheet.seats) + v.px(8)
        fits = [h for h in headings if not short or y + _height(v, h, bold, w, True) + seats_h <= bottom]
        for heading in fits[:1] or headings:  # (the short link's: the long one where the seats fit below it)
            below = _column(v, surf, [(heading, FG, True)], x, y, w, bottom, bold)  # the short one in a narrow column
            if below > y:
                y = below
                break
    seats = [(f"{seat.name}: {seat.total}", LIT if seat.winner else FG, False) for seat in sheet.seats]
    if m and not short:  # the history id and size only where every seat fits below them too
        info = _("History game {gid} · {size} bytes · no network needed").format(gid=qr.gid, size=qr.size)
        need = sum(_height(v, text, size, w) for text, _c, _b in seats) + v.px(8)
        y = _column(v, surf, [(info, DIM, False)], x, y + v.px(8), w, bottom - need, size)
    _seat_lines(v, surf, seats, x, y + v.px(8), w, bottom, size)


def _height(v: BaseView[Any], text: str, size: float, w: int, bold: bool = False) -> int:
    """How tall ``text`` is wrapped in ``w`` px at design size ``size`` (px)."""
    px = v.px(size)
    return len(v.break_lines(text, px, bold, w)) * int(v.fonts.font(px, bold).get_linesize())


def _seat_lines(v: BaseView[Any], surf: pygame.Surface, seats: list[tuple[str, Any, bool]], x: int, y: int, w: int,
                bottom: int, size: float) -> None:
    """The seats' totals one under the other; where they do not all fit so, in two columns (the
    first half of the seats on the left) when each total is one line in half the width; else as
    many as fit."""
    if y + sum(_height(v, text, size, w) for text, _c, _b in seats) > bottom:
        half = (w - v.px(12)) // 2
        px = v.px(size)
        rows = (len(seats) + 1) // 2
        if all(v.fonts.width(text, px) <= half for text, _c, _b in seats) and \
                y + rows * _height(v, "H", size, half) <= bottom:
            _column(v, surf, seats[:rows], x, y, half, bottom, size)
            _column(v, surf, seats[rows:], x + half + v.px(12), y, half, bottom, size)
            return
    _column(v, surf, seats, x, y, w, bottom, size)


def _column(v: BaseView[Any], surf: pygame.Surface, lines: list[tuple[str, Any, bool]], x: int, y: int, w: int,
            bottom: int, size: float) -> int:
    """Each of ``lines`` (words, colour, bold) wrapped in ``w`` px from ``y`` down, as far as a line
    fits whole above ``bottom`` and has no word wider than the column (the rest left out, never
    cut); returns the y below the last drawn."""
    for text, colour, bold in lines:
        px = v.px(size)
        words = v.break_lines(text, px, bold, w)
        if any(v.fonts.width(word, px, bold) > w for word in words) or y + _height(v, text, size, w, bold) > bottom:
            break
        y = v.wrapped(surf, text, size, (x, y), w, colour, bold=bold, max_lines=len(words), min_size=0)
    return y
