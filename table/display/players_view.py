"""Drawing the players' names, the letter keyboard, the history screen and the result's QR code
(``table/companion/players.py`` holds the logic), for every game's view: each draws with the
view's own helpers and scale, so every size (480×320 … 1024×600) gets the same design.

* A view whose seats are named on a **Names** page (``BaseView.names_page``; every game but
  Applejack, whose setup names the seats in their own cells and opens the history instead): the
  **Names** button (:func:`names_button`) opens the Names page (:func:`draw_names_page`): per seat
  its badge and a name button cycling its name (``name<seat>``) with a **New…** button beside it
  (``newname<seat>``), and **Done``.
* Every game: while a name is typed the whole screen is the letter keyboard (``kb:…`` targets,
  keys at least 40 px at 480×320); a view without the Names page has the history (``hist:…``).
* The result's QR code (:func:`draw_qr`): the code at full screen height, one rectangle per
  module, its quiet zone light.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.players import seat_with_name
from table.companion.protocol import GameCompanion
from table.display.colours import DIM, FG, LIT, OK
from table.display.history_view import draw_history
from table.display.toolkit import BaseView
from table.i18n import _

QR_DARK = (0, 0, 0)
QR_LIGHT = (255, 255, 255)


def covers_setup(ctl: GameCompanion) -> bool:
    """The keyboard, the history or the Names page covers the setup screen (the game tab is not
    drawn)."""
    return ctl.covering()


# --- keys -----------------------------------------------------------------------------------------
def players_key(ctl: GameCompanion, e: Any, names_page: bool) -> str | None:
    """A key while a name is typed or the history is open (a button name; ``noop`` swallows it),
    ``H`` for the history on the setup screen of a view without the Names page (``names_page``);
    None: the key is not ours."""
    if ctl.mode != "setup":
        return None
    if ctl.keyboard is not None:
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "kb:ok"
        if e.key == pygame.K_ESCAPE:
            return "kb:cancel"
        if e.key == pygame.K_BACKSPACE:
            return "backspace"
        char = getattr(e, "unicode", "")
        return f"char:{char}" if char and char.isprintable() else "noop"
    if names_page:
        return "names:done" if ctl.names_open and e.key == pygame.K_ESCAPE else None
    if ctl.history is not None:
        keys = {pygame.K_UP: "hist:prev", pygame.K_LEFT: "hist:prev", pygame.K_PAGEUP: "hist:prev",
                pygame.K_DOWN: "hist:next", pygame.K_RIGHT: "hist:next", pygame.K_PAGEDOWN: "hist:next",
                pygame.K_SPACE: "hist:next", pygame.K_ESCAPE: "hist:back", pygame.K_RETURN: "hist:back",
                pygame.K_BACKSPACE: "hist:back"}
        return keys.get(e.key, "hist:back" if getattr(e, "unicode", "") in ("h", "H") else "noop")
    if getattr(e, "unicode", "") == "H":
        return "history"
    return None


# --- setup ----------------------------------------------------------------------------------------
def draw_setup_overlay(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> bool:
    """The keyboard or the history over the whole setup screen; False when neither is open."""
    if not covers_setup(ctl):
        return False
    if ctl.keyboard is not None:
        draw_keyboard(v, surf, ctl)
    elif v.names_page:
        draw_names_page(v, surf, ctl)
    else:
        draw_history(v, surf, ctl)
    return True


def names_button(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, r: pygame.Rect, size: int = 20) -> None:
    """The other games' setup screen: the **Names** button, with how many seats have a player."""
    named = sum(n is not None for n in ctl.seat_names())
    label = _("Names: {n} of {seats}").format(n=named, seats=ctl.setup.players) if named else _("Names…")
    v.button(surf, r, label, "names", size=size, lit=bool(named))


