"""Applejack's correction, score pad and result screens (the seat badge is the view's)."""

from __future__ import annotations

import pygame

from table.display import result_view
from table.display.colours import DIM, FG, LIT, OK, PANEL, WARN
from table.display.shapes import draw_variety
from table.games.applejack.companion.api import PAD_TOTAL_LOOKING, Controller
from table.games.applejack.view import coach, players
from table.games.applejack.view.base import ApplejackBase
from table.i18n import _
from table.i18n.names import variety_name


class ResultScreens(ApplejackBase):
    """The screens after the play: the correction, the score pad, the final scoring."""

    # --- correction -------------------------------------------------------------------------------
    def draw_correct(self, surf: pygame.Surface, ctl: Controller) -> None:
        c = ctl.correction
        assert c is not None
        self.text(surf, _("Correction"), 34, (self.px(20), self.px(10)), bold=True, max_w=self.w - self.px(40))
        self.text(surf, _("tap a field (or press its trough), − / +, then Apply"), 18, (self.px(22), self.px(54)), DIM,
                  max_w=self.w - self.px(40))
        cols = 2
        cw = (self.w - self.px(40)) // cols
        rh = (self.h - self.px(180)) // 5
        for i in range(c.FIELDS):
            col, row = divmod(i, 5)
            r = pygame.Rect(self.px(20) + col * cw, self.px(86) + row * rh, cw - self.px(10), rh - self.px(6))
            sel = c.cursor == i
            pygame.draw.rect(surf, LIT if sel else PANEL, r, border_radius=self.px(8))
            fg = (0, 0, 0) if sel else FG
            value = self.text(surf, str(c.value(i)), 30, (r.right - self.px(12), r.centery), fg, bold=True,
                              anchor="midright")
            self.text(surf, c.label(i), 22, (r.x + self.px(10), r.centery), fg, anchor="midleft",
                      max_w=value.x - r.x - self.px(18))
            self.targets.append((r, f"field{i}"))
        y = self.h - self.px(84)
        bw = (self.w - self.px(40) - 3 * self.px(10)) // 4
        for k, (label, name, fill) in enumerate((("−", "down", PANEL), ("+", "up", PANEL),
                                                  (_("Cancel"), "escape", PANEL), (_("Apply ✓"), "confirm", OK))):
            br = pygame.Rect(self.px(20) + k * (bw + self.px(10)), y, bw, self.px(70))
            self.button(surf, br, label, name, colour=fill, size=30)

    # --- score pad / result -----------------------------------------------------------------------
    def draw_pad(self, surf: pygame.Surface, ctl: Controller) -> None:
        pad = ctl.pad
        assert pad is not None
        self.text(surf, _("Score pad"), 26, (self.px(10), self.px(2)), bold=True, max_w=self.w - self.px(280))
        keypad_w = self.px(250)
        gx, gy = self.px(10), self.px(84)
        gw = self.w - keypad_w - self.px(24)
        warnings = ctl.pad_warnings()
        if warnings:  # an entry that looks like a total: flagged before the scoring, not refused
            self.wrapped(surf, warnings[0], 18, (self.px(10), self.px(34)), gw, WARN, bold=True, max_lines=2)
        else:  # what goes into the box under the cursor
            self.wrapped(surf, ctl.pad_help(), 18, (self.px(10), self.px(34)), gw, LIT, max_lines=2)
        label_w = self.px(150)
        rows = pad.fields + 1
        rh = (self.h - gy - self.px(8)) // rows
        cw = (gw - label_w) // pad.players
        for p in range(pad.players):
            c = (gx + label_w + p * cw + cw // 2, gy + rh // 2)
            self.seat_badge(surf, p, (c[0] - self.px(22), c[1]), min(rh // 2 - 2, self.px(16)))
            self.text(surf, str(p + 1), 20, (c[0] + self.px(2), c[1]), anchor="midleft", bold=True)
        for f in range(pad.fields):
            y = gy + (f + 1) * rh
            if f < pad.varieties:
                var = ctl.data.varieties[f]
                rr = min(rh // 2 - 2, self.px(14))
                draw_variety(surf, var.colour, var.mark, (gx + rr + 2, y + rh // 2), rr)
                self.text(surf, variety_name(var.name), 18, (gx + 2 * rr + self.px(8), y + rh // 2), anchor="midleft",
                          max_w=label_w - 2 * rr - self.px(10))
            else:
                self.text(surf, (_("Blossoms"), _("Honey"))[f - pad.varieties], 18, (gx + self.px(4), y + rh // 2),
                          anchor="midleft", max_w=label_w - self.px(6))
            for p in range(pad.players):
                r = pygame.Rect(gx + label_w + p * cw + 2, y + 1, cw - 4, rh - 2)
                sel = pad.cursor == (p, f)
                pygame.draw.rect(surf, LIT if sel else PANEL, r, border_radius=self.px(4))
                if f < pad.varieties and any(a >= PAD_TOTAL_LOOKING for a in pad.areas[p][f]):
                    pygame.draw.rect(surf, WARN, r, self.px(3), border_radius=self.px(4))
                value = (pad.typing + "_") if sel else pad.field_text(p, f)
                self.text(surf, value, 20, r.center, (0, 0, 0) if sel else FG, anchor="center", max_w=r.w - 4)
                self.targets.append((r, f"cell{p}_{f}"))
        kx = self.w - keypad_w - self.px(6)
        keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", ",", "0", "⌫"]
        names = {",": "comma", "⌫": "backspace"}
        kw = (keypad_w - 2 * self.px(6)) // 3
        kh = (self.h - self.px(50) - 5 * self.px(6)) // 6
        for i, k in enumerate(keys):
            row, col = divmod(i, 3)
            r = pygame.Rect(kx + col * (kw + self.px(6)), self.px(8) + row * (kh + self.px(6)), kw, kh)
            self.button(surf, r, k, names.get(k, k), size=26)
        y = self.px(8) + 4 * (kh + self.px(6))
        half = (keypad_w - self.px(6)) // 2
        self.button(surf, pygame.Rect(kx, y, half, kh), _("Next"), "next", size=22)
        self.button(surf, pygame.Rect(kx + half + self.px(6), y, half, kh), _("Back"), "prev", size=22)
        self.button(surf, pygame.Rect(kx, y + kh + self.px(6), half, kh), _("Clear"), "clear", size=22)
        self.button(surf, pygame.Rect(kx + half + self.px(6), y + kh + self.px(6), half, kh), _("Score ✓"), "done",
                    colour=OK, size=24)
        players.draw_pad_names(self, surf, ctl)  # named seats' players in the column heads

    def draw_result(self, surf: pygame.Surface, ctl: Controller) -> None:
        if coach.draw_page(self, surf, ctl):  # the coach page in place of the result (orchard tracking)
            return
        strip = coach.strip_height(self, ctl)
        result_view.draw_result(self, surf, ctl, reserve=strip + self.px(20) if strip else 0)  # every game's
        if ctl.history is None and not ctl.qr_open:
            coach.draw_strip(self, surf, ctl)  # the fair target / the coach's summary and the Coach button

