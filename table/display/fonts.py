"""The display toolkit's fonts: DejaVu for every language, a Noto Sans CJK JP subset for Japanese,
each line rendered once and cached; where a line may break (words, and Japanese between two
characters with kinsoku)."""

from __future__ import annotations

import itertools
import logging
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pygame
import pygame.freetype

from table.display.colours import FG, Colour
from table.i18n import current_language

log = logging.getLogger("applejack.display")

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



class Fonts:
    """Fonts loaded by path from the package, per language family (DejaVu, or the Japanese subset
    with DejaVu for the glyphs it lacks); rendered text cached by (family, text, size, bold, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._cache: dict[tuple[str, str, int, bool, Colour], pygame.Surface] = {}
        self._missing: dict[tuple[str, str, bool], str] = {}
        self._widths: dict[tuple[str, str, int, bool], int] = {}

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

    def cap_height(self, size: int, bold: bool = False) -> int:
        """How tall a capital ("H") stands above the baseline at ``size`` px in the current
        language's font, in pixels (the legibility rule's measure)."""
        metrics = self.font(size, bold).metrics("H")
        return metrics[0][3] if metrics and metrics[0] else size

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """How wide ``text`` is drawn at ``size`` px (what ``text`` would render), in pixels
        (measured once per language, text, size and weight: the layouts ask every frame)."""
        family = font_family()
        key = (family, text, size, bold)
        w = self._widths.get(key)
        if w is None:
            if len(self._widths) > 8000:
                self._widths.clear()
            w = sum(self._font(size, bold, fam).size(part)[0] for fam, part in self._runs(text, bold, family))
            self._widths[key] = w
        return w

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


CLOSING = "、。，．・：；？！ー)）」』】〕〉》”’ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥%％"
"""Characters a line never starts with (Japanese line breaking, kinsoku)."""
OPENING = "(（「『【〔〈《“‘"
"""Characters a line never ends with."""


def is_cjk(c: str) -> bool:
    """A character of a script written without spaces (kana, kanji, CJK punctuation, full-width forms)."""
    return c >= "\u2e80"


@lru_cache(maxsize=4096)
def line_units(text: str) -> tuple[tuple[str, bool], ...]:
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
    return tuple(out)


