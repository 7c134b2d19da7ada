"""Applejack's kiosk demo drawn: :class:`DemoView` draws one
:class:`~table.games.applejack.bots.demo.DemoStep` with the toolkit (fonts, scale from the
800×480 design, variety tokens, seat badges): each seat's orchard as 19 hexes, the troughs with
their tiles, the tile in hand, announcements (harvest with each seat's payout, blossom scoring,
refill order) and the final scoring. :class:`ApplejackDemoScreen` runs the bots' steps on the
toolkit's loop body (``table.display.demo.DemoScreen``): each step stays ``pace`` seconds, longer
for announcements and the final scoring, shorter for the draws from the supply; the trough LEDs
mirror the troughs.

Memory stays flat for days: only the current step is kept (the step generator keeps only the
game in progress), and the text cache is emptied at each new game.
"""

from __future__ import annotations

import math
import queue
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import pygame

from table.companion.demo_jobs import WAITING
from table.companion.leds import LedKind, LedState
from table.companion.ports import Indicators
from table.display.colours import BG, DIM, FG, LIT, PANEL, Colour
from table.display.demo import DemoScreen
from table.display.fonts import Fonts
from table.display.shapes import draw_die, draw_variety
from table.games.applejack.bots.demo import DemoStep
from table.games.applejack.labels import seat_label, solo_words
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import EMPTY, is_pasture, rotation_of, tile_of
from table.games.applejack.rules.data import SEAT_SYMBOLS, DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    FinalScore,
    GameStarted,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
    Winners,
)
from table.games.applejack.view.base import SCORE_LABELS, ApplejackBase
from table.i18n import _
from table.i18n.labels import both
from table.i18n.names import symbol_name, variety_name

SQ3 = math.sqrt(3)
PASTURE: Colour = (86, 156, 70)
TREE: Colour = (226, 214, 176)
HOLE: Colour = (28, 33, 41)
HIVE: Colour = (246, 196, 40)
BLOSSOM: Colour = (250, 190, 220)
TAKEN: Colour = (255, 140, 0)

# how long a step stays on the screen, in paces
CHANCE_WEIGHT = 0.25
ANNOUNCE_WEIGHT = 3.0
FINAL_WEIGHT = 8.0
ANNOUNCED = (GameStarted, Harvest, BlossomScoring, RefillNeeded, LoopStarted, MiddleReached)


_CORNER_EDGE = {hexgrid.CORNER_CELL[n]: hexgrid.CORNER_EDGE[n] for n in hexgrid.CORNER_NAMES}


def dwell(step: DemoStep) -> float:
    """How many paces ``step`` stays on the screen."""
    if step.game_over:
        return FINAL_WEIGHT
    if any(isinstance(e, ANNOUNCED) for e in step.events):
        return ANNOUNCE_WEIGHT
    if step.seat is None:
        return CHANCE_WEIGHT
    return 1.0


def leds_for(step: DemoStep, before: LedState | None) -> LedState:
    """What the trough LEDs show for ``step``: a chase from the end of a game until the first bot
    move of the next, the refill order blinking from a RefillNeeded through its draws, else the
    open troughs of the turn."""
    if step.game_over or (step.seat is None and step.state.turn == 0):
        return LedState(LedKind.CHASE)
    for e in step.events:
        if isinstance(e, RefillNeeded):
            return LedState(LedKind.REFILL, e.order) if e.order else LedState(LedKind.OPEN, step.state.open_troughs())
    if step.seat is None and before is not None and before.kind == "refill":
        return before
    return LedState(LedKind.OPEN, tuple(step.state.open_troughs()))


# ---------------------------------------------------------------------------------------------
# drawing


