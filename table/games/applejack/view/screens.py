"""Applejack's screens at one size: setup, play (the board path, the troughs, the announcements,
the tracked game's footer), with the correction, score pad and result of :class:`ResultScreens`.

The 3.5" 480×320 HAT's play screen is ``play_small.py``'s: it shows less (a smaller board
picture or none, no step reminders) but keeps every action (Undo, Correct, Blind draw, Cottage).
Every variety is drawn with its colour AND its mark AND its name (marks: diamond, heart, cross,
hexagon, plus, moon, drop — shapes no seat uses; the older circle/triangle/square/star still
draw); every seat with its colour AND its symbol. The board path is drawn once per game and
cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from table.display import announce_panel, players_view, result_view
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, WARN
from table.display.shapes import draw_die, draw_variety
from table.games.applejack import tilefaces as tiles
from table.games.applejack.companion.api import STEPS, Controller
from table.games.applejack.labels import seat_label, start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.walk import FINAL_PIPS
from table.games.applejack.view import coach, options, play_small, players, setup_small, teach
from table.games.applejack.view.results import ResultScreens
from table.i18n import N_, _, ngettext
from table.i18n.names import mark_name, symbol_name, variety_name

if TYPE_CHECKING:
    pass

ANNOUNCEMENT_TITLES: dict[str, str] = {
    "harvest": N_("HARVEST"), "blossom": N_("BLOSSOM SCORING"), "loop": N_("NEW LOOP"),
    "middle": N_("MIDDLE SPACE"), "refill": N_("REFILL"), "end": N_("GAME OVER"),
}
"""An announcement's heading by its kind (translated where it is drawn)."""


