"""Applejack's setup options (cottage, apple tiles, orchards, the solo campaign, the die sensor):
each a label, its button and what it shows beside it, on the setup screen of every size (the
3.5" panel's second page too, ``setup_small.py``). Sizes in design pixels through ``view.px``."""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import DIM, FG, WARN, hex_colour
from table.display.shapes import draw_variety
from table.display.toolkit import BaseView
from table.games.applejack.companion.api import SEAT_COLOURS, Controller, campaign_middle
from table.games.applejack.view import teach
from table.i18n import _, ngettext


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int, lab_w: int,
         rows_h: int | None = None) -> int:
    """The option rows (label, button, and what each shows beside it), ``rows_h`` tall each
    (the design's 44 px; the 3.5" screen's options page: 7 mm and no teach button, which is on
    its first page); returns the y below."""
    if rows_h is None:
        rows_h = max(view.px(44), view.touch_px + view.px(6))  # 7 mm buttons and 3 px above and below
        teach.draw_toggle(view, surf, ctl, y, rows_h)  # teach mode, right of the first option row
    rows = _rows(ctl)
    x0 = lab_w + view.px(180)
    beside = {"trough7": _beside_sensor, "trough6": _beside_apple_tiles,
              "orchards": _beside_orchards, "campaign": _beside_campaign}
    for label, name, value, on in rows:
        mid = y + rows_h // 2
        view.text(surf, label, 24, (view.px(20), mid), anchor="midleft", max_w=lab_w - view.px(24))
        r = pygame.Rect(lab_w, y + view.px(3), view.px(170), rows_h - view.px(6))
        view.button(surf, r, value, name, lit=on, size=22)
        if view.small:
            y += view.px(3)  # 7 mm buttons need the row's whole height
        if name in beside:
            beside[name](view, surf, ctl, pygame.Rect(x0, y, view.w - x0 - view.px(10), rows_h))
        y += rows_h
    return y

