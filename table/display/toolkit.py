"""The display toolkit every game's screens extend: scaling from one design (800×480, the official
7" display) by ``min(w/800, h/480)``, text that shrinks, wraps or is cut to fit — but a line a
player must read never under :attr:`BaseView.read_px` (the size whose capitals stand 2.5 mm on
the screen model's glass: about 23 px on the 3.5" 480×320 panel, 19 px on the 7" 800×480) —,
buttons and their touch targets (``tap()``: never under 7 mm on the glass), the refusal strip,
the storage problem's bar, the command entry and the resume question.

A game's view extends :class:`BaseView` and draws its own screens with these helpers;
``BaseView.targets`` lists the touch targets (rect, button name) of the last frame, and with
``BaseView.drawn`` set to a list every line is recorded (:class:`DrawnText`) for the fit test.
"""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, TypeVar

import pygame

from table.companion.protocol import GameCompanion, ResultLink
from table.display.colours import DIM, FG, LIT, OK, PANEL, Colour, contrast
from table.display.fonts import SMALLEST_PX, Fonts, font_family, line_units
from table.display.screens import model_for
from table.i18n import LANGUAGE_NAMES, _, current_language

C = TypeVar("C", bound=GameCompanion)
"""The companion a view draws: each game's view is a ``BaseView`` of its own module's class."""


class DrawnText(NamedTuple):
    """A line a view drew (recorded when ``View.drawn`` is a list: the fit tests): where it landed,
    its text, the width it was given, the box it belongs in (a button's), the font's pixel size
    (em) it was drawn at, its cap height in pixels (the height of "H"), whether it was cut with
    ``…`` or squeezed to fit (``clipped``) and whether a player must read it (``read``; False for
    a mark that only repeats what is written elsewhere, which may be small)."""

    rect: pygame.Rect
    text: str
    max_w: int | None
    box: pygame.Rect | None
    px: int = 0
    cap: int = 0
    clipped: bool = False
    read: bool = True


def pixel_pitch_mm(size: tuple[int, int]) -> float:
    """How tall one pixel is on the glass of the screen model ``size`` comes on, in millimetres
    (``table.display.screens``)."""
    return model_for(size).pitch_y


PAGE = "page"
"""The touch target that turns a screen's page (a view's own, on a screen split for a small size)."""


