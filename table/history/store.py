"""The history's SQLite file (``table.history``): ``history.sqlite3`` in the state dir.

Schema version :data:`SCHEMA_VERSION` in ``PRAGMA user_version``.

* ``players``: every name that ever played (the touchscreen offers them, most recent first).
* ``games``: one row per finished game — the game's registry key (every game's finished record
  is replayed or rescored by its engine, through the game's reader, before it is stored), the
  variant/setup as JSON, the date (unix seconds, UTC), the number of players, the solo verdict
  (``outstanding``, ``goal``, ``short``; NULL with several players or a game without solo marks),
  the record's SHA-256 (a game is stored once, however often it is imported) and the record
  itself (for the QR code and the coach).
* ``scores``: one row per game and seat — the player, the total, the breakdown as JSON (the
  game's breakdown fields) and whether the seat won.

**Damage** (SQLite calls the file corrupt or not a database, another schema version, a row that
does not read back): the file is moved aside as ``history.sqlite3.damaged-<unix time>`` (kept) with
one log line, and a fresh history starts with every game that still reads in it (:func:`table.history.salvage.salvage`:
under its old id, with its start time);
the next start of the table adds the games under ``records/`` it lacks
(:func:`table.history.index.index_records`), so a damaged page loses nothing that has a record.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from table.history.salvage import move_aside, salvage
from table.history.values import (
    FILENAME,
    Best,
    FinishedGame,
    GameEntry,
    HistoryDamaged,
    HistoryInputError,
    SeatResult,
    SoloMarks,
    clean_name,
    one_line,
    record_digest,
    seat_name,
    stored_json,
    stored_start,
    stored_text,
)
from table.storage.regularfile import odd_kind
from table.storage.statedir import connect_private, is_damage, make_private_dir

MAX_DURATION = 7 * 24 * 3600.0
"""The longest play the history dates (seconds): beyond it the journal's clock was wrong."""

log = logging.getLogger("applejack.history")

SCHEMA_VERSION = 2
"""2: ``games.started`` (the play's start, for its duration); a version-1 file gains the column."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created REAL NOT NULL,
    last_played REAL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,            -- table.games key, e.g. 'applejack'
    setup TEXT NOT NULL,           -- variants / setup as JSON
    played REAL NOT NULL,          -- unix seconds (UTC) the game ended
    started REAL,                  -- unix seconds (UTC) the game started (NULL: not known)
    seats INTEGER NOT NULL,
    solo TEXT,                     -- outstanding / goal / short (solo games only)
    digest TEXT NOT NULL UNIQUE,   -- sha256 of the record's canonical JSON
    source TEXT,                   -- where it came from ('companion', a file name)
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS scores (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player INTEGER REFERENCES players(id),   -- NULL: nobody was picked for the seat ("Seat N")
    total INTEGER NOT NULL,
    breakdown TEXT NOT NULL,
    winner INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS scores_player ON scores(player);
"""


