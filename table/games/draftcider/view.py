"""Draft Cider's screens: the display toolkit's drawing (fonts, scaling, buttons, the
refusal strip, the resume screen, touch targets) with Draft Cider's own setup, play, pad and result.

Play (designed at 800×480, scaled): a header (phase, pick, whose pick); the picking seat's eight
batches as a 4×2 grid — each box with its lid key (1-7, BLIND), its name, its points, its cards
as coloured chips (height·sweetness) and what it takes next; once the card is entered, the boxes
where it may legally go are lit (the lamps light the same troughs) and the others dimmed. Under
it every seat's total; then the card being entered and the question; at the bottom the buttons
of the stage (colours, 1-5) and Undo. The score pad is the same grid for the player being
entered; the result is a table of points per batch and seat, the winners lit. The 3.5" 480×320
screen shows less at the same 2.5 mm capitals (:meth:`DraftCiderView.draw_play_small`).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display import announce_panel
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, WARN, Colour, contrast
from table.display.keys import DIGITS, module_key
from table.display.module_view import ModuleView
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.rules.cards import COLOURS
from table.games.draftcider.rules.scoring import BATCHES, score_orchard
from table.games.draftcider.special import cost_note
from table.games.draftcider.words import (
    batch_key,
    batch_note,
    colour_name,
    height_text,
    sweetness_text,
)
from table.i18n import N_, _, ngettext
from table.i18n.labels import listed

CARD_RGB: dict[str, Colour] = {"green": (70, 170, 80), "gold": (225, 180, 40), "red": (205, 50, 50)}
DIMMED: Colour = (28, 32, 40)
COSTLY: Colour = (84, 30, 28)
"""The fill of a lit batch where the card would cost the seat's Special tree its +20 (edged in WARN)."""
SHORT_TITLES = (N_("Monochrome"), N_("Feather"), N_("Special tree"), N_("Unlucky"), N_("Fortepiano"),
                N_("Sweet Couple"), N_("Steady"), N_("Bad"))
"""The batch boxes' names (the full ones are in the result table and the text)."""

__all__ = ["CARD_RGB", "DraftCiderView", "draftcider_key"]


def draftcider_key(key: int, ctl: DraftCiderCompanion) -> str | None:
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
    return module_key(key, ctl)


def players_words(n: int) -> str:
    """A players button's words: ``3 players``."""
    return ngettext("{n} player", "{n} players", n).format(n=n)