class BaseView(Generic[C]):
    """The helpers every game's view draws with, at one size (``w``×``h``, scale ``s``)."""

    names_page = True
    """The seats are named on the Names page (``players_view``); False: the view names them on its
    setup screen and opens the players' history instead (Applejack)."""

    def __init__(self, size: tuple[int, int], fonts: Fonts | None = None) -> None:
        self.w, self.h = size
        self.s = min(self.w / 800, self.h / 480)
        self.small = self.h < 400
        self.fonts = fonts or Fonts()
        self.targets: list[tuple[pygame.Rect, str]] = []
        self.drawn: list[DrawnText] | None = None
        """Every line of the last frame when set to a list (tests); None draws without recording."""
        self._faces: dict[tuple[tuple[int, int], Colour, Colour], pygame.Surface] = {}
        self._lines: dict[tuple[Any, ...], tuple[str, int, bool, int]] = {}
        """:meth:`text`'s fitted lines (:meth:`_fitted`): words and sizes only; the images stay
        the fonts' (whose cache a demo empties at each new game)."""
        self._breaks: dict[tuple[Any, ...], tuple[str, ...]] = {}
        """:meth:`break_lines`' answers."""
        self._layouts: dict[tuple[Any, ...], tuple[tuple[tuple[str, bool, bool], ...], int, int]] = {}
        """:meth:`wrapped`'s lines (:meth:`_laid_out`), words and sizes only."""
        self.help_place: pygame.Rect | None = None
        """Where this frame's screen puts the app's help button when not in :meth:`help_corner`
        (set while drawing, e.g. Applejack's score pad beside its full-height keypad)."""
        self.result_link: ResultLink | None = None
        """``play --web``: the shell's short link for the result's QR page (``qr_page.py``), handed
        to the view by the app each frame (``app.draw_frame``): the game's view draws the game's
        module, which does not hold the shell's phone address."""
        self.page = 0
        """Which page of a screen too full for this size is shown (the view's own: touch target
        :data:`PAGE`, handled by the app, never the game)."""
        self.model = model_for(size)
        """The screen model this size comes on (its millimetres per pixel: ``screens.MODELS``)."""
        self._read_px: dict[str, int] = {}
        self.touch_px = max(self.px(40), self.model.touch_px())
        """The smallest side of a touch target, in real pixels (7 mm on the glass)."""

    @property
    def read_px(self) -> int:
        """The smallest font (em, real pixels) a line a player must read is drawn at: the smallest
        at which the current language's font stands a capital :data:`~table.display.screens.CAP_MM`
        tall on this screen model's glass (``ScreenModel.laid_out_cap_mm``: that on every listed
        model, the 3.5" HAT's too) and never under 16 px of the design."""
        fam = font_family()
        px = self._read_px.get(fam)
        if px is None:
            px, need = self.px(16), self.model.floor_cap_px()
            while self.fonts.cap_height(px) < need:
                px += 1
            self._read_px[fam] = px
        return px

    @read_px.setter
    def read_px(self, px: int) -> None:
        """A fixed floor for every language (the fit rule's own test draws the old toolkit's)."""
        self._read_px = {"latin": px, "ja": px}

    # --- helpers ----------------------------------------------------------------------------------
    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def pages(self, ctl: C) -> int:
        """How many pages ``ctl``'s screen takes at this size (1: it fits on one)."""
        return 1

    def shown_page(self, ctl: C) -> int:
        """The page to draw for ``ctl`` (the first when the screen no longer has the one turned to)."""
        return self.page if self.page < self.pages(ctl) else 0

    def turn_page(self, ctl: C) -> None:
        """The page target was touched: the next page of the screen, after the last the first."""
        self.page = (self.shown_page(ctl) + 1) % self.pages(ctl)

    def help_corner(self) -> pygame.Rect:
        """The top right corner every screen leaves free for the app's help button ("?", drawn over
        every screen by ``help_view``): a touch target's side square, 4 px of the design in."""
        side, m = self.tap(40), self.px(4)
        return pygame.Rect(self.w - m - side, m, side, side)

    def help_room(self) -> int:
        """How far from the right edge a screen's top band ends to leave :meth:`help_corner` free (px)."""
        return self.w - self.help_corner().x + self.px(6)

    def tap(self, v: float) -> int:
        """``v`` px of the design, but never less than a touch target's side (:attr:`touch_px`)."""
        return max(self.px(v), self.touch_px)

    def new_frame(self) -> None:
        """A frame starts: no touch targets, no recorded lines yet."""
        self.targets = []
        self.help_place = None
        if self.drawn is not None:
            self.drawn = []

    def ellipsized(self, text: str, px: int, bold: bool, max_w: int) -> str:
        """``text`` cut to fit ``max_w`` at ``px`` with a closing ``…`` (as it is when it fits)."""
        if self.fonts.width(text, px, bold) <= max_w:
            return text
        while text and self.fonts.width(text + "…", px, bold) > max_w:
            text = text[:-1].rstrip()
        return text + "…"

    def text(self, surf: pygame.Surface, text: str, size: float, pos: tuple[int, int], colour: Colour = FG,
             bold: bool = False, anchor: str = "topleft", max_w: int | None = None, max_h: int | None = None,
             box: pygame.Rect | None = None, read: bool = True) -> pygame.Rect:
        """One line at ``size`` px of the 800×480 design; with ``max_w`` (and ``max_h``) it shrinks to
        fit, down to :data:`SMALLEST_PX`, then is squeezed (up to a fifth) or cut with ``…``.
        ``read``: a player must read it (False: a mark that repeats what is written elsewhere)."""
        shown, px, clipped, squeeze = self._fitted(text, size, colour, bold, max_w, max_h, read)
        img = self.fonts.text(shown, px, colour, bold)
        if squeeze and img.get_width() > squeeze:
            img = pygame.transform.smoothscale(img, (squeeze, img.get_height()))
        rect = img.get_rect(**{anchor: pos})
        surf.blit(img, rect)
        self.record(rect, text, max_w, box, px, bold, clipped=clipped, read=read)
        return rect

    def _fitted(self, text: str, size: float, colour: Colour, bold: bool, max_w: int | None, max_h: int | None,
                read: bool) -> tuple[str, int, bool, int]:
        """How :meth:`text` fits its line to its box: (the words drawn — cut with ``…`` —, pixel
        size, whether cut or squeezed, the width it is squeezed to or 0), worked out once per
        language's fonts, words, size and box (a frame draws the same lines again)."""
        key = (font_family(), text, size, colour, bold, max_w, max_h, read)
        hit = self._lines.get(key)
        if hit is not None:
            return hit
        floor = self.read_px if read else SMALLEST_PX
        px = max(self.px(size), floor)
        img = self.fonts.text(text, px, colour, bold)
        wide = 1 << 30 if max_w is None else max_w
        high = 1 << 30 if max_h is None else max_h
        while (img.get_width() > wide or img.get_height() > high) and px > floor:
            px = max(floor, int(px * 0.9))
            img = self.fonts.text(text, px, colour, bold)
        shown, clipped, squeeze = text, False, 0
        if max_w is not None and img.get_width() > max_w:
            clipped = True
            limit = max(1, max_w)
            if img.get_width() * 0.8 > limit:
                shown = self.ellipsized(text, px, bold, limit)
                img = self.fonts.text(shown, px, colour, bold)
            if img.get_width() > limit:
                squeeze = limit
        if len(self._lines) > 2000:
            self._lines.clear()
        self._lines[key] = (shown, px, clipped, squeeze)
        return shown, px, clipped, squeeze

    def record(self, rect: pygame.Rect, text: str, max_w: int | None, box: pygame.Rect | None, px: int, bold: bool,
               *, clipped: bool, read: bool = True) -> None:
        """Note a drawn line for the fit tests (only while ``drawn`` is a list)."""
        if self.drawn is not None:
            self.drawn.append(DrawnText(rect, text, max_w, box, px, self.fonts.cap_height(px, bold), clipped, read))

    def break_lines(self, text: str, px: int, bold: bool, max_w: int) -> list[str]:
        """``text`` broken into lines of at most ``max_w`` pixels at ``px`` (a piece longer than a
        line stays whole on its own line; worked out once per language's fonts and arguments)."""
        key = (font_family(), text, px, bold, max_w)
        known = self._breaks.get(key)
        if known is not None:
            return list(known)
        lines: list[str] = []
        for piece, glued in line_units(text):
            if lines:
                joined = lines[-1] + ("" if glued else " ") + piece
                if self.fonts.width(joined, px, bold) <= max_w:
                    lines[-1] = joined
                    continue
            lines.append(piece)
        if len(self._breaks) > 3000:
            self._breaks.clear()
        self._breaks[key] = tuple(lines)
        return lines

    def wrapped(self, surf: pygame.Surface, text: str, size: float, pos: tuple[int, int], max_w: int,
                colour: Colour = FG, bold: bool = False, max_lines: int = 3, min_size: float = 18,
                read: bool = True) -> int:
        """Text broken into lines of at most ``max_w`` pixels (shrunk, never below ``min_size`` of the
        800×480 design, until it fits in ``max_lines``; at that floor the last line ends in ``…``);
        returns the y below the last line."""
        x, y = pos
        laid, px, step = self._laid_out(text, size, max_w, colour, bold, max_lines, min_size, read)
        for line, squeezed, clipped in laid:
            img = self.fonts.text(line, px, colour, bold)
            if squeezed:  # one word longer than the line: the last resort is to shrink it
                img = pygame.transform.smoothscale(img, (max_w, max(1, img.get_height() * max_w // img.get_width())))
            rect = pygame.Rect((x, y), img.get_size())  # blit's own rect is clipped to the surface: not this
            surf.blit(img, rect)
            self.record(rect, line, max_w, None, px, bold, clipped=clipped, read=read)
            y += step
        return y

    def _laid_out(self, text: str, size: float, max_w: int, colour: Colour, bold: bool, max_lines: int,
                  min_size: float, read: bool) -> tuple[tuple[tuple[str, bool, bool], ...], int, int]:
        """:meth:`wrapped`'s lines: ((words, squeezed, cut or squeezed) …, pixel size, line height),
        worked out once per language's fonts and arguments."""
        key = (font_family(), text, size, max_w, colour, bold, max_lines, min_size, read)
        hit = self._layouts.get(key)
        if hit is not None:
            return hit
        floor = max(self.px(min_size), self.read_px if read else SMALLEST_PX)
        px = max(self.px(size), floor)
        while True:
            lines = self.break_lines(text, px, bold, max_w)
            if len(lines) <= max_lines or px <= floor:
                break
            px = max(floor, int(px * 0.9))
        cut = len(lines) > max_lines
        if cut:
            rest = lines[max_lines - 1:]
            glue = "" if font_family() == "ja" else " "
            lines = [*lines[:max_lines - 1], self.ellipsized(glue.join(rest), px, bold, max_w)]
        laid = []
        for i, line in enumerate(lines):
            squeezed = self.fonts.text(line, px, colour, bold).get_width() > max_w
            laid.append((line, squeezed, squeezed or (cut and i == len(lines) - 1)))
        if len(self._layouts) > 1000:
            self._layouts.clear()
        out = (tuple(laid), px, self.fonts.font(px, bold).get_linesize())
        self._layouts[key] = out
        return out

    def wrapped_height(self, text: str, size: float, max_w: int, bold: bool = False) -> int:
        """How tall ``text`` stands when :meth:`wrapped` draws it at ``size`` (not shrunk), in pixels."""
        px = max(self.px(size), self.read_px)
        return len(self.break_lines(text, px, bold, max_w)) * self.fonts.font(px, bold).get_linesize()

    def text_in(self, surf: pygame.Surface, text: str, size: float, rect: pygame.Rect, colour: Colour = FG,
                bold: bool = False) -> None:
        """``text`` left-aligned and centred vertically in ``rect``: one line, or as many lines as
        ``rect`` holds at the readable size where one would be cut."""
        line_h = self.fonts.font(self.read_px, bold).get_linesize()
        if self.fonts.width(text, max(self.px(size), self.read_px), bold) <= rect.w or rect.h < 2 * line_h:
            self.text(surf, text, size, (rect.x, rect.centery), colour, bold, anchor="midleft", max_w=rect.w)
            return
        lines = min(rect.h // line_h, len(self.break_lines(text, self.read_px, bold, rect.w)))
        self.wrapped(surf, text, min(size, self.read_px / self.s), (rect.x, rect.centery - lines * line_h // 2),
                     rect.w, colour, bold, max_lines=lines, min_size=0)

    def button_face(self, size: tuple[int, int], fill: Colour, edge: Colour) -> pygame.Surface:
        """A button's rounded face of ``size`` pixels, drawn once and kept (a frame has dozens of
        buttons; two rounded rectangles each cost more than one blit)."""
        key = (size, fill, edge)
        face = self._faces.get(key)
        if face is None:
            if len(self._faces) > 400:
                self._faces.clear()
            face = pygame.Surface(size, pygame.SRCALPHA)
            rect = face.get_rect()
            pygame.draw.rect(face, fill, rect, border_radius=self.px(8))
            pygame.draw.rect(face, edge, rect, self.px(2), border_radius=self.px(8))
            self._faces[key] = face
        return face

    def button(self, surf: pygame.Surface, rect: pygame.Rect, label: str, name: str, *, lit: bool = False,
               size: float = 22, colour: Colour | None = None) -> None:
        fill = colour or (LIT if lit else PANEL)
        surf.blit(self.button_face(rect.size, fill, FG if not lit else (0, 0, 0)), rect)
        ink = contrast(fill)
        lines = self.break_lines(label, self.read_px, True, rect.w - 8) \
            if self.fonts.width(label, self.read_px, True) > rect.w - 6 else [label]
        line_h = self.fonts.font(self.read_px, True).get_linesize()
        if len(lines) == 2 and 2 * line_h <= rect.h:  # two lines where one would be cut
            for i, line in enumerate(lines):
                self.text(surf, line, 0, rect.center, ink, bold=True, anchor="midtop" if i else "midbottom",
                          max_w=rect.w - 6, box=rect)
        else:
            self.text(surf, label, size, rect.center, ink, bold=True, anchor="center", max_w=rect.w - 6,
                      max_h=rect.h, box=rect)
        self.targets.append((rect, name))

    def game_tab_rect(self, title: str) -> pygame.Rect:
        """Where the app's game tab goes on a setup screen (``app.draw_game_tab``): the bottom
        left, as wide as its words (:meth:`game_tab_label`) need (at most 300 px of the design;
        on the 3.5" screen half its width)."""
        h = self.tap(44)
        need = self.fonts.width(self.game_tab_label(title), max(self.px(20), self.read_px), True) + self.px(24)
        most = self.w // 2 if self.small else self.px(300)
        return pygame.Rect(self.px(10), self.h - self.px(10) - h, min(most, max(need, self.touch_px)), h)

    def game_tab_label(self, title: str) -> str:
        """The game tab's words: "Game: ``title`` ▸" (a press goes to the next game); on the 3.5"
        screen the game's name alone ("``title`` ▸")."""
        return f"{title} ▸" if self.small else _("Game: {title} ▸").format(title=title)

    def language_button(self, surf: pygame.Surface, rect: pygame.Rect | None = None) -> pygame.Rect:
        """The setup screens' language button (touch target ``language``, key ``l``): the current
        language by its own name; each press goes to the next language. Any game's setup view may
        draw it (default: the bottom row, left of the corner where the players' History button
        goes, right of the shell's game tab)."""
        if rect is None:
            rect = pygame.Rect(self.w - self.px(350), self.h - self.px(6) - self.tap(44), self.px(170), self.tap(44))
        self.button(surf, rect, f"{LANGUAGE_NAMES[current_language()]} ▸", "language", size=20)
        return rect

    def draw(self, surf: pygame.Surface, ctl: C) -> None:
        """One frame of the game's table companion ``ctl`` (each game's view draws its screens)."""
        raise NotImplementedError

    seat_colours: tuple[tuple[int, int, int], ...] = ()
    """A game's seat colours (its pawns'): a seat's badge is its colour's disc; none: its number."""

    def seat_badge(self, surf: pygame.Surface, seat: int, c: tuple[int, int], r: int) -> None:
        """A seat's badge (the result's columns, the Names page): its colour's disc
        (:attr:`seat_colours`), else its number on a disc (a game with symbols draws those)."""
        if self.seat_colours:
            pygame.draw.circle(surf, self.seat_colours[seat % len(self.seat_colours)], c, r)
            return
        pygame.draw.circle(surf, PANEL, c, r)
        self.text(surf, str(seat + 1), 16, c, FG, bold=True, anchor="center")

    # --- what every game's frame may carry ------------------------------------------------------
    def draw_refusal(self, surf: pygame.Surface, refusal: str) -> None:
        """A refusal over the bottom of the screen: one line, or two (three on the 3.5" screen) when
        it is long, at the readable size."""
        two = self.fonts.width(refusal, max(self.px(20), self.read_px)) > self.w - self.px(16)
        line_h = self.fonts.font(max(self.px(20), self.read_px), False).get_linesize()
        lines = min(3 if self.small else 2,
                    len(self.break_lines(refusal, max(self.px(20), self.read_px), False, self.w - self.px(16))))
        tall = max(self.px(64 if two else 40), lines * line_h + self.px(8))  # 3.5": 2.5 mm lines, up to three
        rect = pygame.Rect(0, self.h - tall, self.w, tall)
        pygame.draw.rect(surf, (90, 30, 30), rect)
        if two:
            self.wrapped(surf, refusal, 20, (self.px(8), rect.y + self.px(6)), self.w - self.px(16),
                         max_lines=max(2, lines))
        else:
            self.text(surf, refusal, 20, rect.center, FG, anchor="center", max_w=self.w - self.px(16))


    def draw_storage_problem(self, surf: pygame.Surface, problem: str) -> None:
        """The journal cannot be written: a red bar over the top of everything, until it can."""
        rect = pygame.Rect(0, 0, self.w, self.px(30))
        pygame.draw.rect(surf, (120, 20, 20), rect)
        self.text(surf, problem, 16, rect.center, FG, anchor="center", max_w=self.w - self.px(12))

    def cover(self, area: pygame.Rect) -> None:
        """Something is drawn over ``area``: what lay under it is neither touchable nor seen (its
        touch targets and recorded lines are dropped)."""
        self.targets = [(r, n) for r, n in self.targets if not r.colliderect(area)]
        if self.drawn is not None:
            self.drawn = [d for d in self.drawn if not d.rect.colliderect(area)]

    def title_right(self, area: pygame.Rect) -> int:
        """Where a panel's title line over ``area`` ends: short of the help button's corner."""
        right = area.right - self.px(12)
        return min(right, self.help_corner().x - self.px(8)) if area.y < self.help_corner().bottom else right

    def announcement_panel(self, surf: pygame.Surface, area: pygame.Rect, title: str,
                           title_right: int | None = None) -> tuple[int, int, int]:
        """A lit panel over ``area`` headed by ``title`` (its lines ending at ``title_right``,
        default :meth:`title_right`): returns (x, y, w) of the room under the title."""
        self.cover(area)
        pygame.draw.rect(surf, PANEL, area, border_radius=self.px(12))
        pygame.draw.rect(surf, LIT, area, self.px(3), border_radius=self.px(12))
        x, y, w = area.x + self.px(12), area.y + self.px(10), area.w - self.px(24)
        right = self.title_right(area) if title_right is None else title_right
        below = self.wrapped(surf, title, 28, (x, y), right - x, LIT, bold=True, max_lines=2, min_size=20)
        under_help = self.help_corner().bottom + self.px(4) if right < area.right - self.px(12) else 0
        return x, max(y + self.px(44), below + self.px(6), under_help), w

    def draw_resume(self, surf: pygame.Surface, ctl: C) -> None:
        m = self.px(20)
        self.text(surf, _("Unfinished game found"), 40, (self.w // 2, self.px(50)), bold=True, anchor="center",
                  max_w=self.w - 2 * m)
        bw, bh = self.px(300), self.tap(90)
        line_h = self.fonts.font(max(self.px(26), self.read_px), False).get_linesize()
        room = self.h - self.px(8) - bh - self.px(12) - self.px(90)  # the 3.5" screen: as many lines as fit
        y = self.wrapped(surf, ctl.resume_info, 26, (m, self.px(90)), self.w - 2 * m, DIM,
                         max_lines=max(3, room // line_h))
        y = max(y + self.px(12), self.px(200))
        self.button(surf, pygame.Rect(self.w // 2 - bw - self.px(15), y, bw, bh), _("Resume ✓"), "confirm",
                    colour=OK, size=30)
        self.button(surf, pygame.Rect(self.w // 2 + self.px(15), y, bw, bh), _("New game"), "undo", size=30)
        if not ctl.discard_armed:  # once armed, the refusal strip says "press UNDO again"
            line = (_("UNDO twice discards it for a new game") if ctl.resume_refused else
                    _("CONFIRM resumes · UNDO twice discards it for a new game"))
            below = y + bh + self.px(14)
            if below + self.wrapped_height(line, 22, self.w - 2 * m) <= self.h:  # a reminder: where it fits
                self.wrapped(surf, line, 22, (m, below), self.w - 2 * m, DIM, max_lines=99)


    def draw_entry(self, surf: pygame.Surface, text: str) -> None:
        """The one-line command entry (``:``) over the bottom of the screen."""
        rect = pygame.Rect(0, self.h - self.px(44), self.w, self.px(44))
        pygame.draw.rect(surf, (10, 12, 16), rect)
        pygame.draw.rect(surf, LIT, rect, self.px(2))
        self.text(surf, _("enter ↵  ·  esc"), 18, (self.w - self.px(10), rect.centery), DIM, anchor="midright",
                  max_w=self.px(130))
        self.text(surf, f": {text}_", 24, (self.px(10), rect.centery), FG, anchor="midleft",
                  max_w=self.w - self.px(140))

    def hit(self, pos: tuple[int, int]) -> str | None:
        for rect, name in reversed(self.targets):
            if rect.collidepoint(pos):
                return name
        return None
