"""A damaged history's rescue (``table.history``): :func:`move_aside` renames the damaged
``history.sqlite3`` (and its ``-wal``/``-shm``) to ``history.sqlite3.damaged-<unix time>``, and
:func:`salvage` copies every game that still reads in it into a fresh history, under its old id
and with its start time. The store (:class:`table.history.store.History`) calls both when it
opens a damaged file; the journal's finish hook (``table.history.finish``) when a write meets one.
Best effort: what does not read is left for the next start to index again from ``records/``
(:func:`table.history.index.index_records`)."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.history.values import MAX_PLAYERS, HistoryDamaged, one_line, stored_json, stored_start
from table.storage.aside import connect_aside

log = logging.getLogger("applejack.history")


def move_aside(path: Path, reason: str, clock: Callable[[], float] = time.time) -> Path:
    """Rename a damaged history (and its ``-wal``/``-shm``) to ``history.sqlite3.damaged-<unix
    time>`` (never over another file), with one log line; returns the new path."""
    stamp = int(clock())
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{k}")
    with contextlib.suppress(FileNotFoundError):  # only its -wal may be there (a named pipe)
        os.rename(path, target)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.rename(path.with_name(path.name + suffix), target.with_name(target.name + suffix))
    log.warning("history %s is damaged (%s): moved aside to %s, a fresh history starts",
                path, one_line(reason, 120), target.name)
    return target


_GAME = "SELECT id, game, setup, played, seats, solo, digest, source, record FROM games"
_SEATS = ("SELECT s.seat, p.name, s.total, s.breakdown, s.winner FROM scores s LEFT JOIN players p "
          "ON p.id=s.player WHERE s.game=? ORDER BY s.seat")


def _readable_games(old: sqlite3.Connection) -> dict[int, tuple[Any, ...]]:
    """The rows of ``games`` that still read, from the front and from the back of a damaged table."""
    rows: dict[int, tuple[Any, ...]] = {}
    for order in ("ASC", "DESC"):
        try:
            for row in old.execute(f"{_GAME} ORDER BY id {order}"):
                rows.setdefault(row[0], row)
        except (sqlite3.Error, UnicodeDecodeError, OverflowError):
            continue
    return rows


def _sound(row: tuple[Any, ...], seats: list[tuple[Any, ...]]) -> bool:
    """A stored game as this package writes it (types, JSON, one score row per seat)."""
    _gid, game, setup, played, n, solo, digest, source, record = row
    try:
        return (isinstance(game, str) and isinstance(digest, str) and isinstance(played, (int, float))
                and 0 <= played < 1e11 and isinstance(n, int) and n == len(seats) and 1 <= n <= MAX_PLAYERS
                and solo in (None, "outstanding", "goal", "short") and isinstance(source, (str, type(None)))
                and isinstance(stored_json(setup, dict), dict) and isinstance(stored_json(record, dict), dict)
                and all(isinstance(t, int) and isinstance(stored_json(b, dict), dict) and w in (0, 1)
                        and (name is None or isinstance(name, str)) for _s, name, t, b, w in seats))
    except HistoryDamaged:
        return False


def salvage(aside: Path, db: sqlite3.Connection, clock: Callable[[], float] = time.time) -> int:
    """Copy every game (with its seats and names) that still reads from the damaged history
    ``aside`` into the fresh history ``db``; how many. Best effort: a row that does not read, or
    is not what this package writes, is left (the records under ``records/`` are indexed again by
    the next start: :func:`table.history.index.index_records`)."""
    try:
        old = connect_aside(aside)  # never one that waits: a named pipe is not opened (issue 35)
    except sqlite3.Error:
        return 0
    kept = 0
    try:
        for gid, row in sorted(_readable_games(old).items()):
            try:
                seats = old.execute(_SEATS, (gid,)).fetchall()
            except (sqlite3.Error, UnicodeDecodeError, OverflowError):
                continue
            if _sound(row, seats) and _copy(db, row, seats, clock, _started(old, gid)):
                kept += 1
    except sqlite3.Error:  # the old file is unreadable as a whole (a directory, not a database)
        pass
    finally:
        old.close()
    return kept


def _started(old: sqlite3.Connection, gid: int) -> float | None:
    """A salvaged game's start (its duration), where it still reads (a version-1 file has none)."""
    try:
        row = old.execute("SELECT started FROM games WHERE id=?", (gid,)).fetchone()
    except (sqlite3.Error, UnicodeDecodeError, OverflowError):
        return None
    return None if row is None else stored_start(row[0])


def _copy(db: sqlite3.Connection, row: tuple[Any, ...], seats: list[tuple[Any, ...]],
          clock: Callable[[], float], started: float | None = None) -> bool:
    """Copy one salvaged game, under its old id where that is free (``history --export ID``
    names the same game after a salvage), with its start time."""
    gid, game, setup, played, n, solo, digest, source, record = row
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("SELECT 1 FROM games WHERE digest=?", (digest,)).fetchone():
            db.execute("ROLLBACK")
            return False
        free = db.execute("SELECT 1 FROM games WHERE id=?", (gid,)).fetchone() is None
        cur = db.execute("INSERT INTO games (id, game, setup, played, started, seats, solo, digest, source, record) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (gid if free else None, game, setup, played, started, n, solo, digest, source, record))
        for seat, name, total, breakdown, winner in seats:
            pid = None
            if name is not None:
                found = db.execute("SELECT id FROM players WHERE name=?", (name,)).fetchone()
                pid = found[0] if found else db.execute("INSERT INTO players (name, created, last_played) "
                                                        "VALUES (?, ?, ?)", (name, clock(), played)).lastrowid
                db.execute("UPDATE players SET last_played=max(coalesce(last_played, 0), ?) WHERE id=?", (played, pid))
            db.execute("INSERT INTO scores (game, seat, player, total, breakdown, winner) VALUES (?, ?, ?, ?, ?, ?)",
                       (cur.lastrowid, seat, pid, total, breakdown, winner))
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return True


