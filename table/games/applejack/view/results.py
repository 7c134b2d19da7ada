"""Applejack's correction, score pad and result screens (the seat badge is the view's)."""

from __future__ import annotations

import pygame

from table.display import result_view
from table.display.colours import DIM, FG, LIT, OK, PANEL, WARN
from table.display.shapes import draw_variety
from table.games.applejack.companion.api import PAD_TOTAL_LOOKING, Controller
from table.games.applejack.view import coach, pad_small, players
from table.games.applejack.view.base import ApplejackBase
from table.i18n import _
from table.i18n.names import variety_name


class ResultScreens(ApplejackBase):
    """The screens after the play: the correction, the score pad, the final scoring."""

    # --- correction -------------------------------------------------------------------------------
    def draw_correct(self, surf: pygame.Surface, ctl: Controller) -> None:
        c = ctl.correction
        assert c is not None
        head = self.text(surf, _("Correction"), 34, (self.px(20), self.px(6)), bold=True, max_w=self.w - self.px(40))
        words = _("tap a field (or press its trough), − / +, then Apply")
        if not self.small:
            head = self.text(surf, words, 18, (self.px(22), head.bottom), DIM, max_w=self.w - self.px(40))
        elif head.right + self.px(12) + self.fonts.width(words, self.read_px) <= self.w - self.px(20):
            self.text(surf, words, 18, (head.right + self.px(12), head.centery), DIM, anchor="midleft")
        # else the 3.5" screen leaves the how-to to the help page: the fields need the room
        hint = head
        bh = self.tap(70)
        y = self.h - self.px(10) - bh
        cols = 2
        cw = (self.w - self.px(40)) // cols
        top = hint.bottom + self.px(6 if not self.small else 2)
        rh = (y - self.px(6 if not self.small else 2) - top) // 5
        gap = max(0, min(self.px(6), rh - self.touch_px))
        for i in range(c.FIELDS):
            col, row = divmod(i, 5)
            r = pygame.Rect(self.px(20) + col * cw, top + row * rh, cw - self.px(10), rh - gap)
            sel = c.cursor == i
            pygame.draw.rect(surf, LIT if sel else PANEL, r, border_radius=self.px(8))
            fg = (0, 0, 0) if sel else FG
            value = self.text(surf, str(c.value(i)), 30, (r.right - self.px(12), r.centery), fg, bold=True,
                              anchor="midright", max_h=r.h)
            self.text(surf, c.label(i), 22, (r.x + self.px(10), r.centery), fg, anchor="midleft",
                      max_w=value.x - r.x - self.px(18))
            self.targets.append((r, f"field{i}"))
        row_w = self.w - self.px(40)
        if self.small:  # the fields take the whole height: the help button joins the bottom row
            corner = self.help_corner()
            self.help_place = corner.move(self.w - self.px(20) - corner.right, y + (bh - corner.h) // 2 - corner.y)
            row_w = self.help_place.x - self.px(10) - self.px(20)
        gap = self.px(10)
        sign_w = min((row_w - 3 * gap) // 4, max(self.tap(70), self.touch_px + gap))  # − and + need no words
        x = self.px(20)
        labels = (_("Cancel"), _("Apply ✓"))
        widths = [(row_w - 3 * gap - 2 * sign_w) // 2] * 2
        if self.small and self.help_place is not None:  # the 3.5" HAT: the row edge to edge, − and + 7 mm,
            m = 3                                          # Cancel and Apply by their words
            self.help_place = self.help_place.move(self.w - m - self.help_place.right, 0)
            x, gap, sign_w = m, 2, self.touch_px
            room = self.help_place.x - gap - x - 2 * sign_w - 3 * gap
            need = [self.fonts.width(word, self.read_px, True) + 8 for word in labels]
            spare = max(0, room - sum(need)) // 2
            widths = [need[0] + spare, room - need[0] - spare]
        for k, (label, name, fill) in enumerate((("−", "down", PANEL), ("+", "up", PANEL),
                                                  (labels[0], "escape", PANEL), (labels[1], "confirm", OK))):
            br = pygame.Rect(x, y, sign_w if k < 2 else widths[k - 2], bh)
            x = br.right + gap
            self.button(surf, br, label, name, colour=fill, size=30)

    # --- score pad / result -----------------------------------------------------------------------
    def draw_pad(self, surf: pygame.Surface, ctl: Controller) -> None:
        if self.small:  # the 3.5" HAT: the keypad along the bottom, the boxes around the cursor
            pad_small.draw(self, surf, ctl)
            return
        pad = ctl.pad
        assert pad is not None
        title = self.text(surf, _("Score pad"), 26, (self.px(10), self.px(2)), bold=True, max_w=self.w - self.px(340))
        words = [w for label in (_("Next"), _("Back"), _("Clear"), _("Score ✓")) for w in label.split()]
        widest = max(self.fonts.width(w, self.read_px, True) for w in words)
        keypad_w = max(self.px(250), 2 * (widest + 10) + self.px(6))  # two of its buttons to a row
        gx, gy = self.px(10), self.px(84)
        gw = self.w - keypad_w - self.px(24)
        corner = self.help_corner()  # the keypad takes the corner: the help button goes left of it
        self.help_place = corner.move(gx + gw - corner.right, 0)
        below = max(self.px(34), title.bottom, corner.bottom + self.px(2))
        if warnings := ctl.pad_warnings():  # an entry that looks like a total: flagged before the scoring
            gy = max(gy, self.wrapped(surf, warnings[0], 18, (self.px(10), below), gw, WARN,
                                      bold=True, max_lines=3) + self.px(2))
        else:  # what goes into the box under the cursor
            gy = max(gy, self.wrapped(surf, ctl.pad_help(), 18, (self.px(10), below), gw,
                                      LIT, max_lines=3) + self.px(2))
        self.pad_top = gy
        head = max(self.px(28), self.fonts.font(max(self.px(20), self.read_px), True).get_linesize())
        row_names = [variety_name(v.name) for v in ctl.data.varieties[:pad.varieties]] + [_("Blossoms"), _("Honey")]
        label_w = max(self.px(150), max(self.fonts.width(n, max(self.px(18), self.read_px)) for n in row_names)
                      + 2 * self.px(14) + self.px(12))
        # the boxes' rows get the room: they are touched; where 7 mm rows do not all fit (the 3.5"
        # screen), the rows around the cursor's, and Next/Back move the cursor on to the others
        shown = max(1, min(pad.fields, (self.h - gy - head - self.px(8)) // self.touch_px))
        first = min(pad.cursor[1] // shown * shown, pad.fields - shown)
        rh = (self.h - gy - head - self.px(8)) // shown
        self.pad_label_w = label_w
        cw = (gw - label_w) // pad.players
        for p in range(pad.players):
            c = (gx + label_w + p * cw + cw // 2, gy + head // 2)
            self.seat_badge(surf, p, (c[0] - self.px(22), c[1]), min(head // 2 - 2, self.px(16)))
            self.text(surf, str(p + 1), 20, (c[0] + self.px(2), c[1]), anchor="midleft", bold=True)
        for f in range(first, first + shown):
            y = gy + head + (f - first) * rh
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
                r = pygame.Rect(gx + label_w + p * cw + 2, y, cw - 4, rh)
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
        kh = max(self.touch_px, (self.h - self.px(50) - 5 * self.px(6)) // 6)  # 7 mm keys (46 px at 480×320)
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

