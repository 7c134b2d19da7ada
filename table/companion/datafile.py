"""Reading a game's data file from disk, for every game the same: the shipped file or a given one,
as text for the game's pure parser (which reads it with the engine's bounded
:func:`table.engine.tomlfile.load_toml`).

A file that cannot be read — missing, not a regular file (a directory, a FIFO that would block),
larger than any data file, not UTF-8 — is one :class:`~table.engine.errors.DataError` naming
the file, with one line for the person; the parser lists every problem of a file it read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from table.engine.errors import DataError, Problem
from table.engine.tomlfile import MAX_TEXT

T = TypeVar("T")

MAX_BYTES = 4 * MAX_TEXT
"""Bytes read at most: ``MAX_TEXT`` characters of UTF-8 (the parser refuses more characters)."""


def read_text(path: str | Path, name: str) -> str:
    """The text of the file ``path`` (``name`` in the one line of a :class:`DataError`)."""
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise DataError([Problem(name, "-", "cannot read: not a regular file")])
        with open(path, "rb") as fp:
            raw = fp.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise DataError([Problem(name, "-", f"cannot read: larger than {MAX_BYTES // 1024} KB, not a data file")])
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(name, exc) from None


def _unreadable(name: str, exc: Exception) -> DataError:
    return DataError([Problem(name, "-", f"cannot read: {getattr(exc, 'strerror', None) or exc}")])


def load_data_file(path: str | Path | None, *, package: str, shipped: str, shipped_name: str,
                   parse: Callable[[str, str], T]) -> T:
    """``parse(text, name)`` of the file ``path``, or for ``None`` of the file ``shipped`` in the
    ``data`` folder of ``package`` (named ``shipped_name`` in problems)."""
    if path is None:
        try:
            text = (resources.files(package) / "data" / shipped).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:  # a damaged installation
            raise _unreadable(shipped_name, exc) from None
        return parse(text, shipped_name)
    name = str(path)
    return parse(read_text(path, name), name)
