"""Drawing the controller's state with pygame: one ``View`` per screen size.

Layouts scale from one design (800×480, the official 7" display) by ``min(w/800, h/480)``;
small screens (height < 400, e.g. 480×320) drop the step reminders 2–4 but keep every action
(Undo, Correct, Blind draw, Cottage). Every variety is drawn with its colour AND its mark AND
its name (marks: diamond, heart, cross, hexagon, plus, moon, drop — shapes no seat uses; the
older circle/triangle/square/star still draw); every seat with its colour AND its symbol.
Lines people read from across the table wrap (``View.wrapped``) rather than shrink below 18 px
of the 800×480 design. Text is rendered once and cached; the board path is drawn once per game and cached.
``View.targets`` lists the touch targets (rect, button name) of the last frame.
"""

from __future__ import annotations

import itertools
import logging
import math
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame
import pygame.freetype

from table.companion.labels import both
from table.display import coach_view, players_view, teach_view
from table.games.applejack.companion.api import PAD_TOTAL_LOOKING, SEAT_COLOURS, STEPS, Controller, campaign_middle
from table.games.applejack.labels import seat_label, solo_words, start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.games.applejack.rules.walk import FINAL_PIPS
from table.i18n import LANGUAGE_NAMES, N_, _, current_language, ngettext
from table.i18n.names import mark_name, symbol_name, variety_name

if TYPE_CHECKING:
    from table.games.applejack.rules.track import Track

Colour = tuple[int, int, int]
BG: Colour = (18, 22, 28)
PANEL: Colour = (38, 44, 54)
FG: Colour = (240, 240, 235)
DIM: Colour = (150, 156, 165)
LIT: Colour = (255, 214, 0)
WARN: Colour = (230, 70, 60)
OK: Colour = (70, 190, 110)

log = logging.getLogger("applejack.display")

ANNOUNCEMENT_TITLES: dict[str, str] = {
    "harvest": N_("HARVEST"), "blossom": N_("BLOSSOM SCORING"), "loop": N_("NEW LOOP"),
    "middle": N_("MIDDLE SPACE"), "refill": N_("REFILL"), "end": N_("GAME OVER"),
}
"""An announcement's heading by its kind (translated where it is drawn)."""
SCORE_LABELS: tuple[str, ...] = (N_("Harvest ×2"), N_("Varieties"), N_("Blossoms"), N_("Honey"), N_("Total"))
"""The rows of a final scoring table (the result screen and the demo's)."""


LATIN_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
JAPANESE_FONTS = ("NotoSansJP-Subset-Regular.otf", "NotoSansJP-Subset-Bold.otf")
"""Japanese draws with a Noto Sans CJK JP subset (``tools/make_cjk_font.py``); a glyph it lacks
(``▸``, ``⌫``) falls back to DejaVu, the font of every other language."""
JAPANESE_SCALE = 0.86
"""Noto's line box and kanji are larger than DejaVu's at the same pixel size (ascent 1.2 em against
0.93): Japanese above 16 px is drawn this much smaller (never below 16 px, so that small kanji stay
legible), so that a heading takes the height the layout gives it."""


def japanese_px(size: int) -> int:
    """The Noto pixel size for a line laid out at ``size`` px (monotonic: a smaller size never grows)."""
    return size if size <= 16 else max(16, round(size * JAPANESE_SCALE))
SMALLEST_PX = 8
"""The smallest text in real pixels: a line too wide for its box at this size is squeezed or cut."""


def _fonts_folder() -> Path:
    return Path(str(resources.files("table.display").joinpath("fonts")))


@lru_cache(maxsize=1)
def japanese_fonts_present() -> bool:
    """Whether the Japanese fonts were installed; without them Japanese draws with DejaVu (boxes
    for kana and kanji) after one log line, rather than stopping the kiosk."""
    missing = [name for name in JAPANESE_FONTS if not (_fonts_folder() / name).is_file()]
    if missing:
        log.warning("Japanese fonts missing (%s): Japanese text draws with DejaVu", ", ".join(missing))
    return not missing


def font_family(language: str | None = None) -> str:
    """``"ja"`` (the Noto subset) or ``"latin"`` (DejaVu) for ``language`` (default: the current one)."""
    return "ja" if (language or current_language()) == "ja" and japanese_fonts_present() else "latin"


def font_path(bold: bool = False, language: str | None = None) -> Path:
    """The font file for ``language`` (default: the current one), regular or bold."""
    names = JAPANESE_FONTS if font_family(language) == "ja" else LATIN_FONTS
    return _fonts_folder() / names[bold]


