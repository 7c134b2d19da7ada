"""What the other games' screens share (Zankapfel, Draft Cider, Waldgärtner): one frame is the
setup (or the Names page over it), resume, play or result screen of the module's ``mode``, then
the refusal strip (``refusal``) and the storage problem's red bar across the top."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from table.companion.protocol import GameCompanion, Teaches
from table.display import announce_panel, players_view, result_view
from table.display.colours import BG, DIM, LIT, OK, Colour
from table.display.fonts import line_units
from table.display.toolkit import BaseView
from table.i18n import LANGUAGE_NAMES, _, current_language

ButtonItem = tuple[str, str, Colour | None]
"""A button of a game's bottom row: its label, its touch target, its colour (None: the panel's)."""


M = TypeVar("M", bound=GameCompanion)
"""The game module a view draws (its own ``TableModule`` subclass)."""


class ModuleView(BaseView[M]):
    """A game module's screens: subclasses draw ``draw_setup`` and ``draw_play`` (the resume
    question is the toolkit's ``draw_resume``, the result ``result_view``'s from the module's data);
    :meth:`draw` picks and frames them."""

    def draw(self, surf: pygame.Surface, ctl: M) -> None:
        self.new_frame()
        surf.fill(BG)
        if ctl.mode == "setup":
            if not players_view.draw_setup_overlay(self, surf, ctl):  # the Names page, a name's keyboard
                self.draw_setup(surf, ctl)
        elif ctl.mode == "resume":
            self.draw_resume(surf, ctl)
        elif ctl.mode == "result":
            self.draw_result(surf, ctl)
        else:
            if not announce_panel.covers(ctl):  # under a waiting announcement's panel nothing of it shows
                self.lesson = ctl.lesson if isinstance(ctl, Teaches) else None  # above the question (prompt_above)
                self.draw_play(surf, ctl)
                self.lesson = None
            announce_panel.draw(self, surf, ctl)  # a waiting announcement
        if ctl.refusal:
            self.draw_refusal(surf, ctl.refusal)
        if ctl.storage_problem:
            self.draw_storage_problem(surf, ctl.storage_problem)

    def draw_setup(self, surf: pygame.Surface, ctl: M) -> None:
        raise NotImplementedError

    def draw_play(self, surf: pygame.Surface, ctl: M) -> None:
        raise NotImplementedError

    def pages(self, ctl: M) -> int:
        """On the 3.5" screen the result turns its table's pages (``result_view.result_pages``), so
        does the history's game view (``history_view.game_pages``, through it), and the Names page its seats'
        (``players_view.names_per_page``)."""
        if ctl.mode == "result" or ctl.history is not None:  # the history's game view too
            return result_view.result_pages(self, ctl)
        if ctl.mode == "setup" and self.names_page and ctl.keyboard is None and ctl.names_open:
            return players_view.names_per_page(self, ctl)[1]
        return super().pages(ctl)

    def draw_result(self, surf: pygame.Surface, ctl: M) -> None:
        """Every game's one result screen, from the module's ``result_sheet()`` (result_view)."""
        result_view.draw_result(self, surf, ctl)

    # --- what the games' screens draw alike ---------------------------------------------------------
    def setup_frame(self, surf: pygame.Surface, ctl: M, title: str) -> pygame.Rect:
        """A setup screen's frame: the game's title at the top left, the **Names** and language
        buttons at the top right (left of the help corner), the **Start** button at the bottom
        right, teach mode's button left of it (the app's game tab takes the bottom left); returns
        the room left between them for the game's choices."""
        if self.small:
            return self._small_setup_frame(surf, ctl, title)
        m = self.px(10)
        bar = self.tap(44)
        lang = pygame.Rect(self.w - self.help_room() - self.px(170), m // 2, self.px(170), bar)
        self.language_button(surf, lang)
        names = pygame.Rect(lang.x - self.px(10) - self.px(190), m // 2, self.px(190), bar)
        players_view.names_button(self, surf, ctl, names)
        self.text(surf, title, 34, (m, m // 2 + bar // 2), bold=True, anchor="midleft", max_w=names.x - 2 * m)
        words = self.fonts.width(_("Start ✓"), max(self.px(30), self.read_px), True) + self.px(40)
        tab_right = self.game_tab_rect(title).right + m  # the app's game tab (display/app.py draw_game_tab)
        teach_need = max(self.fonts.width(announce_panel.teach_toggle_label(ctl), self.read_px, True) + self.px(16),
                         self.px(150))
        start_w = max(self.px(150), min(self.px(230), words, self.w - 2 * m - tab_right - teach_need))
        # the main action, yet teach mode keeps its words (Start's shrink, down to the readable size)
        start = pygame.Rect(self.w - m - start_w, self.h - m - self.tap(70), start_w, self.tap(70))
        self.button(surf, start, _("Start ✓"), "confirm", colour=OK, size=30)
        teach = pygame.Rect(tab_right, self.h - self.px(10) - bar, start.x - m - tab_right, bar)
        announce_panel.draw_teach_toggle(self, surf, ctl, teach)
        top = m + bar + self.px(8)
        return pygame.Rect(m, top, self.w - 2 * m, start.y - self.px(8) - top)

    def _small_setup_frame(self, surf: pygame.Surface, ctl: M, title: str) -> pygame.Rect:
        """:meth:`setup_frame` on the 3.5" screen, at 2.5 mm capitals: its buttons as wide as their
        words; the title only where it fits left of Names (the game tab names the game); teach
        mode's button between the game tab and Start, on two lines where one is too wide, or in
        a row of its own above them where the row has no room for it (French)."""
        m, gap = self.px(10), self.px(6)
        bar = self.tap(44)
        px = self.read_px
        line_h = int(self.fonts.font(px, True).get_linesize())

        def need(label: str) -> int:
            return max(self.touch_px, int(self.fonts.width(label, px, True)) + self.px(20))

        lang_label = f"{LANGUAGE_NAMES[current_language()]} ▸"
        lang = pygame.Rect(0, m // 2, need(lang_label), bar)
        lang.right = self.w - self.help_room()
        self.language_button(surf, lang)
        names = pygame.Rect(0, m // 2, need(players_view.names_label(ctl)), bar)
        names.right = lang.x - gap
        players_view.names_button(self, surf, ctl, names)
        if self.fonts.width(title, px, True) <= names.x - 2 * m:
            self.text(surf, title, 34, (m, m // 2 + bar // 2), bold=True, anchor="midleft", max_w=names.x - 2 * m)
        start_label = _("Start ✓")
        start_w = need(start_label)
        start = pygame.Rect(self.w - m - start_w, self.h - m - bar, start_w, bar)
        self.button(surf, start, start_label, "confirm", colour=OK, size=30)
        tab_right = self.game_tab_rect(title).right + gap
        teach_label = announce_panel.teach_toggle_label(ctl)
        room_w = start.x - gap - tab_right
        low = start.y
        if teach_label:
            two = max(need(word) for word in teach_label.split())
            if need(teach_label) <= room_w:  # in the row, one line
                teach = pygame.Rect(tab_right, start.y, room_w, bar)
            elif two <= room_w:  # in the row, two lines (taller)
                h2 = max(bar, 2 * line_h + self.px(4))
                teach = pygame.Rect(tab_right, self.h - m - h2, room_w, h2)
            else:  # its own row above the game tab and Start
                teach = pygame.Rect(m, start.y - gap - bar, min(self.w - 2 * m, need(teach_label)), bar)
            announce_panel.draw_teach_toggle(self, surf, ctl, teach)
            low = min(low, teach.y)
        top = m + bar + self.px(8)
        return pygame.Rect(m, top, self.w - 2 * m, low - self.px(8) - top)

    def choice_row(self, surf: pygame.Surface, label: str, y: int, x: int, w: int,
                   buttons: Sequence[tuple[str, str, bool]], *, size: float = 24, height: float = 64,
                   label_lines: int = 1) -> int:
        """``label`` (on up to ``label_lines`` lines, their room kept even when it takes fewer)
        over a row of ``buttons`` (label, touch target, lit) sharing ``w`` pixels from ``x``, each
        at most 170 px of the design wide; returns the y under the row."""
        if label_lines > 1:
            below = self.wrapped(surf, label, 20, (x, y), w, DIM, max_lines=label_lines, min_size=0)
            rect = pygame.Rect(x, y, w, max(below - y, label_lines * self.label_line_h()))
        else:
            rect = self.text(surf, label, 20, (x, y), DIM, max_w=w)
        gap = self.px(10)
        bw = min(self.px(170 if len(buttons) > 1 else 340), (w + gap) // max(1, len(buttons)) - gap)
        h = self.tap(height)
        for i, (words, name, lit) in enumerate(buttons):
            self.button(surf, pygame.Rect(x + i * (bw + gap), rect.bottom + self.px(4), bw, h), words, name, lit=lit,
                        size=size)
        return rect.bottom + self.px(4) + h + self.px(10)

    def label_line_h(self) -> int:
        """The height of one line of a choice's label (20 px of the design, never under the readable size)."""
        return int(self.fonts.font(max(self.px(20), self.read_px)).get_linesize())

    def choice_columns(self, surf: pygame.Surface, rows: Sequence[tuple[str, Sequence[tuple[str, str, bool]]]],
                       y: int, area: pygame.Rect, *, size: float = 22, height: float = 64) -> int:
        """Several :meth:`choice_row` side by side in ``area`` from ``y``, as many to a line as keep
        each at least 230 px of the design wide (their labels whole); returns the y under them."""
        gap = self.px(20)
        per_line = max(1, min(len(rows), (area.w + gap) // (self.px(230) + gap)))
        w = (area.w + gap) // per_line - gap
        for start in range(0, len(rows), per_line):
            bottom = y
            line = rows[start:start + per_line]
            lines = max(len(self.break_lines(label, max(self.px(20), self.read_px), False, w)) for label, _b in line)
            for i, (label, buttons) in enumerate(line):  # a long label on two lines, the row's buttons level
                bottom = max(bottom, self.choice_row(surf, label, y, area.x + i * (w + gap), w, buttons, size=size,
                                                     height=height, label_lines=min(2, lines)))
            y = bottom
        return y

    def players_row(self, surf: pygame.Surface, ctl: M, label: str, counts: Sequence[int], area: pygame.Rect,
                    words: Callable[[int], str] = str) -> int:
        """The players choice (target ``players:<n>``, lit when chosen) at the top of ``area``; a
        count alone on the buttons where the words would not fit. Returns the y under it."""
        gap = self.px(10)
        bw = min(self.px(170), (area.w + gap) // max(1, len(counts)) - gap)
        wordy = all(self.fonts.width(words(n), self.read_px, True) <= bw - 8 for n in counts)
        return self.choice_row(surf, label, area.y, area.x, area.w,
                               [(words(n) if wordy else str(n), f"players:{n}", ctl.setup.players == n)
                                for n in counts], size=26, height=70)

    lesson: str | None = None
    """Teach mode's lesson of the frame being drawn (set by :meth:`draw`): :meth:`prompt_above`
    puts it above the question, and what the screen draws above gives way."""

    def prompt_above(self, surf: pygame.Surface, ask: str, bottom: int, *, x: int, w: int, size: float = 20,
                     max_lines: int = 3) -> int:
        """What the table must enter now, lit and bold, in as many lines (up to ``max_lines``) as
        it takes at ``size`` (never under the readable size), its last line ending at ``bottom``;
        above it teach mode's lesson with Skip (:func:`announce_panel.draw_lesson_block`), whole.
        Returns the top of both: the screen lays out what the question needs above it."""
        px = max(self.px(size), self.read_px)
        lines = min(max_lines, len(self.break_lines(ask, px, True, w)))
        top = bottom - lines * self.fonts.font(px, True).get_linesize()
        self.wrapped(surf, ask, size, (x, top), w, LIT, bold=True, max_lines=max_lines, min_size=size)
        lesson, self.lesson = self.lesson, None  # one lesson a frame
        if lesson:
            top = self.lesson_at(surf, lesson, x=x, w=w, bottom=top - self.px(4)) - self.px(4)
        return top

    def take_lesson(self) -> str | None:
        """The frame's lesson, for a screen that places it itself (:meth:`lesson_at`, :meth:`lesson_fits`)."""
        lesson, self.lesson = self.lesson, None
        return lesson

    def lesson_fits(self, lesson: str, w: int, room: int) -> bool:
        """Whether the lesson's box, ``w`` px wide, stands whole in ``room`` px of height, no word
        squeezed (a German compound in a narrow column)."""
        px = max(self.px(announce_panel.LESSON), self.read_px)
        text_w = w - announce_panel.skip_width(self, _("Skip")) - 3 * self.px(8)
        pieces = line_units(_("Why: {lesson}").format(lesson=lesson))  # words; Japanese: characters
        return (all(self.fonts.width(piece, px) <= text_w for piece, _glued in pieces)
                and announce_panel.lesson_height(self, lesson, w, _("Skip")) <= room)

    def lesson_at(self, surf: pygame.Surface, lesson: str, *, x: int, w: int, bottom: int,
                  top: int | None = None) -> int:
        """The lesson's box ending at ``bottom`` (``announce_panel.draw_lesson_block``) when it
        stands there whole, below ``top`` (default: the help button's corner; on the 3.5" screen
        three fifths down: the board keeps the top); returns its top,
        or ``bottom`` when it does not fit (the 3.5" screen's tightest frames: text mode and
        speech say it)."""
        if top is None:  # under the help button; on the 3.5" screen the board keeps the top half
            top = max(self.help_corner().bottom + self.px(4), self.h * 3 // 5 if self.small else 0)
        if not self.lesson_fits(lesson, w, bottom - top):
            return bottom
        return announce_panel.draw_lesson_block(self, surf, lesson, x=x, w=w, bottom=bottom, skip_label=_("Skip"),
                                                target="teach-skip")

    def button_row(self, surf: pygame.Surface, items: Sequence[ButtonItem], *, x: int, y: int, h: int, gap: int,
                   size: float) -> int:
        """The bottom row: ``items`` and Undo, each at most 150 px of the design wide, ending at
        ``y + h``; buttons too many for one row of touch-sized buttons (:attr:`touch_px`) wrap
        into rows stacked upwards. Returns the y of the top row."""
        row = [*items, (_("Undo"), "undo", None)]
        bottom, h = y + h, max(h, self.touch_px)
        two = h >= 2 * self.fonts.font(self.read_px, True).get_linesize()  # a label may take two lines
        per_row, w = self.row_fit(len(row), self.w - 2 * x, [label for label, _n, _c in row], size, gap, two=two)
        rows = -(-len(row) // per_row)
        top = bottom - rows * h - (rows - 1) * gap
        for i, (label, name, colour) in enumerate(row):
            r, c = divmod(i, per_row)
            self.button(surf, pygame.Rect(x + c * w, top + r * (h + gap), w - gap, h), label, name, colour=colour,
                        size=size)
        return top

    def row_fit(self, n: int, room: int, labels: Sequence[str] = (), size: float = 20, gap: int = 0, *,
                two: bool = False) -> tuple[int, int]:
        """(buttons per row, each one's width with its gap) for ``n`` buttons in ``room`` pixels:
        at most 150 px of the design wide, never narrower than a touch target nor than the
        longest of ``labels`` at the readable size — on two lines when ``two`` (the buttons are
        tall enough) — (fewer to a row then, in more rows)."""
        px = max(self.read_px, min(self.px(size), self.read_px))
        need = max([self.label_need(label, px, two) + 10 + gap for label in labels] + [self.touch_px + gap])
        per_row = max(1, min(n, room // need))
        rows = -(-n // per_row)
        per_row = -(-n // rows)  # as even as the rows allow
        return per_row, min(max(self.px(150), need), room // per_row)


    def label_need(self, label: str, px: int, two: bool) -> int:
        """How wide a button's ``label`` needs its button (less its margins) at ``px``: its width,
        or with ``two`` the narrowest width that breaks it into two lines (the button's own way)."""
        whole = int(self.fonts.width(label, px, True))
        if not two:
            return whole
        half = max([whole // 2] + [int(self.fonts.width(p, px, True)) for p, _g in line_units(label)])
        while half < whole and len(self.break_lines(label, px, True, half - 8 + 10)) > 2:
            half += max(1, self.px(8))
        return min(whole, half)

    def flow_row(self, surf: pygame.Surface, items: list[tuple[str, str, Colour | None]], *, bottom: int,
                 x: int | None = None, w: int | None = None) -> int:
        """``items`` and Undo as buttons a touch target high, each as wide as its words (at the
        readable size) need, in rows filled left to right and stacked upwards from ``bottom``
        (across the screen 8 px of the design in, or ``w`` px from ``x``; the 3.5" layouts of the
        module games), the spare width shared out — or, where that
        takes less height, with their words on two lines in the rows that need it (taller);
        returns the top of the rows."""
        row = [*items, (_("Undo"), "undo", None)]
        m, gap = self.px(8) if x is None else x, self.px(6)
        room = self.w - 2 * m if w is None else w
        two_h = max(self.touch_px, 2 * self.fonts.font(self.read_px, True).get_linesize() + 4)
        best: tuple[int, list[tuple[int, list[tuple[int, int]]]]] | None = None
        whole = [max(self.touch_px, self.label_need(label, self.read_px, False) + self.px(20)) for label, _n, _c in row]
        for two in (False, True):
            need = [max(self.touch_px, self.label_need(label, self.read_px, two) + self.px(20))
                    for label, _n, _c in row]
            rows: list[list[int]] = [[]]
            for i, w in enumerate(need):
                if rows[-1] and sum(need[j] + gap for j in rows[-1]) + w > room:
                    rows.append([])
                rows[-1].append(i)
            laid = []
            for idx in rows:  # each row's buttons (item, width) and height: two lines only where needed
                wide = {j: need[j] for j in idx}
                pool = room - sum(need[j] for j in idx) - gap * (len(idx) - 1)
                for j in sorted(idx, key=lambda j: whole[j] - need[j]):  # the spare first keeps labels on one line
                    more = min(pool, whole[j] - need[j])
                    wide[j] += more
                    pool -= more
                widths = [(j, wide[j] + pool // len(idx)) for j in idx]
                one = all(self.fonts.width(row[j][0], self.read_px, True) <= w - 8 for j, w in widths)
                laid.append((self.touch_px if one else two_h, widths))
            height = sum(h for h, _w in laid) + gap * (len(laid) - 1)
            if best is None or height < best[0]:
                best = (height, laid)
        assert best is not None
        top = y = bottom - best[0]
        for h, widths in best[1]:
            x = m
            for j, w in widths:
                label, name, colour = row[j]
                self.button(surf, pygame.Rect(x, y, w, h), label, name, colour=colour, size=20)
                x += w + gap
            y += h + gap
        return top
