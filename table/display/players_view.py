"""Drawing the players' names, the letter keyboard, the history screen and the result's QR code
(``table/companion/players.py`` holds the logic). ``render.View`` calls these hooks; each draws
with the view's own helpers and scale, so every size (480×320 … 1024×600) gets the same design.

* Setup: each seat's cell (badge, name, starting honey) is a button cycling its name
  (``name<seat>``); a **History** button at the bottom right; while a name is typed the whole
  screen is the letter keyboard (``kb:…`` targets, keys at least 40 px at 480×320), while the
  history is open the whole screen is the history (``hist:…``).
* The other games' setup: a **Names** button (:func:`names_button`) opens the Names page
  (:func:`draw_names_page`): per seat its badge and a name button cycling its name (``name<seat>``)
  with a **New…** button beside it (``newname<seat>``), and **Done**; the keyboard is the same.
* Play, score pad, result: a named seat shows its player's name beside its badge.
* Result: a **QR code** button (only when the game is in the history) opens a page with the
  code at full screen height, one rectangle per module, its quiet zone light
  (:func:`draw_qr`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from table.i18n import _

if TYPE_CHECKING:
    from table.display.render import View

QR_DARK = (0, 0, 0)
QR_LIGHT = (255, 255, 255)


def _named(ctl: Any) -> bool:
    """Applejack's controller with names (its setup, pad and result draw them here)."""
    return getattr(ctl, "game", "applejack") == "applejack" and hasattr(ctl, "seat_names")


def _seats_named(ctl: Any) -> bool:
    """Any game's module with named seats (``companion/players.NamedSeats``)."""
    return hasattr(ctl, "seat_names") and hasattr(ctl, "covering")


def covers_setup(ctl: Any) -> bool:
    """The keyboard, the history or the Names page covers the setup screen (the game tab is not
    drawn)."""
    return _seats_named(ctl) and bool(ctl.covering())


# --- keys -----------------------------------------------------------------------------------------
def players_key(ctl: Any, e: Any) -> str | None:
    """A key while a name is typed or the history is open (a button name; ``noop`` swallows it),
    ``H`` for the history on the setup screen; None: the key is not ours."""
    if not _seats_named(ctl) or ctl.mode != "setup":
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
    if not _named(ctl):
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
def draw_setup_overlay(v: View, surf: pygame.Surface, ctl: Any) -> bool:
    """The keyboard or the history over the whole setup screen; False when neither is open."""
    if not covers_setup(ctl):
        return False
    if ctl.keyboard is not None:
        draw_keyboard(v, surf, ctl)
    elif not _named(ctl):
        draw_names_page(v, surf, ctl)
    else:
        from table.display.history_view import draw_history

        draw_history(v, surf, ctl)
    return True


def draw_setup_names(v: View, surf: pygame.Surface, ctl: Any) -> None:
    """Each seat's cell of the setup screen as its name button, and the History button."""
    from table.display.render import BG, DIM, FG, LIT, PANEL
    from table.games.applejack.labels import start_honey
    from table.games.applejack.rules.data import SEAT_SYMBOLS
    from table.i18n.names import symbol_name

    if not _named(ctl):
        return
    s = ctl.setup
    lab_w, bw, y = v.px(250), v.px(120), v.px(70) + v.px(56)  # render.draw_setup's seat row
    honey = start_honey(ctl.data, s.players)
    for seat in range(s.players):
        r = pygame.Rect(lab_w + seat * (bw + v.px(10)), y + v.px(3), bw, v.px(52))
        pygame.draw.rect(surf, BG, r.inflate(v.px(4), v.px(4)))
        pygame.draw.rect(surf, PANEL, r, border_radius=v.px(8))
        pygame.draw.rect(surf, DIM, r, v.px(1), border_radius=v.px(8))
        c = (r.x + v.px(18), r.centery)
        v.seat_badge(surf, seat, c, v.px(14))
        name = ctl.player_name(seat)
        tx, tw = c[0] + v.px(19), r.right - c[0] - v.px(22)
        label = name if name is not None else symbol_name(SEAT_SYMBOLS[seat]) + " ▸"
        clip = surf.get_clip()
        surf.set_clip(r)
        v.text(surf, label, 18, (tx, c[1] - v.px(11)), FG if name else DIM, bold=name is not None,
               anchor="midleft", max_w=tw)
        v.text(surf, _("{n} honey").format(n=honey[seat]), 16, (tx, c[1] + v.px(12)), LIT, anchor="midleft",
               bold=True, max_w=tw)
        surf.set_clip(clip)
        v.targets.append((r, f"name{seat}"))
    hr = pygame.Rect(v.w - v.px(170), v.h - v.px(44), v.px(160), v.px(36))
    v.button(surf, hr, _("History"), "history", size=18)


def _badge(v: View, surf: pygame.Surface, ctl: Any, seat: int, c: tuple[int, int], r: int) -> None:
    """A seat's badge: Applejack's symbol, the other games' seat number."""
    from table.display.render import FG, PANEL

    if _named(ctl):
        v.seat_badge(surf, seat, c, r)
        return
    pygame.draw.circle(surf, PANEL, c, r)
    v.text(surf, str(seat + 1), 16, c, FG, bold=True, anchor="center")