@lru_cache(maxsize=8)
def _coverage(path: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


def missing_glyphs(text: str, bold: bool = False, language: str | None = None) -> str:
    """The characters of ``text`` (whitespace aside) that ``language``'s font has no glyph for,
    each once, in order (FreeType's metrics are None for a missing glyph)."""
    chars = "".join(dict.fromkeys(c for c in text if not c.isspace()))
    if not chars:
        return ""
    metrics = _coverage(str(font_path(bold, language))).get_metrics(chars)
    return "".join(c for c, m in zip(chars, metrics, strict=True) if m is None)


def hex_colour(s: str) -> Colour:
    return int(s[1:3], 16), int(s[3:5], 16), int(s[5:7], 16)


def contrast(c: Colour) -> Colour:
    return (0, 0, 0) if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 140 else (255, 255, 255)


class Fonts:
    """Fonts loaded by path from the package, per language family (DejaVu, or the Japanese subset
    with DejaVu for the glyphs it lacks); rendered text cached by (family, text, size, bold, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._cache: dict[tuple[str, str, int, bool, Colour], pygame.Surface] = {}
        self._missing: dict[tuple[str, str, bool], str] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The current language's font at ``size`` px."""
        return self._font(size, bold, font_family())

    def _font(self, size: int, bold: bool, fam: str) -> pygame.font.Font:
        key = (fam, size, bold)
        if key not in self._fonts:
            path = str(font_path(bold, "ja" if fam == "ja" else "en"))
            self._fonts[key] = pygame.font.Font(path, japanese_px(size) if fam == "ja" else size)
        return self._fonts[key]

    def _runs(self, text: str, bold: bool, family: str) -> list[tuple[str, str]]:
        """``text`` cut into runs of (family, text). Japanese: the Noto subset's glyphs, DejaVu's for
        the symbols it lacks; any other language: DejaVu's, the Noto subset's for kana and kanji
        (a player's name, a language's own name) that DejaVu lacks."""
        if family != "ja" and (text.isascii() or not any(is_cjk(c) for c in text) or not japanese_fonts_present()):
            return [(family, text)]  # the common case, at no cost: one font
        key = (family, text, bold)
        missing = self._missing.get(key)
        if missing is None:
            if len(self._missing) > 2000:
                self._missing.clear()
            missing = missing_glyphs(text, bold, "ja" if family == "ja" else "en")
            if family != "ja":
                missing = "".join(c for c in missing if is_cjk(c))
            self._missing[key] = missing
        if not missing:
            return [(family, text)]
        other = "latin" if family == "ja" else "ja"
        runs: list[tuple[str, str]] = []
        for c in text:
            fam = other if c in missing else family
            if runs and runs[-1][0] == fam:
                runs[-1] = (fam, runs[-1][1] + c)
            else:
                runs.append((fam, c))
        return runs

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """How wide ``text`` is drawn at ``size`` px (what ``text`` would render), in pixels."""
        return sum(self._font(size, bold, fam).size(part)[0] for fam, part in self._runs(text, bold, font_family()))

    def text(self, text: str, size: int, colour: Colour = FG, bold: bool = False) -> pygame.Surface:
        family = font_family()
        key = (family, text, size, bold, colour)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 2000:
                self._cache.clear()
            runs = self._runs(text, bold, family)
            if len(runs) == 1:
                surf = self._font(size, bold, runs[0][0]).render(text, True, colour)
            else:
                surf = self._render_runs(runs, size, colour, bold)
            self._cache[key] = surf
        return surf

    def _render_runs(self, runs: list[tuple[str, str]], size: int, colour: Colour, bold: bool) -> pygame.Surface:
        """Runs of two fonts side by side on one baseline."""
        imgs = [(self._font(size, bold, fam), self._font(size, bold, fam).render(part, True, colour))
                for fam, part in runs]
        ascent = max(f.get_ascent() for f, _img in imgs)
        height = max(ascent - f.get_ascent() + img.get_height() for f, img in imgs)
        out = pygame.Surface((sum(img.get_width() for _f, img in imgs), height), pygame.SRCALPHA)
        x = 0
        for f, img in imgs:
            out.blit(img, (x, ascent - f.get_ascent()))
            x += img.get_width()
        return out


def shape_points(mark: str, c: tuple[float, float], r: float) -> list[tuple[float, float]] | None:
    x, y = c
    if mark == "triangle":
        return [(x, y - r), (x + r * 0.9, y + r * 0.7), (x - r * 0.9, y + r * 0.7)]
    if mark == "square":
        k = r * 0.8
        return [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]
    if mark == "diamond":
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if mark == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        return pts
    if mark == "hexagon":
        return [(x + r * math.cos(math.pi / 3 * i), y + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    if mark in ("cross", "plus"):
        k, w = r, r * 0.35
        pts = [(-w, -k), (w, -k), (w, -w), (k, -w), (k, w), (w, w), (w, k), (-w, k), (-w, w), (-k, w), (-k, -w),
               (-w, -w)]
        if mark == "cross":
            s = math.sqrt(0.5)
            pts = [(px * s - py * s, px * s + py * s) for px, py in pts]
        return [(x + px, y + py) for px, py in pts]
    if mark == "moon":  # a crescent opening to the right
        outer = [(x + r * math.cos(a), y + r * math.sin(a))
                 for a in (math.pi / 3 + i * (4 * math.pi / 3) / 16 for i in range(17))]
        cx, ri = x + 0.5 * r, r * math.sqrt(0.75)
        inner = [(cx + ri * math.cos(a), y + ri * math.sin(a))
                 for a in (3 * math.pi / 2 - i * math.pi / 12 for i in range(1, 12))]
        return outer + inner
    if mark == "drop":  # a raindrop: the point up, round below
        pts = []
        for i in range(28):
            t = 2 * math.pi * i / 28
            pts.append((x + 1.1 * r * math.sin(t) * math.sin(t / 2), y - r * math.cos(t)))
        return pts
    if mark == "heart":
        pts = []
        for i in range(24):
            t = 2 * math.pi * i / 24
            hx = 16 * math.sin(t) ** 3
            hy = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
            pts.append((x + hx * r / 17, y + hy * r / 17 + r * 0.1))
        return pts
    return None  # circle


def draw_mark(surf: pygame.Surface, mark: str, c: tuple[float, float], r: float, fill: Colour,
              outline: Colour | None = None) -> None:
    pts = shape_points(mark, c, r)
    width = max(1, round(r / 8))
    if pts is None:
        pygame.draw.circle(surf, fill, (round(c[0]), round(c[1])), round(r))
        if outline:
            pygame.draw.circle(surf, outline, (round(c[0]), round(c[1])), round(r), width)
    else:
        pygame.draw.polygon(surf, fill, pts)
        if outline:
            pygame.draw.polygon(surf, outline, pts, width)


def draw_variety(surf: pygame.Surface, colour: str, mark: str, c: tuple[float, float], r: float) -> None:
    """A variety token: a disc of its colour with its mark in the contrasting colour."""
    col = hex_colour(colour)
    pygame.draw.circle(surf, col, (round(c[0]), round(c[1])), round(r))
    pygame.draw.circle(surf, FG, (round(c[0]), round(c[1])), round(r), max(1, round(r / 10)))
    draw_mark(surf, mark, c, r * 0.68, contrast(col))


APPLE_R = 0.62
"""A printed apple's radius on the board path, as a share of a space's."""


def draw_die(surf: pygame.Surface, rect: pygame.Rect, pips: int) -> None:
    pygame.draw.rect(surf, (250, 250, 250), rect, border_radius=max(2, rect.w // 6))
    pygame.draw.rect(surf, (0, 0, 0), rect, max(1, rect.w // 16), border_radius=max(2, rect.w // 6))
    r = max(2, rect.w // 10)
    cx, cy, d = rect.centerx, rect.centery, rect.w // 4
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)]}.get(pips, [(0, 0)])
    for dx, dy in spots:
        pygame.draw.circle(surf, (0, 0, 0), (cx + dx * d, cy + dy * d), r)


@lru_cache(maxsize=16)
def path_positions(n: int, w: int, h: int) -> tuple[tuple[int, int], ...]:
    """Space centres of an n-space path laid out as a serpentine in a w×h box."""
    cols = min(n, max(4, math.ceil(math.sqrt(n * w / max(1, h)))))
    rows = math.ceil(n / cols)
    cw, rh = w / cols, h / rows
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        if row % 2:
            col = cols - 1 - col
        out.append((round(cw * (col + 0.5)), round(rh * (row + 0.5))))
    return tuple(out)


def path_layout(apples_by_space: tuple[tuple[int, ...], ...], w: int, h: int, r_max: int) -> tuple[
        tuple[tuple[int, int], ...], int, list[tuple[int, tuple[float, float], float]]]:
    """The board path in a w×h box: space centres, the space radius, and every printed apple as
    (variety, centre, radius). Every apple must show between its two spaces: the spaces shrink until
    the shortest segment with apples holds both half-spaces and one apple; two apples on one segment
    stand side by side across the path."""
    n = len(apples_by_space)
    pos = path_positions(n, w, h)
    r = max(6, min(round(min(w / math.ceil(math.sqrt(n * w / max(1, h))), h / 4) * 0.28), r_max))
    segments = [math.dist(pos[i], pos[i + 1]) for i in range(n - 1) if apples_by_space[i]]
    if segments:
        r = max(6, min(r, math.floor(min(segments) / (2 + 2 * APPLE_R + 0.4))))
    ra = max(5.0, r * APPLE_R)
    out: list[tuple[int, tuple[float, float], float]] = []
    for i in range(n - 1):
        apples = apples_by_space[i]
        (x0, y0), (x1, y1) = pos[i], pos[i + 1]
        length = max(1.0, math.dist(pos[i], pos[i + 1]))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        across = (-(y1 - y0) / length, (x1 - x0) / length)
        for k, v in enumerate(apples):
            off = (k - (len(apples) - 1) / 2) * 2.15 * ra
            out.append((v, (mx + across[0] * off, my + across[1] * off), ra))
    return pos, r, out


CLOSING = "、。，．・：；？！ー)）」』】〕〉》”’ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥%％"
"""Characters a line never starts with (Japanese line breaking, kinsoku)."""
OPENING = "(（「『【〔〈《“‘"
"""Characters a line never ends with."""


def is_cjk(c: str) -> bool:
    """A character of a script written without spaces (kana, kanji, CJK punctuation, full-width forms)."""
    return c >= "\u2e80"


def line_units(text: str) -> list[tuple[str, bool]]:
    """``text`` as the pieces a line may break between: (piece, glued), ``glued`` when it follows the
    piece before without a space. Words split at spaces; Japanese also between two characters
    (never before closing or after opening punctuation)."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        piece = word[0]
        glued = False
        for prev, c in itertools.pairwise(word):
            if (is_cjk(prev) or is_cjk(c)) and c not in CLOSING and prev not in OPENING:
                out.append((piece, glued))
                piece, glued = c, True
            else:
                piece += c
        out.append((piece, glued))
    return out


class DrawnText(NamedTuple):
    """A line a view drew (recorded when ``View.drawn`` is a list: the fit tests): where it landed,
    its text, the width it was given and the box it belongs in (a button's)."""

    rect: pygame.Rect
    text: str
    max_w: int | None
    box: pygame.Rect | None


class View:
    def __init__(self, size: tuple[int, int], fonts: Fonts | None = None) -> None:
        self.w, self.h = size
        self.s = min(self.w / 800, self.h / 480)
        self.small = self.h < 400
        self.fonts = fonts or Fonts()
        self.targets: list[tuple[pygame.Rect, str]] = []
        self._board_cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.drawn: list[DrawnText] | None = None
        """Every line of the last frame when set to a list (tests); None draws without recording."""

    # --- helpers ----------------------------------------------------------------------------------
    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def new_frame(self) -> None:
        """A frame starts: no touch targets, no recorded lines yet."""
        self.targets = []
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
             box: pygame.Rect | None = None) -> pygame.Rect:
        """One line at ``size`` px of the 800×480 design; with ``max_w`` (and ``max_h``) it shrinks to
        fit, down to :data:`SMALLEST_PX`, then is squeezed (up to a fifth) or cut with ``…``."""
        px = self.px(size)
        img = self.fonts.text(text, px, colour, bold)
        wide = 1 << 30 if max_w is None else max_w
        high = 1 << 30 if max_h is None else max_h
        while (img.get_width() > wide or img.get_height() > high) and px > SMALLEST_PX:
            px = max(SMALLEST_PX, int(px * 0.9))
            img = self.fonts.text(text, px, colour, bold)
        if max_w is not None and img.get_width() > max_w:
            limit = max(1, max_w)
            if img.get_width() * 0.8 > limit:
                img = self.fonts.text(self.ellipsized(text, px, bold, limit), px, colour, bold)
            if img.get_width() > limit:
                img = pygame.transform.smoothscale(img, (limit, img.get_height()))
        rect = img.get_rect(**{anchor: pos})
        surf.blit(img, rect)
        if self.drawn is not None:
            self.drawn.append(DrawnText(rect, text, max_w, box))
        return rect

    def break_lines(self, text: str, px: int, bold: bool, max_w: int) -> list[str]:
        """``text`` broken into lines of at most ``max_w`` pixels at ``px`` (a piece longer than a
        line stays whole on its own line)."""
        lines: list[str] = []
        for piece, glued in line_units(text):
            if lines:
                joined = lines[-1] + ("" if glued else " ") + piece
                if self.fonts.width(joined, px, bold) <= max_w:
                    lines[-1] = joined
                    continue
            lines.append(piece)
        return lines

    def wrapped(self, surf: pygame.Surface, text: str, size: float, pos: tuple[int, int], max_w: int,
                colour: Colour = FG, bold: bool = False, max_lines: int = 3, min_size: float = 18) -> int:
        """Text broken into lines of at most ``max_w`` pixels (shrunk, never below ``min_size`` of the
        800×480 design, until it fits in ``max_lines``; at that floor the last line ends in ``…``);
        returns the y below the last line."""
        px = self.px(size)
        floor = self.px(min_size)
        while True:
            lines = self.break_lines(text, px, bold, max_w)
            if len(lines) <= max_lines or px <= floor:
                break
            px = max(floor, int(px * 0.9))
        if len(lines) > max_lines:
            rest = lines[max_lines - 1:]
            glue = "" if font_family() == "ja" else " "
            lines = [*lines[:max_lines - 1], self.ellipsized(glue.join(rest), px, bold, max_w)]
        font = self.fonts.font(px, bold)
        x, y = pos
        for line in lines:
            img = self.fonts.text(line, px, colour, bold)
            if img.get_width() > max_w:  # one word longer than the line: the last resort is to shrink it
                img = pygame.transform.smoothscale(img, (max_w, max(1, img.get_height() * max_w // img.get_width())))
            rect = surf.blit(img, (x, y))
            if self.drawn is not None:
                self.drawn.append(DrawnText(rect, line, max_w, None))
            y += font.get_linesize()
        return y

    def button(self, surf: pygame.Surface, rect: pygame.Rect, label: str, name: str, *, lit: bool = False,
               size: float = 22, colour: Colour | None = None) -> None:
        fill = colour or (LIT if lit else PANEL)
        pygame.draw.rect(surf, fill, rect, border_radius=self.px(8))
        pygame.draw.rect(surf, FG if not lit else (0, 0, 0), rect, self.px(2), border_radius=self.px(8))
        self.text(surf, label, size, rect.center, contrast(fill), bold=True, anchor="center", max_w=rect.w - 6,
                  max_h=rect.h, box=rect)
        self.targets.append((rect, name))

    def language_button(self, surf: pygame.Surface, rect: pygame.Rect | None = None) -> pygame.Rect:
        """The setup screens' language button (touch target ``language``, key ``l``): the current
        language by its own name; each press goes to the next language. Any game's setup view may
        draw it (default: the bottom row, left of the corner where the players' History button
        goes, right of the shell's game tab)."""
        if rect is None:
            rect = pygame.Rect(self.w - self.px(350), self.h - self.px(44), self.px(170), self.px(36))
        self.button(surf, rect, f"{LANGUAGE_NAMES[current_language()]} ▸", "language", size=20)
        return rect

    def seat_badge(self, surf: pygame.Surface, seat: int, c: tuple[int, int], r: int) -> None:
        col = hex_colour(SEAT_COLOURS[seat])
        pygame.draw.circle(surf, col, c, r)
        draw_mark(surf, SEAT_SYMBOLS[seat], c, r * 0.62, FG, (0, 0, 0))

    # --- frame ------------------------------------------------------------------------------------
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
            rect = pygame.Rect(0, 0, self.w, self.px(30))
            pygame.draw.rect(surf, (120, 20, 20), rect)
            self.text(surf, ctl.storage_problem, 16, rect.center, FG, anchor="center", max_w=self.w - self.px(12))
        if ctl.setup.sensor and ctl.track is not None and ctl.sensor_state in ("disconnected", "reconnecting"):
            state = {"disconnected": _("die sensor disconnected"), "reconnecting": _("die sensor reconnecting")}
            self.text(surf, state.get(ctl.sensor_state, f"die sensor {ctl.sensor_state}"), 18,
                      (self.w - self.px(8), self.h - self.px(6)), WARN, anchor="bottomright", max_w=self.w // 2)

    def draw_refusal(self, surf: pygame.Surface, refusal: str) -> None:
        """A refusal over the bottom of the screen: one line, or two when it is long (never below 18 px)."""
        two = self.fonts.width(refusal, self.px(20)) > self.w - self.px(16)
        rect = pygame.Rect(0, self.h - self.px(64 if two else 40), self.w, self.px(64 if two else 40))
        pygame.draw.rect(surf, (90, 30, 30), rect)
        if two:
            self.wrapped(surf, refusal, 20, (self.px(8), rect.y + self.px(6)), self.w - self.px(16), max_lines=2)
        else:
            self.text(surf, refusal, 20, rect.center, FG, anchor="center", max_w=self.w - self.px(16))

    draw_hint = draw_refusal
    """The old name, kept for the views outside this module that draw a refusal through it."""

    # --- setup / resume ---------------------------------------------------------------------------
    def draw_setup(self, surf: pygame.Surface, ctl: Controller) -> None:
        if players_view.draw_setup_overlay(self, surf, ctl):  # a name's keyboard, the history
            return
        s = ctl.setup
        self.text(surf, _("Applejack — new game"), 38, (self.px(20), self.px(12)), bold=True,
                  max_w=self.w - self.px(260))
        r = pygame.Rect(self.w - self.px(220), self.px(8), self.px(200), self.px(58))
        self.button(surf, r, _("Start ✓"), "confirm", colour=OK, size=30)
        y = self.px(70)
        row_h = self.px(56)
        lab_w = self.px(250)
        bw = self.px(120)
        self.text(surf, _("Players  (1–4)"), 26, (self.px(20), y + row_h // 2), anchor="midleft",
                  max_w=lab_w - self.px(24))
        for i, n in enumerate((1, 2, 3, 4)):
            r = pygame.Rect(lab_w + i * (bw + self.px(10)), y + self.px(4), bw, row_h - self.px(8))
            self.button(surf, r, _("Solo") if n == 1 else str(n), f"trough{n}", lit=s.players == n, size=26)
        y += row_h
        honey = start_honey(ctl.data, s.players)
        for seat in range(s.players):
            c = (lab_w + seat * (bw + self.px(10)) + self.px(18), y + self.px(28))
            self.seat_badge(surf, seat, c, self.px(17))
            self.text(surf, symbol_name(SEAT_SYMBOLS[seat]), 18, (c[0] + self.px(22), c[1] - self.px(11)),
                      anchor="midleft", max_w=bw - self.px(32))
            self.text(surf, _("{n} honey").format(n=honey[seat]), 18, (c[0] + self.px(22), c[1] + self.px(11)), LIT,
                      anchor="midleft", bold=True, max_w=bw - self.px(32))
        self.text(surf, _("Seats · start"), 22, (self.px(20), y + self.px(28)), DIM, anchor="midleft",
                  max_w=lab_w - self.px(24))
        y += self.px(60)
        rows_h = self.px(46)
        teach_view.draw_toggle(self, surf, ctl, y, rows_h)  # teach mode, right of the first option row
        on_text, off_text = _("On"), _("Off")
        rows = [(_("Cottage tile (5)"), "trough5", on_text if s.cottage else off_text, s.cottage),
                (_("Apple tiles (6)"), "trough6", _("Shuffled") if s.apple_tiles is not None else off_text,
                 s.apple_tiles is not None),
                (_("Orchards (o)"), "orchards", _("Side B") if s.orchards is not None else _("Side A"),
                 s.orchards is not None)]
        if s.players == 1:
            rows.append((_("Campaign (k)"), "campaign",
                         _("Game {n} of 4").format(n=s.campaign) if s.campaign else off_text, bool(s.campaign)))
        rows.append((_("Die sensor (7)"), "trough7", on_text if s.sensor else off_text, s.sensor))
        x0 = lab_w + self.px(186)
        for label, name, value, on in rows:
            mid = y + rows_h // 2
            self.text(surf, label, 24, (self.px(20), mid), anchor="midleft", max_w=lab_w - self.px(24))
            r = pygame.Rect(lab_w, y + self.px(3), self.px(170), rows_h - self.px(6))
            self.button(surf, r, value, name, lit=on, size=22)
            if name == "trough7" and ctl.sensor_note():
                self.text(surf, ctl.sensor_note(), 20, (x0, mid), WARN, anchor="midleft",
                          max_w=self.w - x0 - self.px(10))
            if name == "trough6" and s.apple_tiles is not None:
                for i, v in enumerate(s.apple_tiles):
                    var = ctl.data.varieties[v]
                    c = (x0 + self.px(14) + i * self.px(36), mid)
                    draw_variety(surf, var.colour, var.mark, c, self.px(15))
                    hit = pygame.Rect(0, 0, self.px(34), rows_h)
                    hit.center = c
                    self.targets.append((hit, f"apple{i}"))  # a tap moves it one place forward
            if name == "orchards" and s.orchards is not None:
                ow = self.px(64)
                for seat, side in enumerate(s.orchards):  # a tap gives the seat its next B side
                    orr = pygame.Rect(x0 + seat * (ow + self.px(6)), y + self.px(5), ow, rows_h - self.px(10))
                    pygame.draw.rect(surf, hex_colour(SEAT_COLOURS[seat]), orr, border_radius=self.px(6))
                    self.text(surf, side, 20, orr.center, FG, bold=True, anchor="center", max_w=ow - 4)
                    self.targets.append((orr, f"orchard{seat}"))
            if name == "campaign":
                kept = campaign_middle(s.campaign) if s.campaign else 0
                note = (_("keep 1 tile for game 2") if s.campaign == 1 else
                        ngettext("{n} kept tile on the middle trees", "{n} kept tiles on the middle trees",
                                 kept).format(n=kept) if s.campaign
                        else _("4 solo games, tiles kept"))
                self.text(surf, note, 20, (x0, mid), DIM, anchor="midleft", max_w=self.w - x0 - self.px(10))
            y += rows_h
        if s.tracked:
            line = _("Orchard tracking on · hints: {hints}  (keys t, h) · every tile is typed in").format(
                hints=s.hints_text())
            self.wrapped(surf, line, 22, (self.px(20), max(y + self.px(6), self.h - self.px(56))),
                         self.w - self.px(390), LIT, bold=True, max_lines=2)
        self.language_button(surf)
        players_view.draw_setup_names(self, surf, ctl)  # the seats' name buttons, History

    def draw_resume(self, surf: pygame.Surface, ctl: Controller) -> None:
        self.text(surf, _("Unfinished game found"), 40, (self.w // 2, self.px(70)), bold=True, anchor="center",
                  max_w=self.w - self.px(20))
        self.text(surf, ctl.resume_info, 26, (self.w // 2, self.px(140)), DIM, anchor="center",
                  max_w=self.w - self.px(20))
        bw, bh = self.px(300), self.px(90)
        self.button(surf, pygame.Rect(self.w // 2 - bw - self.px(15), self.px(220), bw, bh), _("Resume ✓"), "confirm",
                    colour=OK, size=30)
        self.button(surf, pygame.Rect(self.w // 2 + self.px(15), self.px(220), bw, bh), _("New game"), "undo", size=30)
        if not ctl.discard_armed:  # once armed, the refusal strip says "press UNDO again"
            line = (_("UNDO twice discards it for a new game") if ctl.resume_refused else
                    _("CONFIRM resumes · UNDO twice discards it for a new game"))
            self.text(surf, line, 22, (self.w // 2, self.px(360)), DIM, anchor="center", max_w=self.w - self.px(20))

    # --- play -------------------------------------------------------------------------------------
    def board_surface(self, track: Track, ctl: Controller, w: int, h: int) -> pygame.Surface:
        key = (track.config, w, h)
        surf = self._board_cache.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface((w, h))
        surf.fill(PANEL)
        pos, r, apples = path_layout(track.apples, w, h, self.px(24))
        for i in range(len(pos) - 1):
            pygame.draw.line(surf, DIM, pos[i], pos[i + 1], max(2, round(r) // 5))
        for i, space in enumerate(track.board.spaces):
            c = pos[i]
            if space.seat is None:  # innermost with a bridge: blossom scoring and back to the start
                draw_mark(surf, "star", c, r, (250, 190, 220), FG)
            else:
                col = hex_colour(SEAT_COLOURS[space.seat])
                pygame.draw.circle(surf, col, c, r)
                draw_mark(surf, SEAT_SYMBOLS[space.seat], c, r * 0.55, FG)
        for v, centre, ra in apples:
            var = self._var(ctl, v)
            draw_variety(surf, var[0], var[1], centre, ra)
        self._board_cache = {key: surf}
        return surf

    def _var(self, ctl: Controller, v: int) -> tuple[str, str]:
        var = ctl.data.varieties[v]
        return var.colour, var.mark

    def draw_play(self, surf: pygame.Surface, ctl: Controller) -> None:
        t = ctl.t
        s = t.state
        top = self.px(84)
        # header: whose turn
        seat = t.seat
        self.seat_badge(surf, seat, (self.px(44), self.px(42)), self.px(34))
        die_space, die_pips = ctl.shown_die()
        if t.is_terminal():
            title = _("Game over")
        elif s.phase == Phase.STOCK:
            title = _("{seat}: restock the cottage").format(seat=seat_label(seat))
        else:
            title = _("{seat}'s turn").format(seat=seat_label(seat))
        title = players_view.play_title(ctl, seat, title)  # a named seat: its player
        self.text(surf, title, 40, (self.px(88), self.px(8)), bold=True, max_w=self.w - self.px(300))
        last = t.is_last_turn() and not t.is_terminal()
        if t.is_terminal():
            sub = ngettext("after {n} turn: final scoring", "after {n} turns: final scoring", s.turn).format(n=s.turn)
        else:
            sub = (_("Turn {turn} · loop {loop} of {loops} · LAST TURN") if last else
                   _("Turn {turn} · loop {loop} of {loops}")).format(turn=s.turn + 1, loop=die_pips, loops=FINAL_PIPS)
        self.text(surf, sub, 24, (self.px(90), self.px(54)), LIT if last or t.is_terminal() else DIM,
                  bold=last or t.is_terminal(), max_w=self.w - self.px(260))
        supply = ctl.tracked.supply_left() if ctl.tracked is not None else s.supply
        self.text(surf, _("Supply"), 20, (self.w - self.px(16), self.px(6)), DIM, anchor="topright",
                  max_w=self.px(150))
        self.text(surf, str(supply), 44, (self.w - self.px(16), self.px(28)), bold=True, anchor="topright")
        # board
        bw = self.w * 0.56
        bh = self.h - top - (self.px(70) if not self.small or ctl.tracked is not None else self.px(48))
        bh -= teach_view.room(self, ctl)  # teach mode: the lesson strip along the bottom
        board_rect = pygame.Rect(self.px(10), top, round(bw), round(bh))
        surf.blit(self.board_surface(t, ctl, board_rect.w, board_rect.h), board_rect)
        n = len(t.board.spaces)
        pos = path_positions(n, board_rect.w, board_rect.h)
        c = pos[die_space - 1]
        d = self.px(36)
        die_rect = pygame.Rect(0, 0, d, d)
        die_rect.center = (board_rect.x + c[0], board_rect.y + c[1])
        pygame.draw.circle(surf, LIT, die_rect.center, round(d * 0.85), self.px(4))
        draw_die(surf, die_rect, die_pips)
        if ctl.die_wrong() and ctl.die_seen is not None and 1 <= ctl.die_seen <= n:
            wc = pos[ctl.die_seen - 1]
            wx, wy = board_rect.x + wc[0], board_rect.y + wc[1]
            pygame.draw.line(surf, WARN, (wx - d // 2, wy - d // 2), (wx + d // 2, wy + d // 2), self.px(6))
            pygame.draw.line(surf, WARN, (wx - d // 2, wy + d // 2), (wx + d // 2, wy - d // 2), self.px(6))
        # right column: troughs or announcement
        rx = board_rect.right + self.px(14)
        rw = self.w - rx - self.px(10)
        if ctl.pending:
            self.draw_announcement(surf, ctl, pygame.Rect(rx, top, rw, round(bh)))
        elif not t.is_terminal():
            self.draw_troughs(surf, ctl, pygame.Rect(rx, top, rw, round(bh)))
        # footer: steps, or what the die sensor sees
        fy = board_rect.bottom + self.px(6)
        if ctl.die_wrong():
            self.text(surf, _("The die is on space {seen}: put it on space {space}").format(
                seen=ctl.die_seen, space=s.die.space), 24,
                      (self.px(12), fy), WARN, bold=True, max_w=self.w - self.px(24))
        elif ctl.tracked is not None and not ctl.pending and not t.is_terminal():
            self.draw_tracked_footer(surf, ctl, fy)
        elif not self.small and not ctl.pending and not t.is_terminal():
            self.text(surf, f"2. {_(STEPS[1])}   3. {_(STEPS[2])}", 20, (self.px(12), fy), DIM,
                      max_w=self.w - self.px(24))
            self.text(surf, f"4. {_(STEPS[3])}", 20, (self.px(12), fy + self.px(30)), DIM, max_w=self.w - self.px(24))
        elif t.is_terminal() and not ctl.pending:
            r = pygame.Rect(rx, top, rw, self.px(80))
            self.button(surf, r, _("Score pad ✓"), "confirm", colour=OK, size=28)
        teach_view.draw_lesson(self, surf, ctl)  # teach mode: under the announcement / turn prompt

    def draw_tracked_footer(self, surf: pygame.Surface, ctl: Controller, y: int) -> None:
        """A tracked game: what the table must enter next, then the hint (or how to type)."""
        w = self.w - self.px(24)
        self.text(surf, ctl.waiting_line(), 22, (self.px(12), y), LIT, bold=True, max_w=w)
        advice = ctl.current_advice()
        if advice is not None:
            hint, done = advice
            self.text(surf, hint.line(done), 21, (self.px(12), y + self.px(32)), OK, bold=True, max_w=w)
        else:
            self.text(surf, _("press : to type a step (draw 17, take 3:17, buy, place 5/2)  ·  h hint  ·  u undo"), 18,
                      (self.px(12), y + self.px(34)), DIM, max_w=w)

    def draw_entry(self, surf: pygame.Surface, text: str) -> None:
        """The one-line command entry (``:``) over the bottom of the screen."""
        rect = pygame.Rect(0, self.h - self.px(44), self.w, self.px(44))
        pygame.draw.rect(surf, (10, 12, 16), rect)
        pygame.draw.rect(surf, LIT, rect, self.px(2))
        self.text(surf, _("enter ↵  ·  esc"), 18, (self.w - self.px(10), rect.centery), DIM, anchor="midright",
                  max_w=self.px(130))
        self.text(surf, f": {text}_", 24, (self.px(10), rect.centery), FG, anchor="midleft",
                  max_w=self.w - self.px(140))

    def draw_troughs(self, surf: pygame.Surface, ctl: Controller, area: pygame.Rect) -> None:
        t = ctl.t
        s = t.state
        buttons = ctl.buttons()  # what the engine allows: the view works out no rules
        y = area.y
        if t.on_middle:
            r = pygame.Rect(area.x, y, area.w, self.px(110))
            middle = _("Middle trees: {tiles}").format(tiles=s.middle)
            if ctl.tracked is not None:  # the tiles entered, by number
                tiles = ctl.tracked.middle_tiles()
                middle = _("Middle trees: {tiles}").format(tiles=", ".join(map(str, tiles)) if tiles else _("none"))
            self.button(surf, r, middle, "middle", lit=buttons.middle, size=28)
            y = r.bottom + self.px(10)
        else:
            gap = self.px(10)
            bw = (area.w - gap) // 2
            lit = ctl.leds().troughs
            for i, n in enumerate(t.open_troughs()):
                r = pygame.Rect(area.x + i * (bw + gap), y, bw, self.px(124))
                on = n in lit
                pygame.draw.rect(surf, LIT if on else PANEL, r, border_radius=self.px(10))
                fg = (0, 0, 0) if on else FG
                self.text(surf, _("Trough {n}").format(n=n), 22, (r.centerx, r.y + self.px(8)), fg, anchor="midtop",
                          max_w=bw - 4)
                count = s.troughs[n - 1]
                label = ngettext("tile", "tiles", count)
                if ctl.tracked is not None:  # the tiles entered so far, by number
                    tiles = ctl.tracked.trough_tiles(n)
                    count = len(tiles)
                    label = (ngettext("tile {tiles}", "tiles {tiles}", count).format(tiles=", ".join(map(str, tiles)))
                             if tiles else _("empty"))
                self.text(surf, str(count), 54, (r.centerx, r.y + self.px(34)), fg, bold=True, anchor="midtop")
                self.text(surf, label, 18, (r.centerx, r.bottom - self.px(6)), fg, anchor="midbottom", max_w=bw - 4)
                self.targets.append((r, f"trough{n}"))
            y += self.px(134)
            if buttons.fallback:
                self.text(surf, _("Open troughs empty: take from {troughs}").format(
                    troughs=", ".join(map(str, buttons.fallback))), 18,
                          (area.x, y), LIT, max_w=area.w)
                y += self.px(26)
        bh = self.px(58)
        gap = self.px(10)
        stock = buttons.restock
        row = [(_("Supply") if stock else _("Blind draw"), "blind", buttons.blind)]
        if ctl.setup.cottage and not stock:
            row.append((_("Cottage"), "cottage", buttons.cottage))
        bw = (area.w - gap * (len(row) - 1)) // len(row)
        for i, (label, name, enabled) in enumerate(row):
            r = pygame.Rect(area.x + i * (bw + gap), y, bw, bh)
            self.button(surf, r, label, name, size=22, colour=PANEL if enabled else BG)
        y += bh + gap
        if stock:
            self.text(surf, _("Put a new tile beside the cottage:"), 18, (area.x, y), DIM, max_w=area.w)
            self.text(surf, _("press its trough, or Supply"), 18, (area.x, y + self.px(24)), DIM, max_w=area.w)
        elif ctl.tracked is not None:
            if not self.small and buttons.choosing:
                one, verb = ((_("one tile on the trees: press it;"), "middle TILE") if t.on_middle else
                             (_("one tile in the trough: press it;"), "take TROUGH:TILE"))
                self.text(surf, one, 18, (area.x, y), DIM, max_w=area.w)
                self.text(surf, _("two: type {command}").format(command=verb), 18, (area.x, y + self.px(24)), DIM,
                          max_w=area.w)
        else:
            self.wrapped(surf, ctl.take_step(), 18, (area.x, y), area.w, DIM, max_lines=2)
        if ctl.tracked is not None:
            ur = pygame.Rect(area.x, area.bottom - self.px(44), self.px(110), self.px(44))
            self.button(surf, ur, _("Undo"), "undo", size=18)  # no Correct: a tracked game is set right by undo
        else:  # every size keeps every action
            cr = pygame.Rect(area.right - self.px(130), area.bottom - self.px(44), self.px(130), self.px(44))
            self.button(surf, cr, _("Correct"), "correct", size=18)
            ur = pygame.Rect(area.x, area.bottom - self.px(44), self.px(110), self.px(44))
            self.button(surf, ur, _("Undo"), "undo", size=18)

    def draw_announcement(self, surf: pygame.Surface, ctl: Controller, area: pygame.Rect) -> None:
        a = ctl.pending[0]
        pygame.draw.rect(surf, PANEL, area, border_radius=self.px(12))
        pygame.draw.rect(surf, LIT, area, self.px(3), border_radius=self.px(12))
        x, y, w = area.x + self.px(12), area.y + self.px(10), area.w - self.px(24)
        title = _(ANNOUNCEMENT_TITLES[a.kind]) if a.kind in ANNOUNCEMENT_TITLES else a.kind.upper()
        self.text(surf, title, 28, (x, y), LIT, bold=True, max_w=w)
        y += self.px(44)
        if a.kind == "harvest" and a.variety is not None:
            var = ctl.data.varieties[a.variety]
            r = self.px(40)
            draw_variety(surf, var.colour, var.mark, (x + r, y + r), r)
            self.text(surf, variety_name(var.name), 36, (x + 2 * r + self.px(12), y + self.px(4)), bold=True,
                      max_w=w - 2 * r - self.px(12))
            self.text(surf, _("{mark} mark").format(mark=mark_name(var.mark)), 18,
                      (x + 2 * r + self.px(12), y + self.px(50)), DIM, max_w=w - 2 * r - self.px(12))
            y += 2 * r + self.px(14)
            self.text(surf, _("every area: apples − {pips}").format(pips=a.pips), 28, (x, y), bold=True, max_w=w)
            y += self.px(40)
            self.wrapped(surf, _("each player takes that much honey"), 20, (x, y), w, max_lines=2)
        elif a.kind == "refill":
            self.text(surf, _("one tile into each trough, in order:"), 20, (x, y), max_w=w)
            y += self.px(32)
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
            self.text(surf, f"× {a.pips}", 48, (x, y), bold=True)
            y += self.px(58)
            self.wrapped(surf, _("each blossom pays {pips} honey").format(pips=a.pips), 22, (x, y), w, max_lines=2)
        elif a.kind == "loop":
            d = self.px(64)
            draw_die(surf, pygame.Rect(x, y, d, d), a.pips)
            self.text(surf, _("Loop {loop} of {loops}").format(loop=a.pips, loops=FINAL_PIPS), 32,
                      (x + d + self.px(14), y + self.px(10)), bold=True,
                      max_w=w - d - self.px(14))
            y += d + self.px(10)
            self.wrapped(surf, a.text, 22, (x, y), w, max_lines=4)
        else:
            self.wrapped(surf, a.text, 24, (x, y), w, bold=a.kind in ("middle", "end"), max_lines=5)
        br = pygame.Rect(area.x + self.px(12), area.bottom - self.px(70), area.w - self.px(24), self.px(58))
        self.button(surf, br, _("Done ✓ (CONFIRM)"), "confirm", colour=OK, size=24)
        if len(ctl.pending) > 1:  # how many announcements are still to come after this one
            more = len(ctl.pending) - 1
            self.text(surf, ngettext("then {n} more to come", "then {n} more to come", more).format(n=more), 18,
                      (br.right, br.y - self.px(4)), DIM,
                      anchor="bottomright", max_w=br.w)

    # --- correction -------------------------------------------------------------------------------
    def draw_correct(self, surf: pygame.Surface, ctl: Controller) -> None:
        c = ctl.correction
        assert c is not None
        self.text(surf, _("Correction"), 34, (self.px(20), self.px(10)), bold=True, max_w=self.w - self.px(40))
        self.text(surf, _("tap a field (or press its trough), − / +, then Apply"), 18, (self.px(22), self.px(54)), DIM,
                  max_w=self.w - self.px(40))
        cols = 2
        cw = (self.w - self.px(40)) // cols
        rh = (self.h - self.px(180)) // 5
        for i in range(c.FIELDS):
            col, row = divmod(i, 5)
            r = pygame.Rect(self.px(20) + col * cw, self.px(86) + row * rh, cw - self.px(10), rh - self.px(6))
            sel = c.cursor == i
            pygame.draw.rect(surf, LIT if sel else PANEL, r, border_radius=self.px(8))
            fg = (0, 0, 0) if sel else FG
            value = self.text(surf, str(c.value(i)), 30, (r.right - self.px(12), r.centery), fg, bold=True,
                              anchor="midright")
            self.text(surf, c.label(i), 22, (r.x + self.px(10), r.centery), fg, anchor="midleft",
                      max_w=value.x - r.x - self.px(18))
            self.targets.append((r, f"field{i}"))
        y = self.h - self.px(84)
        bw = (self.w - self.px(40) - 3 * self.px(10)) // 4
        for k, (label, name, fill) in enumerate((("−", "down", PANEL), ("+", "up", PANEL),
                                                  (_("Cancel"), "escape", PANEL), (_("Apply ✓"), "confirm", OK))):
            br = pygame.Rect(self.px(20) + k * (bw + self.px(10)), y, bw, self.px(70))
            self.button(surf, br, label, name, colour=fill, size=30)

    # --- score pad / result -----------------------------------------------------------------------
    def draw_pad(self, surf: pygame.Surface, ctl: Controller) -> None:
        pad = ctl.pad
        assert pad is not None
        self.text(surf, _("Score pad"), 26, (self.px(10), self.px(2)), bold=True, max_w=self.w - self.px(280))
        keypad_w = self.px(250)
        gx, gy = self.px(10), self.px(84)
        gw = self.w - keypad_w - self.px(24)
        warnings = ctl.pad_warnings()
        if warnings:  # an entry that looks like a total: flagged before the scoring, not refused
            self.wrapped(surf, warnings[0], 18, (self.px(10), self.px(34)), gw, WARN, bold=True, max_lines=2)
        else:  # what goes into the box under the cursor
            self.wrapped(surf, ctl.pad_help(), 18, (self.px(10), self.px(34)), gw, LIT, max_lines=2)
        label_w = self.px(150)
        rows = pad.fields + 1
        rh = (self.h - gy - self.px(8)) // rows
        cw = (gw - label_w) // pad.players
        for p in range(pad.players):
            c = (gx + label_w + p * cw + cw // 2, gy + rh // 2)
            self.seat_badge(surf, p, (c[0] - self.px(22), c[1]), min(rh // 2 - 2, self.px(16)))
            self.text(surf, str(p + 1), 20, (c[0] + self.px(2), c[1]), anchor="midleft", bold=True)
        for f in range(pad.fields):
            y = gy + (f + 1) * rh
            if f < pad.varieties:
                var = ctl.data.varieties[f]
                rr = min(rh // 2 - 2, self.px(14))
                draw_variety(surf, var.colour, var.mark, (gx + rr + 2, y + rh // 2), rr)
                self.text(surf, variety_name(var.name), 18, (gx + 2 * rr + self.px(8), y + rh // 2), anchor="midleft",
                          max_w=label_w - 2 * rr - self.px(10))
            else:
                self.text(surf, (_("Blossoms"), _("Honey"))[f - pad.varieties], 18, (gx + self.px(4), y + rh // 2),
                          anchor="midleft", max_w=label_w - self.px(6))
            for p in range(pad.players):
                r = pygame.Rect(gx + label_w + p * cw + 2, y + 1, cw - 4, rh - 2)
                sel = pad.cursor == (p, f)
                pygame.draw.rect(surf, LIT if sel else PANEL, r, border_radius=self.px(4))
                if f < pad.varieties and any(a >= PAD_TOTAL_LOOKING for a in pad.areas[p][f]):
                    pygame.draw.rect(surf, WARN, r, self.px(3), border_radius=self.px(4))
                value = (pad.typing + "_") if sel else pad.field_text(p, f)
                self.text(surf, value, 20, r.center, (0, 0, 0) if sel else FG, anchor="center", max_w=r.w - 4)
                self.targets.append((r, f"cell{p}_{f}"))
        kx = self.w - keypad_w - self.px(6)
        keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", ",", "0", "⌫"]
        names = {",": "comma", "⌫": "backspace"}
        kw = (keypad_w - 2 * self.px(6)) // 3
        kh = (self.h - self.px(50) - 5 * self.px(6)) // 6
        for i, k in enumerate(keys):
            row, col = divmod(i, 3)
            r = pygame.Rect(kx + col * (kw + self.px(6)), self.px(8) + row * (kh + self.px(6)), kw, kh)
            self.button(surf, r, k, names.get(k, k), size=26)
        y = self.px(8) + 4 * (kh + self.px(6))
        half = (keypad_w - self.px(6)) // 2
        self.button(surf, pygame.Rect(kx, y, half, kh), _("Next"), "next", size=22)
        self.button(surf, pygame.Rect(kx + half + self.px(6), y, half, kh), _("Back"), "prev", size=22)
        self.button(surf, pygame.Rect(kx, y + kh + self.px(6), half, kh), _("Clear"), "clear", size=22)
        self.button(surf, pygame.Rect(kx + half + self.px(6), y + kh + self.px(6), half, kh), _("Score ✓"), "done",
                    colour=OK, size=24)
        players_view.draw_pad_names(self, surf, ctl)  # named seats' players in the column heads

    def draw_result(self, surf: pygame.Surface, ctl: Controller) -> None:
        if coach_view.draw_page(self, surf, ctl):  # the coach page in place of the result (orchard tracking)
            return
        if players_view.draw_qr_page(self, surf, ctl):  # the play's QR code, full height
            return
        res = ctl.results
        tie = len(ctl.winners) > 1 and len(res) > 1
        if len(res) == 1:
            title = _("Solo result · goal {goal}, outstanding {outstanding}").format(goal=SOLO_GOAL,
                                                                                     outstanding=SOLO_OUTSTANDING)
        else:
            title = _("Final scoring  — a tie!") if tie else _("Final scoring")
        self.text(surf, title, 32, (self.px(14), self.px(8)), bold=True, max_w=self.w - self.px(28))
        labels = [_(lab) for lab in SCORE_LABELS]
        label_w = self.px(190)
        y0 = self.px(60)
        rh = (self.h - y0 - self.px(100) - coach_view.strip_height(self, ctl)) // (len(labels) + 1)
        cw = (self.w - label_w - self.px(20)) // max(1, len(res))
        for i, lab in enumerate(labels):
            self.text(surf, lab, 24, (self.px(14), y0 + (i + 1) * rh + rh // 2), DIM if i < 4 else FG,
                      anchor="midleft", bold=i == 4, max_w=label_w - self.px(18))
        for p, r in enumerate(res):
            x = label_w + p * cw
            won = p in ctl.winners and len(res) > 1
            col = pygame.Rect(x + 2, y0, cw - 4, rh * (len(labels) + 1))
            pygame.draw.rect(surf, (70, 60, 10) if won else PANEL, col, border_radius=self.px(8))
            if won:
                pygame.draw.rect(surf, LIT, col, self.px(3), border_radius=self.px(8))
            self.seat_badge(surf, p, (col.centerx, y0 + rh // 2), min(rh // 2 - 2, self.px(20)))
            vals = (f"{r.harvest}×2={r.harvest_doubled}", f"{r.profitable_varieties}: +{r.variety_bonus}",
                    str(r.blossoms), str(r.honey), str(r.total))
            for i, v in enumerate(vals):
                self.text(surf, v, 24 if i < 4 else 34, (col.centerx, y0 + (i + 1) * rh + rh // 2),
                          LIT if (won and i == 4) else FG, bold=i == 4, anchor="center", max_w=cw - 8)
        if len(res) == 1:  # solo: the result against the rulebook's marks, no winner
            self.wrapped(surf, solo_words(res[0].total), 30, (self.px(14), self.h - self.px(88)),
                         self.w - self.px(250), LIT, bold=True, max_lines=2, min_size=20)
        else:
            names = both([seat_label(s) for s in ctl.winners])
            line = _("Winners: {names}") if tie else _("Winner: {names}")
            self.text(surf, line.format(names=names), 30, (self.px(14), self.h - self.px(80)),
                      LIT, bold=True, max_w=self.w - self.px(250))
        nr = pygame.Rect(self.w - self.px(220), self.h - self.px(88), self.px(200), self.px(72))
        self.button(surf, nr, _("New game"), "confirm", colour=OK, size=26)
        coach_view.draw_strip(self, surf, ctl)  # the fair target / the coach's summary and the Coach button
        players_view.draw_result_names(self, surf, ctl)  # players' names, the QR code button

    def hit(self, pos: tuple[int, int]) -> str | None:
        for rect, name in reversed(self.targets):
            if rect.collidepoint(pos):
                return name
        return None