def _beside_sensor(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    if ctl.sensor_note():
        view.text_in(surf, ctl.sensor_note(), 20, row, WARN)

def _beside_apple_tiles(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    if ctl.setup.apple_tiles is None:
        return
    step = max(view.px(36), view.touch_px + 1)
    touch = 7 * step <= row.w  # else (the 3.5" screen) shown, reordered by command only: too small to touch
    step = step if touch else row.w // 7
    for i, v in enumerate(ctl.setup.apple_tiles):
        var = ctl.data.varieties[v]
        c = (row.x + step // 2 + i * step, row.centery)
        big = row.h // 2 - 2 if view.small else view.px(15)  # the 3.5" HAT: a row of their own, as big as it holds
        draw_variety(surf, var.colour, var.mark, c, min(big, step // 2 - 1))
        if touch:
            hit = pygame.Rect(0, 0, step - 1, max(row.h, view.touch_px))
            hit.center = c
            view.targets.append((hit, f"apple{i}"))  # a tap moves it one place forward

def _beside_orchards(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    if ctl.setup.orchards is None:
        return
    ow = max(view.px(64), view.touch_px)
    inset = view.px(3) if row.h - view.px(6) >= view.touch_px else 0  # 7 mm tall, the row's whole height if need be
    for seat, side in enumerate(ctl.setup.orchards):  # a tap gives the seat its next B side
        orr = pygame.Rect(row.x + seat * (ow + view.px(6)), row.y + inset, ow, row.h - 2 * inset)
        pygame.draw.rect(surf, hex_colour(SEAT_COLOURS[seat]), orr, border_radius=view.px(6))
        view.text(surf, side, 20, orr.center, FG, bold=True, anchor="center", max_w=ow - 4)
        view.targets.append((orr, f"orchard{seat}"))

def _beside_campaign(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    view.text_in(surf, _campaign_note(ctl), 20, row, DIM)


def _campaign_note(ctl: Controller) -> str:
    """What the campaign row says beside its button."""
    campaign = ctl.setup.campaign
    kept = campaign_middle(campaign) if campaign else 0
    return (_("keep 1 tile for game 2") if campaign == 1 else
            ngettext("{n} kept tile on the middle trees", "{n} kept tiles on the middle trees",
                     kept).format(n=kept) if campaign
            else _("4 solo games, tiles kept"))


def draw_small(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, y: int, names: tuple[str, ...]) -> int:
    """The 3.5" HAT's option rows named in ``names`` (``setup_small``'s pages): each label as wide
    as its words, its button as wide as the widest of its values, 7 mm tall; what a row shows
    beside it there where it fits, else on a row of its own under it. Returns the y below."""
    m, bar = 6, view.touch_px
    rows = [row for row in _rows(ctl) if row[1] in names]
    lab_w = max((view.fonts.width(label, view.read_px) for label, *_rest in rows), default=0) + 2 * m
    values = [_("On"), _("Off"), _("Shuffled"), _("Side A"), _("Side B"),
              *(_("Game {n} of 4").format(n=n) for n in range(1, 5))]
    bw = max(view.touch_px, max(view.fonts.width(v, view.read_px, True) for v in values) + 12)
    x0 = m + lab_w + bw + m
    for label, name, value, on in rows:
        view.text(surf, label, 0, (m, y + bar // 2), anchor="midleft")
        view.button(surf, pygame.Rect(m + lab_w, y, bw, bar), value, name, lit=on, size=0)
        y += bar + m
        beside = _BESIDE.get(name)
        if beside is None:
            continue
        row = pygame.Rect(x0, y - bar - m, view.w - m - x0, bar)
        if not _fits_beside(view, ctl, name, row.w):
            h = bar
            if name in ("campaign", "trough7"):  # a note: as many lines as its words take
                note = _campaign_note(ctl) if name == "campaign" else ctl.sensor_note()
                h = max(1, len(view.break_lines(note, view.read_px, False, view.w - 2 * m))) * \
                    view.fonts.font(view.read_px).get_linesize()
            row = pygame.Rect(m, y, view.w - 2 * m, h)
            if _shows(ctl, name):
                y += h + m
        beside(view, surf, ctl, row)
    return y


def _rows(ctl: Controller) -> list[tuple[str, str, str, bool]]:
    """The option rows: (label, target, the button's value, lit)."""
    s = ctl.setup
    on_text, off_text = _("On"), _("Off")
    rows = [(_("Cottage tile (5)"), "trough5", on_text if s.cottage else off_text, s.cottage),
            (_("Apple tiles (6)"), "trough6", _("Shuffled") if s.apple_tiles is not None else off_text,
             s.apple_tiles is not None),
            (_("Orchards (o)"), "orchards", _("Side B") if s.orchards is not None else _("Side A"),
             s.orchards is not None)]
    if s.players == 1:
        rows.append((_("Campaign (k)"), "campaign",
                     _("Game {n} of 4").format(n=s.campaign) if s.campaign else off_text, bool(s.campaign)))
    rows.append((_("Die sensor (7)"), "trough7", on_text if s.sensor else off_text, s.sensor))
    return rows


def _shows(ctl: Controller, name: str) -> bool:
    """Whether the row ``name`` shows anything beside it now."""
    s = ctl.setup
    return {"trough7": bool(ctl.sensor_note()), "trough6": s.apple_tiles is not None,
            "orchards": s.orchards is not None, "campaign": True}.get(name, False)


def _fits_beside(view: BaseView[Any], ctl: Controller, name: str, w: int) -> bool:
    """Whether what the row ``name`` shows fits ``w`` px beside its button (else under it)."""
    if name == "trough6":  # the apple tiles' marks: seen from across the table where 7 mm apart
        return 7 * view.touch_px <= w
    if name == "orchards":
        n = len(ctl.setup.orchards or ())
        return n * max(view.px(64), view.touch_px) + (n - 1) * view.px(6) <= w
    if name == "trough7":
        return view.fonts.width(ctl.sensor_note(), view.read_px) <= w
    return False


_BESIDE = {"trough7": _beside_sensor, "trough6": _beside_apple_tiles, "orchards": _beside_orchards,
           "campaign": _beside_campaign}
