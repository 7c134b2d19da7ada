"""Waldgärtner's screens: the display toolkit's drawing (fonts, scaling from the 800×480
design, buttons and touch targets, the refusal strip, the resume screen) with Waldgärtner's own
setup, play and score pad.

Play: a header with the clock (round r of 21, the annual phase by name, and the ten phases of the
year circle with the current one lit); on the left the supply decks' offers (card id, name, size
class, cards left; contested decks marked) and this round's step 1 — what flowers and what is
harvested, per seat; on the right the cube ledger (storage, cubes on cube fields, dark cubes
waiting, the garden's rows as filled/capacity), the seat whose turn it is lit; at the bottom
what the table must enter now and the buttons for it (decks 1-n and Special for the dice, a
keypad for card ids, Plant/Sell per card held, Buy/Decline, Alternative offer/Forgo).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, WARN, Colour, contrast
from table.display.keys import DIGITS, KEYS
from table.display.module_view import ButtonItem, ModuleView
from table.games.waldgaertner.names import phase_name, size_name
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.position import ROUNDS
from table.games.waldgaertner.words import card_label
from table.i18n import N_, _

SEAT_RGB: tuple[Colour, ...] = ((205, 50, 50), (60, 110, 215), (235, 200, 40), (70, 170, 80), (235, 235, 235),
                                (160, 90, 200), (230, 130, 40))
LEAF: Colour = (46, 84, 52)
SEASON_RGB: tuple[Colour, ...] = ((120, 150, 200),) + ((140, 200, 120),) * 3 + ((230, 200, 80),) * 3 \
    + ((210, 120, 60),) * 3
"""Phase 0 winter, 1-3 spring, 4-6 summer, 7-9 autumn."""
SCORE_COLUMNS: tuple[str, ...] = (N_("plants"), N_("partners"), N_("storage"), N_("total"))
"""The score pad's columns (the engine's ``Score`` fields, in the table's language when drawn)."""


