"""Draft Cider's screens: the display toolkit's drawing (fonts, scaling, buttons, the
refusal strip, the resume screen, touch targets) with Draft Cider's own setup, play, pad and result.

Play (designed at 800×480, scaled): a header (phase, pick, whose pick); the picking seat's eight
batches as a 4×2 grid — each box with its lid key (1-7, BLIND), its name, its points, its cards
as coloured chips (height·sweetness) and what it takes next; once the card is entered, the boxes
where it may legally go are lit (the lamps light the same troughs) and the others dimmed. Under
it every seat's total; then the card being entered and the question; at the bottom the buttons
of the stage (colours, 1-5) and Undo. The score pad is the same grid for the player being
entered; the result is a table of points per batch and seat, the winners lit.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, Colour, contrast
from table.display.keys import DIGITS, KEYS
from table.display.module_view import ModuleView
from table.games.draftcider.rules.cards import COLOURS
from table.games.draftcider.rules.scoring import BATCHES, score_orchard
from table.games.draftcider.words import (
    batch_key,
    batch_note,
    batch_title,
    colour_name,
    height_text,
    sweetness_text,
)
from table.i18n import N_, _, ngettext

CARD_RGB: dict[str, Colour] = {"green": (70, 170, 80), "gold": (225, 180, 40), "red": (205, 50, 50)}
DIMMED: Colour = (28, 32, 40)
SHORT_TITLES = (N_("Monochrome"), N_("Feather"), N_("Special tree"), N_("Unlucky"), N_("Fortepiano"),
                N_("Sweet Couple"), N_("Steady"), N_("Bad"))
"""The batch boxes' names (the full ones are in the result table and the text)."""

__all__ = ["CARD_RGB", "DraftCiderView", "draftcider_key"]


def draftcider_key(key: int, ctl: Any) -> str | None:
    """Draft Cider's keys: digits are the troughs, g o r the colours, b / space BLIND (Bad), enter
    confirms, u / backspace undo; on the setup screen e easy mode, p the pad choice."""
    if key in DIGITS:
        d = DIGITS[key]
        return f"trough{d}" if "1" <= d <= "7" else None
    letters = {pygame.K_g: "g", pygame.K_o: "o", pygame.K_r: "r", pygame.K_e: "easy", pygame.K_p: "padmode"}
    if key in letters:
        return letters[key]
    if key in (pygame.K_u, pygame.K_BACKSPACE, pygame.K_DELETE):
        return "undo"
    return KEYS.get(key)



def players_words(n: int) -> str:
    """A players button's words: ``3 players``."""
    return ngettext("{n} player", "{n} players", n).format(n=n)

