"""Applejack's score pad on the 3.5" 480×320 HAT, laid out at the fit rule's 2.5 mm capitals
(23 px DejaVu type) with 7 mm keys by showing less (issue 33, item 6): the keypad lies along the
bottom (two rows of six digit keys, then Next, Back, Clear and Score ✓ as wide as their words),
and over it two players' columns and the boxes' rows around the cursor (Next and Back move the
cursor on through the others, the columns with it). What goes into the box under the cursor is left to the help
page; an entry that looks like a total is said over the rows where they leave it room (its box
is framed in the warning colour in any case). Sizes in real pixels of the panel.
"""

from __future__ import annotations

import pygame

from table.display.colours import FG, LIT, OK, PANEL, WARN
from table.display.shapes import draw_variety
from table.games.applejack.companion.api import PAD_TOTAL_LOOKING, Controller
from table.games.applejack.view import players
from table.games.applejack.view.base import ApplejackBase
from table.i18n import _
from table.i18n.names import variety_name

M = 4
"""The gap between keys and rows (px)."""


def draw(view: ApplejackBase, surf: pygame.Surface, ctl: Controller) -> None:
    pad = ctl.pad
    assert pad is not None
    key_h = view.touch_px
    top_keys = _keypad(view, surf, key_h)
    corner = view.help_corner()
    right = corner.x - M  # the head row stops short of the help button; the rows go under it
    line_h = view.fonts.font(view.read_px, True).get_linesize()
    head_h = corner.bottom - corner.y
    row_names = [variety_name(v.name) for v in ctl.data.varieties[:pad.varieties]] + [_("Blossoms"), _("Honey")]
    mark = view.px(14)
    label_w = max(view.fonts.width(n, view.read_px) for n in row_names) + 2 * mark + 2 * M + 4
    across = min(pad.players, 2)  # the columns around the cursor's player (Next goes on to the others)
    firstp = min(pad.cursor[0] // across * across, pad.players - across)
    cols = range(firstp, firstp + across)
    cw = (right - M - label_w) // across
    y = corner.y
    title = _("Score pad")
    if view.fonts.width(title, view.read_px, True) <= label_w - M:
        view.text(surf, title, 0, (M, y + head_h // 2), bold=True, anchor="midleft")
    for k, p in enumerate(cols):  # each column's head: the seat's badge and its player's name or number
        cell = pygame.Rect(M + label_w + k * cw, y, cw, head_h)
        r = min(head_h // 2 - 2, view.px(16))
        view.seat_badge(surf, p, (cell.x + r + 2, cell.centery), r)
        name = ctl.player_name(p) if players.named(ctl) else None
        label = name or str(p + 1)
        room = cell.right - cell.x - 2 * r - 6
        if view.fonts.width(label, view.read_px, True) <= room:
            view.text(surf, label, 0, (cell.x + 2 * r + 4, cell.centery), FG, bold=True, anchor="midleft")
    y += head_h + M
    warnings = ctl.pad_warnings()
    if warnings:  # said where the rows leave a line for it (a box of one row stays)
        w = view.w - 2 * M
        lines = view.break_lines(warnings[0], view.read_px, True, w)
        if y + len(lines) * line_h + key_h + M <= top_keys - M:
            y = view.wrapped(surf, warnings[0], 0, (M, y), w, WARN, bold=True, max_lines=len(lines), min_size=0) + M
    shown = max(1, min(pad.fields, (top_keys - M - y) // (key_h + M)))
    first = min(pad.cursor[1] // shown * shown, pad.fields - shown)
    for f in range(first, first + shown):
        ry = y + (f - first) * (key_h + M)
        if f < pad.varieties:
            var = ctl.data.varieties[f]
            draw_variety(surf, var.colour, var.mark, (M + mark, ry + key_h // 2), mark)
            view.text(surf, variety_name(var.name), 0, (M + 2 * mark + M, ry + key_h // 2), anchor="midleft")
        else:
            view.text(surf, (_("Blossoms"), _("Honey"))[f - pad.varieties], 0, (M, ry + key_h // 2), anchor="midleft")
        for k, p in enumerate(cols):
            box = pygame.Rect(M + label_w + k * cw + 2, ry, cw - 4, key_h)
            sel = pad.cursor == (p, f)
            pygame.draw.rect(surf, LIT if sel else PANEL, box, border_radius=view.px(4))
            if f < pad.varieties and any(a >= PAD_TOTAL_LOOKING for a in pad.areas[p][f]):
                pygame.draw.rect(surf, WARN, box, 3, border_radius=view.px(4))
            value = (pad.typing + "_") if sel else pad.field_text(p, f)
            view.text(surf, value, 0, box.center, (0, 0, 0) if sel else FG, anchor="center", max_w=box.w - 4)
            view.targets.append((box, f"cell{p}_{f}"))


def _keypad(view: ApplejackBase, surf: pygame.Surface, key_h: int) -> int:
    """The digits in two rows of six and the word keys under them; returns the keypad's top (px)."""
    words = [(_("Next"), "next", None), (_("Back"), "prev", None), (_("Clear"), "clear", None),
             (_("Score ✓"), "done", OK)]
    need = [max(view.touch_px, view.fonts.width(label, view.read_px, True) + 10) for label, _n, _c in words]
    spare = (view.w - 2 * M - sum(need) - M * (len(words) - 1)) // len(words)
    y = view.h - M - key_h
    x = M
    for (label, name, colour), w in zip(words, need, strict=True):
        view.button(surf, pygame.Rect(x, y, w + spare, key_h), label, name, colour=colour, size=0)
        x += w + spare + M
    keys = ["1", "2", "3", "4", "5", ",", "6", "7", "8", "9", "0", "⌫"]
    names = {",": "comma", "⌫": "backspace"}
    kw = (view.w - 2 * M - 5 * M) // 6
    for i, k in enumerate(keys):
        row, col = divmod(i, 6)
        r = pygame.Rect(M + col * (kw + M), y - (2 - row) * (key_h + M), kw, key_h)
        view.button(surf, r, k, names.get(k, k), size=0)
    return y - 2 * (key_h + M)
