"""The journal's file (``table.companion.journal``): its schema (:data:`SCHEMA`, version
:data:`SCHEMA_VERSION`, the columns each table must have), the check at its opening
(:func:`check_schema`, :func:`not_regular`), the JSON it writes read back strictly
(:func:`load_json`: :class:`JournalDamaged` for anything else) and the name a damaged file is
moved aside under (:func:`rename_aside`). No game, no state: the Journal class opens, writes and
reads it."""

from __future__ import annotations

import json
import math
import os
import sqlite3
from pathlib import Path
from typing import Any

from table.engine.errors import TableError
from table.storage.regularfile import odd_kind

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the journal this module writes (0: the first, unversioned one, migrated)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',   -- open, finished, discarded
    finished REAL,
    record TEXT,
    digest TEXT,                           -- the data set's data_digest when the game started
    crc INTEGER,                           -- crc32 of id, setup and digest (NULL: an old row)
    steps INTEGER                          -- how many steps it has (NULL: an old row)
);
CREATE TABLE IF NOT EXISTS steps (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    cmd TEXT NOT NULL,
    crc INTEGER,                           -- crc32 of game, seq and cmd (NULL: an old row)
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
"""
COLUMNS = {"games": ("id", "started", "setup", "status", "finished", "record", "digest", "crc", "steps"),
           "steps": ("game", "seq", "cmd", "crc"),
           "meta": ("key", "value")}
NAME = "journal.sqlite3"


class JournalDamaged(TableError):
    """The journal's content is not what was written (checksum, JSON, schema)."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JournalDamaged(f"a number out of range: {text[:20]}")
    return value


def _bad_constant(text: str) -> Any:
    raise JournalDamaged(f"not a JSON number: {text}")


def load_json(text: Any) -> Any:
    """JSON as the journal writes it: JournalDamaged for anything else (not text, bad JSON, 1e400)."""
    if not isinstance(text, str):
        raise JournalDamaged(f"a {type(text).__name__} where JSON text was written")
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_bad_constant)
    except (ValueError, RecursionError) as exc:
        raise JournalDamaged(f"not the JSON written ({exc})") from None


def check_schema(db: sqlite3.Connection) -> str | None:
    """Check an opened journal (and bring an older schema up to :data:`SCHEMA_VERSION`): the
    reason it is damaged, or None when it is sound. SQLite's errors are raised."""
    db.execute("PRAGMA synchronous=FULL")
    # every commit is copied into the main file at once: a damaged WAL then costs at most the
    # step being written, never the committed ones after a damaged frame (SQLite drops those)
    db.execute("PRAGMA wal_autocheckpoint=1")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if version not in (0, SCHEMA_VERSION):
        return f"has schema version {version} (this program writes {SCHEMA_VERSION})"
    check = db.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        return f"is damaged (quick_check: {'; '.join(str(r[0]) for r in check[:3])})"
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.execute("PRAGMA journal_mode=WAL")
    if version == 0 and tables:
        if not {"games", "steps"} <= tables:
            return f"holds other tables ({', '.join(sorted(tables))})"
        for table, missing in (("games", ("digest TEXT", "crc INTEGER", "steps INTEGER")),
                               ("steps", ("crc INTEGER",))):
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            for col in missing:
                if col.split()[0] not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {col}")
    db.executescript(SCHEMA)
    if version != SCHEMA_VERSION:
        # rows of games from this id on carry checksums: a NULL there is damage, not an old row
        first = 1 + (db.execute("SELECT max(id) FROM games").fetchone()[0] or 0) if tables else 0
        db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('crc_from', ?)", (first,))
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    for table, cols in COLUMNS.items():
        names = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
        if names != cols:
            return f"has another {table} table ({', '.join(names)})"
    return None


def not_regular(path: Path) -> str | None:
    """Why the journal at ``path`` is damaged when it or its ``-wal``/``-shm`` is no regular file
    (SQLite's open of a named pipe waits for ever), else None."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        what = odd_kind(name)
        if what is not None:
            return f"is not a regular file ({name.name} is {what})"
    return None


def rename_aside(path: Path, stamp: int) -> Path:
    """Rename the journal at ``path`` (and its -wal, -shm) to ``journal.sqlite3.damaged-<stamp>``
    (unix seconds; ``-2``, ``-3``… after it rather than over another file); the new path."""
    aside = path.with_name(f"{NAME}.damaged-{stamp}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{NAME}.damaged-{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        src = f"{path}{suffix}"
        if os.path.lexists(src):
            os.rename(src, f"{aside}{suffix}")
    return aside
