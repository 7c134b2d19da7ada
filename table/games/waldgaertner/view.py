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
from functools import partial
from typing import Any

import pygame

from table.display import announce_panel, players_view
from table.display.announce_panel import lesson_height
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, WARN, Colour, contrast
from table.display.keys import DIGITS, module_key
from table.display.module_view import ButtonItem, ModuleView
from table.display.toolkit import PAGE
from table.games.waldgaertner import asked, other_card, questions, tasks
from table.games.waldgaertner.buttons import hidden_word, offers_other
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.names import phase_name, size_name
from table.games.waldgaertner.pad_view import draw_pad, pad_buttons
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES, held_words
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.position import ROUNDS
from table.games.waldgaertner.setup import CHOICE_MATTERS, decks_words
from table.games.waldgaertner.words import card_label
from table.i18n import N_, _, ngettext
from table.i18n.labels import seat_name

SEAT_RGB: tuple[Colour, ...] = ((205, 50, 50), (60, 110, 215), (235, 200, 40), (70, 170, 80), (235, 235, 235),
                                (160, 90, 200), (230, 130, 40))
LEAF: Colour = (46, 84, 52)
SEASON_RGB: tuple[Colour, ...] = ((120, 150, 200),) + ((140, 200, 120),) * 3 + ((230, 200, 80),) * 3 \
    + ((210, 120, 60),) * 3
"""Phase 0 winter, 1-3 spring, 4-6 summer, 7-9 autumn."""
SCORE_COLUMNS: tuple[str, ...] = (N_("plants"), N_("partners"), N_("storage"), N_("total"))
"""The score pad's columns (the engine's ``Score`` fields, in the table's language when drawn)."""


