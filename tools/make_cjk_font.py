"""Write the Japanese screen fonts: ``table/display/fonts/NotoSansJP-Subset-{Regular,Bold}.otf``.

DejaVu Sans (the screen's font) has no kana or kanji, so the Japanese screens draw with a subset
of Noto Sans CJK JP (SIL Open Font License 1.1, ``table/display/fonts/LICENSE-Noto.txt``): ASCII,
Latin-1, the symbols the screens use, kana, CJK punctuation, full-width forms, every character of
JIS X 0208 (levels 1 and 2 of the kanji, enumerated with Python's ``euc_jp`` codec) and every
character of every catalogue's Japanese translations. A development tool (fontTools and the Debian
package ``fonts-noto-cjk`` are needed here, not on the Pi)::

    apt-get install fonts-noto-cjk && .venv/bin/pip install fonttools
    .venv/bin/python tools/make_cjk_font.py            # reads /usr/share/fonts/opentype/noto/

Run it again when a translation uses a character outside that set (``tests/display/test_languages.py``
fails naming it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "table" / "display" / "fonts"
LOCALE = ROOT / "table" / "i18n" / "locale"
NOTO = Path("/usr/share/fonts/opentype/noto")
FACE = "Noto Sans CJK JP"
"""The face picked by name from the collection (the .ttc also holds KR, SC, TC, HK and Mono)."""

SYMBOLS = "−×→←↑↓·—–…✓✔✗○●△▲□■☆★◇◆▸▶◀↵⌫⏎€‘’“”«»•‹›≤≥±÷°№"
"""Symbols the screens draw (seat glyphs ○△□☆, arrows, the minus of "apples − 2")."""

RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x2010, 0x2027),  # dashes, quotes, bullets, ellipsis
    (0x202F, 0x203A),  # narrow no-break space (French), guillemets
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # small katakana
    (0xFF01, 0xFF60),  # full-width ASCII
    (0xFF61, 0xFF9F),  # half-width katakana
)


def jis_x_0208() -> set[str]:
    """Every character of JIS X 0208 (rows 1–84: symbols, kana, Greek, Cyrillic, level 1 and 2 kanji),
    by decoding each two-byte EUC-JP code."""
    out: set[str] = set()
    for lead in range(0xA1, 0xF5):
        for trail in range(0xA1, 0xFF):
            try:
                out.add(bytes((lead, trail)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return out


def catalogue_characters(locale: Path = LOCALE) -> set[str]:
    """Every character of every Japanese catalogue (.po), so a translation never draws a box."""
    out: set[str] = set()
    for po in sorted((locale / "ja" / "LC_MESSAGES").glob("*.po")):
        out.update(po.read_text(encoding="utf-8"))
    return {c for c in out if c.isprintable()}


def characters() -> set[str]:
    chars = set(SYMBOLS) | jis_x_0208() | catalogue_characters()
    for lo, hi in RANGES:
        chars.update(chr(c) for c in range(lo, hi + 1))
    return chars


def pick_face(ttc: Path, face: str = FACE):  # type: ignore[no-untyped-def]
    """The font in ``ttc`` whose family name (name ID 1) is ``face``."""
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(ttc))
    for font in collection.fonts:
        if font["name"].getDebugName(1) == face:
            return font
    raise SystemExit(f"{ttc}: no face named {face!r}")


def subset(ttc: Path, out: Path, chars: set[str]) -> int:
    """Write the subset of ``ttc``'s Japanese face to ``out``; returns its size in bytes."""
    from fontTools import subset as fsubset

    font = pick_face(ttc)
    options = fsubset.Options()
    options.hinting = False            # the screen renders anti-aliased at 8–60 px: no hints needed
    options.desubroutinize = False
    options.layout_features = ["kern", "palt", "liga", "locl", "ccmp"]
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, the license
    sub = fsubset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--noto", type=Path, default=NOTO, help="folder holding NotoSansCJK-{Regular,Bold}.ttc")
    ap.add_argument("--out", type=Path, default=FONTS, help="where the .otf files go")
    args = ap.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("make_cjk_font: fontTools is missing (pip install fonttools)", file=sys.stderr)
        return 2
    chars = characters()
    for weight in ("Regular", "Bold"):
        ttc = args.noto / f"NotoSansCJK-{weight}.ttc"
        if not ttc.exists():
            print(f"make_cjk_font: {ttc} is missing (apt-get install fonts-noto-cjk)", file=sys.stderr)
            return 2
        size = subset(ttc, args.out / f"NotoSansJP-Subset-{weight}.otf", chars)
        print(f"NotoSansJP-Subset-{weight}.otf: {len(chars)} characters, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