class WaldgaertnerView(ModuleView):
    # --- setup ------------------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: Any) -> None:
        s = ctl.setup
        area = self.setup_frame(surf, ctl, "Waldgärtner")
        y = self.players_row(surf, ctl, _("Players (buttons 2-7)"), range(2, 8), area)
        half = (area.w - self.px(20)) // 2
        continent = _("Europe") if s.choice == "EU" else _("North America")
        self.choice_row(surf, _("Continent (button 1)"), y, area.x, half, [(continent, "choice", False)], height=64)
        y = self.choice_row(surf, _("Direct sale (variant)"), y, area.x + half + self.px(20), half,
                            [(_("on") if s.direct_sale else _("off"), "directsale", s.direct_sale)], height=64)
        if not self.small:  # on the 3.5" screen the help tells it
            self.wrapped(surf, _("The cards stay on the table: enter each card turned up or drawn by its id in the "
                                 "card file. The companion keeps the 21 rounds, says what flowers and is harvested, "
                                 "settles the dice and keeps the cubes."), 18, (area.x, y), self.w - self.px(300),
                         DIM, max_lines=4, min_size=16)

    # --- play -------------------------------------------------------------------------------------
    def draw_play(self, surf: pygame.Surface, ctl: Any) -> None:
        e = ctl.state
        st = ctl.stage()
        ph = e.year_phase
        head = _("Round {round} of {rounds} · phase {phase} {name}").format(round=e.round, rounds=ROUNDS, phase=ph,
                                                                            name=phase_name(ph))
        self.text(surf, head, 24, (self.px(10), self.px(6)), bold=True, max_w=self.px(460))
        self.draw_clock(surf, e.round, pygame.Rect(self.px(480), self.px(8), self.w - self.px(488), self.px(26)))
        left = pygame.Rect(self.px(8), self.px(42), self.px(380), self.px(300))
        right = pygame.Rect(self.px(396), self.px(42), self.w - self.px(404), self.px(300))
        self.draw_offers(surf, ctl, pygame.Rect(left.x, left.y, left.w, self.px(150)))
        self.draw_phase(surf, ctl, pygame.Rect(left.x, left.y + self.px(156), left.w, left.h - self.px(156)))
        self.draw_ledger(surf, ctl, right)
        self.draw_prompt(surf, ctl.ask(), ctl.said_last, self.px(346), margin=10, size=19, min_size=13)
        self.draw_buttons(surf, ctl, st)

    def draw_clock(self, surf: pygame.Surface, rnd: int, area: pygame.Rect) -> None:
        """21 rounds as ticks, coloured by season; the rounds played filled, this one lit."""
        w = area.w / ROUNDS
        for r in range(1, ROUNDS + 1):
            rect = pygame.Rect(round(area.x + (r - 1) * w), area.y, max(1, round(w) - 2), area.h)
            col = SEASON_RGB[(r - 1) % 10]
            if r < rnd:
                pygame.draw.rect(surf, tuple(c // 2 for c in col), rect, border_radius=2)
            elif r == rnd:
                pygame.draw.rect(surf, LIT, rect.inflate(0, self.px(6)), border_radius=3)
            else:
                pygame.draw.rect(surf, col, rect, 1, border_radius=2)

    def draw_offers(self, surf: pygame.Surface, ctl: Any, area: pygame.Rect) -> None:
        e = ctl.state
        n = e.players
        contested = set(ctl.contested())
        now = ctl.deck_now()
        rh = area.h // n
        for d in range(n):
            row = pygame.Rect(area.x, area.y + d * rh, area.w, rh - 2)
            hot = d in contested
            pygame.draw.rect(surf, (90, 40, 30) if hot else (70, 64, 30) if d == now else PANEL, row,
                             border_radius=self.px(4))
            self.text(surf, f"{d + 1} {e.decks[d]}", 14, (row.x + self.px(4), row.centery), DIM, bold=True,
                      anchor="midleft")
            cid = e.offer(d)
            if cid >= 0:
                c = e.card(cid)
                room = row.w - self.px(110)
                self.text(surf, self.offer_label(c, room), 15, (row.x + self.px(52), row.centery), FG,
                          anchor="midleft", max_w=room)
            else:
                self.text(surf, "—", 15, (row.x + self.px(52), row.centery), DIM, anchor="midleft")
            self.text(surf, _("{n} left").format(n=e.deck_size(d)) if not hot else _("contested"), 13,
                      (row.right - self.px(4), row.centery), WARN if hot else DIM, anchor="midright")

    def offer_label(self, card: Any, room: int) -> str:
        """``#17 Apple · small tree`` (♂ for a male plant); without the size class when the line would
        not fit ``room`` pixels even at the smallest size (long names, longer languages)."""
        male = " ♂" if card.male else ""
        label = f"{card_label(card)} · {size_name(card.size)}{male}"
        if self.fonts.font(8).size(label)[0] > room:
            label = f"{card_label(card)}{male}"
        return label

    def draw_phase(self, surf: pygame.Surface, ctl: Any, area: pygame.Rect) -> None:
        pygame.draw.rect(surf, LEAF, area, border_radius=self.px(6))
        lines = ctl.phase_summary()
        if not lines and not ctl.phase_report():
            self.wrapped(surf, _("Round 1 starts at step 2: the decks turn their offers."), 16,
                         (area.x + self.px(6), area.y + self.px(4)), area.w - self.px(12), FG, max_lines=3,
                         min_size=12)
            return
        y = area.y + self.px(3)
        y = self.wrapped(surf, _("Phase {phase}: flowers and harvests").format(phase=ctl.state.year_phase), 14,
                         (area.x + self.px(6), y), area.w - self.px(12), DIM, max_lines=1, min_size=12)
        for line in lines or [_("Nothing flowers or is harvested")]:
            if y > area.bottom - self.px(18):
                break
            y = self.wrapped(surf, line, 15, (area.x + self.px(6), y), area.w - self.px(12), FG, max_lines=2,
                             min_size=13)

    def draw_ledger(self, surf: pygame.Surface, ctl: Any, area: pygame.Rect) -> None:
        e = ctl.state
        n = e.players
        rh = min(area.h // n, self.px(70))
        active = ctl.seat()
        for s, (store, fields, dark, plants) in enumerate(ctl.ledger()):
            row = pygame.Rect(area.x, area.y + s * rh, area.w, rh - self.px(3))
            pygame.draw.rect(surf, (70, 64, 30) if s == active else PANEL, row, border_radius=self.px(6))
            r = max(4, min(rh // 3, self.px(14)))
            pygame.draw.circle(surf, SEAT_RGB[s], (row.x + r + self.px(4), row.y + r + self.px(3)), r)
            self.text(surf, ctl.seat_title(s), 16, (row.x + 2 * r + self.px(10), row.y + self.px(2)), FG, bold=True)
            self.text(surf, _("storage {n}").format(n=store), 18, (row.right - self.px(6), row.y + self.px(1)), LIT,
                      bold=True, anchor="topright")
            info = _("fields {fields} · dark {dark} · {plants} plants · hand {hand}").format(
                fields=fields, dark=dark, plants=plants, hand=len(ctl.held(s)))
            if rh >= self.px(40):
                self.text(surf, info, 12, (row.x + self.px(6), row.bottom - self.px(2)), DIM, anchor="bottomleft",
                          max_w=row.w // 2)
            gx = row.x + row.w // 2 + self.px(10)
            cw = (row.right - gx - self.px(6)) // 6
            for rr, have, cap in ctl.rows(s):
                box = pygame.Rect(gx + (rr - 1) * cw, row.bottom - self.px(16), cw - 2, self.px(13))
                over = have > cap
                pygame.draw.rect(surf, BG, box, border_radius=2)
                if cap:
                    fill = round(box.w * min(have, cap) / cap)
                    pygame.draw.rect(surf, OK if not over else WARN, (box.x, box.y, fill, box.h), border_radius=2)
                self.text(surf, f"{have}/{cap}" if cap else "+1", 10, box.center, FG, anchor="center", max_w=box.w)

    def draw_buttons(self, surf: pygame.Surface, ctl: Any, st: str) -> None:
        """The bottom row: the buttons of the stage ``st`` (:data:`STAGE_BUTTONS`), then Undo."""
        y, h = self.h - self.px(58), self.px(52)
        x = self.px(6)
        items: list[ButtonItem] = []
        if st in CHANCE_STAGES or st in CHOOSE_STAGES:
            items = _digit_buttons(ctl)
        elif st in STAGE_BUTTONS:
            items = STAGE_BUTTONS[st](ctl, st)
        self.button_row(surf, items, x=x, y=y, h=h, gap=self.px(4), size=18 if len(items) + 1 < 9 else 16)

    # --- result: the score pad ----------------------------------------------------------------------
    def draw_result(self, surf: pygame.Surface, ctl: Any) -> None:
        e = ctl.state
        lines = ctl.result_lines()
        self.text(surf, lines[0], 30, (self.w // 2, self.px(30)), LIT, bold=True, anchor="center",
                  max_w=self.w - self.px(20))
        cols = SCORE_COLUMNS
        x0 = self.px(200)
        cw = (self.w - x0 - self.px(20)) // len(cols)
        y = self.px(66)
        for i, c in enumerate(cols):
            self.text(surf, _(c), 18, (x0 + i * cw + cw // 2, y), DIM, anchor="midtop")
        sc = e.scores()
        winners = set(e.winners())
        rh = min(self.px(44), (self.h - self.px(190)) // e.players)
        for k, s in enumerate(sorted(range(e.players), key=lambda s: -sc[s].total)):
            yy = self.px(94) + k * rh
            win = s in winners
            pygame.draw.circle(surf, SEAT_RGB[s], (self.px(36), yy + rh // 2), max(4, rh // 3))
            self.text(surf, ctl.seat_title(s), 22, (self.px(60), yy + rh // 2), LIT if win else FG, bold=win,
                      anchor="midleft")
            vals = (sc[s].plants, sc[s].partners, sc[s].storage, sc[s].total)
            for i, v in enumerate(vals):
                self.text(surf, str(v), 22, (x0 + i * cw + cw // 2, yy + rh // 2), LIT if win and i == 3 else FG,
                          bold=i == 3, anchor="center")
        nr = pygame.Rect(self.w - self.px(220), self.h - self.px(84), self.px(200), self.px(70))
        self.button(surf, nr, _("New game"), "confirm", colour=OK, size=26)


def _die_buttons(ctl: Any, st: str) -> list[ButtonItem]:
    legal = ctl.state.legal_actions()
    items: list[ButtonItem] = [(_("deck {n}").format(n=a - A.DECK + 1), f"cmd:deck {a - A.DECK + 1}", None)
                               for a in legal if A.DECK <= a < A.DECK + 7]
    if A.SPECIAL in legal:
        items.append((_("Special"), "cmd:special", OK))
    if A.PASS in legal:
        items.append((_("Pass"), "cmd:pass", None))
    return items


def _deck_buttons(ctl: Any, st: str) -> list[ButtonItem]:
    base = A.DECK if st == "start" else A.BONUS
    return [(_("deck {n}").format(n=a - base + 1), f"cmd:{A.to_text(a)}", None) for a in ctl.state.legal_actions()]


def _digit_buttons(ctl: Any) -> list[ButtonItem]:
    items: list[ButtonItem] = [(str(d), f"key:{d}", None) for d in range(10)]
    items.append((f"#{ctl.typed} ✓" if ctl.typed else "✓", "confirm", OK))
    return items


def _play_buttons(ctl: Any, st: str) -> list[ButtonItem]:
    e = ctl.state
    s = ctl.seat()
    items: list[ButtonItem] = []
    for cid in ctl.held(s):
        spots = e.plant_spots(s, cid)
        if spots:
            r, p, fee = spots[0]
            items.append(((_("Plant #{id} ({fee})") if fee else _("Plant #{id}")).format(id=cid, fee=fee),
                          f"cmd:plant {cid} at {r}.{p + 1}", OK))
        items.append((_("Sell #{id} +{cubes}").format(id=cid, cubes=e.card(cid).sale), f"cmd:sell {cid}", None))
    return items


def _buyer_buttons(ctl: Any, st: str) -> list[ButtonItem]:
    return [(_("Buy ✓"), "cmd:buy", OK), (_("Decline"), "cmd:decline", None)]


def _special_buttons(ctl: Any, st: str) -> list[ButtonItem]:
    legal = ctl.state.legal_actions()
    items: list[ButtonItem] = []
    if A.ALT in legal:
        items.append((_("Alt. offer (1)"), "cmd:alternative offer", OK))
    items += [(_("search {n}").format(n=a - A.SEARCH + 1) if a - A.SEARCH < 7 else _("search discard"),
               f"cmd:{A.to_text(a)}", None) for a in legal if A.SEARCH <= a < A.SEARCH + 8]
    items.append((_("Forgo"), "cmd:forgo", None))
    return items


STAGE_BUTTONS: dict[str, Callable[[Any, str], list[ButtonItem]]] = {
    "die": _die_buttons, "start": _deck_buttons, "bonus": _deck_buttons, "play": _play_buttons,
    "buyer": _buyer_buttons, "special": _special_buttons,
}
"""The bottom row's buttons by stage (a card turned or chosen by its id: the digit keys)."""


__all__ = ["SEAT_RGB", "WaldgaertnerView", "contrast"]


def waldgaertner_key(key: int, ctl: Any) -> str | None:
    """Waldgärtner's keys: digits are trough buttons (die choices), or a card id's digits where one
    is asked; s special, b sells/declines, u undo."""
    if key in DIGITS:
        stage = ctl.stage() if ctl.mode == "play" else ""
        d = DIGITS[key]
        return d if stage in ("draw", "reveal", "bdraw", "sdeal", "bchoose", "achoose", "schoose") else f"trough{d}"
    if key == pygame.K_s:
        return "trough7"
    if key in (pygame.K_u, pygame.K_DELETE):
        return "undo"
    return KEYS.get(key)