def names_button(v: View, surf: pygame.Surface, ctl: Any, r: pygame.Rect, size: int = 20) -> None:
    """The other games' setup screen: the **Names** button, with how many seats have a player."""
    named = sum(n is not None for n in ctl.seat_names())
    label = _("Names: {n} of {seats}").format(n=named, seats=ctl.setup.players) if named else _("Names…")
    v.button(surf, r, label, "names", size=size, lit=bool(named))


def draw_names_page(v: View, surf: pygame.Surface, ctl: Any) -> None:
    """The other games' Names page: per seat its badge, its name button (cycling: nobody → the
    people who played before → New…) and a New… button; Done at the bottom right."""
    from table.display.render import DIM, OK

    n = ctl.setup.players
    margin, gap = v.px(10), v.px(6)
    v.text(surf, _("Who sits where? (a seat's button: the next name)"), 20, (margin, v.px(22)), DIM,
           anchor="midleft", max_w=v.w - 2 * margin)
    top, bottom = v.px(42), v.h - v.px(56)
    cols = 1 if n <= 4 else 2
    rows = -(-n // cols)
    rh = min(v.px(64), (bottom - top - (rows - 1) * gap) // rows)
    cw = (v.w - 2 * margin - (cols - 1) * v.px(12)) // cols
    new_w = v.px(110)
    for seat in range(n):
        col, row = divmod(seat, rows)
        x, y = margin + col * (cw + v.px(12)), top + row * (rh + gap)
        r = min(rh // 2 - v.px(4), v.px(16))
        _badge(v, surf, ctl, seat, (x + r + v.px(2), y + rh // 2), r)
        nr = pygame.Rect(x + 2 * r + v.px(10), y, cw - 2 * r - v.px(10) - new_w - gap, rh)
        name = ctl.player_name(seat)
        v.button(surf, nr, name if name is not None else ctl.seat_label(seat) + " ▸", f"name{seat}", size=20,
                 lit=name is not None)
        v.button(surf, pygame.Rect(nr.right + gap, y, new_w, rh), _("New…"), f"newname{seat}", size=18)
    done = pygame.Rect(v.w - v.px(170), v.h - v.px(48), v.px(160), v.px(40))
    v.button(surf, done, _("Done ✓"), "names:done", colour=OK, size=20)


def draw_keyboard(v: View, surf: pygame.Surface, ctl: Any) -> None:
    """The letter keyboard: whose name, the text typed, three rows of ten keys, then
    shift, the other page, space, delete, cancel and OK."""
    from table.display.render import DIM, FG, LIT, OK

    kb = ctl.keyboard
    margin, gap = v.px(8), v.px(6)
    _badge(v, surf, ctl, kb.seat, (margin + v.px(16), v.px(22)), v.px(14))
    seat = ctl.with_name(kb.seat).split(" (")[0] if _named(ctl) else ctl.seat_label(kb.seat)
    v.text(surf, _("Name for {seat}").format(seat=seat), 22,
           (margin + v.px(38), v.px(22)), DIM, anchor="midleft", max_w=v.w - v.px(60))
    box = pygame.Rect(margin, v.px(42), v.w - 2 * margin, v.px(54))
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


# --- play and score pad -----------------------------------------------------------------------
def play_title(ctl: Any, seat: int, title: str) -> str:
    """The play screen's title with the seat's player instead of its label (the badge beside it
    shows the seat): ``Ada's turn``."""
    from table.games.applejack.labels import seat_label

    name = ctl.player_name(seat) if _named(ctl) else None
    return title if name is None else title.replace(seat_label(seat), name, 1)


def draw_pad_names(v: View, surf: pygame.Surface, ctl: Any) -> None:
    """The score pad's column heads: a named seat's player beside its badge (render.draw_pad's grid)."""
    from table.display.render import BG, FG

    pad = ctl.pad
    if not _named(ctl) or pad is None or not any(ctl.seat_names()):
        return
    gx, gy = v.px(10), v.px(84)
    gw = v.w - v.px(250) - v.px(24)
    label_w = v.px(150)
    rh = (v.h - gy - v.px(8)) // (pad.fields + 1)
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
def draw_result_names(v: View, surf: pygame.Surface, ctl: Any) -> None:
    """The result's column heads with the players' names, and the QR code button (top left
    cell) when the finished game is in the history."""
    from table.display.render import BG, FG, LIT, PANEL
    from table.games.applejack.labels import seat_label

    if not _named(ctl):
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


def draw_qr_page(v: View, surf: pygame.Surface, ctl: Any) -> bool:
    """The QR code page (the result's ``qr`` button): the code at full height on the left, what it
    is and a Back button on the right; False when the page is not open."""
    from table.display.render import DIM, FG, LIT, WARN

    if not _named(ctl) or not ctl.qr_open:
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
