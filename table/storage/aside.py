"""Reading a database that was moved aside (``journal.sqlite3.damaged-…``,
``history.sqlite3.damaged-…``) without ever waiting: the salvage of the journal
(``table.companion.journalaside``) and of the history (``table.history.salvage.salvage``) open it
through :func:`connect_aside` (issue 35: a named pipe moved aside as "damaged" used to be reopened
by the salvage, and the first start hung)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from table.storage.regularfile import odd_kind


def connect_aside(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path``: it must be a regular file (sqlite3.Error otherwise: a
    named pipe would block SQLite's open for ever), and its ``-wal`` is read only when it and the
    ``-shm`` are regular files (else, or without a ``-wal``, the file is opened immutable: SQLite
    opens neither, and makes none)."""
    what = odd_kind(path)
    if what is not None:
        raise sqlite3.OperationalError(f"{path.name} is {what}, not a database file")
    wal = (os.path.lexists(f"{path}-wal") and odd_kind(f"{path}-wal") is None
           and odd_kind(f"{path}-shm") is None)  # its committed rows are read too; without one, none is made
    uri = f"file:{quote(str(Path(path).absolute()))}?mode=ro{'' if wal else '&immutable=1'}"
    return sqlite3.connect(uri, uri=True)