class DraftCiderView(ModuleView[DraftCiderCompanion]):
    # --- setup ------------------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: DraftCiderCompanion) -> None:
        s = ctl.setup
        area = self.setup_frame(surf, ctl, "Draft Cider")
        y = self.players_row(surf, ctl, _("Players (buttons 2-6)"), (2, 3, 4, 5, 6), area, words=players_words)
        half = (area.w - self.px(20)) // 2
        pad = _("Live: every pick") if s.pad == "live" else _("End only: score pad")
        easy = _("Easy: Bad costs 0") if s.easy else _("Normal: Bad −1 a card")
        if self.small:  # the two choices' buttons say them (the help names their keys): stacked, else side by side
            h, gap = self.touch_px, self.px(8)
            both = ((pad, "padmode", True), (easy, "easy", s.easy))
            if y + 2 * h + gap <= area.bottom:
                for i, (words, name, lit) in enumerate(both):
                    self.button(surf, pygame.Rect(area.x, y + i * (h + gap), area.w, h), words, name, lit=lit, size=24)
                return
            w = (area.w - gap) // 2
            if any(self.fonts.width(words, self.read_px, True) > w - 8 for words, _n, _l in both):
                h = max(h, 2 * self.fonts.font(self.read_px, True).get_linesize() + 4)
            for i, (words, name, lit) in enumerate(both):  # on two lines where one is too wide
                self.button(surf, pygame.Rect(area.x + i * (w + gap), y, w, h), words, name, lit=lit, size=24)
            return
        self.choice_row(surf, _("Entering (button 1)"), y, area.x, half, [(pad, "padmode", True)], height=64)
        y = self.choice_row(surf, _("Easy mode (button 7)"), y, area.x + half + self.px(20), half,
                            [(easy, "easy", s.easy)], height=64)
        note = (_("Per pick enter the card taken — colour, height, sweetness — and its batch: troughs 1-7 and "
                  "BLIND are the eight batches, their lamps light where the card may go.")
                if s.pad == "live" else
                _("After the game enter each player's cards batch by batch, in the order played; the pad "
                  "scores them."))
        self.wrapped(surf, note, 18, (area.x, y), self.w - self.px(300), DIM, max_lines=4, min_size=16)

    # --- play and pad -----------------------------------------------------------------------------
    def draw_play(self, surf: pygame.Surface, ctl: DraftCiderCompanion) -> None:  # a DraftCiderCompanion
        """Laid out from the bottom up: the buttons, the card being entered beside the question
        (as many lines as it takes), every seat's total, and the batches in the room left."""
        if self.small:
            self.draw_play_small(surf, ctl)
            return
        seat = ctl.seat()
        m = self.px(8)
        if ctl.mode == "play":
            head = _("{phase} · {seat} picks").format(phase=ctl.phase_line(), seat=ctl.seat_title(seat))
        else:
            head = _("Score pad · {seat} · {n} of 12 cards").format(seat=ctl.seat_title(seat), n=ctl.pad_count(seat))
        r = self.text(surf, head, 24, (self.px(12), self.px(4)), bold=True,
                      max_w=self.w - self.help_room() - self.px(12))  # the help button's corner stays free
        buttons = self.draw_buttons(surf, ctl)
        cr = pygame.Rect(self.px(12), 0, max(self.px(150), self.entry_label_w(ctl)),
                         max(self.px(48), self.read_px + 12))
        x = cr.right + self.px(10)
        ask = self.prompt_above(surf, ctl.ask(), buttons - self.px(6), x=x, w=self.w - x - self.px(12), max_lines=4)
        cr.bottom = buttons - self.px(6)
        cr.y = min(cr.y, ask)
        self.draw_entry_card(surf, ctl, cr)
        top = min(ask, cr.y) - self.px(6)
        said = ctl.said_last[-1:] if ctl.entry == [] else []
        line = self.fonts.font(max(self.px(15), self.read_px)).get_linesize()
        if said and not self.small and self.fonts.width(said[0], max(self.px(15), self.read_px)) <= self.w - 2 * m:
            top -= line
            self.text(surf, said[0], 15, (self.px(12), top), DIM, max_w=self.w - 2 * m)
            top -= self.px(4)
        seats_h = self.tap(34) if ctl.mode == "pad" else max(self.px(34), self.read_px + 8)
        self.draw_seats(surf, ctl, pygame.Rect(m, top - seats_h, self.w - 2 * m, seats_h))
        grid_top = max(r.bottom + self.px(4), self.help_corner().bottom + 1)  # under the help button
        self.draw_batches(surf, ctl, seat,
                          pygame.Rect(m, grid_top, self.w - 2 * m, top - seats_h - self.px(6) - grid_top))

    # --- the 3.5" screen --------------------------------------------------------------------------
    def draw_play_small(self, surf: pygame.Surface, ctl: DraftCiderCompanion) -> None:
        """The 3.5" screen shows less, never smaller (its read lines at the rule's 2.5 mm
        capitals): the question at the top left (choosing a batch: the batches by their keys —
        the boxes name them —; on the score pad whose cards and how many, the card box asking
        "batch?", the confirm button naming the next seat), the seat's eight batches as a 3×3
        grid whose ninth cell is the card being entered (or, choosing a batch in play, Undo), and
        the stage's buttons at the bottom, each as wide as its words. Left out: every seat's
        total and the score pad's seat buttons (the result shows the totals; CONFIRM and Undo go
        from seat to seat), what each batch takes next and the cards' height·sweetness (the cards
        lie on the table: a chip shows its colour), the phase line where it has no room, and
        BLIND: Bad (the BLIND box is the same touch). Teach mode's lesson stands under the question
        where the grid keeps its touch targets or, while a card is entered, in the grid's room."""
        st = ctl.stage()
        m, gap = self.px(3), self.px(6)
        line = self.fonts.font(self.read_px, True).get_linesize()
        w = self.w - 2 * m - self.help_room()
        play_batch = ctl.mode == "play" and st == "batch"
        pad_choose = ctl.mode == "pad" and st == "choose"
        bottom = self.h - m
        if not play_batch:
            bottom = self.flow_row(surf, self.small_items(ctl, st), bottom=bottom, x=self.px(3)) - gap
        if pad_choose:
            ask = _("Score pad · {seat} · {n} of 12 cards").format(seat=ctl.seat_title(ctl.pad_player),
                                                                   n=ctl.pad_count(ctl.pad_player))
        else:
            ask = self.small_ask(ctl, st)
        lines = len(self.break_lines(ask, self.read_px, True, w))
        y = self.px(4)
        head = ctl.phase_line() if ctl.mode == "play" else ""
        rows_h = bottom - y - lines * line - gap
        if head and self.fonts.width(head, self.read_px) <= w and (rows_h - line - gap) // 3 >= 2 * line + 4:
            y = self.text(surf, head, 0, (self.px(8), y), DIM, max_w=w).bottom + self.px(2)
        y = self.wrapped(surf, ask, 0, (self.px(8), y), w, LIT, bold=True, max_lines=lines, min_size=0)
        y = max(y + gap, self.help_corner().bottom + self.px(4))
        lesson = self.take_lesson()  # teach mode's, where the grid keeps its touch targets or a line a row
        row_min = self.touch_px if st in ("batch", "choose") else self.fonts.font(self.read_px).get_linesize() + 4
        room = bottom - y - 3 * row_min - 2 * self.px(4) - gap
        choosing = st in ("batch", "choose")
        if lesson and (self.lesson_fits(lesson, self.w - 2 * m, room)
                       or (not choosing and self.lesson_fits(lesson, self.w - 2 * m, bottom - y - gap))):
            h = announce_panel.lesson_height(self, lesson, self.w - 2 * m, _("Skip"))
            self.lesson_at(surf, lesson, x=m, w=self.w - 2 * m, bottom=y + h, top=y)
            y += h + gap
            if bottom - y < 3 * row_min + 2 * self.px(4):
                return  # the grid gives way to the lesson while the card is entered (it lies on the table)
        self.draw_batches_small(surf, ctl, pygame.Rect(m, y, self.w - 2 * m, bottom - y), undo=play_batch)

    def small_ask(self, ctl: DraftCiderCompanion, st: str) -> str:
        """The question on the 3.5" screen: choosing a batch in play, the batches it may go into by
        their keys (the boxes name them, lit); else the companion's own."""
        if ctl.mode != "play" or st != "batch":
            return ctl.ask()
        who, card = ctl.seat_title(ctl.seat()), ctl.entry_text()
        keys = listed(batch_key(b) for b in ctl.legal_batches())
        costly = ctl.costly_batches()
        if costly:
            return _("{seat}: {card} — which batch? It may go into {batches} ({costly}: {cost})").format(
                seat=who, card=card, batches=keys, costly=listed(batch_key(b) for b in costly),
                cost=cost_note(ctl.orchard(ctl.seat())))
        return _("{seat}: {card} — which batch? It may go into {batches}").format(seat=who, card=card, batches=keys)

    def small_items(self, ctl: DraftCiderCompanion, st: str) -> list[tuple[str, str, Colour | None]]:
        """The 3.5" screen's buttons of the stage (Undo is added by the row): BLIND: Bad left out
        where the BLIND box is touched the same."""
        if st == "choose":
            last = ctl.pad_player == ctl.setup.players - 1
            return [(_("Score ✓") if last else f"{ctl.seat_title(ctl.pad_player + 1)} ✓", "confirm", OK)]
        return [item for item in self.stage_items(ctl, st) if item[1] != "batch:bad"]

    def _batch_box(self, surf: pygame.Surface, r: pygame.Rect, *, lit: bool, filling: bool, costly: bool,
                   choosing: bool) -> tuple[Colour, Colour]:
        """A batch's box: lit where it may be chosen (another colour where it costs the Special
        tree), framed while it is being filled, dimmed while another is chosen; returns its frame
        colour and the colour of its words."""
        edge = WARN if costly else LIT
        fill = COSTLY if costly else (70, 64, 30) if lit or filling else DIMMED if choosing else PANEL
        pygame.draw.rect(surf, fill, r, border_radius=self.px(6))
        if lit or filling:
            pygame.draw.rect(surf, edge, r, self.px(3), border_radius=self.px(6))
        return edge, (FG if not choosing or lit else DIM)

    def draw_batches_small(self, surf: pygame.Surface, ctl: DraftCiderCompanion, area: pygame.Rect, *,
                           undo: bool) -> None:
        """The seat's eight batches in a 3×3 grid: each its lid key and points, its name where two
        more lines fit (regular weight, on up to two lines), its cards as colour chips in the room
        left; the ninth cell the card being entered, or Undo (``undo``)."""
        seat = ctl.seat()
        orch = ctl.orchard(seat)
        score = score_orchard(orch, easy=ctl.setup.easy)
        stage = ctl.stage()
        legal, costly = set(ctl.legal_batches()), set(ctl.costly_batches())
        choosing = stage in ("batch", "choose")
        gap = self.px(4)
        bw, bh = (area.w - 2 * gap) // 3, (area.h - 2 * gap) // 3
        line = self.fonts.font(self.read_px).get_linesize()
        cells = [pygame.Rect(area.x + (i % 3) * (bw + gap), area.y + (i // 3) * (bh + gap), bw, bh) for i in range(9)]
        for b in range(len(BATCHES)):
            r = cells[b]
            lit = choosing and b in legal
            edge, ink = self._batch_box(surf, r, lit=lit, filling=ctl.mode == "pad" and ctl.pad_batch == b,
                                        costly=lit and b in costly, choosing=choosing)
            key = batch_key(b)
            kr = pygame.Rect(r.x + 3, r.y + 2, self.fonts.width(key, self.read_px, True) + self.px(10), line)
            pygame.draw.rect(surf, edge if lit else BG, kr, border_radius=self.px(4))
            self.text(surf, key, 0, kr.center, (0, 0, 0) if lit else FG, bold=True, anchor="center")
            self.text(surf, str(score.batches[b]), 0, (r.right - 4, kr.centery), ink, bold=True, anchor="midright")
            y = kr.bottom
            title = _(SHORT_TITLES[b])
            lines = self.break_lines(title, self.read_px, False, r.w - 6)
            if y + len(lines) * line <= r.bottom - 2 and all(self.fonts.width(t, self.read_px) <= r.w - 6
                                                               for t in lines):
                y = self.wrapped(surf, title, 0, (r.x + 3, y), r.w - 6, ink, max_lines=len(lines), min_size=0)
            if r.bottom - 3 - y >= 4:
                self.draw_chips(surf, orch[b], pygame.Rect(r.x + 3, y, r.w - 6, r.bottom - 3 - y), labels=False)
            if choosing:
                self.targets.append((r, f"batch:{BATCHES[b]}"))
        last = cells[8]
        if undo:
            self.button(surf, last, _("Undo"), "undo", size=20)
            return
        fill = CARD_RGB[ctl.entry[0]] if ctl.entry else PANEL
        pygame.draw.rect(surf, fill, last, border_radius=self.px(8))
        pygame.draw.rect(surf, FG, last, self.px(2), border_radius=self.px(8))
        self.text_in(surf, self.entry_label(ctl), 0, last.inflate(-8, -4), contrast(fill), bold=True)

    def entry_label(self, ctl: DraftCiderCompanion) -> str:
        """The card being entered as far as it is known (``gold h2 s?``), or what is asked."""
        e = ctl.entry
        h = height_text(e[1]) if len(e) > 1 else _("h?")
        s = sweetness_text(e[2]) if len(e) > 2 else _("s?")
        return _("{colour} {height} {sweetness}").format(colour=colour_name(e[0]), height=h, sweetness=s) if e \
            else _("batch?") if ctl.stage() == "choose" else _("card?")

    def entry_label_w(self, ctl: DraftCiderCompanion) -> int:
        """How wide the entry card must be for its words at the readable size."""
        words = [self.entry_label(ctl)] + [_("{colour} {height} {sweetness}").format(
            colour=colour_name(c), height=height_text(5), sweetness=sweetness_text(5)) for c in COLOURS]
        return max(self.fonts.width(w, max(self.px(22), self.read_px), True) for w in words) + 12

    def draw_entry_card(self, surf: pygame.Surface, ctl: DraftCiderCompanion, r: pygame.Rect) -> None:
        e = ctl.entry
        fill = CARD_RGB[e[0]] if e else PANEL
        pygame.draw.rect(surf, fill, r, border_radius=self.px(8))
        pygame.draw.rect(surf, FG, r, self.px(2), border_radius=self.px(8))
        self.text(surf, self.entry_label(ctl), 22, r.center, contrast(fill), bold=True, anchor="center", max_w=r.w - 6)

    def draw_batches(self, surf: pygame.Surface, ctl: DraftCiderCompanion, seat: int, area: pygame.Rect) -> None:
        """The seat's eight batches, 4×2: the lid key and points, the name, the cards as chips
        (their height·sweetness where they fit, else colour only) and, where two lines fit, what
        the batch takes next."""
        orch = ctl.orchard(seat)
        score = score_orchard(orch, easy=ctl.setup.easy)
        stage = ctl.stage()
        legal = set(ctl.legal_batches())
        costly = set(ctl.costly_batches())
        choosing = stage in ("batch", "choose")
        cols, gap = 4, self.px(6)
        bw = (area.w - (cols - 1) * gap) // cols
        bh = (area.h - gap) // 2
        big = max(self.px(17), self.read_px)
        line = self.fonts.font(big, True).get_linesize()
        for b in range(len(BATCHES)):
            r = pygame.Rect(area.x + (b % cols) * (bw + gap), area.y + (b // cols) * (bh + gap), bw, bh)
            lit = choosing and b in legal
            edge, ink = self._batch_box(surf, r, lit=lit, filling=ctl.mode == "pad" and ctl.pad_batch == b,
                                        costly=lit and b in costly, choosing=choosing)
            key = batch_key(b)
            kw = self.fonts.width(key, max(self.px(15), self.read_px), True) + self.px(10)
            kr = pygame.Rect(r.x + self.px(4), r.y + self.px(4), kw, line)
            pygame.draw.rect(surf, edge if lit else BG, kr, border_radius=self.px(4))
            self.text(surf, key, 15, kr.center, (0, 0, 0) if lit else FG, bold=True, anchor="center")
            pts = self.text(surf, str(score.batches[b]), 22, (r.right - self.px(6), kr.centery), ink, bold=True,
                            anchor="midright")
            y = self._batch_title(surf, b, r, kr, pts.x, big, ink)
            chips = self._batch_note(surf, orch, b, r, y, ctl.setup.easy, costly=edge == WARN)
            self.draw_chips(surf, orch[b], chips)
            if choosing:
                self.targets.append((r, f"batch:{BATCHES[b]}"))

    def _batch_title(self, surf: pygame.Surface, b: int, r: pygame.Rect, kr: pygame.Rect, right: int, big: int,
                     ink: Colour) -> int:
        """The batch's short name beside its key where it fits before the points at ``right``, else
        on lines of its own under the key; returns the y under it."""
        title = _(SHORT_TITLES[b])
        if self.fonts.width(title, big, True) <= right - kr.right - self.px(10):
            self.text(surf, title, 17, (kr.right + self.px(5), kr.centery), ink, bold=True, anchor="midleft")
            return int(kr.bottom + self.px(2))
        return self.wrapped(surf, title, 17, (r.x + self.px(6), kr.bottom), r.w - self.px(12), ink, bold=True,
                            max_lines=2, min_size=17)

    def _batch_note(self, surf: pygame.Surface, orch: Any, b: int, r: pygame.Rect, y: int, easy: bool, *,
                    costly: bool) -> pygame.Rect:
        """At the batch's foot what it takes next, or (``costly``: a pick here costs the Special
        tree) the price, said at every size; returns the room left for the chips."""
        note = cost_note(orch) if costly else batch_note(orch, b, easy)
        note_lines = self.break_lines(note, self.read_px, costly, r.w - self.px(12))
        note_h = len(note_lines) * self.fonts.font(self.read_px).get_linesize()
        chips = pygame.Rect(r.x + self.px(4), y, r.w - self.px(8), r.bottom - y - self.px(4))
        if len(note_lines) <= 2 and (costly or chips.h - note_h >= self.px(30)):
            self.wrapped(surf, note, 15 if costly else 13, (r.x + self.px(6), r.bottom - note_h - 2),
                         r.w - self.px(12), FG if costly else DIM, bold=costly, max_lines=2, min_size=13)
            chips.h -= note_h
        return chips

    def draw_chips(self, surf: pygame.Surface, cards: list[Any], area: pygame.Rect, *, labels: bool = True) -> None:
        """The batch's cards as chips in their colours, labelled height·sweetness when ``labels``
        and the label fits a chip at the readable size (else the colour alone: the cards lie on
        the table)."""
        if not cards:
            return
        px = max(self.px(14), self.read_px)
        chip_h = self.fonts.font(px, True).get_linesize() + 2
        label_w = self.fonts.width("5·5", px, True) + 6
        shown = cards[:12]
        per_row = max(1, min(len(shown), area.w // (label_w + self.px(3))))
        labelled = labels and -(-len(shown) // per_row) * (chip_h + 2) <= area.h
        rows = -(-len(shown) // per_row)
        if not labelled:  # colour only, in as many rows as fit
            rows = max(1, min(3, area.h // max(6, self.px(12))))
            per_row = -(-len(shown) // rows)
        cw = min(area.w // per_row, label_w + self.px(12)) if labelled else area.w // per_row
        ch = chip_h if labelled else max(4, min(self.px(20), area.h // rows - 2))
        for i, c in enumerate(shown):
            rr = pygame.Rect(area.x + (i % per_row) * cw, area.y + (i // per_row) * (ch + 2), cw - self.px(3), ch)
            pygame.draw.rect(surf, CARD_RGB[c.colour], rr, border_radius=self.px(3))
            if labelled:
                self.text(surf, f"{c.height}·{c.sweetness}", 14, rr.center, contrast(CARD_RGB[c.colour]), bold=True,
                          anchor="center", max_w=rr.w - 2)

    def draw_seats(self, surf: pygame.Surface, ctl: DraftCiderCompanion, area: pygame.Rect) -> None:
        n = ctl.setup.players
        w = area.w // n
        now = ctl.seat()
        px = max(self.px(17), self.read_px)
        for s in range(n):
            orch = ctl.orchard(s)
            total = score_orchard(orch, easy=ctl.setup.easy).total
            cards = sum(len(b) for b in orch)
            r = pygame.Rect(area.x + s * w, area.y, w - self.px(4), area.h)
            pygame.draw.rect(surf, LIT if s == now else PANEL, r, border_radius=self.px(6))
            ink = (0, 0, 0) if s == now else FG
            label = ngettext("{seat}: {total} · {n} card", "{seat}: {total} · {n} cards", cards).format(
                seat=ctl.seat_title(s), total=total, n=cards)
            if self.fonts.width(label, px, s == now) > r.w - self.px(6):
                label = f"{ctl.seat_title(s)}: {total}"
            self.text(surf, label, 17, r.center, ink, bold=s == now, anchor="center", max_w=r.w - self.px(6))
            if ctl.mode == "pad":
                self.targets.append((r, f"player:{s + 1}"))

    def draw_buttons(self, surf: pygame.Surface, ctl: DraftCiderCompanion) -> int:
        """The stage's buttons and Undo at the bottom; returns the top of their rows."""
        return self.button_row(surf, self.stage_items(ctl, ctl.stage()), x=self.px(8), y=self.h - self.px(62),
                               h=self.px(54), gap=self.px(6), size=20)

    def stage_items(self, ctl: DraftCiderCompanion, st: str) -> list[tuple[str, str, Colour | None]]:
        """The stage's buttons (Undo is added by the row): label, touch target, colour."""
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
        return items

