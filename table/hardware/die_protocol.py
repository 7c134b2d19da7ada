"""The die-position sensor's serial protocol: a pure parser and the frame encoders.

Frames are ASCII lines ``$TYPE,field,...*CCCCCCCC`` ended by ``\\n`` (``\\r\\n`` accepted), where
``CCCCCCCC`` is the CRC-32 (as ``zlib.crc32``) of every byte between ``$`` and ``*`` as eight hex
digits. Old firmware (protocol 1) ended frames with ``*HH``, the XOR of those bytes, as in NMEA;
such frames are read only from a board that said so (an XOR-checked ``HELLO`` from firmware 1.x)
and never after the first CRC frame. The full description is ``docs/die-sensor-protocol.md``.
Board -> host:

- ``$HELLO,<firmware>,<spaces>``: the board's firmware version and number of path spaces (0: no
  sensor plate on the board's cable).
- ``$SNAP,<bits>``: every space, ``1`` occupied / ``0`` empty, space 1 first.
- ``$CHG,<space>,<0|1>``: one space became empty (0) or occupied (1).

Host -> board: ``$REQ,SNAP`` (send a snapshot now) and ``$REQ,HELLO``.

:class:`FrameParser` takes bytes as they come (any split, any garbage) and returns the
frames; everything it rejects is counted by reason in :class:`ParseStats`. It does no I/O.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from table.hardware.errors import HardwareError

MAX_LINE = 82
"""Longest line accepted, in bytes, without the line end (NMEA's limit too)."""
MAX_SPACES = 64
"""Most path spaces a board may report (a snapshot line stays under :data:`MAX_LINE`)."""
FIRMWARE_RE = re.compile(r"[0-9A-Za-z._+-]{1,16}")
REQUEST_WHATS = ("SNAP", "HELLO")


class FrameValueError(HardwareError, ValueError):
    """A frame cannot be encoded: a field is out of its documented range."""


@dataclass(frozen=True)
class Hello:
    """Board greeting: firmware version text and number of path spaces (1..64; 0 = no plate)."""

    firmware: str
    spaces: int


@dataclass(frozen=True)
class Snapshot:
    """Occupancy of every path space; ``occupied[0]`` is space 1."""

    occupied: tuple[bool, ...]

    @property
    def occupied_spaces(self) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.occupied, start=1) if o)

    @classmethod
    def of(cls, spaces: int, occupied: set[int] | frozenset[int] | tuple[int, ...] = ()) -> Snapshot:
        return cls(tuple(n in occupied for n in range(1, spaces + 1)))


@dataclass(frozen=True)
class Change:
    """Space ``space`` (1..N) became occupied (True) or empty (False)."""

    space: int
    occupied: bool


@dataclass(frozen=True)
class Request:
    """Host -> board: ``what`` is "SNAP" or "HELLO"."""

    what: str


Frame = Hello | Snapshot | Change | Request


def crc(body: bytes) -> int:
    """CRC-32 (ISO-HDLC, as ``zlib.crc32``) of ``body`` (the text between ``$`` and ``*``).

    Chosen over a CRC-16 because on lines of up to :data:`MAX_LINE` bytes it detects every error
    confined to any two bytes; CRC-16/CCITT misses 74 such patterns, XOR every pair of bytes
    changed by the same bits (``$CHG,5,1`` and ``$CHG,4,0`` share XOR 0x48).
    """
    return zlib.crc32(body)


def checksum(body: bytes) -> int:
    """Protocol 1 (old firmware): XOR of all bytes of ``body``."""
    x = 0
    for b in body:
        x ^= b
    return x


def _line(body: str, legacy: bool) -> bytes:
    raw = body.encode("ascii")
    if legacy:
        return b"$%s*%02X\r\n" % (raw, checksum(raw))
    return b"$%s*%08X\r\n" % (raw, crc(raw))


def encode(frame: Frame, *, legacy: bool = False) -> bytes:
    """The wire bytes of ``frame``, ``\\r\\n`` ended; raise :class:`FrameValueError` if out of range.

    ``legacy``: protocol 1's XOR checksum (``*HH``), for talking to old firmware; else CRC-32.
    """
    if isinstance(frame, Hello):
        if not FIRMWARE_RE.fullmatch(frame.firmware):
            raise FrameValueError(f"firmware must match {FIRMWARE_RE.pattern}, got {frame.firmware!r}")
        if not 0 <= frame.spaces <= MAX_SPACES:
            raise FrameValueError(f"spaces must be 0..{MAX_SPACES}, got {frame.spaces}")
        return _line(f"HELLO,{frame.firmware},{frame.spaces}", legacy)
    if isinstance(frame, Snapshot):
        if not 1 <= len(frame.occupied) <= MAX_SPACES:
            raise FrameValueError(f"a snapshot covers 1..{MAX_SPACES} spaces, got {len(frame.occupied)}")
        return _line("SNAP," + "".join("1" if o else "0" for o in frame.occupied), legacy)
    if isinstance(frame, Change):
        if not 1 <= frame.space <= MAX_SPACES:
            raise FrameValueError(f"space must be 1..{MAX_SPACES}, got {frame.space}")
        return _line(f"CHG,{frame.space},{1 if frame.occupied else 0}", legacy)
    if isinstance(frame, Request):
        if frame.what not in REQUEST_WHATS:
            raise FrameValueError(f"request must be one of {REQUEST_WHATS}, got {frame.what!r}")
        return _line(f"REQ,{frame.what}", legacy)
    raise FrameValueError(f"not a frame: {frame!r}")