class ApplejackView(ResultScreens):
    """Applejack's companion drawn at one size; :meth:`draw` picks the screen of ``ctl.mode``."""

    # --- frame ------------------------------------------------------------------------------------

    def pages(self, ctl: Controller) -> int:
        """The setup takes three pages on the 3.5" screen (players, table, variants: ``setup_small``),
        a tracked turn with many tiles in its troughs two (``play_small.pages``), the result and the
        history as many as they need there (``result_view.result_pages``); every other screen one."""
        if ctl.mode == "result" or ctl.history is not None:  # the history's too
            strip = coach.strip_height(self, ctl)
            return result_view.result_pages(self, ctl, strip + self.px(20) if strip else 0)
        if self.small and ctl.mode == "setup" and not players_view.covers_setup(ctl):
            return setup_small.PAGES
        if self.small:  # a tracked turn whose troughs hold more tiles than one screen shows
            return play_small.pages(self, ctl)
        return 1

    def draw(self, surf: pygame.Surface, ctl: Controller) -> None:
        self.new_frame()
        surf.fill(BG)
        mode = ctl.mode
        if mode == "setup":
            self.draw_setup(surf, ctl)
        elif mode == "resume":
            self.draw_resume(surf, ctl)
        elif mode == "correct":
            self.draw_correct(surf, ctl)
        elif mode == "pad":
            self.draw_pad(surf, ctl)
        elif mode == "result":
            self.draw_result(surf, ctl)
        else:
            self.draw_play(surf, ctl)
        if ctl.refusal:
            self.draw_refusal(surf, ctl.refusal)
        if ctl.storage_problem:  # the journal cannot be written: say so over everything, until it can
            self.draw_storage_problem(surf, ctl.storage_problem)
        if ctl.setup.sensor and ctl.track is not None and ctl.sensor_state in ("disconnected", "reconnecting"):
            state = {"disconnected": _("die sensor disconnected"), "reconnecting": _("die sensor reconnecting")}
            self.text(surf, state.get(ctl.sensor_state, f"die sensor {ctl.sensor_state}"), 18,
                      (self.w - self.px(8), self.h - self.px(6)), WARN, anchor="bottomright", max_w=self.w // 2)

    # --- setup / resume ---------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: Controller) -> None:
        if players_view.draw_setup_overlay(self, surf, ctl):  # a name's keyboard, the history
            return
        if self.small:  # the 3.5" screen: the players and the options on two pages
            setup_small.draw(self, surf, ctl)
            return
        s = ctl.setup
        self.text(surf, _("Applejack — new game"), 38, (self.px(20), self.px(12)), bold=True,
                  max_w=self.w - self.help_room() - self.px(240))
        r = pygame.Rect(self.w - self.help_room() - self.px(200), self.px(8), self.px(200), self.px(58))
        self.button(surf, r, _("Start ✓"), "confirm", colour=OK, size=30)
        lab_w = self.px(250)
        y = self._setup_seats(surf, ctl, self.px(70), lab_w)
        y = options.draw(self, surf, ctl, y, lab_w)
        if s.tracked:
            line = _("Orchard tracking on · hints: {hints}  (keys t, h) · every tile is typed in").format(
                hints=s.hints_text())
            self.wrapped(surf, line, 20, (self.px(20), y + self.px(4)),
                         self.w - self.px(40), LIT, bold=True, max_lines=2)
        self.language_button(surf)
        players.draw_setup_names(self, surf, ctl)  # the seats' name buttons, History

    def _setup_seats(self, surf: pygame.Surface, ctl: Controller, y: int, lab_w: int) -> int:
        """The players' row and each seat's badge, name and starting honey; returns the y below."""
        s = ctl.setup
        row_h = self.px(56)
        bw = self.px(players.SEAT_CELL_W)
        self.text(surf, _("Players  (1–4)"), 26, (self.px(20), y + row_h // 2), anchor="midleft",
                  max_w=lab_w - self.px(24))
        for i, n in enumerate((1, 2, 3, 4)):
            r = pygame.Rect(lab_w + i * (bw + self.px(10)), y + self.px(4), bw, row_h - self.px(8))
            self.button(surf, r, _("Solo") if n == 1 else str(n), f"trough{n}", lit=s.players == n, size=26)
        y += row_h
        honey = start_honey(ctl.data, s.players)
        for seat in range(s.players if not players.named(ctl) else 0):  # named seats: players.draw_setup_names
            c = (lab_w + seat * (bw + self.px(10)) + self.px(18), y + self.px(28))
            self.seat_badge(surf, seat, c, self.px(17))
            self.text(surf, symbol_name(SEAT_SYMBOLS[seat]), 18, (c[0] + self.px(22), c[1] - self.px(11)),
                      anchor="midleft", max_w=bw - self.px(32))
            self.text(surf, _("{n} honey").format(n=honey[seat]), 18, (c[0] + self.px(22), c[1] + self.px(11)), LIT,
                      anchor="midleft", bold=True, max_w=bw - self.px(32))
        self.text(surf, _("Seats · start"), 22, (self.px(20), y + self.px(28)), DIM, anchor="midleft",
                  max_w=lab_w - self.px(24))
        return y + self.px(60)

    # --- play -------------------------------------------------------------------------------------
    def draw_play(self, surf: pygame.Surface, ctl: Controller) -> None:
        if ctl.queued:  # every game's announcement panel, over the whole screen (announce_panel)
            self.draw_announcement(surf, ctl)
            return
        if self.small:  # the 3.5" HAT: showing less at the rule's capitals
            play_small.draw(self, surf, ctl)
            return
        t = ctl.t
        top = self.px(84)
        self._play_header(surf, ctl)
        board_rect = self._play_board(surf, ctl, top)
        # right column: troughs or announcement
        rx = board_rect.right + self.px(14)
        column = pygame.Rect(rx, top, self.w - rx - self.px(10), board_rect.h)
        if not t.is_terminal():
            self.draw_troughs(surf, ctl, column)
        self._play_footer(surf, ctl, board_rect.bottom + self.px(6), column)
        teach.draw_lesson(self, surf, ctl)  # teach mode: under the turn prompt, the board given way

    def _play_header(self, surf: pygame.Surface, ctl: Controller) -> tuple[int, int]:
        """Whose turn, the turn and loop, the supply; returns the die shown (space, pips)."""
        t = ctl.t
        s = t.state
        seat = t.seat
        self.seat_badge(surf, seat, (self.px(44), self.px(42)), self.px(34))
        die_space, die_pips = ctl.shown_die()
        title = players.turn_title(ctl)  # a named seat: its player
        supply = ctl.tracked.supply_left() if ctl.tracked is not None else s.supply
        right = self.w - self.help_room()  # the help button's corner (toolkit) stays free
        label = self.text(surf, _("Supply"), 20, (right, self.px(4)), DIM, anchor="topright",
                          max_w=self.px(150))
        count = self.text(surf, str(supply), 44, (right, label.bottom), bold=True, anchor="topright",
                          max_h=self.px(84) - label.bottom)  # above the board and the column
        room = min(label.x, count.x) - self.px(12)  # the title and the turn line stop short of the supply
        too_wide = self.small and self.fonts.width(title, self.read_px, True) > room - self.px(88)
        if too_wide:  # a long translation on the 3.5" screen: the symbol is on the badge, regular weight
            title = title.replace(seat_label(seat), symbol_name(SEAT_SYMBOLS[seat]), 1)
        tr = self.text(surf, title, 40, (self.px(88), self.px(8)), bold=not too_wide,
                       max_w=min(self.w - self.px(300), room - self.px(88)) if not self.small else room - self.px(88))
        last = t.is_last_turn() and not t.is_terminal()
        if t.is_terminal():
            sub = ngettext("after {n} turn: final scoring", "after {n} turns: final scoring", s.turn).format(n=s.turn)
        else:
            sub = (_("Turn {turn} · loop {loop} of {loops} · LAST TURN") if last else
                   _("Turn {turn} · loop {loop} of {loops}")).format(turn=s.turn + 1, loop=die_pips, loops=FINAL_PIPS)
        sub_w = min(self.w - self.px(260), room - self.px(90)) if not self.small else room - self.px(90)
        strong = (last or t.is_terminal()) and self.fonts.width(sub, max(self.px(24), self.read_px), True) <= sub_w
        self.text(surf, sub, 24, (self.px(90), max(self.px(54), tr.bottom)), LIT if last or t.is_terminal() else DIM,
                  bold=strong, max_w=sub_w)  # bold where it fits: its colour marks the last turn too
        return die_space, die_pips

    def _play_board(self, surf: pygame.Surface, ctl: Controller, top: int) -> pygame.Rect:
        """The board path with the die on it, left of the column, over the footer (the 7" screens);
        returns the board's rect."""
        bh = self.h - top - self.px(70)
        bh -= teach.room(self, ctl)  # teach mode: the lesson strip along the bottom
        return self.draw_board(surf, ctl, pygame.Rect(self.px(10), top, round(self.w * 0.56), round(bh)))

    def _play_footer(self, surf: pygame.Surface, ctl: Controller, fy: int, column: pygame.Rect) -> None:
        """Under the board: the steps, what the die sensor sees, or the tracked game's next entry;
        at the game's end the score pad's button at the top of the right column."""
        t = ctl.t
        busy = bool(ctl.queued) or t.is_terminal()
        if ctl.die_wrong():
            self.text(surf, _("The die is on space {seen}: put it on space {space}").format(
                seen=ctl.die_seen, space=t.state.die.space), 24,
                      (self.px(12), fy), WARN, bold=True, max_w=self.w - self.px(24))
        elif ctl.tracked is not None and not busy:
            self.draw_tracked_footer(surf, ctl, fy)
        elif not self.small and not busy:
            w = self.w - self.px(24)
            lines = [f"2. {_(STEPS[1])}   3. {_(STEPS[2])}", f"4. {_(STEPS[3])}"]
            if self.fonts.width(lines[0], max(self.px(20), self.read_px)) > w:  # a long language: 2 and 3 only
                lines = [f"2. {_(STEPS[1])}", f"3. {_(STEPS[2])}"]
            for k, line in enumerate(lines):
                self.text(surf, line, 20, (self.px(12), fy + k * self.px(30)), DIM, max_w=w)
        elif t.is_terminal() and not ctl.queued:
            r = pygame.Rect(column.x, column.y, column.w, self.px(80))
            self.button(surf, r, _("Score pad ✓"), "confirm", colour=OK, size=28)

    def draw_tracked_footer(self, surf: pygame.Surface, ctl: Controller, y: int) -> None:
        """A tracked game: what the table must enter next, then the hint (or how to type)."""
        w = self.w - self.px(24)
        y = self.wrapped(surf, ctl.waiting_line(), 22, (self.px(12), y), w, LIT, bold=True, max_lines=2)
        advice = ctl.current_advice()
        # then the hint, or how to type a step, where the room under the board holds it (else left
        # to the help page and the h key)
        if advice is not None:
            hint, done = advice
            if y + self.wrapped_height(hint.line(done), 21, w, True) <= self.h:
                self.wrapped(surf, hint.line(done), 21, (self.px(12), y), w, OK, bold=True, max_lines=2)
        else:
            typing = _("press : to type a step (draw 17, take 3:17, buy, place 5/2)  ·  h hint  ·  u undo")
            if y + self.wrapped_height(typing, 18, w) <= self.h:
                self.wrapped(surf, typing, 18, (self.px(12), y), w, DIM, max_lines=2)

    def draw_troughs(self, surf: pygame.Surface, ctl: Controller, area: pygame.Rect) -> None:
        t = ctl.t
        buttons = ctl.buttons()  # what the engine allows: the view works out no rules
        y = area.y
        if t.on_middle:
            r = pygame.Rect(area.x, y, area.w, self.px(110))
            middle = _("Middle trees: {tiles}").format(tiles=t.state.middle)
            if ctl.tracked is not None:  # the tiles entered, by what they show
                on_trees = tiles.faces(ctl.data, ctl.tracked.middle_tiles())
                middle = _("Middle trees: {tiles}").format(tiles=" · ".join(on_trees) if on_trees else _("none"))
            self.button(surf, r, middle, "middle", lit=buttons.middle, size=28)
            y = r.bottom + self.px(10)
        else:
            y = self._open_troughs(surf, ctl, area, buttons.fallback)
        bh = self.tap(58)
        gap = self.px(10)
        stock = buttons.restock
        row = [(_("Supply") if stock else _("Blind draw"), "blind", buttons.blind)]
        if ctl.setup.cottage and not stock:
            row.append((_("Cottage"), "cottage", buttons.cottage))
        bw = (area.w - gap * (len(row) - 1)) // len(row)
        for i, (label, name, enabled) in enumerate(row):
            r = pygame.Rect(area.x + i * (bw + gap), y, bw, bh)
            self.button(surf, r, label, name, size=22, colour=PANEL if enabled else BG)
        uh = self.tap(44)
        room = area.w - self.px(10)  # Undo and Correct share it by their words' widths, the spare halved
        need_u, need_c = (self.fonts.width(word, self.read_px, True) + 10 for word in (_("Undo"), _("Correct")))
        stacked = ctl.tracked is None and need_u + need_c > room  # long words on a narrow column: one a row
        foot = 2 * uh + gap if stacked else uh
        self._take_help(surf, ctl, pygame.Rect(area.x, y + bh + gap, area.w, area.bottom - foot - y - bh - gap),
                        stock, buttons.choosing)
        if ctl.tracked is not None:
            ur = pygame.Rect(area.x, area.bottom - uh, min(area.w, max(self.px(110), (area.w - self.px(10)) // 2,
                                                                       need_u)), uh)
            self.button(surf, ur, _("Undo"), "undo", size=18)  # no Correct: a tracked game is set right by undo
        else:  # every size keeps every action
            cw = area.w if stacked else need_c + max(0, room - need_u - need_c) // 2
            cr = pygame.Rect(area.right - cw, area.bottom - uh, cw, uh)
            self.button(surf, cr, _("Correct"), "correct", size=18)
            ur = pygame.Rect(area.x, area.bottom - uh, cr.x - area.x - self.px(10), uh)
            if stacked:
                ur = pygame.Rect(area.x, cr.y - gap - uh, area.w, uh)
            self.button(surf, ur, _("Undo"), "undo", size=18)

    def _open_troughs(self, surf: pygame.Surface, ctl: Controller, area: pygame.Rect,
                      fallback: tuple[int, ...]) -> int:
        """The open troughs as big buttons (lit as the LEDs are), with their tiles — how many, or in
        a tracked game what each shows (``tiles.face``: the printed tiles carry no number); then
        where to take from when they are empty. Returns the y below."""
        t = ctl.t
        y = area.y
        gap = self.px(10)
        bw = (area.w - gap) // 2
        lit = ctl.leds().troughs
        shown = {n: self.tile_lines(ctl, ctl.tracked.trough_tiles(n), bw - 8) if ctl.tracked is not None else None
                 for n in t.open_troughs()}
        line_h = self.fonts.font(max(self.px(18), self.read_px)).get_linesize()
        head_h = self.fonts.font(max(self.px(22), self.read_px)).get_linesize() + self.px(8)
        bh = max([self.px(124)] + [head_h + sum(len(tile) for tile in lines) * line_h + self.px(6)
                                   for lines in shown.values() if lines])
        for i, (n, lines) in enumerate(shown.items()):
            r = pygame.Rect(area.x + i * (bw + gap), y, bw, bh)
            on = n in lit
            pygame.draw.rect(surf, LIT if on else PANEL, r, border_radius=self.px(10))
            fg = (0, 0, 0) if on else FG
            head = self.text(surf, _("Trough {n}").format(n=n), 22, (r.centerx, r.y + self.px(4)), fg, anchor="midtop",
                             max_w=bw - 4)
            self.targets.append((r, f"trough{n}"))
            if lines:  # a tracked trough: what each of its tiles shows, one under the other
                ty = head.bottom + self.px(4)
                for k, tile in enumerate(lines):
                    if k:  # a rule between two tiles
                        pygame.draw.line(surf, fg, (r.x + 6, ty), (r.right - 6, ty), max(1, self.px(2)))
                    for line in tile:
                        ty = self.text(surf, line, 18, (r.x + 4, ty), fg, max_w=bw - 8).bottom
                continue
            count = t.state.troughs[n - 1] if lines is None else 0
            label = ngettext("tile", "tiles", count) if lines is None else _("empty")
            foot = self.text(surf, label, 18, (r.centerx, r.bottom - self.px(6)), fg, anchor="midbottom",
                             max_w=bw - 4)
            self.text(surf, str(count), 54, (r.centerx, head.bottom), fg, bold=True, anchor="midtop",
                      max_h=foot.top - head.bottom)
        y += self.px(134) + bh - self.px(124)
        if fallback:
            self.text(surf, _("Open troughs empty: take from {troughs}").format(
                troughs=", ".join(map(str, fallback))), 18,
                      (area.x, y), LIT, max_w=area.w)
            y += self.px(26)
        return y

    def _take_help(self, surf: pygame.Surface, ctl: Controller, room: pygame.Rect, stock: bool,
                   choosing: bool) -> None:
        """Under the take row, in ``room``: how to restock, how to enter a tracked take, or the take
        step — the lines that fit (the help page says them all)."""
        if stock:
            lines = [_("Put a new tile beside the cottage:"), _("press its trough, or Supply")]
        elif ctl.tracked is not None:
            one, verb = ((_("one tile on the trees: press it;"), "middle TILE") if ctl.t.on_middle else
                         (_("one tile in the trough: press it;"), "take TROUGH:TILE"))
            lines = [one, _("two: type {command}").format(command=verb)] if choosing else []
        else:
            lines = [ctl.take_step()]
        y = room.y
        for line in lines:
            if y + self.wrapped_height(line, 18, room.w) > room.bottom:
                break
            y = self.wrapped(surf, line, 18, (room.x, y), room.w, DIM, max_lines=8)  # it fits: checked above

    def draw_announcement(self, surf: pygame.Surface, ctl: Controller) -> None:
        """The first waiting announcement in every game's panel (``announce_panel.open_panel``:
        the whole screen, Done ✓ and Undo, the lesson whole above them), its words drawn here."""
        a = ctl.queued[0]
        title = _(ANNOUNCEMENT_TITLES[a.kind]) if a.kind in ANNOUNCEMENT_TITLES else a.kind.upper()
        x, y, w, bottom = announce_panel.open_panel(self, surf, title, len(ctl.queued) - 1,
                                                     ctl.lesson)
        if a.kind == "harvest" and a.variety is not None:
            var = ctl.data.varieties[a.variety]
            r = self.px(30)
            draw_variety(surf, var.colour, var.mark, (x + r, y + r), r)
            tx = x + 2 * r + self.px(12)
            ty = self.wrapped(surf, variety_name(var.name), 32, (tx, y), x + w - tx, bold=True, max_lines=2,
                              min_size=20)
            ty = self.wrapped(surf, _("{mark} mark").format(mark=mark_name(var.mark)), 18, (tx, ty), x + w - tx, DIM,
                              max_lines=2, min_size=16)
            y = max(y + 2 * r, ty) + self.px(8)
            y = self.wrapped(surf, _("every area: apples − {pips}").format(pips=a.pips), 28, (x, y), w, bold=True,
                             max_lines=2, min_size=20) + self.px(6)
            self.wrapped(surf, _("each player takes that much honey"), 20, (x, y), w, max_lines=2)
        elif a.kind == "refill":
            y = self.wrapped(surf, _("one tile into each trough, in order:"), 20, (x, y), w, max_lines=2) + self.px(6)
            box = min(self.px(44), (w - self.px(6) * 6) // 7)
            for i, n in enumerate(a.troughs):
                rr = pygame.Rect(x + i * (box + self.px(6)), y, box, box)
                pygame.draw.rect(surf, LIT, rr, border_radius=self.px(6))
                self.text(surf, str(n), 26, rr.center, (0, 0, 0), bold=True, anchor="center")
            y += box + self.px(10)
            if a.short is not None:  # the supply runs short
                self.text(surf, _("(only {available} in the supply)").format(available=a.short), 18, (x, y), WARN,
                          max_w=w)
                y += self.px(26)
            if a.middle:
                self.text(surf, _("then one onto the middle trees"), 18, (x, y), max_w=w)
        elif a.kind == "blossom":
            y = self.wrapped(surf, _("Die over the bridge to space {space}, then:").format(space=a.space), 20,
                             (x, y), w, max_lines=2)
            y = self.text(surf, f"× {a.pips}", 48, (x, y), bold=True).bottom + self.px(4)
            self.wrapped(surf, _("each blossom pays {pips} honey").format(pips=a.pips), 22, (x, y), w, max_lines=2)
        elif a.kind == "loop":
            d = self.px(64)
            draw_die(surf, pygame.Rect(x, y, d, d), a.pips)
            self.text(surf, _("Loop {loop} of {loops}").format(loop=a.pips, loops=FINAL_PIPS), 32,
                      (x + d + self.px(14), y + self.px(10)), bold=True,
                      max_w=w - d - self.px(14))
            y += d + self.px(10)
            self.wrapped(surf, a.text, 22, (x, y), w, max_lines=max(1, (bottom - y) // self._line_h()))
        else:
            self.wrapped(surf, a.text, 24, (x, y), w, bold=a.kind in ("middle", "end"),
                         max_lines=max(1, (bottom - y) // self._line_h()))

    def _line_h(self) -> int:
        """A read line's height at the readable size (px)."""
        return int(self.fonts.font(self.read_px, True).get_linesize())

