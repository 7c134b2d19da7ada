"""Reading what people hand the commands — files, arguments — with bounds and one-line errors.

Every reader here raises :class:`InputError` (a :class:`TableError`) whose text names the file
and says what is wrong in one line; the commands print it and exit 2. Only a regular file is
read (or standard input, ``-``): a named pipe, a device or a directory is refused at once, so
``score FIFO`` never waits for a writer (:mod:`table.storage.regularfile`). Nothing is read without a
bound: standard input stops after :data:`MAX_JSON_BYTES` instead of filling the memory, and a
script with no line ends stops after :data:`MAX_LINE_CHARS` characters.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO

from table.engine.errors import TableError
from table.storage import jsonfile
from table.storage.jsonfile import MAX_INT_DIGITS, MAX_JSON_DEPTH, JsonError  # noqa: F401 (their bounds, named here)
from table.storage.regularfile import NotRegularFile, open_regular

MAX_JSON_BYTES = 4 * 1024 * 1024
"""A score pad is under 1 KB, a finished companion record with its full game about 30 KB."""
MAX_SCRIPT_BYTES = 4 * 1024 * 1024
"""A whole demonstration game is about 300 lines, under 8 KB."""
MAX_LINE_CHARS = 1000
"""A script line is one key or command: ``pad 1 lightgreen 5,3,2`` is the longest kind."""
STDIN = "-"


class InputError(TableError):
    """A file or argument that cannot be used; ``str()`` is one line naming it."""


def _name(path: str | os.PathLike[str]) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """At most ``limit`` bytes of a regular file (``-``: standard input); InputError when there
    are more (a log file given by mistake, endless standard input), when it is no regular file
    (a named pipe, ``/dev/zero``, a directory) or cannot be read."""
    name = _name(path)
    try:
        if str(path) == STDIN:
            if sys.stdin is None:
                raise InputError("standard input is closed")
            return _read_limited(sys.stdin.buffer, limit, name, what)
        with open_regular(path) as f:
            return _read_limited(f, limit, name, what)
    except NotRegularFile as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {_reason(exc)}") from None


def _size(n: int) -> str:
    return f"{n / 2**20:g} MB" if n >= 2**20 else f"{n / 2**10:g} KB"


def _read_limited(f: BinaryIO, limit: int, name: str, what: str) -> bytes:
    data = f.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{name}: longer than {_size(limit)}, too long for a {what}")
    return data


def decode_utf8(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start + 1}, line {line})") from None


def parse_json(text: str, name: str) -> Any:
    """JSON read by the one reader (:func:`table.storage.jsonfile.parse_json`: numbers finite and at most
    :data:`MAX_INT_DIGITS` digits, nesting at most :data:`MAX_JSON_DEPTH` deep, strings valid
    Unicode, each key once in an object); InputError naming ``name``."""
    try:
        return jsonfile.parse_json(text, name)
    except JsonError as exc:
        raise InputError(str(exc)) from None


def load_json(path: str | os.PathLike[str], what: str = "JSON file") -> Any:
    """Read and parse a JSON file (``-``: standard input) with every bound above."""
    name = _name(path)
    return parse_json(decode_utf8(read_bytes(path, MAX_JSON_BYTES, what), name), name)


def read_script(path: str | os.PathLike[str]) -> list[str]:
    """The lines of a script file (a regular file), bounded in size and line length, strict UTF-8.

    Reads line by line so that a huge file without line ends stops after one too-long line,
    and one with them after :data:`MAX_SCRIPT_BYTES`."""
    name = _name(path)
    lines: list[str] = []
    total = 0
    try:
        with open_regular(path) as f:
            while True:
                raw = f.readline(MAX_LINE_CHARS * 4 + 2)
                if not raw:
                    break
                total += len(raw)
                if total > MAX_SCRIPT_BYTES:
                    raise InputError(f"{name}: longer than {_size(MAX_SCRIPT_BYTES)}, too long for a script")
                too_long = InputError(f"{name}: line {len(lines) + 1} is longer than {MAX_LINE_CHARS} characters")
                if len(raw) > MAX_LINE_CHARS * 4 and not raw.endswith(b"\n"):
                    raise too_long
                try:
                    line = raw.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    raise InputError(f"{name}: line {len(lines) + 1} is not UTF-8 text") from None
                if len(line) > MAX_LINE_CHARS:
                    raise too_long
                lines.append(line)
    except NotRegularFile as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {_reason(exc)}") from None
    return lines


def check_writable(path: str | os.PathLike[str], what: str) -> None:
    """Make sure ``path`` can be written before the long work that ends by writing it.

    Opens it for appending (no truncation) and removes it again when this created it, so the
    answer is the file system's own — permissions, read-only mounts, missing directories."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{what} {p}: is a directory")
    existed = p.exists()
    if existed and not p.is_file():  # /dev/zero, a FIFO: opens fine, and the PNG writer refuses it
        raise InputError(f"{what} {p}: is not a regular file")
    try:
        with open(p, "ab"):
            pass
    except OSError as exc:
        raise InputError(f"{what} {p}: cannot write: {_reason(exc)}") from None
    if not existed:
        p.unlink(missing_ok=True)