class WaldgaertnerView(ModuleView[WaldgaertnerCompanion]):
    seat_colours = SEAT_RGB  # a seat's badge: its pawn's colour

    # --- setup ------------------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        s = ctl.setup
        area = self.setup_frame(surf, ctl, "Waldgärtner")
        if self.small:
            self.draw_setup_small(surf, ctl, area)
            return
        y = self.players_row(surf, ctl, _("Players (buttons 2-7)"), range(2, 8), area)
        if s.players in CHOICE_MATTERS:  # the decks of 2, 5 and 6 players depend on the continent chosen
            words = _("{decks} (button 1) ▸").format(decks=decks_words(s.players, s.choice))
            w = min(area.w, self.fonts.width(words, max(self.px(18), self.read_px), True) + self.px(24))
            self.button(surf, pygame.Rect(area.x, y, w, self.tap(44)), words, "choice", size=18)
            y += self.tap(44) + self.px(8)
        else:
            y = self.wrapped(surf, decks_words(s.players, s.choice), 18, (area.x, y), area.w, FG, max_lines=2,
                             min_size=16) + self.px(6)
        rows: list[tuple[str, list[tuple[str, str, bool]]]] = []
        rows.append((_("Entering (BLIND)"), [(_("End only: score pad") if s.pad else _("Live: every turn"),
                                              "padmode", s.pad)]))
        if not s.pad:  # a variant of play: the pad scores what the table shows
            rows.append((_("Direct sale (variant)"), [(_("on") if s.direct_sale else _("off"), "directsale",
                                                       s.direct_sale)]))
        rows.append((_("Additional tasks"), [(_("on") if s.tasks else _("off"), "tasks", s.tasks)]))
        y = self.choice_columns(surf, rows, y, area)
        if not self.small:  # on the 3.5" screen the help tells it
            about = _("After the game, player by player: the garden's plants (by name, or on the buttons: size, "
                      "continent, colour, plant), the partner bonuses, the cubes in storage; the pad scores them.") \
                if s.pad else _("The cards stay on the table: name each card turned up (buttons: size, continent, "
                                "colour, plant); a card drawn stays hidden until it is played. The companion keeps "
                                "the 21 rounds, says what flowers and is harvested, settles the dice and keeps the "
                                "cubes.")
            if self.wrapped_height(about, 18, area.w) <= area.bottom - y:  # whole in the room above Start, or not
                self.wrapped(surf, about, 18, (area.x, y), area.w, DIM, min_size=18)

    # --- the 3.5" screen's setup: its choices on as many pages as they take ------------------------
    def setup_blocks(self, ctl: WaldgaertnerCompanion) -> list[Callable[[pygame.Surface, pygame.Rect], int]]:
        """The setup's choices on the 3.5" screen, top to bottom, each drawing itself at the top of
        the room it is given and returning the y under it: the players, the decks (a choice with
        2, 5 or 6 players), then a line each for the entering, the direct sale and the tasks
        (label left, button right; the help tells what they mean)."""
        s = ctl.setup
        blocks: list[Callable[[pygame.Surface, pygame.Rect], int]] = [
            lambda surf, room: self.players_row(surf, ctl, _("Players (buttons 2-7)"), range(2, 8), room)]
        if s.players in CHOICE_MATTERS:  # the decks of 2, 5 and 6 players depend on the continent chosen
            words = _("{decks} (button 1) ▸").format(decks=decks_words(s.players, s.choice))
            blocks.append(partial(self.option_button, words=words, name="choice", lit=False))
        else:
            blocks.append(lambda surf, room: self.wrapped(surf, decks_words(s.players, s.choice), 18, room.topleft,
                                                          room.w, FG, max_lines=2, min_size=0) + self.px(6))
        rows = [(_("Entering (BLIND)"), _("End only: score pad") if s.pad else _("Live: every turn"), "padmode",
                 s.pad)]
        if not s.pad:
            rows.append((_("Direct sale (variant)"), _("on") if s.direct_sale else _("off"), "directsale",
                         s.direct_sale))
        rows.append((_("Additional tasks"), _("on") if s.tasks else _("off"), "tasks", s.tasks))
        blocks += [partial(self.option_line, label=label, words=words, name=name, lit=lit)
                   for label, words, name, lit in rows]
        return blocks

    def option_button(self, surf: pygame.Surface, room: pygame.Rect, *, words: str, name: str, lit: bool) -> int:
        """A button as wide as ``words`` (at most ``room``'s width; on two lines in a taller button
        where one is too short) at the top of ``room``; returns the y under it."""
        line_h = self.fonts.font(self.read_px, True).get_linesize()
        need = self.fonts.width(words, self.read_px, True) + self.px(24)
        h = self.tap(44) if need <= room.w else max(self.tap(44), 2 * line_h + self.px(6))
        self.button(surf, pygame.Rect(room.x, room.y, min(room.w, need), h), words, name, lit=lit, size=18)
        return room.y + h + self.px(6)

    def option_line(self, surf: pygame.Surface, room: pygame.Rect, *, label: str, words: str, name: str,
                    lit: bool) -> int:
        """``label`` (up to two lines) left of its button at the top of ``room``; returns the y under it."""
        line_h = self.fonts.font(self.read_px, True).get_linesize()
        bw = min(room.w // 2, max(self.touch_px, self.fonts.width(words, self.read_px, True) + self.px(24)))
        two = self.fonts.width(words, self.read_px, True) > bw - 6
        text_w = room.w - bw - self.px(8)
        lines = min(2, len(self.break_lines(label, self.read_px, False, text_w)))
        h = max(self.tap(44), (2 * line_h + self.px(6)) if two else 0, lines * line_h)
        self.wrapped(surf, label, 18, (room.x, room.y + (h - lines * line_h) // 2), text_w, DIM, max_lines=2,
                     min_size=0)
        self.button(surf, pygame.Rect(room.right - bw, room.y, bw, h), words, name, lit=lit, size=18)
        return room.y + h + self.px(6)

    def setup_pages(self, ctl: WaldgaertnerCompanion) -> tuple[pygame.Rect, list[list[int]], pygame.Rect | None]:
        """The room the setup's frame leaves, the blocks (:meth:`setup_blocks`' indices) on each
        page — as many as stand whole in it, a line kept for the page button where there are
        several — and where the page button goes instead when the frame leaves the top left free
        (no title left of Names: the game tab names the game), else None. Heights measured by
        drawing them aside."""
        saved = (self.targets, self.drawn)
        scratch = pygame.Surface((self.w, self.h))
        try:
            self.targets, self.drawn = [], None
            area = self.setup_frame(scratch, ctl, "Waldgärtner")
            names = next((r for r, n in self.targets if n == "names"), None)
            heights = [block(scratch, area) - area.y for block in self.setup_blocks(ctl)]
        finally:
            self.targets, self.drawn = saved
        if sum(heights) <= area.h:
            return area, [list(range(len(heights)))], None
        corner = None
        if names is not None and self.fonts.width("Waldgärtner", self.read_px, True) > names.x - 2 * area.x:
            for short in (False, True):  # "More ▸ 1/3", or "▸ 1/3" where the word leaves no room
                w = self.page_button_w(self.page_words(9, 9, short=short))
                if area.x + w <= names.x - self.px(6):  # the title's place, left free
                    corner = pygame.Rect(area.x, names.y, w, names.h)
                    break
        room = area.h if corner is not None else area.h - self.tap(44) - self.px(6)  # the page button's line
        pages: list[list[int]] = [[]]
        used = 0
        for i, h in enumerate(heights):
            if pages[-1] and used + h > room:
                pages.append([])
                used = 0
            pages[-1].append(i)
            used += h
        return area, pages, corner

    @staticmethod
    def page_words(page: int, pages: int, *, short: bool = False) -> str:
        """The page button's words: **More ▸ 1/3** (``short``: **▸ 1/3**)."""
        return f"▸ {page}/{pages}" if short else _("More ▸") + f" {page}/{pages}"

    def page_button_w(self, words: str) -> int:
        """The page button's width for ``words`` (px)."""
        return max(self.touch_px, self.fonts.width(words, self.read_px, True) + self.px(24))

    def draw_setup_small(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, area: pygame.Rect) -> None:
        """The page of the setup's choices turned to, and **More ▸ n/N** (target
        :data:`~table.display.toolkit.PAGE`) where there are several: in the title's place when
        the frame leaves it free, else at the bottom right of the room."""
        self.same_screen(("setup",))
        _area, pages, corner = self.setup_pages(ctl)
        page = self.shown_page(ctl)
        blocks = self.setup_blocks(ctl)
        y = area.y
        for i in pages[page]:
            y = blocks[i](surf, pygame.Rect(area.x, y, area.w, area.bottom - y))
        if len(pages) > 1:
            words = self.page_words(page + 1, len(pages))
            if corner is not None:
                if self.page_button_w(words) > corner.w:
                    words = self.page_words(page + 1, len(pages), short=True)
                rect = pygame.Rect(corner.topleft, (self.page_button_w(words), corner.h))
            else:
                w, h = self.page_button_w(words), self.tap(44)
                rect = pygame.Rect(area.right - w, area.bottom - h, w, h)
            self.button(surf, rect, words, PAGE, size=18)

    # --- play -------------------------------------------------------------------------------------
    LEDGER_STAGES = ("play", "buyer", "over")
    """The stages whose choice is about the seats' gardens: the 3.5" screen shows the ledger
    then, and the supply's offers and this round's flowers and harvests otherwise."""

    def draw_play(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        """Laid out from the bottom up: the buttons, the question (the lines it takes), then the
        offers and this round's phase on the left and the ledger on the right; on the 3.5" screen
        one of the two, by what the table is choosing (:attr:`LEDGER_STAGES`)."""
        if ctl.mode == "pad":
            draw_pad(self, surf, ctl, self.small_rows if self.small else None)
            return
        if ctl.other is not None and offers_other(ctl, lambda: asked.hidden(ctl, ctl.seat())):
            self.draw_other(surf, ctl)
            return
        if self.small:
            self.draw_play_small(surf, ctl)
            return
        e = ctl.state
        st = ctl.stage()
        ph = e.year_phase
        m = self.px(8)
        head = _("Round {round} of {rounds} · phase {phase} {name}").format(round=e.round, rounds=ROUNDS, phase=ph,
                                                                            name=phase_name(ph))
        right = self.w - self.help_room()  # the help button's corner (toolkit) stays free
        hr = self.text(surf, head, 24, (self.px(10), self.px(4)), bold=True, max_w=right - self.px(10))
        if right - hr.right - self.px(20) >= self.px(120):
            self.draw_clock(surf, e.round, pygame.Rect(hr.right + self.px(16), hr.centery - self.px(10),
                                                       right - hr.right - self.px(24), self.px(20)))
        buttons = self.draw_buttons(surf, ctl, st)
        lesson = self.take_lesson()  # under the offers, above the question or over the ledger
        ask = self.prompt_above(surf, self.screen_line(ctl), buttons - self.px(4), x=self.px(10),
                                w=self.w - self.px(20), size=19, max_lines=6)
        top = hr.bottom + self.px(6)
        below_help = max(top, self.help_corner().bottom + self.px(4))  # what reaches the right edge
        left = pygame.Rect(m, top, self.px(380), ask - top - self.px(6))
        ledger = pygame.Rect(left.right + m, below_help, self.w - left.right - 2 * m, left.bottom - below_help)
        offers_h = e.players * self.px(30)
        if lesson and not self.lesson_fits(lesson, left.w, left.h - offers_h):
            wide = lesson_height(self, lesson, self.w - self.px(20), _("Skip"))
            if left.h - wide - self.px(10) >= e.players * (self.fonts.font(max(self.px(15), self.read_px),
                                                                            True).get_linesize() + 2) \
                    or not self.lesson_fits(lesson, ledger.w, ledger.h):  # above the question, the offers whole
                ask = self.lesson_at(surf, lesson, x=self.px(10), w=self.w - self.px(20), bottom=ask - self.px(4),
                                     top=below_help)
                left.h = ledger.h = max(0, ask - self.px(6) - left.y)
                ledger.h = max(0, ask - self.px(6) - ledger.y)
            else:  # the lesson over the ledger (the gardens give way), the offers whole
                ledger.h = self.lesson_at(surf, lesson, x=ledger.x, w=ledger.w, bottom=ledger.bottom,
                                          top=ledger.y) - self.px(6) - ledger.y
            lesson = None
        offers = self.draw_offers(surf, ctl, left)
        phase_bottom = left.bottom
        if lesson:  # teach mode's lesson under the offers: the phase's words give way
            phase_bottom = self.lesson_at(surf, lesson, x=left.x, w=left.w, bottom=left.bottom,
                                          top=offers + self.px(6)) - self.px(6)
        if phase_bottom - offers - self.px(6) > 0:
            self.draw_phase(surf, ctl, pygame.Rect(left.x, offers + self.px(6), left.w,
                                                   phase_bottom - offers - self.px(6)))
        if ledger.h > 0:
            self.draw_ledger(surf, ctl, ledger)

    def screen_line(self, ctl: WaldgaertnerCompanion) -> str:
        """The question the play screen shows (a task being shown: the task's; else :meth:`screen_ask`)."""
        showing = tasks.seat_showing(ctl.e, ctl.setup, ctl.cmds)
        return ctl.named_line(tasks.screen_question(showing)) if showing >= 0 else self.screen_ask(ctl)

    def draw_play_small(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        """The 3.5" screen's play: the buttons (two rows, the rest a page on), the question, and
        above it one board by what the table is choosing (:attr:`LEDGER_STAGES`: the seats' gardens
        as a line each, else the decks' offers and this round's phase), left of the help button;
        the round's line on top where the board leaves it room (the round is said at each phase)."""
        e = ctl.state
        st = ctl.stage()
        m = self.px(8)
        buttons = self.draw_buttons(surf, ctl, st)
        ask = self.prompt_above(surf, self.screen_line(ctl), buttons - self.px(4), x=self.px(10),
                                w=self.w - self.px(20), size=19, max_lines=6)
        line = self.fonts.font(self.read_px, True).get_linesize()
        need = e.players * (line + 2)
        head = _("Round {round}/{rounds} · phase {phase}").format(round=e.round, rounds=ROUNDS, phase=e.year_phase)
        right = self.w - self.help_room()
        top = self.px(4)
        if ask - self.px(6) - (top + line + self.px(4)) >= need:
            hr = self.text(surf, head, 24, (self.px(10), top), bold=True, max_w=right - self.px(10))
            if right - hr.right - self.px(20) >= self.px(120):
                self.draw_clock(surf, e.round, pygame.Rect(hr.right + self.px(16), hr.centery - self.px(10),
                                                           right - hr.right - self.px(24), self.px(20)))
            top = hr.bottom + self.px(4)
        room = pygame.Rect(m, top, right - m, ask - self.px(6) - top)
        if room.h < line + 2:
            return
        if st in self.LEDGER_STAGES:
            self.draw_ledger(surf, ctl, room)
            return
        offers = self.draw_offers(surf, ctl, room)
        if room.bottom - offers - self.px(4) > 0:
            self.draw_phase(surf, ctl, pygame.Rect(m, offers + self.px(4), self.w - 2 * m,
                                                   room.bottom - offers - self.px(4)))

    def draw_other(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        """The chooser of a card the file lacks (``other_card.py``): the question on top, the facts
        chosen so far under it, this question's choices as big buttons (rows upwards) and Undo (one
        question back, the first closes it)."""
        answers = ctl.other or ()
        if other_card.question(answers) is None:
            return
        right = self.w - self.help_room()
        if self.small:  # a long question on two lines
            below = self.wrapped(surf, other_card.prompt(answers), 24, (self.px(10), self.px(4)),
                                 right - self.px(10), bold=True, max_lines=2, min_size=0)
            hr = pygame.Rect(self.px(10), self.px(4), 1, below - self.px(4))
        else:
            hr = self.text(surf, other_card.prompt(answers), 24, (self.px(10), self.px(4)), bold=True,
                           max_w=right - self.px(10))
        items = self.other_items(ctl)
        if self.small:  # two rows of choices, the rest a page on
            top = self.small_rows(surf, ctl, items)
        else:
            top = self.button_row(surf, items, x=self.px(6), y=self.h - self.px(6) - self.tap(60), h=self.tap(60),
                                  gap=self.px(6), size=20)
        so_far = other_card.facts(answers)
        if so_far:
            y = hr.bottom + self.px(4)  # left of the help button, which reaches the edge
            line = self.fonts.font(max(self.px(19), self.read_px), False).get_linesize()
            self.wrapped(surf, so_far, 19, (self.px(10), y), right - self.px(10), FG,
                         max_lines=max(1, (top - y - self.px(4)) // line), min_size=19)

    @staticmethod
    def other_items(ctl: WaldgaertnerCompanion) -> list[ButtonItem]:
        """The chooser's buttons: this question's choices (``other_card.question``)."""
        nxt = other_card.question(ctl.other or ())
        if nxt is None:
            return []
        field, values = nxt
        return [(other_card.label(field, v), f"other:{v}", None) for v in values]

    def draw_clock(self, surf: pygame.Surface, rnd: int, area: pygame.Rect) -> None:
        """21 rounds as ticks, coloured by season; the rounds played filled, this one lit."""
        w = area.w / ROUNDS
        for r in range(1, ROUNDS + 1):
            rect = pygame.Rect(round(area.x + (r - 1) * w), area.y, max(1, round(w) - 2), area.h)
            col = SEASON_RGB[(r - 1) % 10]
            if r < rnd:
                pygame.draw.rect(surf, tuple(c // 2 for c in col), rect)  # square: 21 ticks a frame
            elif r == rnd:
                pygame.draw.rect(surf, LIT, rect.inflate(0, self.px(6)), border_radius=3)
            else:
                pygame.draw.rect(surf, col, rect, 1)

    def draw_offers(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, area: pygame.Rect) -> int:
        """A line per supply deck at the top of ``area`` (its number and continent, the card on
        offer, the cards left or "contested"); returns the y under them."""
        e = ctl.state
        contested = set(ctl.contested())
        now = ctl.deck_now()
        line = self.fonts.font(max(self.px(15), self.read_px), True).get_linesize()
        rh = max(line + 2, min(self.px(30), area.h // max(1, e.players) - 2))
        for d in range(e.players):
            row = pygame.Rect(area.x, area.y + d * rh, area.w, rh - 2)
            if d and row.bottom > area.bottom:  # the 3.5" screen with many decks: the ones that fit
                return row.y
            hot = d in contested
            pygame.draw.rect(surf, (90, 40, 30) if hot else (70, 64, 30) if d == now else PANEL, row,
                             border_radius=self.px(4))
            words = f"{d + 1} {e.decks[d]}"
            left = _("{n} left").format(n=e.deck_size(d)) if not hot else _("contested")
            cid = e.offer(d)
            if cid >= 0 and not hot:  # a long plant name: less beside it (the count bare, on the 3.5" screen the
                name = self.offer_label(e.card(cid), 1 << 20).split(" · ")[0]  # deck's number alone, no count)
                need = self.fonts.width(name, max(self.px(15), self.read_px)) + self.px(8)
                for fewer in ("count", "continent", "nothing left"):
                    if need <= self.offer_room(row, words, left):
                        break
                    if fewer == "count":
                        left = str(e.deck_size(d))
                    elif self.small and fewer == "continent":
                        words = str(d + 1)
                    elif self.small:
                        left = ""
            deck = self.text(surf, words, 14, (row.x + self.px(4), row.centery), DIM, bold=True, anchor="midleft")
            x = deck.right + self.px(8)
            lr = self.text(surf, left, 13, (row.right - self.px(4), row.centery), WARN if hot else DIM,
                           anchor="midright") if left else pygame.Rect(row.right - self.px(4), row.y, 0, 0)
            room = lr.x - x - self.px(8)
            label = self.offer_label(e.card(cid), room) if cid >= 0 else "—"
            self.text(surf, label, 15, (x, row.centery), FG if cid >= 0 else DIM, anchor="midleft", max_w=room)
        bottom: int = area.y + e.players * rh
        return bottom

    def offer_room(self, row: pygame.Rect, words: str, left: str) -> int:
        """How wide an offer's card name may be in ``row`` beside the deck's ``words`` and ``left`` (px)."""
        deck_w = self.fonts.width(words, max(self.px(14), self.read_px), True)
        left_w = self.fonts.width(left, max(self.px(13), self.read_px)) if left else 0
        return int(row.w - self.px(4) - deck_w - self.px(8) - left_w - self.px(4) - self.px(8))

    def offer_label(self, card: Any, room: int) -> str:
        """``#17 Apple · small tree`` (♂ for a male plant); without the size class when the line would
        not fit ``room`` pixels at the readable size (long names, longer languages)."""
        male = " ♂" if card.male else ""
        label = f"{card_label(card)} · {size_name(card.size)}{male}"
        if self.fonts.width(label, max(self.px(15), self.read_px)) > room:
            label = f"{card_label(card)}{male}"
        return label

    def draw_phase(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, area: pygame.Rect) -> None:
        """This round's step 1 (what flowers and is harvested, per seat) in the room of ``area``:
        the lines that fit, the rest left for the spoken and text announcement."""
        line = self.fonts.font(max(self.px(15), self.read_px)).get_linesize()
        if area.h < line + self.px(6):
            return
        pygame.draw.rect(surf, LEAF, area, border_radius=self.px(6))
        x, w = area.x + self.px(6), area.w - self.px(12)
        lines = ctl.phase_summary()
        if not lines and not ctl.phase_report():
            lines = [_("Round 1 starts at step 2: the decks turn their offers.")]
        else:
            lines = [_("Phase {phase}: flowers and harvests").format(phase=ctl.state.year_phase),
                     *(lines or [_("Nothing flowers or is harvested")])]
        y = area.y + self.px(3)
        for i, text in enumerate(lines):
            px = max(self.px(15), self.read_px)
            need = len(self.break_lines(text, px, False, w))
            if need > 2 or y + need * line > area.bottom:
                break
            y = self.wrapped(surf, text, 15, (x, y), w, DIM if i == 0 and len(lines) > 1 else FG, max_lines=2,
                             min_size=15)

    def draw_ledger(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, area: pygame.Rect) -> None:
        """A row per seat, its lines by what the room allows: name and storage; the garden's rows
        as filled/capacity; fields, dark cubes, plants and hand (the seat whose turn it is lit)."""
        e = ctl.state
        n = e.players
        line = self.fonts.font(max(self.px(18), self.read_px), True).get_linesize()
        rh = min(area.h // n, self.px(78))
        lines = (rh - self.px(3 if self.small else 6)) // line
        if lines < 1:
            return
        active = ctl.seat()
        for s, (store, fields, dark, plants) in enumerate(ctl.ledger()):
            row = pygame.Rect(area.x, area.y + s * rh, area.w, rh - self.px(3))
            pygame.draw.rect(surf, (70, 64, 30) if s == active else PANEL, row, border_radius=self.px(6))
            r = max(4, min(line // 2 - 1, self.px(10)))
            pygame.draw.circle(surf, SEAT_RGB[s], (row.x + r + self.px(4), row.y + self.px(2) + line // 2), r)
            sr = self.text(surf, _("storage {n}").format(n=store), 18, (row.right - self.px(6), row.y + self.px(2)),
                           LIT, bold=True, anchor="topright")
            self.text(surf, ctl.seat_title(s), 16, (row.x + 2 * r + self.px(10), row.y + self.px(2)), FG, bold=True,
                      max_w=sr.x - row.x - 2 * r - self.px(18))
            y = row.y + self.px(2) + line
            if lines >= 2:
                self.draw_rows(surf, ctl.rows(s), pygame.Rect(row.x + self.px(6), y, row.w - self.px(12), line))
                y += line
            info = ngettext("fields {fields} · dark {dark} · {plants} plant · hand {hand}",
                            "fields {fields} · dark {dark} · {plants} plants · hand {hand}", plants).format(
                fields=fields, dark=dark, plants=plants, hand=len(ctl.held(s)))
            if lines >= 3 and self.fonts.width(info, max(self.px(14), self.read_px)) <= row.w - self.px(12):
                self.text(surf, info, 14, (row.x + self.px(6), y), DIM, max_w=row.w - self.px(12))

    def draw_rows(self, surf: pygame.Surface, rows: list[tuple[int, int, int]], area: pygame.Rect) -> None:
        """The garden's rows as bars, each with its plants/capacity."""
        cw = area.w // 6
        for rr, have, cap in rows:
            box = pygame.Rect(area.x + (rr - 1) * cw, area.y, cw - self.px(4), area.h - 2)
            over = have > cap
            fill = round(box.w * min(have, cap) / cap) if cap else 0
            if fill:
                pygame.draw.rect(surf, OK if not over else WARN, (box.x, box.y, fill, box.h))
            if fill < box.w:
                pygame.draw.rect(surf, BG, (box.x + fill, box.y, box.w - fill, box.h))
            self.text(surf, f"{have}/{cap}" if cap else "+1", 14, box.center, FG, bold=True, anchor="center",
                      max_w=box.w)

    def stage_items(self, ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
        """The buttons of the stage ``st`` (:data:`STAGE_BUTTONS`), Undo not among them."""
        if hidden_word(ctl) is not None:
            return [(_("Drawn ✓") if st == "draw" else _("Kept ✓"), "confirm", OK)]
        if st == "reveal":
            return _guide_buttons(ctl)
        if st in CHANCE_STAGES or st in CHOOSE_STAGES:
            return _digit_buttons(ctl)
        if st == "over" and tasks.seat_showing(ctl.e, ctl.setup, ctl.cmds) >= 0:
            return [(label, f"trough{t}", None)  # the lid's task buttons on touch
                    for t, (label, _c) in tasks.lid_options(ctl.state.config.cards.tasks, ctl.task_page).items()]
        if st in STAGE_BUTTONS:
            return STAGE_BUTTONS[st](ctl, st)
        return []

    def draw_buttons(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, st: str) -> int:
        """The bottom rows: the buttons of the stage ``st``, then Undo; returns their top."""
        items = self.stage_items(ctl, st)
        if self.small:
            return self.small_rows(surf, ctl, items)
        return self.button_row(surf, items, x=self.px(6), y=self.h - self.px(58), h=self.px(52), gap=self.px(4),
                               size=18 if len(items) + 1 < 9 else 16)

    # --- the 3.5" screen: fewer buttons at a time, the rest a page on ---------------------------------
    SMALL_ROWS = 2
    """How many rows of buttons the 3.5" screen gives a question (the board keeps the rest)."""

    def screen_items(self, ctl: WaldgaertnerCompanion) -> list[ButtonItem]:
        """The bottom row's buttons of the screen ``ctl`` shows (the score pad's or the stage's)."""
        if ctl.mode == "pad":
            return pad_buttons(ctl)
        if ctl.mode != "play":
            return []
        if ctl.other is not None and offers_other(ctl, lambda: asked.hidden(ctl, ctl.seat())):
            return self.other_items(ctl)
        return self.stage_items(ctl, ctl.stage())

    def flow(self, labels: list[str], h: int) -> list[list[int]]:
        """``labels`` (by index) in rows across the 3.5" screen, each button as wide as its label
        needs (on two lines where ``h`` holds two) and never under a touch target, as many to a
        row as fit; a label too wide for a row of its own: :data:`SMALL_ROWS` + 1 rows (no fit)."""
        gap = self.px(4)
        room = self.w - 2 * self.px(6) + gap
        two = h >= 2 * self.fonts.font(self.read_px, True).get_linesize()
        rows: list[list[int]] = [[]]
        used = 0
        for i, label in enumerate(labels):
            need = max(self.touch_px, self.label_need(label, self.read_px, two) + 10) + gap
            if need > room:
                return [[]] * (self.SMALL_ROWS + 1)
            if rows[-1] and used + need > room:
                rows.append([])
                used = 0
            rows[-1].append(i)
            used += need
        return rows

    def row_plan(self, items: list[ButtonItem]) -> tuple[list[list[ButtonItem]], int]:
        """``items`` split into the pages of the 3.5" screen's bottom rows (each page's buttons with
        Undo — and CONFIRM's and **More ▸** when there are several — in at most :data:`SMALL_ROWS` rows of touch
        targets, their labels whole: on one line, or on two in taller buttons), and the rows'
        height in pixels. One page wherever they fit."""
        line_h = self.fonts.font(self.read_px, True).get_linesize()
        heights = (self.touch_px, max(self.touch_px, 2 * line_h + self.px(4)))
        labels = [label for label, _n, _c in items]
        undo = [_("Undo")]
        for h in heights:
            if len(self.flow(labels + undo, h)) <= self.SMALL_ROWS:
                return [items], h
        pinned = [label for label, name, _c in items if name == "confirm"]  # on every page, as Undo is
        items = [item for item in items if item[1] != "confirm"]
        more = [*pinned, self.page_words(9, 9), *undo]
        plans: list[tuple[bool, int, list[list[ButtonItem]], int]] = []
        for h in heights:
            pages: list[list[ButtonItem]] = []
            rest = list(items)
            fits = True
            while rest:
                k = len(rest)
                while k > 1 and len(self.flow([label for label, _n, _c in rest[:k]] + more, h)) > self.SMALL_ROWS:
                    k -= 1
                fits = fits and len(self.flow([label for label, _n, _c in rest[:k]] + more, h)) <= self.SMALL_ROWS
                pages.append(rest[:k])
                rest = rest[k:]
            plans.append((not fits, len(pages), pages, h))
        _no_fit, _n, pages, h = min(plans, key=lambda plan: plan[:2])  # every page fitting, then the fewest
        return pages, h

    def pages(self, ctl: WaldgaertnerCompanion) -> int:
        """On the 3.5" screen a question with more buttons than its rows hold takes several
        pages (**More ▸** turns them); every other screen one."""
        if not self.small or not self.own_pages(ctl):
            return super().pages(ctl)  # the shared screens' own (the result's, the Names page's)
        if ctl.mode == "setup":
            return len(self.setup_pages(ctl)[1])
        return len(self.row_plan(self.screen_items(ctl))[0])

    @staticmethod
    def own_pages(ctl: WaldgaertnerCompanion) -> bool:
        """Whether the screen ``ctl`` shows is one this view pages (setup, play, score pad), not a
        shared one over it (the Names page, a waiting announcement) or the result."""
        if ctl.mode == "setup":
            return not players_view.covers_setup(ctl)
        return ctl.mode in ("play", "pad") and not announce_panel.covers(ctl)

    def draw(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        if self.small and not self.own_pages(ctl):  # a shared screen: a page turned here is not its page
            self.same_screen(("shared", ctl.mode))
        super().draw(surf, ctl)

    def small_rows(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, items: list[ButtonItem]) -> int:
        """The 3.5" screen's bottom rows: the page of ``items`` turned to, **More ▸ n/N** (target
        :data:`~table.display.toolkit.PAGE`) where there are several, and Undo; returns their top."""
        self.same_screen(tuple(name for _label, name, _c in items))
        pages, h = self.row_plan(items)
        page = self.shown_page(ctl) if len(pages) > 1 else 0
        shown = list(pages[min(page, len(pages) - 1)])
        if len(pages) > 1:  # CONFIRM's button on every page, then the page button
            shown += [item for item in items if item[1] == "confirm"]
            shown.append((self.page_words(page + 1, len(pages)), PAGE, None))
        shown.append((_("Undo"), "undo", None))
        rows = self.flow([label for label, _n, _c in shown], h)
        x, gap = self.px(6), self.px(4)
        two = h >= 2 * self.fonts.font(self.read_px, True).get_linesize()
        top = self.h - self.px(6) - len(rows) * h - (len(rows) - 1) * gap
        for r, row in enumerate(rows):  # each row filled across: the room left shared out evenly
            needs = [max(self.touch_px, self.label_need(shown[i][0], self.read_px, two) + 10) for i in row]
            extra = (self.w - 2 * x - sum(needs) - (len(row) - 1) * gap) // len(row)
            bx = x
            for i, need in zip(row, needs, strict=True):
                label, name, colour = shown[i]
                self.button(surf, pygame.Rect(bx, top + r * (h + gap), need + extra, h), label, name, colour=colour,
                            size=18)
                bx += need + extra + gap
        return top

    _items_key: tuple[str, ...] | None = None
    """What the last paged screen drawn was (its buttons' targets, or the setup): a page turned
    holds for one question."""

    def same_screen(self, key: tuple[str, ...]) -> None:
        """A paged screen is drawn: a new one (another question, the setup left) starts on its
        first page (the first drawn keeps the page it was given)."""
        if key != self._items_key:
            if self._items_key is not None:
                self.page = 0
            self._items_key = key

    def screen_ask(self, ctl: WaldgaertnerCompanion) -> str:
        """What the screen asks: the spoken question, but on the 3.5" screen the guided choice's
        step without its options and the special action without its choices, which the buttons
        show (``asked.ask`` lists them for text mode and speech)."""
        line = ctl.ask()
        st = ctl.stage()
        if self.small and st == "special":  # its buttons name the choices and their costs
            return _("{seat}'s special action (storage {storage})").format(seat=seat_name(ctl.seat()),
                                                                           storage=ctl.state.storage(ctl.seat()))
        if not self.small or ctl.named >= 0 or st not in ("play", "reveal"):
            return line
        e = ctl.state
        hidden = st == "play" and bool(asked.hidden(ctl, ctl.seat()))
        if not (hidden or ctl.guide):
            return line
        question, _options = asked.guide(ctl)
        if hidden:
            return _("{seat} plays {cards}: {question}").format(
                seat=seat_name(ctl.seat()), cards=held_words(e, ctl.seat(), asked.seen(ctl)), question=question)
        return f"{questions.ask(e, asked.seen(ctl))} — {question}"

def _die_buttons(ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
    legal = ctl.state.legal_actions()
    items: list[ButtonItem] = [(_("deck {n}").format(n=a - A.DECK + 1), f"cmd:deck {a - A.DECK + 1}", None)
                               for a in legal if A.DECK <= a < A.DECK + 7]
    if A.SPECIAL in legal:
        items.append((_("Special"), "cmd:special", OK))
    if A.PASS in legal:
        items.append((_("Pass"), "cmd:pass", None))
    return items


def _deck_buttons(ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
    base = A.DECK if st == "start" else A.BONUS
    return [(_("deck {n}").format(n=a - base + 1), f"cmd:{A.to_text(a)}", None) for a in ctl.state.legal_actions()]


def _digit_buttons(ctl: WaldgaertnerCompanion) -> list[ButtonItem]:
    items: list[ButtonItem] = [(str(d), f"key:{d}", None) for d in range(10)]
    items.append((f"#{ctl.typed} ✓" if ctl.typed else "✓", "confirm", OK))
    return items


def _guide_buttons(ctl: WaldgaertnerCompanion) -> list[ButtonItem]:
    """The lid's guided choice on touch: this step's options on the trough buttons' numbers."""
    _question, options = asked.guide(ctl)
    items: list[ButtonItem] = [(f"{i + 1} {label}", f"trough{i + 1}", None) for i, (label, _v) in enumerate(options)]
    if offers_other(ctl, lambda: asked.hidden(ctl, ctl.seat())):  # a card the file lacks (other_card.py)
        items.append((_("Other card…"), "other", None))
    return items


def _play_buttons(ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
    """Plant/Sell for each card the table has seen (a hidden one: named first by the guided choice)."""
    e = ctl.state
    s = ctl.seat()
    items: list[ButtonItem] = []
    hidden = asked.hidden(ctl, s)
    if hidden and ctl.named < 0:
        return _guide_buttons(ctl)
    for cid in [ctl.named] if ctl.named >= 0 else ctl.held(s):
        spots = e.plant_spots(s, cid)
        if spots:
            r, p, fee = spots[0]
            items.append(((_("Plant #{id} ({fee})") if fee else _("Plant #{id}")).format(id=cid, fee=fee),
                          f"cmd:plant {cid} at {r}.{p + 1}", OK))
        items.append((_("Sell #{id} +{cubes}").format(id=cid, cubes=e.card(cid).sale), f"cmd:sell {cid}", None))
    return items


def _buyer_buttons(ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
    return [(_("Buy ✓"), "cmd:buy", OK), (_("Decline"), "cmd:decline", None)]


def _special_buttons(ctl: WaldgaertnerCompanion, st: str) -> list[ButtonItem]:
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


def waldgaertner_key(key: int, ctl: WaldgaertnerCompanion) -> str | None:
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
    return module_key(key, ctl)