class DraftCiderView(ModuleView):
    # --- setup ------------------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: Any) -> None:
        s = ctl.setup
        area = self.setup_frame(surf, ctl, "Draft Cider")
        y = self.players_row(surf, ctl, _("Players (buttons 2-6)"), (2, 3, 4, 5, 6), area, words=players_words)
        half = (area.w - self.px(20)) // 2
        pad = _("Live: every pick") if s.pad == "live" else _("End only: score pad")
        self.choice_row(surf, _("Entering (button 1)"), y, area.x, half, [(pad, "padmode", True)], height=64)
        easy = _("Easy: Bad costs 0") if s.easy else _("Normal: Bad −1 a card")
        y = self.choice_row(surf, _("Easy mode (button 7)"), y, area.x + half + self.px(20), half,
                            [(easy, "easy", s.easy)], height=64)
        note = (_("Per pick enter the card taken — colour, height, sweetness — and its batch: troughs 1-7 and "
                  "BLIND are the eight batches, their lamps light where the card may go.")
                if s.pad == "live" else
                _("After the game enter each player's cards batch by batch, in the order played; the pad "
                  "scores them."))
        if not self.small:  # on the 3.5" screen the help tells it
            self.wrapped(surf, note, 18, (area.x, y), self.w - self.px(300), DIM, max_lines=4, min_size=16)

    # --- play and pad -----------------------------------------------------------------------------
    def draw_play(self, surf: pygame.Surface, ctl: Any) -> None:  # a DraftCiderCompanion
        seat = ctl.seat()
        if ctl.mode == "play":
            head = _("{phase} · {seat} picks").format(phase=ctl.phase_line(), seat=ctl.seat_title(seat))
        else:
            head = _("Score pad · {seat} · {n} of 12 cards").format(seat=ctl.seat_title(seat), n=ctl.pad_count(seat))
        self.text(surf, head, 24, (self.px(12), self.px(6)), bold=True, max_w=self.w - self.px(24))
        grid = pygame.Rect(self.px(8), self.px(40), self.w - self.px(16), self.px(236))
        self.draw_batches(surf, ctl, seat, grid)
        self.draw_seats(surf, ctl, pygame.Rect(self.px(8), self.px(282), self.w - self.px(16), self.px(34)))
        y = self.px(322)
        card = ctl.entry
        cr = pygame.Rect(self.px(12), y, self.px(150), self.px(48))
        self.draw_entry_card(surf, ctl, cr)
        self.wrapped(surf, ctl.ask(), 20, (cr.right + self.px(10), y), self.w - cr.right - self.px(22), LIT,
                     bold=True, max_lines=2, min_size=13)
        said = ctl.said_last[-1:] if card == [] else []
        if said and not self.small:
            self.text(surf, said[0], 15, (self.px(12), self.px(376)), DIM, max_w=self.w - self.px(24))
        self.draw_buttons(surf, ctl)

    def draw_entry_card(self, surf: pygame.Surface, ctl: Any, r: pygame.Rect) -> None:
        e = ctl.entry
        fill = CARD_RGB[e[0]] if e else PANEL
        pygame.draw.rect(surf, fill, r, border_radius=self.px(8))
        pygame.draw.rect(surf, FG, r, self.px(2), border_radius=self.px(8))
        h = height_text(e[1]) if len(e) > 1 else _("h?")
        s = sweetness_text(e[2]) if len(e) > 2 else _("s?")
        label = _("{colour} {height} {sweetness}").format(colour=colour_name(e[0]), height=h, sweetness=s) if e \
            else _("batch?") if ctl.stage() == "choose" else _("card?")
        self.text(surf, label, 22, r.center, contrast(fill), bold=True, anchor="center", max_w=r.w - 6)

    def draw_batches(self, surf: pygame.Surface, ctl: Any, seat: int, area: pygame.Rect) -> None:
        orch = ctl.orchard(seat)
        score = score_orchard(orch, easy=ctl.setup.easy)
        stage = ctl.stage()
        legal = set(ctl.legal_batches())
        choosing = stage in ("batch", "choose")
        cols, gap = 4, self.px(6)
        bw = (area.w - (cols - 1) * gap) // cols
        bh = (area.h - gap) // 2
        for b in range(len(BATCHES)):
            r = pygame.Rect(area.x + (b % cols) * (bw + gap), area.y + (b // cols) * (bh + gap), bw, bh)
            lit = choosing and b in legal
            filling = ctl.mode == "pad" and ctl.pad_batch == b
            fill = (70, 64, 30) if lit or filling else DIMMED if choosing else PANEL
            pygame.draw.rect(surf, fill, r, border_radius=self.px(6))
            if lit or filling:
                pygame.draw.rect(surf, LIT, r, self.px(3), border_radius=self.px(6))
            key = batch_key(b)
            kr = pygame.Rect(r.x + self.px(4), r.y + self.px(4), self.px(56 if key == "BLIND" else 24), self.px(24))
            pygame.draw.rect(surf, LIT if lit else BG, kr, border_radius=self.px(4))
            self.text(surf, key, 15, kr.center, (0, 0, 0) if lit else FG, bold=True, anchor="center")
            ink = FG if not choosing or lit else DIM
            self.text(surf, _(SHORT_TITLES[b]), 17, (kr.right + self.px(5), r.y + self.px(5)), ink, bold=True,
                      max_w=r.right - kr.right - self.px(48))
            self.text(surf, str(score.batches[b]), 22, (r.right - self.px(6), r.y + self.px(3)), ink, bold=True,
                      anchor="topright")
            self.draw_chips(surf, orch[b], pygame.Rect(r.x + self.px(4), r.y + self.px(32), r.w - self.px(8),
                                                        r.h - self.px(54)))
            if not self.small:
                self.text(surf, batch_note(orch, b, ctl.setup.easy), 13, (r.x + self.px(6), r.bottom - self.px(3)),
                          DIM, anchor="bottomleft", max_w=r.w - self.px(12))
            if choosing:
                self.targets.append((r, f"batch:{BATCHES[b]}"))

    def draw_chips(self, surf: pygame.Surface, cards: list[Any], area: pygame.Rect) -> None:
        per_row = 6
        cw = area.w // per_row
        ch = min(self.px(26), area.h // 2)
        for i, c in enumerate(cards[:12]):
            rr = pygame.Rect(area.x + (i % per_row) * cw, area.y + (i // per_row) * (ch + self.px(2)), cw - self.px(3),
                             ch)
            pygame.draw.rect(surf, CARD_RGB[c.colour], rr, border_radius=self.px(3))
            self.text(surf, f"{c.height}·{c.sweetness}", 14, rr.center, contrast(CARD_RGB[c.colour]), bold=True,
                      anchor="center", max_w=rr.w - 2)

    def draw_seats(self, surf: pygame.Surface, ctl: Any, area: pygame.Rect) -> None:
        n = ctl.setup.players
        w = area.w // n
        now = ctl.seat()
        for s in range(n):
            orch = ctl.orchard(s)
            total = score_orchard(orch, easy=ctl.setup.easy).total
            cards = sum(len(b) for b in orch)
            r = pygame.Rect(area.x + s * w, area.y, w - self.px(4), area.h)
            pygame.draw.rect(surf, LIT if s == now else PANEL, r, border_radius=self.px(6))
            ink = (0, 0, 0) if s == now else FG
            label = f"{ctl.seat_title(s)}: {total}" if self.small and n > 4 else \
                _("{seat}: {total} · {n} cards").format(seat=ctl.seat_title(s), total=total, n=cards)
            self.text(surf, label, 17, r.center, ink, bold=s == now, anchor="center", max_w=r.w - self.px(6))
            if ctl.mode == "pad":
                self.targets.append((r, f"player:{s + 1}"))

    def draw_buttons(self, surf: pygame.Surface, ctl: Any) -> None:
        st = ctl.stage()
        y, h = self.h - self.px(62), self.px(54)
        x = self.px(8)
        items: list[tuple[str, str, Colour | None]] = []
        if st == "colour":
            items = [(f"{i + 1} {colour_name(c)}", f"colour:{c}", CARD_RGB[c]) for i, c in enumerate(COLOURS)]
            if ctl.mode == "pad":
                items.append((_("Batch done ✓"), "confirm", OK))
        elif st in ("height", "sweetness"):
            pip = height_text if st == "height" else sweetness_text
            items = [(pip(v), f"pip:{v}", None) for v in range(1, 6)]
        elif st == "batch":
            items = [(_("BLIND: Bad"), "batch:bad", None)]
        elif st == "choose":
            last = ctl.pad_player == ctl.setup.players - 1
            items = [(_("BLIND: Bad"), "batch:bad", None),
                     (_("Score ✓") if last else f"{ctl.seat_title(ctl.pad_player + 1)} ✓", "confirm", OK)]
        self.button_row(surf, items, x=x, y=y, h=h, gap=self.px(6), size=20)

    # --- result -----------------------------------------------------------------------------------
    def draw_result(self, surf: pygame.Surface, ctl: Any) -> None:  # a DraftCiderCompanion
        self.text(surf, ctl.winner_line(), 28, (self.w // 2, self.px(24)), LIT, bold=True, anchor="center",
                  max_w=self.w - self.px(20))
        scores = ctl.final_scores()
        winners = set(ctl.winners())
        n = len(scores)
        label_w = self.px(200)
        col = (self.w - label_w - self.px(24)) // n
        top, row = self.px(52), self.px(34)
        for s in range(n):
            x = self.px(12) + label_w + s * col + col // 2
            ink = LIT if s in winners else FG
            self.text(surf, ctl.seat_title(s), 18, (x, top), ink, bold=True, anchor="midtop", max_w=col - 4)
        for b in range(len(BATCHES) + 1):
            y = top + row * (b + 1)
            if b % 2 == 0:
                pygame.draw.rect(surf, PANEL, (self.px(8), y - self.px(3), self.w - self.px(16), row))
            name = batch_title(b) if b < len(BATCHES) else _("Total")
            self.text(surf, name, 18, (self.px(14), y), FG if b < len(BATCHES) else LIT, bold=b == len(BATCHES),
                      max_w=label_w - self.px(4))
            for s, sc in enumerate(scores):
                v = sc.batches[b] if b < len(BATCHES) else sc.total
                x = self.px(12) + label_w + s * col + col // 2
                ink = LIT if b == len(BATCHES) and s in winners else FG if v else DIM
                self.text(surf, str(v), 20, (x, y), ink, bold=b == len(BATCHES), anchor="midtop")
        nr = pygame.Rect(self.w - self.px(200), self.h - self.px(66), self.px(190), self.px(58))
        self.button(surf, nr, _("New game"), "confirm", colour=OK, size=24)