def hex_points(c: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon of circumradius ``r``."""
    return [(c[0] + r * math.cos(math.radians(30 + 60 * k)), c[1] + r * math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]


def edge_point(c: tuple[float, float], r: float, edge: int, f: float) -> tuple[float, float]:
    """A point towards the middle of ``edge`` (0 E, 1 NE … counter-clockwise), ``f`` of the way."""
    a = math.radians(-60 * edge)
    d = r * SQ3 / 2 * f
    return c[0] + d * math.cos(a), c[1] + d * math.sin(a)


def cell_centre(origin: tuple[float, float], r: float, cell: int) -> tuple[float, float]:
    q, rr = hexgrid.CELLS[cell]
    return origin[0] + r * SQ3 * (q + rr / 2), origin[1] + r * 1.5 * rr


class DemoFonts(Fonts):
    """The companion's fonts and text cache, which the demo empties at each new game."""

    def clear(self) -> None:
        self._cache.clear()


class DemoView(ApplejackBase):
    """Draws a :class:`DemoStep` (one design scaled from 800×480, like the companion's View)."""

    fonts: DemoFonts

    def __init__(self, size: tuple[int, int], data: DataSet) -> None:
        super().__init__(size, DemoFonts())
        self.data = data

    # --- pieces -----------------------------------------------------------------------------------
    def hive(self, surf: pygame.Surface, c: tuple[float, float], r: float, value: int) -> None:
        pygame.draw.circle(surf, HIVE, (round(c[0]), round(c[1])), max(2, round(r)))
        pygame.draw.circle(surf, (0, 0, 0), (round(c[0]), round(c[1])), max(2, round(r)), 1)
        if r >= 5:
            img = self.fonts.text(str(value), max(8, round(r * 1.5)), (0, 0, 0), True)
            surf.blit(img, img.get_rect(center=(round(c[0]), round(c[1]))))

    def tile(self, surf: pygame.Surface, tile_id: int, rot: int, pasture: bool, c: tuple[float, float],
             r: float) -> None:
        """A tile: pasture plain green; a tree with its apples (variety colour and mark), blossoms
        and beehive edges carrying the tile's price."""
        pts = hex_points(c, r * 0.96)
        pygame.draw.polygon(surf, PASTURE if pasture else TREE, pts)
        pygame.draw.polygon(surf, (0, 0, 0), pts, max(1, round(r / 14)))
        if pasture:
            return
        t = self.data.tile(tile_id)
        things: list[int] = [v for v, n in t.apples for _ in range(n)] + [-1] * t.blossoms
        k = len(things)
        tr = r * (0.3 if k <= 3 else 0.24)
        ring = 0.0 if k == 1 else r * (0.36 if k <= 3 else 0.44)
        for i, v in enumerate(things):
            a = -math.pi / 2 + 2 * math.pi * i / max(1, k)
            p = (c[0] + ring * math.cos(a), c[1] + ring * math.sin(a))
            if v < 0:
                pygame.draw.circle(surf, BLOSSOM, (round(p[0]), round(p[1])), max(1, round(tr * 0.8)))
                pygame.draw.circle(surf, (250, 230, 90), (round(p[0]), round(p[1])), max(1, round(tr * 0.3)))
            else:
                var = self.data.varieties[v]
                draw_variety(surf, var.colour, var.mark, p, max(2.0, tr))
        mask = hexgrid.rotate_mask(t.hives, rot)
        for e in hexgrid.mask_edges(mask):
            self.hive(surf, edge_point(c, r, e, 0.74), r * 0.21, t.price)

    def orchard(self, surf: pygame.Surface, step: DemoStep, seat: int, area: pygame.Rect,
                placed: int | None) -> None:
        s = step.state
        pygame.draw.rect(surf, PANEL, area, border_radius=self.px(10))
        if step.seat == seat:
            pygame.draw.rect(surf, LIT, area, self.px(3), border_radius=self.px(10))
        head = self.px(26)
        br = self.px(11)
        self.seat_badge(surf, seat, (area.x + self.px(8) + br, area.y + self.px(6) + br), br)
        label = f"{symbol_name(SEAT_SYMBOLS[seat])} · {step.names[seat]}"
        honey = self.text(surf, _("honey {n}").format(n=s.honey[seat]), 17,
                          (area.right - self.px(8), area.y + self.px(6)), LIT,
                          bold=True, anchor="topright")
        lx = area.x + self.px(14) + 2 * br
        self.text(surf, label, 17, (lx, area.y + self.px(6)), FG, max_w=honey.x - self.px(8) - lx)
        room = area.inflate(-self.px(12), 0)
        room.y, room.h = area.y + head, area.h - head - self.px(6)
        r = min(room.w / (5 * SQ3 + 0.6), room.h / 8.4)
        origin = (room.centerx, room.centery)
        cells = s.cells[seat]
        for cell, value in enumerate(cells):
            c = cell_centre(origin, r, cell)
            if value == EMPTY:
                pts = hex_points(c, r * 0.96)
                pygame.draw.polygon(surf, HOLE, pts)
                pygame.draw.polygon(surf, (70, 78, 90), pts, 1)
            else:
                self.tile(surf, tile_of(value), rotation_of(value), is_pasture(value), c, r)
            if cell == placed:
                pygame.draw.polygon(surf, TAKEN, hex_points(c, r * 0.98), max(2, self.px(4)))
        for cell, (edge, value) in s.corner_hive[seat].items():
            self.hive(surf, edge_point(cell_centre(origin, r, cell), r, edge, 1.18), r * 0.2, value)
        for cell, v in s.corner_apple[seat].items():
            var = self.data.varieties[v]
            draw_variety(surf, var.colour, var.mark,
                         edge_point(cell_centre(origin, r, cell), r, _CORNER_EDGE[cell], 1.2), r * 0.22)

    def troughs(self, surf: pygame.Surface, step: DemoStep, area: pygame.Rect, taken: TileTaken | None) -> int:
        """The troughs with their tiles, the one a tile was just taken from outlined with that tile
        ghosted at its end; returns the y below them."""
        s = step.state
        n = len(s.troughs)
        open_ = set(s.open_troughs())
        row = min(self.px(36), area.h // (n + 1))
        y = area.y
        supply = self.text(surf, _("supply {n}").format(n=len(s.supply)), 18, (area.right, y), DIM, anchor="topright",
                           max_w=area.w // 2)
        self.text(surf, _("Troughs"), 18, (area.x, y), DIM, bold=True, max_w=supply.x - area.x - self.px(6))
        y += self.px(24)
        box = row - self.px(4)
        for i, tiles in enumerate(s.troughs):
            t = i + 1
            rect = pygame.Rect(area.x, y, box, box)
            on = t in open_
            pygame.draw.rect(surf, LIT if on else PANEL, rect, border_radius=self.px(5))
            here = taken is not None and taken.source == "trough" and taken.trough == t
            if here:
                pygame.draw.rect(surf, TAKEN, rect.inflate(self.px(6), self.px(6)), self.px(3),
                                 border_radius=self.px(6))
            self.text(surf, str(t), 18, rect.center, (0, 0, 0) if on else FG, bold=True, anchor="center")
            hr = box / 2 * 1.05
            pitch = hr * SQ3 * 1.08
            x0 = rect.right + self.px(10) + hr * SQ3 / 2
            fit = max(1, int((area.right - x0 - hr) // pitch) + 1)
            if len(tiles) > fit:  # a long-unused trough: as many as fit, then how many more
                fit -= 1
                self.text(surf, f"+{len(tiles) - fit}", 16, (round(x0 + fit * pitch - hr), rect.centery), FG,
                          bold=True, anchor="midleft")
            for k, tile in enumerate(tiles[:fit]):
                self.tile(surf, tile, 0, False, (x0 + k * pitch, rect.centery), hr)
            if here and taken is not None and taken.tile is not None and len(tiles) < fit:
                c = (x0 + len(tiles) * pitch, rect.centery)
                self.tile(surf, taken.tile, 0, False, c, hr)
                ghost = pygame.Surface((round(hr * 2) + 2, round(hr * 2) + 2), pygame.SRCALPHA)
                gc = (ghost.get_width() / 2, ghost.get_height() / 2)
                pygame.draw.polygon(ghost, (*BG, 150), hex_points(gc, hr))
                surf.blit(ghost, (round(c[0] - gc[0]), round(c[1] - gc[1])))
                pygame.draw.polygon(surf, TAKEN, hex_points(c, hr), max(2, self.px(3)))
            y += row
        if s.board.middle_slots:
            self.text(surf, _("Middle trees: {tiles}").format(tiles=len(s.middle)), 18, (area.x, y + self.px(2)),
                      LIT if s.on_middle else FG, bold=s.on_middle, max_w=area.w)
            y += self.px(26)
        return y

    def hand(self, surf: pygame.Surface, step: DemoStep, area: pygame.Rect, taken: TileTaken | None) -> None:
        """The tile in hand (highlighted where it came from), else the die."""
        s = step.state
        r = min(area.h / 2.2, area.w / 4)
        c = (area.x + r * SQ3 / 2 + self.px(4), area.y + area.h / 2)
        tx = round(c[0] + r * SQ3 / 2 + self.px(12))
        if s.held != EMPTY:
            self.tile(surf, s.held, 0, s.held_pasture, c, r)
            pygame.draw.polygon(surf, TAKEN, hex_points(c, r), max(2, self.px(3)))
            where = _("in hand")
            if taken is not None:
                where = {"trough": _("from trough {n}").format(n=taken.trough), "blind": _("drawn blind"),
                         "cottage": _("from the cottage"), "middle": _("from the middle")}.get(taken.source, where)
            self.text(surf, where, 18, (tx, area.y + self.px(4)), TAKEN, bold=True, max_w=area.right - tx)
            self.text(surf, _("price {n}").format(n=self.data.tile(s.held).price), 18, (tx, area.y + self.px(28)), FG,
                      max_w=area.right - tx)
        else:
            d = min(self.px(40), area.h - self.px(8))
            draw_die(surf, pygame.Rect(area.x + self.px(4), area.y + (area.h - d) // 2, d, d), s.die.pips)
            tx = area.x + d + self.px(14)
            self.text(surf, _("loop {loop} of {loops}").format(loop=s.die.pips, loops=3), 18,
                      (tx, area.y + self.px(4)), FG, max_w=area.right - tx)
            self.text(surf, _("space {n}").format(n=s.die.space), 18, (tx, area.y + self.px(28)), DIM,
                      max_w=area.right - tx)

    @staticmethod
    def place(to: str) -> str:
        """Where a drawn tile goes (the event's ``trough 3``, ``middle``, ``cottage``), in words."""
        kind, _sp, n = to.partition(" ")
        if kind == "trough" and n:
            return _("trough {n}").format(n=n)
        if kind == "cottage" and n:
            return _("cottage {n}").format(n=n)
        return {"middle": _("middle"), "hand": _("hand")}.get(to, to)

    def what(self, step: DemoStep) -> str:
        """One line: what the last step did."""
        for e in step.events:
            if isinstance(e, TilePlaced):
                if e.links:
                    line = (_("places it on space {space} (pasture), hives +{honey} honey") if e.pasture else
                            _("places it on space {space} (tree), hives +{honey} honey"))
                else:
                    line = (_("places it on space {space} (pasture)") if e.pasture else
                            _("places it on space {space} (tree)"))
                return line.format(space=e.space, honey=sum(e.links))
            if isinstance(e, TileFlipped):
                return _("turns it to pasture: +{honey} honey").format(honey=e.honey)
            if isinstance(e, TilePaid):
                return _("pays {price} honey").format(price=e.price)
            if isinstance(e, TileTaken):
                return {"trough": _("takes a tile from trough {n}").format(n=e.trough),
                        "blind": _("draws blind from the supply"), "cottage": _("takes the cottage tile"),
                        "middle": _("takes a middle tree")}.get(e.source, _("takes"))
        if step.action == "setup":
            return _("sets up the troughs")
        drawn = [e for e in step.events if isinstance(e, TileDrawn)]
        if drawn:
            return _("a tile from the supply → {place}").format(place=self.place(drawn[0].to))
        return step.action

    # --- announcements ----------------------------------------------------------------------------
    def payouts(self, surf: pygame.Surface, payouts: tuple[int, ...] | None, x: int, y: int, w: int) -> None:
        if payouts is None:
            return
        cw = w // max(1, len(payouts))
        br = self.px(12)
        for seat, honey in enumerate(payouts):
            cx = x + seat * cw + br
            self.seat_badge(surf, seat, (cx, y + br), br)
            self.text(surf, f"+{honey}", 24, (cx + br + self.px(6), y + br), LIT if honey else DIM, bold=True,
                      anchor="midleft")

    def announcements(self, surf: pygame.Surface, step: DemoStep, area: pygame.Rect) -> None:
        shown = [e for e in step.events if isinstance(e, ANNOUNCED)]
        if not shown:
            return
        line = self.px(34)
        heights = [line * 2 if isinstance(e, Harvest | BlossomScoring) else line for e in shown]
        h = min(area.h, sum(heights) + self.px(16))
        box = pygame.Rect(area.x, area.bottom - h, area.w, h)
        pygame.draw.rect(surf, (30, 34, 42), box, border_radius=self.px(12))
        pygame.draw.rect(surf, LIT, box, self.px(3), border_radius=self.px(12))
        x, y, w = box.x + self.px(12), box.y + self.px(8), box.w - self.px(24)
        for e, eh in zip(shown, heights, strict=True):
            if y + eh > box.bottom:
                break
            if isinstance(e, Harvest):
                var = self.data.varieties[e.variety]
                tr = self.px(13)
                draw_variety(surf, var.colour, var.mark, (x + tr, y + tr), tr)
                self.text(surf, _("HARVEST {variety} · every area pays apples − {pips}").format(
                    variety=variety_name(var.name), pips=e.pips), 22,
                          (x + 2 * tr + self.px(8), y + tr), LIT, bold=True, anchor="midleft",
                          max_w=w - 2 * tr - self.px(8))
                self.payouts(surf, e.payouts, x, y + line, w)
            elif isinstance(e, BlossomScoring):
                self.text(surf, _("BLOSSOM SCORING · each blossom pays {times}").format(times=e.times), 22, (x, y), LIT,
                          bold=True, max_w=w)
                self.payouts(surf, e.payouts, x, y + line, w)
            elif isinstance(e, RefillNeeded):
                order = ", ".join(map(str, e.order)) or _("none")
                said = (_("REFILL troughs in order {order} + middle trees") if e.middle else
                        _("REFILL troughs in order {order}"))
                self.text(surf, said.format(order=order), 22, (x, y), LIT, bold=True, max_w=w)
            elif isinstance(e, GameStarted):
                who = " · ".join(f"{seat_label(s)} {step.names[s]}" for s in range(step.players))
                self.text(surf, _("Game {n}: {players}").format(n=step.game, players=who), 22, (x, y), FG, bold=True,
                          max_w=w)
            elif isinstance(e, LoopStarted):
                said = _("NEW LOOP {loop}: the die to space {space}, turned to {pips}").format(
                    loop=e.loop, space=step.state.die.space, pips=e.pips)
                self.text(surf, said, 22, (x, y), LIT, bold=True, max_w=w)
            elif isinstance(e, MiddleReached):
                self.text(surf, _("MIDDLE SPACE: +{honey} honey for empty trees").format(honey=e.honey), 22, (x, y),
                          LIT, bold=True, max_w=w)
            y += eh

    def final(self, surf: pygame.Surface, step: DemoStep, area: pygame.Rect) -> None:
        """Final scoring: each seat's breakdown, the winners highlighted."""
        scores = [e for e in step.events if isinstance(e, FinalScore)]
        winners: tuple[int, ...] = ()
        for e in step.events:
            if isinstance(e, Winners):
                winners = e.seats
        pygame.draw.rect(surf, (30, 34, 42), area, border_radius=self.px(12))
        pygame.draw.rect(surf, LIT, area, self.px(3), border_radius=self.px(12))
        self.text(surf, _("Game {n} — final scoring").format(n=step.game), 26,
                  (area.x + self.px(12), area.y + self.px(8)),
                  bold=True, max_w=area.w - self.px(24))
        self.score_table(surf, step, area, scores, winners)
        if step.players == 1 and scores:  # solo: the result against the rulebook's marks, no winner
            self.text(surf, _("Solo result: {verdict}").format(verdict=solo_words(scores[0].total)), 24,
                      (area.x + self.px(12), self._last_line(area)), LIT, bold=True, max_w=area.w - self.px(24))
        elif winners:
            names = both([f"{seat_label(s)} ({step.names[s]})" for s in winners])
            line = _("Winners: {names}") if len(winners) > 1 else _("Winner: {names}")
            self.text(surf, line.format(names=names), 24,
                      (area.x + self.px(12), self._last_line(area)), LIT, bold=True, max_w=area.w - self.px(24))

    def _last_line(self, area: pygame.Rect) -> int:
        """Where the final scoring's last line starts: 40 px of the design over ``area``'s bottom,
        higher where a line at the readable size would leave it (px)."""
        return min(area.bottom - self.px(40), area.bottom - self.px(4) - self.fonts.font(max(self.px(24), self.read_px),
                                                                                         True).get_linesize())

    def score_table(self, surf: pygame.Surface, step: DemoStep, area: pygame.Rect, scores: list[FinalScore],
                    winners: tuple[int, ...]) -> None:
        """The final scoring's rows (:data:`SCORE_LABELS`) and one column a seat."""
        labels = [_(lab) for lab in SCORE_LABELS]
        label_w = self.px(130)
        y0 = area.y + self.px(48)
        rh = (area.bottom - y0 - self.px(50)) // (len(labels) + 1)
        cw = (area.w - label_w - self.px(16)) // max(1, len(scores))
        for i, lab in enumerate(labels):
            self.text(surf, lab, 18, (area.x + self.px(12), y0 + (i + 1) * rh + rh // 2), DIM if i < 4 else FG,
                      anchor="midleft", bold=i == 4, max_w=label_w - self.px(14))
        for k, sc in enumerate(scores):
            won = sc.seat in winners and step.players > 1
            col = pygame.Rect(area.x + label_w + k * cw + 2, y0, cw - 4, rh * (len(labels) + 1))
            pygame.draw.rect(surf, (70, 60, 10) if won else PANEL, col, border_radius=self.px(8))
            if won:
                pygame.draw.rect(surf, LIT, col, self.px(3), border_radius=self.px(8))
            self.seat_badge(surf, sc.seat, (col.centerx, y0 + rh // 2), max(4, min(rh // 2 - 2, self.px(16))))
            vals = (f"{sc.harvest}×2={sc.harvest_doubled}", f"{sc.profitable_varieties}: +{sc.variety_bonus}",
                    str(sc.blossoms), str(sc.honey), str(sc.total))
            for i, v in enumerate(vals):
                self.text(surf, v, 20 if i < 4 else 28, (col.centerx, y0 + (i + 1) * rh + rh // 2),
                          LIT if (won and i == 4) else FG, bold=i == 4, anchor="center", max_w=cw - 8)

    # --- frame ------------------------------------------------------------------------------------
    def draw_step(self, surf: pygame.Surface, step: DemoStep) -> None:
        self.new_frame()
        surf.fill(BG)
        s = step.state
        head = max(self.px(40), self.fonts.font(self.read_px, True).get_linesize() + 2)  # the title whole on the glass
        # header: the demo, the game, how to leave
        if step.players == 1:
            title = (_("Demo · game {n} · solo") if step.game_over else _("Demo · game {n} · solo · turn {turn}"))
        else:
            title = (_("Demo · game {n} · {players} players") if step.game_over else
                     _("Demo · game {n} · {players} players · turn {turn}"))
        title = title.format(n=step.game, players=step.players, turn=s.turn + 1)
        self.text(surf, title, 20, (self.px(10), head // 2), FG, bold=True, anchor="midleft",
                  max_w=self.w // 2 - self.px(10))
        # the right half: every game's "Demo — touch to play" banner (table/display/demo.py)
        side_w = self.px(240)
        main = pygame.Rect(self.px(8), head, self.w - side_w - self.px(24), self.h - head - self.px(8))
        # orchards
        n = step.players
        cols = 1 if n == 1 else 2
        rows = 1 if n <= 2 else 2
        gap = self.px(8)
        pw, ph = (main.w - gap * (cols - 1)) // cols, (main.h - gap * (rows - 1)) // rows
        placed = {e.seat: e.space - 1 for e in step.events if isinstance(e, TilePlaced)}
        for seat in range(n):
            r, c = divmod(seat, cols)
            self.orchard(surf, step, seat, pygame.Rect(main.x + c * (pw + gap), main.y + r * (ph + gap), pw, ph),
                         placed.get(seat))
        # side: troughs, the hand, what happened
        side = pygame.Rect(main.right + self.px(12), head, side_w, main.h)
        taken_ev = next((e for e in step.events if isinstance(e, TileTaken)), None)
        y = self.troughs(surf, step, side, taken_ev)
        hand_h = self.px(64)
        free = side.bottom - y
        if free >= hand_h:
            self.hand(surf, step, pygame.Rect(side.x, y + (free - hand_h) // 2 - self.px(14), side.w, hand_h),
                      taken_ev)
        who = step.seat if step.seat is not None else None
        line = self.what(step)
        ly = side.bottom - self.px(20)
        if who is not None:
            br = self.px(9)
            self.seat_badge(surf, who, (side.x + br, ly), br)
            self.text(surf, line, 16, (side.x + 2 * br + self.px(6), ly), FG, anchor="midleft",
                      max_w=side.w - 2 * br - self.px(6))
        else:
            self.text(surf, line, 16, (side.x, ly), DIM, anchor="midleft", max_w=side.w)
        if step.game_over:
            self.final(surf, step, main)
        else:
            self.announcements(surf, step, main)


# ---------------------------------------------------------------------------------------------
# the loop

class ApplejackDemoScreen(DemoScreen[DemoStep]):
    """Bots' Applejack games drawn by :class:`DemoView`, one step at a time."""

    view: DemoView

    def __init__(self, data: DataSet, surface: pygame.Surface, steps: Iterator[DemoStep], *, pace: float = 1.2,
                 indicators: Indicators | None = None, inputs: queue.Queue[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, notifier: Any = None) -> None:
        super().__init__(surface, DemoView(surface.get_size(), data), pace=pace, indicators=indicators,
                         inputs=inputs, clock=clock, notifier=notifier)
        self.steps = steps
        self.current: DemoStep | None = None

    def next_shown(self) -> tuple[Any, float] | None:
        # asked before next(): a step's state is the live game, which next() moves on
        ended = self.current is not None and self.current.game_over
        step = next(self.steps, None)
        if step is WAITING:  # the bots think on the worker thread (companion/demo_jobs.py)
            return cast("tuple[Any, float]", WAITING)
        if ended:
            self.games += 1
        if step is None:
            return None
        if step.action == "setup":
            # a new game: the text rendered for the last one (turns, honey, names) goes, so the
            # text cache holds one game's strings at most
            self.view.fonts.clear()
        return step, dwell(step)

    def leds_now(self) -> LedState:
        assert self.current is not None
        return leds_for(self.current, self.leds)

    def draw_shown(self) -> None:
        assert self.current is not None
        self.view.draw_step(self.surface, self.current)
