"""Zankapfel's screens: the display toolkit's drawing (fonts, scaling, buttons, the
refusal strip, the resume screen, touch targets) with Zankapfel's own setup, play and result.

Play (designed at 800×480, scaled): a header (round, who holds the big apple, the face-up
card); on the left the 5×5 orchard with its four edges' numbers (red top, blue right, yellow
bottom, green left), the tokens still there, the mayor, and — when the mayor moves — its legal
squares lit; on the right the four harvest values and prices at the mayor's square, then the
ledger mirroring the score track (each seat's points towards the finish, discord cards left,
what it did this round); at the bottom what the table must enter now and the buttons for it.
The 3.5" 480×320 screen shows less at the same 2.5 mm capitals (:meth:`ZankapfelView.draw_play_small`).
"""

from __future__ import annotations

import pygame

from table.display import players_view
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, Colour, contrast
from table.display.keys import DIGITS, module_key
from table.display.module_view import ModuleView
from table.display.toolkit import PAGE
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.words import SEAT_COLOURS, colour_name, kind_name, status_name
from table.i18n import _, ngettext

KIND_RGB: dict[str, Colour] = {"red": (205, 50, 50), "yellow": (235, 200, 40), "green": (70, 170, 80),
                               "blue": (60, 110, 215), "joker": (160, 90, 200)}
SEAT_RGB: tuple[Colour, ...] = ((205, 50, 50), (60, 110, 215), (235, 200, 40), (70, 170, 80), (235, 235, 235),
                                (40, 40, 40))
TOKEN: Colour = (120, 85, 40)
GRASS: Colour = (40, 70, 45)


def players_words(n: int) -> str:
    """A players button's words: ``3 players``."""
    return ngettext("{n} player", "{n} players", n).format(n=n)