def draw_names_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The other games' Names page: per seat its badge, its name button (cycling: nobody → the
    people who played before → New…) and a New… button; Done at the bottom right."""

    n = ctl.setup.players
    margin, gap = v.px(10), v.px(6)
    title, room = _("Who sits where? (a seat's button: the next name)"), v.help_corner().x - v.px(6) - margin
    top = v.px(42)
    if v.fonts.width(title, max(v.px(20), v.read_px), False) <= room:
        line_h = v.fonts.font(max(v.px(20), v.read_px), False).get_linesize()
        v.text(surf, title, 20, (margin, max(v.px(22), line_h // 2 + 1)), DIM, anchor="midleft", max_w=room)
        top = max(top, line_h + gap)
    else:  # the 3.5" screen: on two lines, the seats below them
        top = max(top, v.wrapped(surf, title, 20, (margin, v.px(4)), room, DIM, max_lines=2) + gap)
    done = pygame.Rect(v.w - v.px(170), v.h - v.px(6) - v.tap(40), v.px(160), v.tap(40))
    bottom = done.y - gap
    cols = 1 if n <= 4 else 2
    rows = -(-n // cols)
    rh = min(v.tap(64), (bottom - top - (rows - 1) * gap) // rows)
    cw = (v.w - 2 * margin - (cols - 1) * v.px(12)) // cols
    new_w = max(v.px(110), v.fonts.width(_("New…"), v.read_px, True) + 12)
    for seat in range(n):
        col, row = divmod(seat, rows)
        x, y = margin + col * (cw + v.px(12)), top + row * (rh + gap)
        r = min(rh // 2 - v.px(4), v.px(16))
        v.seat_badge(surf, seat, (x + r + v.px(2), y + rh // 2), r)
        nr = pygame.Rect(x + 2 * r + v.px(10), y, cw - 2 * r - v.px(10) - new_w - gap, rh)
        name = ctl.player_name(seat)
        v.button(surf, nr, name if name is not None else ctl.seat_label(seat) + " ▸", f"name{seat}", size=20,
                 lit=name is not None)
        v.button(surf, pygame.Rect(nr.right + gap, y, new_w, rh), _("New…"), f"newname{seat}", size=18)
    v.button(surf, done, _("Done ✓"), "names:done", colour=OK, size=20)


def draw_keyboard(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The letter keyboard: whose name, the text typed, three rows of ten keys, then
    shift, the other page, space, delete, cancel and OK."""

    kb = ctl.keyboard
    if kb is None:  # no name is being typed
        return
    margin, gap = (v.px(8), v.px(6)) if not v.small else (2, max(1, (v.w - 4 - 10 * v.touch_px) // 9))
    # the 3.5" screen: ten 7 mm keys to a row (46 px each at 480 px: 1 px between them)
    mid = max(v.px(22), v.fonts.font(max(v.px(22), v.read_px), False).get_linesize() // 2 + 1)
    v.seat_badge(surf, kb.seat, (margin + v.px(16), mid), v.px(14))
    seat = seat_with_name(ctl, kb.seat).split(" (")[0] if not v.names_page else ctl.seat_label(kb.seat)
    title = v.text(surf, _("Name for {seat}").format(seat=seat), 22,
                   (margin + v.px(38), mid), DIM, anchor="midleft", max_w=v.w - v.px(60))
    box = pygame.Rect(margin, max(v.px(42), title.bottom + 1), v.w - 2 * margin, v.px(54))
    pygame.draw.rect(surf, (10, 12, 16), box, border_radius=v.px(8))
    pygame.draw.rect(surf, LIT, box, v.px(2), border_radius=v.px(8))
    v.text(surf, kb.text + "_", 32, (box.x + v.px(12), box.centery), FG, bold=True, anchor="midleft",
           max_w=box.w - v.px(24))
    top = box.bottom + v.px(8)
    rows = kb.rows()
    kh = (v.h - top - margin - 3 * gap) // 4
    kw = (v.w - 2 * margin - 9 * gap) // 10
    for i, row in enumerate(rows):
        for j, k in enumerate(row):
            r = pygame.Rect(margin + j * (kw + gap), top + i * (kh + gap), kw, kh)
            v.button(surf, r, k, f"kb:{k}", size=24)
    y = top + 3 * (kh + gap)
    wide = [("⇧", "kb:shift", 1, kb.shift), ("ÄÖ1" if kb.page == 0 else "ABC", "kb:page", 1, False),
            (_("Space"), "kb:space", 3, False), ("⌫", "kb:back", 1, False), (_("Cancel"), "kb:cancel", 2, False),
            (_("OK"), "kb:ok", 2, False)]
    x = margin
    for label, name, span, lit in wide:
        r = pygame.Rect(x, y, span * kw + (span - 1) * gap, kh)
        v.button(surf, r, label, name, lit=lit, size=20, colour=OK if name == "kb:ok" else None)
        x = r.right + gap


def qr_edges(n: int, side: int, origin: int = 0) -> list[int]:
    """Where the ``n`` modules of a QR code drawn ``side`` pixels wide begin (and the last ends):
    a whole number of pixels each when that gives at least 3, else spread over the whole side
    (modules of m and m+1 pixels: a bigger code scans better from a small screen than an even one)."""
    m = side // n
    if m >= 3 or m == 0:
        m = max(1, m)
        return [origin + k * m for k in range(n + 1)]
    return [origin + round(k * side / n) for k in range(n + 1)]


def draw_qr(surf: pygame.Surface, matrix: Any, rect: pygame.Rect) -> pygame.Rect:
    """Draw a QR matrix (rows of booleans, True = dark, quiet zone included) into the largest
    square of ``rect`` (module edges by :func:`qr_edges`); returns the square drawn. Module
    (row i, column j) covers ``xs[j] … xs[j+1] - 1``, ``ys[i] … ys[i+1] - 1``."""
    n = len(matrix)
    side = min(rect.w, rect.h)
    xs, ys = qr_edges(n, side, rect.x), qr_edges(n, side, rect.y)
    area = pygame.Rect(rect.x, rect.y, xs[-1] - xs[0], ys[-1] - ys[0])
    surf.fill(QR_LIGHT, area)
    for i, row in enumerate(matrix):
        j = 0
        while j < n:  # runs of dark modules as one rectangle: fewer calls per frame
            if row[j]:
                k = j
                while k < n and row[k]:
                    k += 1
                surf.fill(QR_DARK, pygame.Rect(xs[j], ys[i], xs[k] - xs[j], ys[i + 1] - ys[i]))
                j = k
            else:
                j += 1
    return area
