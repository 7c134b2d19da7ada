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
a 16-bit count in byte mode, 11 in alphanumeric, 4 bits of mode each), found in one pass
(:func:`segments`, pure); :func:`make` asks segno for both codes' versions and makes the smaller.
"""

from __future__ import annotations

from typing import Any

ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
"""The alphanumeric mode's 45 characters."""
HEADER = {"byte": 4 + 16, "alphanumeric": 4 + 11}
"""A segment's mode indicator and character count (bits, versions 10-26)."""


def _bits(mode: str, n: int) -> int:
    """The bits of ``n`` characters in ``mode`` (without the segment's header)."""
    return 8 * n if mode == "byte" else 11 * (n // 2) + 6 * (n % 2)


MODES = ("byte", "alphanumeric")
_HALF_BITS = {"byte": 16, "alphanumeric": 11}
"""A character's cost in half bits (an alphanumeric pair is 11 bits)."""


def segments(text: str) -> list[tuple[str, str]]:
    """``text`` (ASCII) as (piece, mode) segments of (nearly: an odd alphanumeric run's last
    character is counted 5.5 bits, not 6) the fewest bits in all: one pass over the characters
    keeping the cheapest way to end in each mode (a run of alphanumeric characters too short to
    pay for its header stays in the byte segment around it). Joined, the pieces are ``text``."""
    if not text:
        return []
    inf = 1 << 60
    cost = {"byte": 2 * HEADER["byte"], "alphanumeric": 2 * HEADER["alphanumeric"]}  # a first segment's header
    came: list[dict[str, str]] = []  # per character: the mode the one before was in, for each mode
    for i, ch in enumerate(text):
        new: dict[str, int] = {}
        step: dict[str, str] = {}
        for mode in MODES:
            if mode == "alphanumeric" and ch not in ALNUM:
                new[mode], step[mode] = inf, mode
                continue
            other = "byte" if mode == "alphanumeric" else "alphanumeric"
            stay, switch = cost[mode], cost[other] + 2 * HEADER[mode] if i else inf
            new[mode], step[mode] = (stay, mode) if stay <= switch else (switch, other)
            new[mode] += _HALF_BITS[mode]
        cost = new
        came.append(step)
    mode = min(MODES, key=lambda m: cost[m])
    modes = []
    for step in reversed(came):
        modes.append(mode)
        mode = step[mode]
    modes.reverse()
    out: list[tuple[str, str]] = []
    for ch, m in zip(text, modes, strict=True):
        if out and out[-1][1] == m:
            out[-1] = (out[-1][0] + ch, m)
        else:
            out.append((ch, m))
    return out


def make(text: str) -> Any:
    """The smaller of ``text``'s QR codes in byte mode and in :func:`segments` (error level L,
    boosted where the version has room; the byte one on a tie): a segno ``QRCode``. The two
    versions are found with one mask (quick); only the code kept is made with the best of the
    eight. Raises segno's ``DataOverflowError`` when neither fits a code."""
    import segno  # deferred: the QR encoder only when a code is made
    from segno import consts

    plain: Any = text.encode("ascii")
    codes = {"byte": consts.MODE_BYTE, "alphanumeric": consts.MODE_ALPHANUMERIC}  # a list takes segno's numbers
    mixed: Any = [(piece, codes[mode]) for piece, mode in segments(text)]
    byte_version = int(segno.make_qr(plain, error="l", mode="byte", mask=0, boost_error=False).version)
    try:
        mixed_version = int(segno.make_qr(mixed, error="l", mask=0, boost_error=False).version)
    except segno.DataOverflowError:
        mixed_version = byte_version
    if mixed_version < byte_version:
        return segno.make_qr(mixed, error="l", boost_error=True)
    return segno.make_qr(plain, error="l", mode="byte", boost_error=True)