class ZankapfelView(ModuleView[ZankapfelCompanion]):
    seat_colours = SEAT_RGB  # a seat's badge: its pawn's colour

    # --- setup ------------------------------------------------------------------------------------
    def pages(self, ctl: ZankapfelCompanion) -> int:
        """The setup takes two pages on the 3.5" screen where its rows do not fit the frame's room
        at 2.5 mm capitals (the players; the finish, deck and corruption); else as the base says."""
        if self.small and ctl.mode == "setup" and not players_view.covers_setup(ctl):
            return 1 if self._setup_fits(ctl) else 2
        return super().pages(ctl)

    def _setup_fits(self, ctl: ZankapfelCompanion) -> bool:
        """Whether the setup's rows fit under the frame on one page (laid out on a scratch
        surface; nothing of it is kept)."""
        kept = self.targets, self.drawn
        self.targets, self.drawn = [], None
        scratch = pygame.Surface((self.w, self.h))
        area = self.setup_frame(scratch, ctl, "Zankapfel")
        bottom = self._setup_rows(scratch, ctl, area)
        self.targets, self.drawn = kept
        return bottom <= area.bottom

    def _setup_rows(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect) -> int:
        """The players, then the finish, deck and corruption side by side; returns the y under them."""
        y = self.players_row(surf, ctl, _("Players (buttons 3-6)"), (3, 4, 5, 6), area, words=players_words)
        return self.choice_columns(surf, self._setup_choices(ctl), y, area)

    @staticmethod
    def _setup_choices(ctl: ZankapfelCompanion) -> list[tuple[str, list[tuple[str, str, bool]]]]:
        s = ctl.setup
        finish = ngettext("{n} point", "{n} points", s.finish).format(n=s.finish)
        return [(_("Finish (button 7)"), [(finish, "finish", False)]),
                (_("Deck (BLIND)"), [(s.deck_label, "deck", False)]),
                (_("Corruption (PASS)"), [(_("on") if s.bribery else _("off"), "bribery", s.bribery)])]

    def draw_setup(self, surf: pygame.Surface, ctl: ZankapfelCompanion) -> None:
        area = self.setup_frame(surf, ctl, "Zankapfel")
        if self.pages(ctl) > 1:
            self._setup_page(surf, ctl, area)
            return
        y = self._setup_rows(surf, ctl, area)
        if not self.small:  # the rule's reminder; on the 3.5" screen the help tells it
            self.wrapped(surf, _("The red farmer (seat 1) holds the big apple and places the mayor. The cards stay "
                                 "on the table: enter what is turned, bought, laid and revealed."), 18,
                         (area.x, y), area.w - self.px(250), DIM, min_size=16,
                         max_lines=max(1, (area.bottom - y) // self.fonts.font(self.read_px).get_linesize()))

    def _setup_page(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect) -> None:
        """The 3.5" screen's setup on two pages: the players, or the three choices each a row with
        its label at the left; the page button (target :data:`PAGE`) at the right of the first row."""
        first = self.shown_page(ctl) == 0
        label = _("More ▸") if first else _("◂ Back")
        turn_w = max(self.touch_px, self.fonts.width(label, self.read_px, True) + self.px(20))
        h, gap = self.touch_px, self.px(4)
        if first:  # the page button level with the players' buttons, right of them
            turn = pygame.Rect(area.right - turn_w, area.y + self.label_line_h() + self.px(4), turn_w, self.tap(70))
            row = pygame.Rect(area.x, area.y, turn.x - self.px(10) - area.x, area.h)
            self.players_row(surf, ctl, _("Players (buttons 3-6)"), (3, 4, 5, 6), row, words=players_words)
            self.button(surf, turn, label, PAGE, size=20)
            return
        choices = self._setup_choices(ctl)
        label_w = max(self.fonts.width(text, self.read_px) for text, _b in choices) + self.px(12)
        ends = []
        for i, (text, buttons) in enumerate(choices):
            row = pygame.Rect(area.x, area.y + i * (h + gap), area.w, h)
            self.text(surf, text, 0, (row.x, row.centery), DIM, anchor="midleft")
            words, name, lit = buttons[0]
            w = max(self.touch_px, self.fonts.width(words, self.read_px, True) + self.px(20))
            self.button(surf, pygame.Rect(row.x + label_w, row.y, w, h), words, name, lit=lit, size=22)
            ends.append(row.x + label_w + w)
        i = min(range(len(ends)), key=ends.__getitem__)  # beside the narrowest choice
        self.button(surf, pygame.Rect(area.right - turn_w, area.y + i * (h + gap), turn_w, h), label, PAGE, size=20)

    # --- play -------------------------------------------------------------------------------------
    def draw_play(self, surf: pygame.Surface, ctl: ZankapfelCompanion) -> None:  # a ZankapfelCompanion
        """The header, then the orchard beside the prices and the ledger, the question and the
        buttons; the 3.5" screen's own layout is :meth:`draw_play_small`."""
        b = ctl.b
        assert b is not None
        p = b.preview
        st = b.stage()
        m = self.px(8)
        head = _("Round {round} · {seat} holds the apple").format(round=p.round, seat=ctl.seat_title(p.first)) \
            if p.round else _("Setup")
        if self.small:
            self.draw_play_small(surf, ctl, head, st)
            return
        face = A.KINDS[p.face_up] if p.face_up >= 0 else None
        shown = _("face up: {kind}").format(kind=kind_name(face) if face else _("none"))
        fw = min(self.fonts.width(shown, self.read_px, True) + self.px(16), self.w // 2)
        fr = pygame.Rect(self.w - self.help_room() - max(fw, self.px(180)), self.px(6), max(fw, self.px(180)),
                         max(self.px(34), self.read_px + 8))
        pygame.draw.rect(surf, KIND_RGB[face] if face else PANEL, fr, border_radius=self.px(6))
        self.text(surf, shown, 18, fr.center, contrast(KIND_RGB[face]) if face else DIM,
                  bold=True, anchor="center", max_w=fr.w - 6)
        self.text(surf, head, 24, (m + self.px(4), fr.centery), bold=True, anchor="midleft",
                  max_w=fr.x - 2 * m)
        top = fr.bottom + self.px(6)
        below = max(top, self.help_corner().bottom + self.px(4))  # what reaches the right edge: under help
        buttons = self.draw_buttons(surf, ctl, st)
        lesson = self.take_lesson()  # in the right column
        ask = self.prompt_above(surf, ctl.named_line(b.ask()), buttons - self.px(6), x=self.px(12),
                                w=self.w - self.px(24), max_lines=4)  # the ledger gives way
        side = min(self.px(300), ask - top - self.px(6))
        right = pygame.Rect(m + side + self.px(12), below, self.w - side - 2 * m - self.px(12), 0)
        ph = max(self.px(56), 2 * self.fonts.font(self.read_px, True).get_linesize() + self.px(4))  # two lines
        ledger_top, ledger_bottom = below + ph + self.px(6), ask - self.px(6)
        if lesson and self.lesson_fits(lesson, right.w, ledger_bottom - ledger_top):
            # teach mode's lesson under the prices: the ledger gives way, the orchard and prices stay
            ledger_bottom = self.lesson_at(surf, lesson, x=right.x, w=right.w, bottom=ledger_bottom,
                                           top=ledger_top) - self.px(6)
        elif lesson:  # too long for the column: above the question, the orchard shrinks
            ask = self.lesson_at(surf, lesson, x=self.px(12), w=self.w - self.px(24), bottom=ask - self.px(4))
            side = min(self.px(300), ask - top - self.px(6))
            ledger_bottom = ask - self.px(6)
        self.draw_orchard(surf, ctl, pygame.Rect(m, top, side, side), st)
        self.draw_prices(surf, ctl, pygame.Rect(right.x, below, right.w, ph))
        self.draw_ledger(surf, ctl, pygame.Rect(right.x, ledger_top, right.w, ledger_bottom - ledger_top))

    # --- the 3.5" screen --------------------------------------------------------------------------
    def draw_play_small(self, surf: pygame.Surface, ctl: ZankapfelCompanion, head: str, st: str) -> None:
        """The 3.5" screen shows less, never smaller: its read lines at the rule's 2.5 mm capitals.
        While a square is chosen the orchard's 46 px squares fill the right (a touch chooses the
        square; the lid's CONFIRM the cursor's), the question and Undo the left; the edges' printed
        numbers and the face-up card are left out (the board and the card on the table show them).
        Else the question and the stage's buttons at the bottom, and above them, each where the
        room is left: the header, the prices at the mayor's square, the ledger (the score track
        on the table shows it); teach mode's lesson takes the room of those reminders where it
        stands whole there (text mode and speech always say it)."""
        b = ctl.b
        assert b is not None
        m, gap = self.px(8), self.px(6)
        line = self.fonts.font(self.read_px, True).get_linesize()
        under_help = self.help_corner().bottom + self.px(4)
        offering = st == "bribe" and ctl.bribe_offer is not None
        lesson = self.take_lesson()  # teach mode's: where the board's reminders give it room
        if st in ("place", "move", "remove") or offering:
            cell = self.touch_px + 2
            grid = pygame.Rect(self.w - m - 5 * cell, under_help, 5 * cell, 5 * cell)
            self.draw_orchard(surf, ctl, grid, st, numbers=False)
            w = grid.x - 3 * m
            items = self.offer_items(ctl) if offering else []
            buttons = self.flow_row(surf, items, bottom=self.h - m, x=m, w=w)
            ask = self.offer_ask(ctl) if offering else ctl.named_line(b.ask())
            lines = (buttons - gap - m) // line
            top = self.prompt_above(surf, ask, buttons - gap, x=m, w=w, max_lines=lines)
            if lesson and self.lesson_fits(lesson, w, top - gap - m):  # the round gives way
                self.lesson_at(surf, lesson, x=m, w=w, bottom=top - gap, top=m)
                return
            self.head_small(surf, head, m, w, top - gap)
            return
        buttons = self.flow_row(surf, self.stage_items(ctl, st), bottom=self.h - m)
        ask = self.small_ask(ctl, st)
        full = self.w - 2 * m
        lines = len(self.break_lines(ask, self.read_px, True, full))
        w = full if buttons - gap - lines * line >= under_help else self.w - m - self.help_room()
        top = self.prompt_above(surf, ask, buttons - gap, x=m, w=w, max_lines=(buttons - gap - m) // line)
        y = self.head_small(surf, head, m, self.w - m - self.help_room(), top - gap)
        y = max(y, under_help)
        if lesson and self.lesson_fits(lesson, full, top - gap - y):  # the prices and ledger give way
            top = self.lesson_at(surf, lesson, x=m, w=full, bottom=top - gap, top=y)
        prices = pygame.Rect(m, y, full, 2 * self.fonts.font(self.read_px).get_linesize() + 6)
        if prices.bottom <= top - gap:
            self.draw_prices_small(surf, ctl, prices)
            y = prices.bottom + gap
        self.draw_ledger(surf, ctl, pygame.Rect(m, y, full, top - gap - y))

    def head_small(self, surf: pygame.Surface, head: str, x: int, w: int, bottom: int) -> int:
        """The round and who holds the big apple at the top left where it stands whole above
        ``bottom`` (bold, else regular, else on lines of its own); returns the y under it (the
        top, when it is left out: the question names who acts)."""
        y = self.px(4)
        for bold in (True, False):
            if self.fonts.width(head, self.read_px, bold) <= w:
                if y + self.fonts.font(self.read_px, bold).get_linesize() > bottom:
                    return y
                return self.text(surf, head, 0, (x, y), bold=bold, max_w=w).bottom
        lines = self.break_lines(head, self.read_px, False, w)
        if y + len(lines) * self.fonts.font(self.read_px).get_linesize() > bottom:
            return y
        return self.wrapped(surf, head, 0, (x, y), w, max_lines=len(lines), min_size=0)

    def small_ask(self, ctl: ZankapfelCompanion, st: str) -> str:
        """The question on the 3.5" screen: a discord's, the bribes' and their acceptance's without
        what their buttons show (who fights, each seat's offer, the typed form), else the
        companion's own."""
        b = ctl.b
        assert b is not None
        if st == "dice":
            return _("Discord over {colour}: each may buy 1-3 dice once (2 points each), then CONFIRM").format(
                colour=colour_name(b.e.fight[0]))
        if st == "bribe" and b.move is not None:
            return _("Bribes for the mayor on {square}: each other player may offer 1 or 2 points for another "
                     "square, then CONFIRM").format(square=A.square_name(b.move))
        if st == "accept":
            return _("{seat}: accept a bribe with its seat's button, or refuse (PASS)").format(
                seat=ctl.seat_title(b.seat()))
        return ctl.named_line(b.ask())

    def offer_items(self, ctl: ZankapfelCompanion) -> list[tuple[str, str, Colour | None]]:
        """While a seat's bribe is chosen on the 3.5" screen: its seat's button (1 point, 2, none;
        its words the offer, the question names the seat) and CONFIRM offering it."""
        assert ctl.bribe_offer is not None
        s, n = ctl.bribe_offer
        return [(f"{n} → {A.square_name(ctl.cursor)}?", f"offer:{s + 1}", SEAT_RGB[s]), (_("Offer ✓"), "confirm", OK)]

    def offer_ask(self, ctl: ZankapfelCompanion) -> str:
        """The question while a seat's bribe is chosen: the square it asks for."""
        assert ctl.bribe_offer is not None
        s, n = ctl.bribe_offer
        return _("{seat} offers {points} for another square: touch it, then CONFIRM").format(
            seat=ctl.seat_title(s), points=ngettext("{n} point", "{n} points", n).format(n=n))

    def draw_prices_small(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect) -> None:
        """The harvest values over their prices as a small table: "price" once at the left of the
        second line, each tile as wide as its words (the joker's name is the widest)."""
        prices = ctl.prices()
        if not prices:
            self.text(surf, _("The mayor is not placed yet"), 18, (area.x, area.y), DIM, max_w=area.w)
            return
        word = _("price {price}").format(price="").strip()  # the tiles' own word, once
        label = self.text(surf, word, 0, (area.x, area.bottom - 3), DIM, anchor="bottomleft")
        x = label.right + self.px(8)
        labels = [f"+{value}" if kind != "joker" else kind_name("joker") for kind, value, _p in prices]
        need = [self.fonts.width(a, self.read_px, True) + self.px(12) for a in labels]
        spare = max(0, area.right - x - sum(need) - self.px(6) * (len(prices) - 1)) // len(prices)
        half = area.h // 2
        for (kind, _value, price), words, w in zip(prices, labels, need, strict=True):
            r = pygame.Rect(x, area.y, w + spare, area.h)
            x = r.right + self.px(6)
            pygame.draw.rect(surf, KIND_RGB[kind], r, border_radius=self.px(6))
            ink = contrast(KIND_RGB[kind])
            self.text(surf, words, 0, (r.centerx, r.y + half), ink, bold=True, anchor="midbottom", max_w=r.w - 4)
            self.text(surf, str(price), 0, (r.centerx, r.bottom - 3), ink, anchor="midbottom", max_w=r.w - 4)

    def draw_orchard(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect, st: str, *,
                     numbers: bool = True) -> None:
        """The 5×5 orchard in ``area``: its squares, tokens, the mayor, the squares to choose lit;
        with ``numbers`` the four edges' printed numbers round it (else the squares fill ``area``)."""
        p = ctl.state
        edge = max(self.read_px + self.px(6), area.w // 12) if numbers else 0
        cell = (area.w - 2 * edge) // 5
        if numbers and cell - 2 < self.touch_px and st in ("place", "move", "remove", "bribe"):
            # squares to touch are 7 mm first (the 3.5" screen): the edges' numbers get what is left
            cell = self.touch_px + 2
            edge = max(self.read_px + 2, (area.w - 5 * cell) // 2)
        x0, y0 = area.x + edge, area.y + edge
        targets = set(p.mayor_targets()) if st == "move" else set()
        if st == "bribe" and ctl.b is not None:  # the squares a bribe may ask for
            targets = {sq for sq in p.mayor_targets() if sq != ctl.b.move}
        tokens = set(ctl.b.tokens_shown()) if ctl.b is not None else set()
        mayor = ctl.mayor_square()  # its new square as soon as it moved, during the reveals too
        for i in range(5 if numbers else 0):  # the four edges' printed numbers in their colours
            cx = x0 + i * cell + cell // 2
            cy = y0 + i * cell + cell // 2
            self.text(surf, str(A.RED_TOP[i]), 18, (cx, y0 - edge // 2), KIND_RGB["red"], bold=True, anchor="center")
            self.text(surf, str(A.YELLOW_BOTTOM[i]), 18, (cx, y0 + 5 * cell + edge // 2), KIND_RGB["yellow"],
                      bold=True, anchor="center")
            self.text(surf, str(A.GREEN_LEFT[i]), 18, (x0 - edge // 2, cy), KIND_RGB["green"], bold=True,
                      anchor="center")
            self.text(surf, str(A.BLUE_RIGHT[i]), 18, (x0 + 5 * cell + edge // 2, cy), KIND_RGB["blue"], bold=True,
                      anchor="center")
        choosing = st in ("place", "move", "remove", "bribe")
        for sq in range(A.SQUARES):
            r, c = divmod(sq, 5)
            rect = pygame.Rect(x0 + c * cell, y0 + r * cell, cell - 2, cell - 2)
            fill = LIT if sq in targets else GRASS
            pygame.draw.rect(surf, fill, rect, border_radius=self.px(4))
            if sq in tokens:
                pygame.draw.circle(surf, TOKEN, rect.center, cell // 4)
            if sq == mayor:
                pygame.draw.circle(surf, FG, rect.center, cell // 3)
                self.text(surf, _("M"), 20, rect.center, (0, 0, 0), bold=True, anchor="center")  # the mayor
            if choosing and sq == ctl.cursor:
                pygame.draw.rect(surf, FG, rect, self.px(3), border_radius=self.px(4))
            if choosing:
                self.targets.append((rect, f"sq:{A.square_name(sq)}"))
        for c in range(5):  # the columns' letters, a reminder of the squares' names (the buttons say them)
            if mayor == c:
                continue  # the mayor's "M" stands there: its square's letter would touch it
            self.text(surf, "abcde"[c], 11, (x0 + c * cell + 3, y0 + 1), DIM, read=False)

    def draw_prices(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect) -> None:
        prices = ctl.prices()
        if not prices:
            self.text(surf, _("The mayor is not placed yet"), 18, area.center, DIM, anchor="center", max_w=area.w)
            return
        px = max(self.px(22), self.read_px)
        labels = [(f"+{value}" if kind != "joker" else kind_name("joker"), _("price {price}").format(price=price))
                  for kind, value, price in prices]
        # each tile as wide as its words need, the rest shared out ("ジョーカー" is wider than "+5")
        need = [max(self.fonts.width(a, px, True), self.fonts.width(b, px)) + self.px(12) for a, b in labels]
        spare = max(0, area.w - sum(need) - self.px(6) * len(prices)) // max(1, len(prices))
        x = area.x
        for (kind, _value, price), (label, _words), w in zip(prices, labels, need, strict=True):
            r = pygame.Rect(x, area.y, w + spare, area.h)
            x = r.right + self.px(6)
            pygame.draw.rect(surf, KIND_RGB[kind], r, border_radius=self.px(6))
            ink = contrast(KIND_RGB[kind])
            self.text(surf, label, 22, (r.centerx, r.y + 2), ink, bold=True, anchor="midtop", max_w=r.w - 4,
                      max_h=r.h // 2)
            self.text(surf, _("price {price}").format(price=price), 15, (r.centerx, r.bottom - 2), ink,
                      anchor="midbottom", max_w=r.w - 4, max_h=r.h // 2)

    def draw_ledger(self, surf: pygame.Surface, ctl: ZankapfelCompanion, area: pygame.Rect) -> None:
        """Each seat's row: its colour, name and what it did this round, its discord cards left
        (when the row has room for a second line), its way to the finish as a bar and a count.
        On the 3.5" screen, where one column's rows are too low for a readable line, two columns
        without the bars; rows too low even so are left out (the score track on the table shows
        them), and so is a name too long for its row (its colour's disc stays)."""
        p = ctl.state
        n = p.players
        line = self.fonts.font(self.read_px, True).get_linesize()
        cols = 1
        rh = min(area.h // n, self.px(56))
        if rh < line + 2 and self.small:
            cols = 2
            rh = min(area.h // -(-n // cols), self.px(56))
        if rh < line + 2:
            return
        two = rh >= 2 * line + 4
        finish = p.config.track_length
        lo = min(0, *ctl.positions())
        fight = ctl.b.fight_seats() if ctl.b is not None else ()
        lit = set(ctl.leds().troughs) if ctl.leds().kind == "open" else set()
        count_w = self.fonts.width(f"{finish}/{finish}", max(self.px(20), self.read_px), True)
        gap = self.px(6)
        cw = (area.w - (cols - 1) * gap) // cols
        for s, pos in enumerate(ctl.positions()):
            row = pygame.Rect(area.x + (s % cols) * (cw + gap), area.y + s // cols * rh, cw, rh - 2)
            pygame.draw.rect(surf, PANEL if s + 1 not in lit else (70, 64, 30), row, border_radius=self.px(6))
            dot = min(rh // 3, self.px(18))
            pygame.draw.circle(surf, SEAT_RGB[s], (row.x + dot + 4, row.centery), dot)
            if s == p.first and p.round:  # the big apple: also said in the header
                pygame.draw.circle(surf, (200, 30, 30), (row.x + dot + 4, row.centery), max(3, dot // 2))
            x = row.x + 2 * dot + self.px(12)
            bar_w = self.px(90) if cols == 1 else 0
            bar = pygame.Rect(row.right - count_w - self.px(12) - bar_w, row.centery - self.px(6), bar_w, self.px(12))
            room = bar.x - x - self.px(8)
            status = status_name(ctl.seat_status(s) or ("discord" if s in fight else ""))
            name = ctl.seat_title(s)
            at = (x, row.y + 1) if two else (x, row.centery)
            if self.fonts.width(name, max(self.px(18), self.read_px), True) <= room or not self.small:
                r = self.text(surf, name, 18, at, FG, bold=True, anchor="topleft" if two else "midleft", max_w=room)
                if status and r.right + self.px(8) + self.fonts.width(status, self.read_px) <= bar.x - self.px(4):
                    self.text(surf, status, 16, (r.right + self.px(8), r.centery), LIT, anchor="midleft",
                              max_w=bar.x - r.right - self.px(12))
            if two:
                self.text(surf, _("{n} discord cards").format(n=len(p.discord_cards(s))), 14,
                          (x, row.bottom - 1), DIM, anchor="bottomleft", max_w=room)
            if bar_w:
                pygame.draw.rect(surf, BG, bar, border_radius=self.px(4))
                span = max(1, finish - lo)
                fill = max(0, min(bar.w, round(bar.w * (pos - lo) / span)))
                pygame.draw.rect(surf, SEAT_RGB[s] if s < 4 else FG, (bar.x, bar.y, fill, bar.h),
                                 border_radius=self.px(4))
            self.text(surf, f"{pos}/{finish}", 20, (row.right - self.px(8), row.centery), FG, bold=True,
                      anchor="midright")

    def draw_buttons(self, surf: pygame.Surface, ctl: ZankapfelCompanion, st: str) -> int:
        """The stage's buttons and Undo at the bottom; returns the top of their rows."""
        return self.button_row(surf, self.stage_items(ctl, st), x=self.px(8), y=self.h - self.px(62),
                               h=self.px(54), gap=self.px(6), size=20)

    def stage_items(self, ctl: ZankapfelCompanion, st: str) -> list[tuple[str, str, Colour | None]]:
        """The stage's buttons (Undo is added by the row): label, touch target, colour."""
        b = ctl.b
        assert b is not None
        items: list[tuple[str, str, Colour | None]] = []
        if st == "bid":
            items = [(_("Buy"), "bid:buy", None), (_("Lay ✓"), "bid:lay", OK), (_("Pass"), "bid:pass", None)]
        elif st in ("turn", "reveal"):
            items = [(kind_name(k), f"kind:{k}", KIND_RGB[k]) for k in A.KINDS]
        elif st == "joker":
            items = [(kind_name(k), f"kind:{k}", KIND_RGB[k]) for k in A.COLOURS]
        elif st in ("dice", "bribe", "accept"):
            items = self.deciding_items(ctl, st)
        elif st == "card":
            left = ctl.state.discord_cards(b.seat())
            items = [(str(v), f"card:{v}", None) for v in left]
        elif st == "roll":
            items = [(str(f), f"roll:{f}", None) for f in range(1, 7)]
        elif st in ("place", "move", "remove"):
            items = [(f"{A.square_name(ctl.cursor)} ✓", "confirm", OK)]
        return items

    def deciding_items(self, ctl: ZankapfelCompanion, st: str) -> list[tuple[str, str, Colour | None]]:
        """The buttons of the stages where several seats decide: dice, bribes and their acceptance."""
        b = ctl.b
        assert b is not None
        items: list[tuple[str, str, Colour | None]]
        if st == "dice":
            items = [(self.dice_words(ctl, s), f"dice:{s + 1}", SEAT_RGB[s]) for s in b.fight_seats()]
            return [*items, (_("Buy ✓") if any(ctl.dice_chosen.values()) else _("Done ✓"), "confirm", OK)]
        if st == "bribe":
            items = [(self.offer_words(ctl, s), f"offer:{s + 1}", SEAT_RGB[s])
                     for s in range(ctl.setup.players) if s != b.preview.first]
            return [*items, (_("Offer ✓") if ctl.bribe_offer else _("Done ✓"), "confirm", OK)]
        items = [(_("{seat}: {n} for {square}").format(seat=ctl.seat_title(s), n=n, square=A.square_name(sq)),
                  f"accept:{s + 1}", SEAT_RGB[s]) for s, (n, sq) in b.bribes.offers.items()]
        return [*items, (_("Refuse"), "refuse", None)]

    @staticmethod
    def dice_words(ctl: ZankapfelCompanion, seat: int) -> str:
        """A seat's dice button: what it bought (final), or what its button has chosen (``2?``)."""
        assert ctl.b is not None
        bought = ctl.b.dice.get(seat, 0)
        if bought:
            return _("{seat}: {n} bought").format(seat=ctl.seat_title(seat), n=bought)
        return f"{ctl.seat_title(seat)}: {ctl.dice_chosen.get(seat, 0)}?"

    @staticmethod
    def offer_words(ctl: ZankapfelCompanion, seat: int) -> str:
        """A seat's bribe button: its offer (final), or the one its button is choosing."""
        assert ctl.b is not None
        made = ctl.b.bribes.offers.get(seat)
        if made is not None:
            return _("{seat}: {n} for {square}").format(seat=ctl.seat_title(seat), n=made[0],
                                                        square=A.square_name(made[1]))
        pending = ctl.bribe_offer
        if pending is not None and pending[0] == seat:
            return f"{ctl.seat_title(seat)}: {pending[1]} → {A.square_name(ctl.cursor)}?"
        return f"{ctl.seat_title(seat)}: –"


__all__ = ["SEAT_COLOURS", "ZankapfelView"]


Z_LETTERS = {pygame.K_r: "r", pygame.K_y: "y", pygame.K_g: "g", pygame.K_j: "j", pygame.K_v: "v", pygame.K_k: "k",
             pygame.K_l: "confirm", pygame.K_p: "pass"}


def zankapfel_key(key: int, ctl: ZankapfelCompanion) -> str | None:
    """Zankapfel's keys: digits are card values and die faces (else seats), r y g b j colours
    (French r j v b k; b buys in phase 1), l lays, p passes, arrows move the grid cursor."""
    stage = ctl.stage() if ctl.mode == "play" else ""
    if key in DIGITS:
        d = DIGITS[key]
        return d if stage == "card" else f"trough{d}" if "1" <= d <= "7" else None
    if key == pygame.K_b:
        return "blind" if stage == "bid" else "b"
    if key == pygame.K_l and stage == "bid":
        return "bid:lay"  # the command itself: it passes a waiting announcement (CONFIRM would only acknowledge)
    if key in Z_LETTERS:
        return Z_LETTERS[key]
    if key in (pygame.K_UP, pygame.K_DOWN):
        return "up" if key == pygame.K_UP else "down"
    if key in (pygame.K_u, pygame.K_BACKSPACE, pygame.K_DELETE):
        return "undo"
    return module_key(key, ctl)
