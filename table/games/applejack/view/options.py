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
    s = ctl.setup
    if rows_h is None:
        rows_h = max(view.px(44), view.touch_px + view.px(6))  # 7 mm buttons and 3 px above and below
        teach.draw_toggle(view, surf, ctl, y, rows_h)  # teach mode, right of the first option row
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
        draw_variety(surf, var.colour, var.mark, c, min(view.px(15), step // 2 - 1))
        if touch:
            hit = pygame.Rect(0, 0, step - 1, max(row.h, view.touch_px))
            hit.center = c
            view.targets.append((hit, f"apple{i}"))  # a tap moves it one place forward

def _beside_orchards(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    if ctl.setup.orchards is None:
        return
    ow = max(view.px(64), view.touch_px)
    for seat, side in enumerate(ctl.setup.orchards):  # a tap gives the seat its next B side
        orr = pygame.Rect(row.x + seat * (ow + view.px(6)), row.y + view.px(3), ow, row.h - view.px(6))
        pygame.draw.rect(surf, hex_colour(SEAT_COLOURS[seat]), orr, border_radius=view.px(6))
        view.text(surf, side, 20, orr.center, FG, bold=True, anchor="center", max_w=ow - 4)
        view.targets.append((orr, f"orchard{seat}"))

def _beside_campaign(view: BaseView[Any], surf: pygame.Surface, ctl: Controller, row: pygame.Rect) -> None:
    campaign = ctl.setup.campaign
    kept = campaign_middle(campaign) if campaign else 0
    note = (_("keep 1 tile for game 2") if campaign == 1 else
            ngettext("{n} kept tile on the middle trees", "{n} kept tiles on the middle trees",
                     kept).format(n=kept) if campaign
            else _("4 solo games, tiles kept"))
    view.text_in(surf, note, 20, row, DIM)
