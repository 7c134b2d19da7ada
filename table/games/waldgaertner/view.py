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
from table.display.keys import DIGITS, module_key
from table.display.module_view import ButtonItem, ModuleView
from table.games.waldgaertner import asked, other_card, tasks
from table.games.waldgaertner.buttons import hidden_word, offers_other
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.names import phase_name, size_name
from table.games.waldgaertner.pad_view import draw_pad
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.position import ROUNDS
from table.games.waldgaertner.setup import CHOICE_MATTERS, decks_words
from table.games.waldgaertner.words import card_label
from table.i18n import N_, _, ngettext

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

    # --- play -------------------------------------------------------------------------------------
    LEDGER_STAGES = ("play", "buyer", "over")
    """The stages whose choice is about the seats' gardens: the 3.5" screen shows the ledger
    then, and the supply's offers and this round's flowers and harvests otherwise."""

    def draw_play(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        """Laid out from the bottom up: the buttons, the question (the lines it takes), then the
        offers and this round's phase on the left and the ledger on the right; on the 3.5" screen
        one of the two, by what the table is choosing (:attr:`LEDGER_STAGES`)."""
        if ctl.mode == "pad":
            draw_pad(self, surf, ctl)
            return
        if ctl.other is not None and offers_other(ctl, lambda: asked.hidden(ctl, ctl.seat())):
            self.draw_other(surf, ctl)
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
        showing = tasks.seat_showing(ctl.e, ctl.setup, ctl.cmds)
        line = ctl.named_line(tasks.screen_question(showing)) if showing >= 0 else ctl.ask()
        lesson = self.take_lesson() if not self.small else None  # the 7" screens: under the offers
        ask = self.prompt_above(surf, line, buttons - self.px(4), x=self.px(10), w=self.w - self.px(20), size=19,
                                max_lines=6)  # a long question whole (German at 480x320); the rest gives way
        top = hr.bottom + self.px(6)
        below_help = max(top, self.help_corner().bottom + self.px(4))  # what reaches the right edge
        if lesson and not self.lesson_fits(lesson, self.px(380), ask - top - self.px(6) - e.players * self.px(30)):
            ask = self.lesson_at(surf, lesson, x=self.px(10), w=self.w - self.px(20), bottom=ask - self.px(4),
                                 top=below_help)  # too long for the left column: above the question
            lesson = None
        room = pygame.Rect(m, top, self.w - 2 * m, ask - top - self.px(6))
        if self.small:  # one column reaching the right edge: under the help button
            room = pygame.Rect(m, below_help, room.w, room.bottom - below_help)
            if st in self.LEDGER_STAGES:
                self.draw_ledger(surf, ctl, room)
            elif room.h >= e.players * (self.fonts.font(self.read_px, True).get_linesize() + 2):
                offers = self.draw_offers(surf, ctl, room)  # (a lesson above the question may leave no room)
                self.draw_phase(surf, ctl,
                                pygame.Rect(m, offers + self.px(4), room.w, room.bottom - offers - self.px(4)))
            return
        left = pygame.Rect(m, top, self.px(380), room.h)
        offers = self.draw_offers(surf, ctl, left)
        phase_bottom = left.bottom
        if lesson:  # teach mode's lesson under the offers: the phase's words give way
            phase_bottom = self.lesson_at(surf, lesson, x=left.x, w=left.w, bottom=left.bottom,
                                          top=offers + self.px(6)) - self.px(6)
        if phase_bottom - offers - self.px(6) > 0:
            self.draw_phase(surf, ctl, pygame.Rect(left.x, offers + self.px(6), left.w,
                                                   phase_bottom - offers - self.px(6)))
        self.draw_ledger(surf, ctl, pygame.Rect(left.right + m, below_help, self.w - left.right - 2 * m,
                                                room.bottom - below_help))

    def draw_other(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion) -> None:
        """The chooser of a card the file lacks (``other_card.py``): the question on top, the facts
        chosen so far under it, this question's choices as big buttons (rows upwards) and Undo (one
        question back, the first closes it)."""
        answers = ctl.other or ()
        nxt = other_card.question(answers)
        if nxt is None:
            return
        field, values = nxt
        right = self.w - self.help_room()
        hr = self.text(surf, other_card.prompt(answers), 24, (self.px(10), self.px(4)), bold=True,
                       max_w=right - self.px(10))
        items: list[ButtonItem] = [(other_card.label(field, v), f"other:{v}", None) for v in values]
        top = self.button_row(surf, items, x=self.px(6), y=self.h - self.px(6) - self.tap(60), h=self.tap(60),
                              gap=self.px(6), size=20)
        so_far = other_card.facts(answers)
        if so_far:
            y = hr.bottom + self.px(4)  # left of the help button, which reaches the edge
            line = self.fonts.font(max(self.px(19), self.read_px), False).get_linesize()
            self.wrapped(surf, so_far, 19, (self.px(10), y), right - self.px(10), FG,
                         max_lines=max(1, (top - y - self.px(4)) // line), min_size=19)

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
            hot = d in contested
            pygame.draw.rect(surf, (90, 40, 30) if hot else (70, 64, 30) if d == now else PANEL, row,
                             border_radius=self.px(4))
            deck = self.text(surf, f"{d + 1} {e.decks[d]}", 14, (row.x + self.px(4), row.centery), DIM, bold=True,
                             anchor="midleft")
            left = _("{n} left").format(n=e.deck_size(d)) if not hot else _("contested")
            x = deck.right + self.px(8)
            cid = e.offer(d)
            px = max(self.px(15), self.read_px)
            if cid >= 0 and not hot:  # a long plant name: the cards left as a bare number ("30"), not the name cut
                room = row.right - self.px(12) - x - self.fonts.width(left, max(self.px(13), self.read_px))
                if self.fonts.width(self.offer_label(e.card(cid), 1 << 20).split(" · ")[0], px) > room - self.px(8):
                    left = str(e.deck_size(d))
            lr = self.text(surf, left, 13, (row.right - self.px(4), row.centery), WARN if hot else DIM,
                           anchor="midright")
            room = lr.x - x - self.px(8)
            label = self.offer_label(e.card(cid), room) if cid >= 0 else "—"
            self.text(surf, label, 15, (x, row.centery), FG if cid >= 0 else DIM, anchor="midleft", max_w=room)
        bottom: int = area.y + e.players * rh
        return bottom

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
        lines = (rh - self.px(6)) // line
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

    def draw_buttons(self, surf: pygame.Surface, ctl: WaldgaertnerCompanion, st: str) -> int:
        """The bottom rows: the buttons of the stage ``st`` (:data:`STAGE_BUTTONS`), then Undo;
        returns their top."""
        y, h = self.h - self.px(58), self.px(52)
        x = self.px(6)
        items: list[ButtonItem] = []
        if hidden_word(ctl) is not None:
            items = [(_("Drawn ✓") if st == "draw" else _("Kept ✓"), "confirm", OK)]
        elif st == "reveal":
            items = _guide_buttons(ctl)
        elif st in CHANCE_STAGES or st in CHOOSE_STAGES:
            items = _digit_buttons(ctl)
        elif st == "over" and tasks.seat_showing(ctl.e, ctl.setup, ctl.cmds) >= 0:
            items = [(label, f"trough{t}", None)  # the lid's task buttons on touch
                     for t, (label, _c) in tasks.lid_options(ctl.state.config.cards.tasks, ctl.task_page).items()]
        elif st in STAGE_BUTTONS:
            items = STAGE_BUTTONS[st](ctl, st)
        return self.button_row(surf, items, x=x, y=y, h=h, gap=self.px(4), size=18 if len(items) + 1 < 9 else 16)


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
