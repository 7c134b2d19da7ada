"""Opening a file someone named, without waiting forever: only a regular file is read.

``open()`` of a named pipe waits until something writes into it — ``score FIFO`` used to hang
with no line. :func:`open_regular` opens without blocking (``O_NONBLOCK``, which a regular file
ignores), asks the open descriptor what it is (no race with a rename in between) and refuses a
pipe, a socket, a device or a directory with :class:`NotRegularFile`: one line naming the file.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from table.engine.errors import TableError

KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class NotRegularFile(TableError):
    """A path that names no regular file (a named pipe, a device, a directory); ``kind`` says
    which in words."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        self.kind = kind
        super().__init__(f"{os.fspath(path)}: is {kind}, not a regular file")


def kind(mode: int) -> str:
    """What a non-regular file is, in words (``a named pipe``)."""
    return next((words for test, words in KINDS if test(mode)), "not a regular file")


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading in binary; NotRegularFile (``NAME: is a named pipe, not a
    regular file``) for anything but a regular file, OSError when it cannot be opened."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, kind(mode))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def odd_kind(path: str | os.PathLike[str]) -> str | None:
    """What ``path`` is when it is there and no regular file (``a named pipe``, ``a symbolic
    link``, ``a directory``), without following a link or opening it; None for a regular file
    or nothing at all (an error to ask, too: whoever opens it next reports that)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return "a symbolic link" if stat.S_ISLNK(mode) else kind(mode)
