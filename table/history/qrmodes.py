"""A link split into QR code segments of the cheapest mode each (ISO/IEC 18004 § 7.4): the
alphanumeric mode (``0-9 A-Z`` space ``$%*+-./:``, 11 bits for two characters) where a run of
such characters pays for its own segment header, the byte mode (8 bits a character) elsewhere.

The result's QR code holds BG Stats' import link (``statsexport.play_link``), whose percent-
escapes (``%22``, and ``%E3%81%95`` for each Japanese character) are alphanumeric: a segment of
them costs 5.5 bits a character instead of 8. Measured on the link of a play with long-ish
names (docs/history.md): 1-2 % fewer bits for Latin names, about 7 % for Japanese ones, one
version smaller for some. A decoder gives back the very same text: every QR decoder reads mixed
modes (they are in the first edition of the standard).

The split is the cheapest for the segment headers of versions 10-26 (where the links land:
a 16-bit count in byte mode, 11 in alphanumeric, 4 bits of mode each); :func:`segments` is pure
and small, :func:`make` asks segno for both codes and keeps the smaller.
"""

from __future__ import annotations

from typing import Any

ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
"""The alphanumeric mode's 45 characters."""
HEADER = {"byte": 4 + 16, "alphanumeric": 4 + 11}
"""A segment's mode indicator and character count (bits, versions 10-26)."""


def _bits(mode: str, n: int) -> int:
    return 8 * n if mode == "byte" else 11 * (n // 2) + 6 * (n % 2)


def segments(text: str) -> list[tuple[str, str]]:
    """``text`` (ASCII) as (piece, mode) segments of the fewest bits in all (a shortest path over
    the positions; a run of alphanumeric characters too short to pay for its header stays in
    the byte segment around it). Joined, the pieces are ``text``."""
    n = len(text)
    best = [0] + [1 << 60] * n
    back: list[tuple[int, str]] = [(0, "byte")] * (n + 1)
    for i in range(n):
        for mode in ("byte", "alphanumeric"):
            j = i
            while j < n and (mode == "byte" or text[j] in ALNUM):
                j += 1
                cost = best[i] + HEADER[mode] + _bits(mode, j - i)
                if cost < best[j]:
                    best[j], back[j] = cost, (i, mode)
    out: list[tuple[str, str]] = []
    j = n
    while j > 0:
        i, mode = back[j]
        if out and out[-1][1] == mode:  # two byte runs side by side are one segment
            out[-1] = (text[i:j] + out[-1][0], mode)
        else:
            out.append((text[i:j], mode))
        j = i
    return out[::-1]


def make(text: str) -> Any:
    """The smaller of ``text``'s QR codes in byte mode and in :func:`segments` (error level L,
    boosted where the version has room; the byte one on a tie): a segno ``QRCode``. Raises
    segno's ``DataOverflowError`` when neither fits a code."""
    import segno  # deferred: the QR encoder only when a code is made
    from segno import consts

    plain = segno.make_qr(text.encode("ascii"), error="l", mode="byte", boost_error=True)
    codes = {"byte": consts.MODE_BYTE, "alphanumeric": consts.MODE_ALPHANUMERIC}  # a list takes segno's numbers
    content: Any = [(piece, codes[mode]) for piece, mode in segments(text)]
    try:
        mixed = segno.make_qr(content, error="l", boost_error=True)
    except segno.DataOverflowError:
        return plain
    return mixed if int(mixed.version) < int(plain.version) else plain