# --- argparse types: a bad value is a usage error (exit 2, one line), never a traceback --------

def window_size(text: str) -> str:
    """``WxH`` such as ``800x480``, each side 100..10000 pixels; the text itself is returned
    (``table.display.app.parse_size`` reads it)."""
    w, sep, h = text.lower().partition("x")
    if not sep or not (w.isascii() and w.isdigit() and h.isascii() and h.isdigit()) or len(w) > 5 or len(h) > 5:
        raise argparse.ArgumentTypeError(f"expected WxH such as 800x480, got {text!r}")
    if not (100 <= int(w) <= 10000 and 100 <= int(h) <= 10000):
        raise argparse.ArgumentTypeError(f"each side must be 100..10000 pixels, got {text!r}")
    return f"{int(w)}x{int(h)}"


PIN_CHOICES = ("auto", "none", "mock", "lgpio", "rpigpio")
"""``--pins`` of play and demo: ``table.hardware.factory.PIN_FACTORY_NAMES`` plus auto and none
(spelled out here so that parsing arguments does not import gpiozero; a test keeps them equal)."""


def pin_choice(text: str) -> str:
    key = text.strip().lower()
    if key not in PIN_CHOICES:
        raise argparse.ArgumentTypeError(f"pins are one of {', '.join(PIN_CHOICES)}, got {text!r}")
    return key


def seconds(text: str) -> float:
    """A time limit: more than 0, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds must be a number, got {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"seconds must be more than 0 and at most 3600, got {text!r}")
    return value


MAX_PACE_S = 60.0
"""The longest pace accepted as seconds; a bare ``demo --pace`` above it is read as the old
milliseconds (``--pace 1200`` = 1.2 s)."""


def pace_seconds(text: str, *, legacy_ms: bool = False) -> float:
    """A pace in seconds: ``1.2``, ``1.2s`` or ``1200ms``; 0 means as fast as possible.

    ``legacy_ms``: a bare number above :data:`MAX_PACE_S` is the old ``demo --pace`` in
    milliseconds; it is converted, and a note on standard error says so."""
    t = text.strip().lower()
    scale = 1.0
    if t.endswith("ms"):
        t, scale = t[:-2], 0.001
    elif t.endswith("s"):
        t = t[:-1]
    try:
        value = float(t) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds such as 1.2 (or 1200ms), got {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"seconds must be 0 or more, got {text!r}")
    if value > MAX_PACE_S:
        if legacy_ms and scale == 1.0 and value <= 1000 * MAX_PACE_S:
            print(f"applejack-table demo: --pace is in seconds now; reading the old form {text} as "
                  f"milliseconds ({value / 1000:g} s). Write --pace {value / 1000:g} or --pace {text}ms.",
                  file=sys.stderr)
            return value / 1000
        raise argparse.ArgumentTypeError(f"at most {MAX_PACE_S:g} seconds, got {text!r}")
    return value


def demo_pace(text: str) -> float:
    """``demo --pace``: seconds, accepting the old milliseconds (see :func:`pace_seconds`)."""
    return pace_seconds(text, legacy_ms=True)