class History:
    """The history file in ``directory`` (created when missing). A damaged file is moved aside
    with one log line (:attr:`moved_aside` names where) and a fresh one started; other storage
    errors (disk full, read-only) propagate as ``sqlite3.Error``/``OSError``.

    ``read_only=True`` (the ``history`` command's listings) changes no file: a missing file is an
    empty history in memory (:attr:`missing`), and a damaged one is left where it is and read
    as far as it goes into memory (:attr:`damaged` says why; one log line); writing through it
    fails with ``sqlite3.Error``."""

    def __init__(self, directory: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                 read_only: bool = False, quiet: bool = False) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILENAME
        self.clock = clock
        self.read_only = read_only
        self.quiet = quiet  # read_only: no line for a damaged file (a caller that only asks whether it is sound)
        self.moved_aside: Path | None = None
        self.damaged: str | None = None
        self.missing = False
        """``read_only``: there is no history file (an empty one in memory)."""
        self.db = self._open_read_only() if read_only else self._open()

    def _open_read_only(self) -> sqlite3.Connection:
        if not os.path.lexists(self.path):  # deleted: an empty history in memory (the records fill it)
            self.missing = True
            db = sqlite3.connect(":memory:", isolation_level=None)
            db.executescript(SCHEMA)
            return db
        try:
            _regular(self.path)
            db = sqlite3.connect(f"file:{quote(str(self.path.absolute()))}?mode=ro", uri=True,
                                 isolation_level=None, timeout=5.0)
            try:
                _check(db, create=False)
            except BaseException:
                db.close()
                raise
            return db
        except (sqlite3.DatabaseError, HistoryDamaged, UnicodeDecodeError) as exc:
            if not (isinstance(exc, HistoryDamaged | UnicodeDecodeError) or is_damage(exc)):
                raise
            if not isinstance(exc, OlderSchema):
                self.damaged = one_line(str(exc), 120)
        db = sqlite3.connect(":memory:", isolation_level=None)
        db.executescript(SCHEMA)
        kept = salvage(self.path, db, self.clock)
        if self.damaged is not None and not self.quiet:
            log.warning("history %s is damaged (%s): %d game(s) still read; the file is left as it is "
                        "(the table sets it right at its next start)", self.path, self.damaged, kept)
        return db

    def to_memory(self) -> None:
        """Go on with a copy in memory (``read_only``: what the records add to the view is never
        written to the file)."""
        mem = sqlite3.connect(":memory:", isolation_level=None)
        self.db.backup(mem)
        self.db.close()
        self.db = mem

    def _open(self) -> sqlite3.Connection:
        make_private_dir(self.directory)
        try:
            return self._connect()
        except (sqlite3.DatabaseError, HistoryDamaged, UnicodeDecodeError) as exc:
            if not (isinstance(exc, HistoryDamaged | UnicodeDecodeError) or is_damage(exc)):
                raise
            self._move_aside(str(exc))
            db = self._connect()
            assert self.moved_aside is not None
            kept = salvage(self.moved_aside, db, self.clock)
            if kept:
                log.warning("history: %d game(s) still read from %s: kept", kept, self.moved_aside.name)
            return db

    def _connect(self) -> sqlite3.Connection:
        _regular(self.path)
        db = connect_private(self.path, isolation_level=None, timeout=5.0)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            _check(db, create=True)
        except BaseException:
            db.close()
            raise
        return db

    def _move_aside(self, reason: str) -> None:
        self.moved_aside = move_aside(self.path, reason, self.clock)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- players ---------------------------------------------------------------------------------
    def _player_id(self, db: sqlite3.Connection, name: str) -> int:
        row = db.execute("SELECT id FROM players WHERE name=?", (name,)).fetchone()
        if row:
            return int(row[0])
        cur = db.execute("INSERT INTO players (name, created) VALUES (?, ?)", (name, self.clock()))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def add_player(self, name: str) -> str:
        """Add a new name (picked as "new" on the touchscreen); returns it as stored."""
        text = clean_name(name)
        with self._tx() as db:
            self._player_id(db, text)
        return text

    def players(self) -> list[str]:
        """Every known name, the most recently played first (then new names, by age): what the
        touchscreen offers when people pick who plays."""
        rows = self.db.execute("SELECT name FROM players ORDER BY last_played IS NULL, last_played DESC, "
                               "created DESC, id DESC")
        return [str(r[0]) for r in rows]

    # --- games -----------------------------------------------------------------------------------
    def add(self, finished: FinishedGame, *, names: Sequence[str | None] | None = None,
            played: float | None = None, source: str = "companion", duration: float | None = None) -> int | None:
        """Store a finished game; its id, or None when this very record is stored already.
        ``names``: one per seat, None for a seat nobody was picked for (default: the record's);
        ``duration``: seconds from its start to its end (the journal's times; kept when 0..MAX_DURATION)."""
        seats = len(finished.breakdowns)
        chosen = tuple(None if n is None else clean_name(n)
                       for n in (names if names is not None else finished.names))
        if len(chosen) != seats:
            raise HistoryInputError(f"{len(chosen)} names for {seats} seats")
        named = [n for n in chosen if n is not None]
        if len(set(named)) != len(named):
            raise HistoryInputError("one name for two seats")
        when = self.clock() if played is None else float(played)
        if not (0 <= when < 1e11):
            raise HistoryInputError(f"date {when!r} out of range")
        started = when - duration if duration is not None and 0 <= duration <= MAX_DURATION else None
        digest = record_digest(finished.record)
        if len(finished.details) != seats:
            raise HistoryInputError(f"{len(finished.details)} breakdowns for {seats} seats")
        with self._tx() as db:
            if db.execute("SELECT 1 FROM games WHERE digest=?", (digest,)).fetchone():
                return None
            return self._insert(db, finished, chosen, when, started, source)

    def _insert(self, db: sqlite3.Connection, finished: FinishedGame, chosen: Sequence[str | None], when: float,
                started: float | None, source: str, gid: int | None = None) -> int:
        seats = len(finished.breakdowns)
        details = finished.details
        if len(details) != seats:
            raise HistoryInputError(f"{len(details)} breakdowns for {seats} seats")
        cur = db.execute(
            "INSERT INTO games (id, game, setup, played, started, seats, solo, digest, source, record) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, finished.game, json.dumps(finished.setup, sort_keys=True), when, started, seats,
             finished.solo if seats == 1 else None, record_digest(finished.record), source[:200],
             json.dumps(finished.record, sort_keys=True, separators=(",", ":"))))
        new = cur.lastrowid
        assert new is not None
        for seat, (name, b) in enumerate(zip(chosen, finished.breakdowns, strict=True)):
            pid = None if name is None else self._player_id(db, name)
            if pid is not None:
                db.execute("UPDATE players SET last_played=max(coalesce(last_played, 0), ?) WHERE id=?",
                           (when, pid))
            db.execute("INSERT INTO scores (game, seat, player, total, breakdown, winner) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (new, seat, pid, int(b.total), json.dumps(details[seat], sort_keys=True),
                        int(seat in finished.winners)))
        return new

    def restore(self, gid: int, finished: FinishedGame) -> None:
        """Stored game ``gid`` (its record damaged inside the file) rebuilt from ``finished``, the
        record its file holds, read again by its game's reader: the same id, date, start and
        source, the seats' names as stored where they still read (else the record's)."""
        row = self.db.execute("SELECT played, started, source FROM games WHERE id=?", (gid,)).fetchone()
        played = row[0] if row and isinstance(row[0], int | float) and 0 <= row[0] < 1e11 else self.clock()
        source = row[2] if row and isinstance(row[2], str) else "restored"
        try:
            names: Sequence[str | None] = [s.player if s.named else None for s in self._seats(gid)]
            if len(names) != len(finished.breakdowns):
                names = finished.names
        except (HistoryDamaged, sqlite3.Error, UnicodeDecodeError, ValueError, TypeError):
            names = finished.names
        chosen = tuple(None if n is None else clean_name(n) for n in names)
        with self._tx() as db:
            db.execute("DELETE FROM scores WHERE game=?", (gid,))
            db.execute("DELETE FROM games WHERE id=?", (gid,))
            db.execute("DELETE FROM games WHERE digest=?", (record_digest(finished.record),))
            self._insert(db, finished, chosen, float(played), stored_start(row[1] if row else None), source, gid)

    def damaged_records(self) -> list[tuple[int, str | None, dict[str, Any] | None]]:
        """The stored games whose record is not the one stored (item 5 of issue 35: SQLite's
        ``quick_check`` passes a changed byte inside a row): its SHA-256 (:func:`record_digest`)
        is checked against the digest stored beside it. Per damaged game: its id, the stored
        digest (None when that does not read) and the record when it still reads as JSON."""
        out: list[tuple[int, str | None, dict[str, Any] | None]] = []
        rows = self.db.execute("SELECT id, CAST(digest AS BLOB), CAST(record AS BLOB) FROM games ORDER BY id")
        for gid, raw_digest, raw in rows:  # as bytes: a byte that is not UTF-8 is damage, not an error
            digest = stored_text(raw_digest)
            if isinstance(raw, bytes) and hashlib.sha256(raw).hexdigest() == digest:
                continue  # the stored text is the canonical JSON itself (ASCII): no parsing needed
            record = None
            with contextlib.suppress(HistoryDamaged):
                record = stored_json(stored_text(raw), dict)
            good = digest is not None
            if good and record is not None and record_digest(record) == digest:
                continue
            out.append((int(gid), digest if isinstance(digest, str) else None, record))
        return out

    def withdraw(self, digest: str) -> bool:
        """Take back the stored game whose record has this digest (its result was undone on the
        table: the pad is open again), its seats' scores with it — personal bests are counted from
        what is stored, so the withdrawn score is in none. Whether one was stored."""
        with self._tx() as db:
            row = db.execute("SELECT id FROM games WHERE digest=?", (digest,)).fetchone()
            if row is None:
                return False
            db.execute("DELETE FROM scores WHERE game=?", (row[0],))
            db.execute("DELETE FROM games WHERE id=?", (row[0],))
        return True

    def games(self, player: str | None = None, game: str | None = None) -> list[GameEntry]:
        """Stored games, oldest first (only those ``player`` played, when given)."""
        sql = "SELECT id, game, setup, played, solo, started FROM games"
        where, args = [], []
        if player is not None:
            where.append("id IN (SELECT s.game FROM scores s JOIN players p ON p.id=s.player WHERE p.name=?)")
            args.append(clean_name(player))
        if game is not None:
            where.append("game=?")
            args.append(game)
        if where:
            sql += " WHERE " + " AND ".join(where)
        out = []
        for gid, key, setup, played, solo, started in self.db.execute(sql + " ORDER BY played, id", args).fetchall():
            out.append(GameEntry(int(gid), str(key), stored_json(setup, dict), float(played), solo,
                                 self._seats(int(gid)), stored_start(started)))
        return out

    def game(self, gid: int) -> GameEntry | None:
        row = self.db.execute("SELECT id, game, setup, played, solo, started FROM games WHERE id=?",
                              (gid,)).fetchone()
        if row is None:
            return None
        return GameEntry(int(row[0]), str(row[1]), stored_json(row[2], dict), float(row[3]), row[4], self._seats(gid),
                         stored_start(row[5]))

    def game_by_digest(self, digest: str) -> int | None:
        """The id of the stored game whose record has this digest (:func:`record_digest`), or None."""
        row = self.db.execute("SELECT id FROM games WHERE digest=?", (digest,)).fetchone()
        return None if row is None else int(row[0])

    def digests(self) -> set[str]:
        """The digests of every stored record (:func:`record_digest`)."""
        return {str(d) for (d,) in self.db.execute("SELECT digest FROM games")}

    def record(self, gid: int) -> dict[str, Any] | None:
        """Stored game ``gid``'s record (None: no such game), checked against its digest:
        HistoryDamaged (one line) when it is not the record stored — the table's next start
        restores it from its file under ``records/``."""
        row = self.db.execute("SELECT CAST(record AS BLOB), digest FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            return None
        try:
            record: dict[str, Any] = stored_json(stored_text(row[0]), dict)
            if record_digest(record) != row[1]:
                raise HistoryDamaged("a stored record has the wrong shape")
        except HistoryDamaged:
            raise HistoryDamaged(f"game {gid}'s stored record is damaged (it is not the record stored): the "
                                 "table restores it from its file under records/ at its next start") from None
        return record

    def _seats(self, gid: int) -> tuple[SeatResult, ...]:
        rows = self.db.execute("SELECT s.seat, p.name, s.total, s.breakdown, s.winner FROM scores s "
                               "LEFT JOIN players p ON p.id=s.player WHERE s.game=? ORDER BY s.seat", (gid,)).fetchall()
        return tuple(SeatResult(seat_name(int(seat)) if n is None else str(n), int(t), stored_json(b, dict), bool(w),
                                n is not None) for seat, n, t, b, w in rows)

    def bests(self, player: str | None = None) -> list[Best]:
        """Personal bests per player and game (best total overall and solo, number of games)."""
        sql = ("SELECT p.name, g.game, count(*), max(s.total), max(CASE WHEN g.seats=1 THEN s.total END) "
               "FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game")
        args: list[Any] = []
        if player is not None:
            sql += " WHERE p.name=?"
            args.append(clean_name(player))
        out = []
        for name, key, n, best, solo_best in self.db.execute(sql + " GROUP BY p.id, g.game ORDER BY p.name, g.game",
                                                             args).fetchall():
            first = self.db.execute("SELECT g.id FROM scores s JOIN players p ON p.id=s.player JOIN games g "
                                    "ON g.id=s.game WHERE p.name=? AND g.game=? AND s.total=? "
                                    "ORDER BY g.played, g.id LIMIT 1", (name, key, best)).fetchone()
            out.append(Best(str(name), str(key), int(n), int(best), int(first[0]),
                            None if solo_best is None else int(solo_best)))
        return out

    def solo_marks(self, player: str | None = None) -> list[SoloMarks]:
        """Per player: solo games, how many reached the goal and outstanding (the stored solo
        verdicts), and the first game id that reached each."""
        sql = ("SELECT p.name, g.game, count(*), sum(g.solo IN ('goal', 'outstanding')), sum(g.solo='outstanding') "
               "FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game WHERE g.seats=1")
        args: list[Any] = []
        if player is not None:
            sql += " AND p.name=?"
            args.append(clean_name(player))
        out = []
        for name, key, n, goal, outst in self.db.execute(sql + " GROUP BY p.id, g.game ORDER BY p.name",
                                                                   args).fetchall():
            out.append(SoloMarks(str(name), str(key), int(n), int(goal or 0), int(outst or 0),
                                 self._first_at(str(name), str(key), ("goal", "outstanding")),
                                 self._first_at(str(name), str(key), ("outstanding", "outstanding"))))
        return out

    def _first_at(self, name: str, key: str, verdicts: tuple[str, str]) -> int | None:
        row = self.db.execute("SELECT g.id FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game "
                              "WHERE g.seats=1 AND p.name=? AND g.game=? AND g.solo IN (?, ?) "
                              "ORDER BY g.played, g.id LIMIT 1",
                              (name, key, *verdicts)).fetchone()
        return None if row is None else int(row[0])


def _regular(path: Path) -> None:
    """HistoryDamaged unless the history and its ``-wal`` and ``-shm`` are regular files or not
    there: SQLite's open of a named pipe waits for ever (issue 35)."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        what = odd_kind(name)
        if what is not None:
            raise HistoryDamaged(f"{name.name} is {what}, not a regular file")


class OlderSchema(HistoryDamaged):
    """A sound history of an older schema, met where it may not be changed (``read_only``)."""


def _check(db: sqlite3.Connection, *, create: bool) -> None:
    """Raise HistoryDamaged unless ``db`` is a sound history of this schema; an empty file gets
    the schema when ``create``."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if version == 0 and not tables and create:
        db.executescript(SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    elif version == 1 and {"players", "games", "scores"} <= tables:  # the start time came with 2
        if not create:
            raise OlderSchema("schema version 1: read into memory")
        db.execute("ALTER TABLE games ADD COLUMN started REAL")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    elif version != SCHEMA_VERSION:
        raise HistoryDamaged(f"schema version {version}, this program writes {SCHEMA_VERSION}")
    elif not {"players", "games", "scores"} <= tables:
        raise HistoryDamaged("tables missing")
    check = db.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise HistoryDamaged(f"quick_check: {str(check)[:80]}")