@dataclass
class ParseStats:
    """How many lines were accepted, and how many were rejected for each reason."""

    frames: int = 0
    legacy: int = 0
    """Of ``frames``, how many came with protocol 1's XOR checksum (old firmware)."""
    garbage: int = 0
    """Not a frame at all: no leading ``$``, no ``*HH`` / ``*CCCCCCCC`` at the end, non-hex checksum."""
    too_long: int = 0
    """Lines over :data:`MAX_LINE` bytes (the rest of such a line is skipped)."""
    bad_checksum: int = 0
    """A wrong CRC or XOR, or an XOR-checked line from a board that has not said it speaks
    protocol 1 (an XOR-checked HELLO from firmware 1.x) or that has sent a CRC-checked line."""
    unknown_type: int = 0
    bad_fields: int = 0
    """A known frame type with the wrong number or shape of fields."""
    out_of_range: int = 0
    """A space number or snapshot length outside 1..N (N from HELLO, else 64)."""
    blank: int = 0

    @property
    def rejected(self) -> int:
        return (
            self.garbage + self.too_long + self.bad_checksum
            + self.unknown_type + self.bad_fields + self.out_of_range
        )

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_HEX: dict[bytes, int] = {}
for _v in range(256):
    for _text in {b"%02X" % _v, b"%02x" % _v, b"%X%x" % (_v >> 4, _v & 15), b"%x%X" % (_v >> 4, _v & 15)}:
        _HEX[_text] = _v
_HEX8 = re.compile(rb"[0-9A-Fa-f]{8}")
_DIGITS = re.compile(rb"[0-9]{1,3}")
_BITS = re.compile(rb"[01]+")
_TYPES = (b"HELLO", b"SNAP", b"CHG", b"REQ")
_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")


