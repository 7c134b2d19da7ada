"""A score pad file as ``applejack-table score --game KEY PAD.json`` reads it, for every game that
has a ``score_pad`` part: a regular file or standard input ("-"), UTF-8 (a byte-order mark is
read: Windows editors write one), at most :data:`MAX_PAD_BYTES`, JSON read by the one reader
(:mod:`table.storage.jsonfile`: each key once — two ``"monochrome"`` lists would silently keep only the
second). Anything else is one line on stderr naming the file, and exit status 2
(:meth:`PadFileError.report`)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from table.engine.errors import DataError, ScorePadError
from table.storage.jsonfile import JsonError, parse_json
from table.storage.regularfile import NotRegularFile, open_regular

PROG = "applejack-table score"
MAX_PAD_BYTES = 1_000_000
"""A pad for 7 players is a few kB; anything this big is not a pad."""

T = TypeVar("T")


class PadFileError(ScorePadError):
    """The one line for a pad that cannot be scored (it names the file)."""

    def report(self) -> int:
        print(f"{PROG}: {self}", file=sys.stderr)
        return 2


def fail(path: Path, problem: object) -> int:
    """One line on stderr naming ``path``; the exit status 2."""
    return PadFileError(f"{path}: {problem}").report()


def read_pad(path: Path) -> Any:
    """The JSON value of the pad in ``path``; :class:`PadFileError` with its one line otherwise."""
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise PadFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    except NotRegularFile as exc:  # it names the file
        raise PadFileError(str(exc)) from None
    try:
        return parse_json(text, str(path))  # the one JSON reader: each key once, bounded numbers and depth
    except JsonError as exc:  # it names the file
        raise PadFileError(str(exc)) from None


def shipped(path: Path, load: Callable[[], T], what: str) -> T:
    """The shipped data file the pad is checked against (``what``: "deck", "card file");
    :class:`PadFileError` when it is broken."""
    try:
        return load()
    except DataError as exc:
        raise PadFileError(f"{path}: cannot check it, the shipped {what} is broken: "
                           f"{str(exc).splitlines()[0]}") from None


def _read(path: Path) -> str:
    if str(path) == "-":
        text = sys.stdin.read(MAX_PAD_BYTES + 1)
    else:
        with io.TextIOWrapper(open_regular(path), encoding="utf-8-sig") as f:  # a named pipe is refused
            text = f.read(MAX_PAD_BYTES + 1)
    if len(text) > MAX_PAD_BYTES:
        raise ScorePadError(f"larger than {MAX_PAD_BYTES} characters; not a score pad")
    return text.removeprefix("\ufeff")