@dataclass
class FrameParser:
    """Incremental parser: ``feed(bytes) -> list[Frame]``; keeps a partial line between calls.

    ``max_spaces`` bounds space numbers until a HELLO arrives; after it, the HELLO's count does.
    Lines checked by protocol 1's XOR are read only after the board said it speaks protocol 1
    (an XOR-checked ``HELLO`` whose firmware version starts ``1.``; issue 35: a forged line with
    a 2-digit check passed as an old frame until the first CRC line), and never after the first
    CRC-checked line — a reconnect (:meth:`reset`) keeps both — so a board that has spoken CRC
    never gets the weaker check again. One parser serves one sensor port; a board swapped for old
    firmware needs the companion restarted (it says so: its frames count as bad checksums).
    """

    max_spaces: int = MAX_SPACES
    stats: ParseStats = field(default_factory=ParseStats)
    spaces: int | None = None
    """Path spaces announced by the last valid HELLO, else None."""
    crc_seen: bool = False
    """A CRC-checked line has arrived on this port (the board speaks protocol 2); sticky."""
    legacy_said: bool = False
    """An XOR-checked HELLO from firmware 1.x arrived (the board speaks protocol 1); sticky."""
    _pending: bytes = b""
    _skipping: bool = False
    _known: dict[bytes, Frame] = field(default_factory=dict)
    """Lines already parsed into a CHG or SNAP frame under the current space limit (the board
    repeats its snapshot every second, so most lines are seen before); cleared on HELLO."""

    def reset(self) -> None:
        """Forget a partial line and the HELLO (after a reconnect); the counters and
        :attr:`crc_seen` stay (the same board is on the port)."""
        self._pending = b""
        self._skipping = False
        self.spaces = None
        self._known.clear()

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        if not data:
            return frames
        lines = (self._pending + data).split(b"\n") if self._pending else data.split(b"\n")
        tail = lines.pop()
        skipping = self._skipping
        known = self._known
        stats = self.stats
        for line in lines:
            if skipping:  # the end of a line already counted as too long
                skipping = False
                continue
            frame = known.get(line)
            if frame is not None:  # only CRC-checked lines are remembered
                stats.frames += 1
                frames.append(frame)
                continue
            frame = self._parse_line(line)
            if frame is not None:
                frames.append(frame)
                if isinstance(frame, (Change, Snapshot)) and self.crc_seen:
                    if len(known) >= 1024:
                        known.clear()
                    known[line] = frame
        if len(tail) > MAX_LINE + 1:  # + 1 for a possible "\r"
            if not skipping:
                self.stats.too_long += 1
            skipping = True
            tail = b""
        self._pending = b"" if skipping else tail
        self._skipping = skipping
        return frames

    def _parse_line(self, line: bytes) -> Frame | None:
        stats = self.stats
        if line[-1:] == b"\r":
            line = line[:-1]
        n = len(line)
        if n == 0:
            stats.blank += 1
            return None
        if n > MAX_LINE:
            stats.too_long += 1
            return None
        if line[0] != 36:  # "$"
            stats.garbage += 1
            return None
        if n >= 11 and line[-9] == 42:  # "*CCCCCCCC": CRC-32
            if not _HEX8.fullmatch(line, n - 8):
                stats.garbage += 1
                return None
            body = line[1:-9]
            if zlib.crc32(body) != int(line[-8:], 16):
                stats.bad_checksum += 1
                return None
            self.crc_seen = True
            legacy = False
        elif n >= 5 and line[-3] == 42:  # "*HH": protocol 1's XOR
            want = _HEX.get(line[-2:])
            if want is None:
                stats.garbage += 1
                return None
            body = line[1:-3]
            got = 0
            for b in body:
                got ^= b
            if got != want or self.crc_seen or not (self.legacy_said or _says_protocol_1(body)):
                stats.bad_checksum += 1
                return None
            legacy = True
        else:
            stats.garbage += 1
            return None
        parts = body.split(b",")
        kind = parts[0]
        if kind not in _TYPES:
            stats.unknown_type += 1
            return None
        frame = self._fields(kind, parts)
        if frame is not None:
            stats.frames += 1
            stats.legacy += legacy
            if legacy and isinstance(frame, Hello):
                self.legacy_said = True
        return frame

    def _fields(self, kind: bytes, parts: list[bytes]) -> Frame | None:
        """The frame of a checked line's fields (one reader per type), counting what is wrong."""
        return _FIELD_READERS[kind](self, parts)

    def _change(self, parts: list[bytes]) -> Frame | None:
        limit = self.spaces if self.spaces is not None else self.max_spaces
        if len(parts) != 3 or not _DIGITS.fullmatch(parts[1]) or parts[2] not in (b"0", b"1"):
            self.stats.bad_fields += 1
            return None
        space = int(parts[1])
        if not 1 <= space <= limit:
            self.stats.out_of_range += 1
            return None
        return Change(space, parts[2] == b"1")

    def _snapshot(self, parts: list[bytes]) -> Frame | None:
        if len(parts) != 2 or not _BITS.fullmatch(parts[1]):
            self.stats.bad_fields += 1
            return None
        bits = parts[1]
        if (self.spaces is not None and len(bits) != self.spaces) or len(bits) > self.max_spaces:
            self.stats.out_of_range += 1
            return None
        return Snapshot(tuple(map(bool, bits.translate(_BIT_VALUES))))

    def _hello(self, parts: list[bytes]) -> Frame | None:
        firmware = parts[1].decode("ascii", "replace") if len(parts) == 3 else ""
        if len(parts) != 3 or not _DIGITS.fullmatch(parts[2]) or not FIRMWARE_RE.fullmatch(firmware):
            self.stats.bad_fields += 1  # a non-ASCII byte became U+FFFD, which no version matches
            return None
        spaces = int(parts[2])
        if not 0 <= spaces <= self.max_spaces:
            self.stats.out_of_range += 1
            return None
        if spaces != self.spaces:
            self._known.clear()
        self.spaces = spaces
        return Hello(firmware, spaces)

    def _request(self, parts: list[bytes]) -> Frame | None:
        if len(parts) != 2 or parts[1] not in (b"SNAP", b"HELLO"):
            self.stats.bad_fields += 1
            return None
        return Request(parts[1].decode("ascii"))


def _says_protocol_1(body: bytes) -> bool:
    """``body`` is a HELLO from firmware 1.x: the one XOR-checked line read before the board has
    said it speaks protocol 1 (its fields are checked as any HELLO's after this)."""
    return body.startswith(b"HELLO,1.")


_FIELD_READERS: dict[bytes, Callable[[FrameParser, list[bytes]], Frame | None]] = {
    b"CHG": FrameParser._change, b"SNAP": FrameParser._snapshot, b"HELLO": FrameParser._hello,
    b"REQ": FrameParser._request,
}
"""A frame type's reader (``_TYPES`` are its keys: an unknown type never reaches ``_fields``)."""
