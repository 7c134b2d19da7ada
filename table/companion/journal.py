"""The game journal: every confirmed command in SQLite (WAL, synchronous=FULL), one transaction each.

A power cut loses at most the command being written; on the next start the unfinished game
is replayed command by command through the controller. Finished games are kept as records
(``applejack-track/1`` JSON) in the database and as files under ``records/``.

Storage faults (docs/companion.md, "Storage"):

* **Damage** — SQLite calls the file corrupt or not a database, its schema version is not
  :data:`~table.companion.journalfile.SCHEMA_VERSION`, a row's checksum does not match what was
  written (a setup that is not the JSON written, a changed step), a number that is not finite, the journal path is a
  symlink or not a file: the journal is *moved aside* (``journal.sqlite3.damaged-<unix time>``,
  kept for inspection) with one log line, and a fresh one starts with the open game's longest
  run of steps that still read with their checksums (offered on resume; one line says how many).
* **A passing error** — disk full, I/O error, read-only or unwritable directory, no room for
  ``records/``: nothing is moved aside. :attr:`Journal.problem` holds one line (what, where,
  what to do); the writes that failed wait in :attr:`Journal.backlog` (in memory, in order)
  and :meth:`Journal.retry` writes them once the storage takes them again. A journal that
  could not be opened at all is opened by a later retry (``on_reopen`` is then called).
* **One instance** — :class:`~table.storage.statedir.StateLock` is held while a Journal
  is open; a second process gets :class:`~table.storage.statedir.AlreadyRunning`.

Game ids never restart: a new game's id is above every id in the journal, every record file
under ``records/`` and the highest id of a journal that was moved aside. A record file is never
overwritten (``os.link`` of a fsynced temporary file, then the directory is fsynced).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import math
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.companion.journalaside import game_crc, max_id_of, rescue_open_game, step_crc
from table.companion.journalfile import NAME, JournalDamaged, check_schema, load_json, not_regular, rename_aside
from table.companion.protocol import UNFINISH
from table.history.finish import record_finished, withdraw_finished
from table.history.index import index_records
from table.history.readers import Readers
from table.storage.recordfiles import max_record_id, recorded, tidy_temps, write_record
from table.storage.statedir import (
    AlreadyRunning,
    StateLock,
    check_state_dir,
    connect_private,
    is_damage,
    make_private_dir,
    problem_line,
)

log = logging.getLogger("applejack.journal")

RETRY_SECONDS = 2.0
"""How often :meth:`Journal.retry` tries again after a passing storage error."""


def default_state_dir() -> Path:
    """``$STATE_DIRECTORY`` under systemd (its first entry), else the platform's user data dir.

    StateDirRefused when it names the root directory or an empty first entry."""
    env = os.environ.get("STATE_DIRECTORY")
    if env is not None:
        return check_state_dir(env.split(":")[0], "STATE_DIRECTORY")
    import platformdirs  # deferred: only off systemd, and it reads the platform's dirs on import

    return Path(platformdirs.user_data_dir("applejack-table", appauthor=False))


@dataclass(frozen=True)
class OpenGame:
    id: int
    setup: dict[str, Any]
    cmds: list[str]
    started: float
    digest: str | None = None


class Journal:
    """The journal in ``directory`` (see the module doc).

    ``fault(stage)`` is a test hook called with "written" (inside the transaction, before
    COMMIT) and "committed" around each write. ``digest``: the data set's ``data_digest``,
    stored with every game. ``readers``: the games' record readers (the session's caller builds
    them from the registry): a finished game goes into the player history through them; a
    journal without them keeps no history (tools that only read the journal). Raises
    AlreadyRunning (another process holds the directory) and StateDirRefused; every other
    storage error leaves the journal offline with :attr:`problem` set, to be opened by
    :meth:`retry`."""

    def __init__(self, directory: Path | str, *, fault: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.time, digest: str | None = None,
                 on_reopen: Callable[[], None] | None = None, readers: Readers | None = None) -> None:
        self.directory = check_state_dir(directory)
        self.readers = readers
        self.path = self.directory / NAME
        self.fault = fault
        self.clock = clock
        self.digest = digest
        self.on_reopen = on_reopen
        self.on_change: Callable[[], None] | None = None
        """Called when :attr:`problem` changed (the session shows it on the controller)."""
        self.db: sqlite3.Connection | None = None
        self.lock: StateLock | None = None
        self.game: int | None = None
        self.seq = 0
        self.current: tuple[dict[str, Any], list[str]] | None = None  # the open game, as committed
        self.backlog: list[tuple[str, Any]] = []
        """Writes that failed on a passing error, oldest first (written by :meth:`retry`)."""
        self.problem = ""
        """One line while the journal cannot be written ("" when it can)."""
        self.moved_aside: Path | None = None
        self.last_history_id: int | None = None  # the finished game's id in history.sqlite3 (or None)
        self.last_record: Path | None = None
        self.finished: tuple[int, int, tuple[dict[str, Any], list[str]] | None] | None = None
        """The game finished last in this process: (id, steps, (setup, steps)); undo on its result reopens it."""
        self._last_try = -math.inf
        self._ever_open = False
        try:
            self._open()
        except (OSError, sqlite3.Error) as exc:
            self._offline(exc, quiet=True)  # the front end says it (a terminal stops, the kiosk shows it)

    # --- opening --------------------------------------------------------------------------------
    def _open(self) -> None:
        make_private_dir(self.directory)
        if self.lock is None:
            self.lock = StateLock(self.directory)
        reason = self._connect()
        if reason is not None:
            self.move_aside(reason, rescue=True)
        self._ever_open = True
        self._tidy_records()
        self._index_history()

    def _tidy_records(self) -> None:
        """The temporary files of a cut record write are removed, each once its record is safe
        (:func:`~table.storage.recordfiles.tidy_temps`; the lock is held). Never raises."""
        try:
            assert self.db is not None
            open_games = {int(g) for (g,) in self.db.execute("SELECT id FROM games WHERE status='open'")
                          if isinstance(g, int)}
            tidy_temps(self.directory / "records", open_games)
        except Exception as exc:  # tidying is a convenience: nothing in it may cost the game
            log.warning("records: the temporary files were not tidied: %s", repr(exc)[:200])

    def _index_history(self) -> None:
        """The history indexes ``records/``: a record it lacks (a cut finish) is added, a finished
        game's record file that is missing or damaged is written again from the journal first
        (:func:`~table.history.index.index_records`). Never raises."""
        if self.readers is None:
            return
        try:
            finished: set[int] = set()
            if self.db is not None:
                finished = {g for (g,) in self.db.execute("SELECT id FROM games WHERE status='finished' AND "
                                                         "record IS NOT NULL") if isinstance(g, int)}
            index_records(self.directory, self.readers, finished=finished, journal_record=self._record_text)
        except Exception as exc:  # the history is a convenience: nothing in it may cost the game
            log.warning("history: the records were not indexed: %s", repr(exc)[:200])

    def _record_text(self, gid: int) -> str | None:
        """The record text the journal keeps of finished game ``gid`` (the file under ``records/``
        is written from it again when it is missing or damaged)."""
        if self.db is None:
            return None
        row = self.db.execute("SELECT record FROM games WHERE id=? AND status='finished'", (gid,)).fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    def _connect(self) -> str | None:
        """Open and check the file; the reason it is damaged, or None when it is sound.
        Passing errors are raised."""
        reason = not_regular(self.path)
        if reason is not None:
            return reason
        db = connect_private(self.path, isolation_level=None)
        try:
            reason = check_schema(db)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            db.close()
            if is_damage(exc):
                return f"is damaged ({exc})"
            raise
        except BaseException:
            db.close()
            raise
        if reason is not None:
            db.close()
            return reason
        self.db = db
        return None

    def move_aside(self, reason: str, *, rescue: bool = False) -> Path:
        """Rename the damaged journal (and its -wal, -shm) to ``journal.sqlite3.damaged-<time>``,
        log one line and start a fresh journal; ids go on above the old journal's. ``rescue``
        (damage): the open game's longest run of steps that still read goes into the new one."""
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.close()
            self.db = None
        aside = rename_aside(self.path, int(self.clock()))
        log.warning("journal %s %s: moved aside to %s (kept for inspection); a new journal starts",
                    self.path, reason, aside.name)
        self.moved_aside = aside
        floor = max_id_of(aside)
        if self._connect() is not None:
            raise OSError(errno.EIO, f"a new journal in {self.directory} cannot be started")
        if floor:
            self._meta_floor(floor)
        rescued = rescue_open_game(aside) if rescue else None
        if rescued is not None:
            self.digest, digest = rescued.digest, self.digest  # the game keeps the data set it was played with
            try:
                self._start(rescued.setup)
                for cmd in rescued.cmds:
                    self._append(cmd)
            finally:
                self.digest, self.game, self.current = digest, None, None
            log.warning("journal: game %d's first %d step(s) still read: recovered (offered on resume)",
                        rescued.id, len(rescued.cmds))
        return aside

    def _meta_floor(self, floor: int) -> None:
        assert self.db is not None
        self.db.execute("INSERT INTO meta (key, value) VALUES ('id_floor', ?) "
                        "ON CONFLICT(key) DO UPDATE SET value=max(value, excluded.value)", (floor,))

    def close(self) -> None:
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.close()
            self.db = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- passing errors ---------------------------------------------------------------------------
    def _offline(self, exc: BaseException, *, quiet: bool = False) -> None:
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.close()
            self.db = None
        self._last_try = self.clock()
        line = problem_line(self.directory, exc, self.backlog)
        if not quiet and line.split(" — ")[0] != self.problem.split(" — ")[0]:
            log.warning("%s", line)
        self._set_problem(line)

    def _set_problem(self, line: str) -> None:
        if line != self.problem:
            self.problem = line
            if self.on_change is not None:
                self.on_change()

    def lost(self, exc: BaseException) -> None:
        """A passing error while reading at the start: offline, and the unfinished game is
        looked for again (``on_reopen``) once the journal opens."""
        self._offline(exc)
        self._ever_open = False

    def retry(self, *, force: bool = False) -> bool:
        """Write what waits (opening the journal first if need be); True when nothing waits.
        Without ``force`` it tries at most every :data:`RETRY_SECONDS`."""
        if self.db is not None and not self.backlog:
            return True
        if not force and self.clock() - self._last_try < RETRY_SECONDS:
            return False
        return self._flush()

    def _flush(self) -> bool:
        self._last_try = self.clock()
        first = False
        try:
            if self.db is None:
                first = not self._ever_open
                self._open_again()
            while self.backlog:
                kind, payload = self.backlog[0]
                self._write(kind, payload)
                self.backlog.pop(0)
        except (OSError, sqlite3.Error, AlreadyRunning) as exc:  # another process took the directory meanwhile
            self._offline(exc)
            return False
        if self.problem:
            log.warning("journal %s is written again", self.path)
            self._set_problem("")
        if first and self.on_reopen is not None:  # opened late: the session looks for an unfinished game
            self.on_reopen()
        return True

    def _open_again(self) -> None:
        aside = self.moved_aside
        self._open()
        if self.moved_aside != aside and self.current is not None and self.game is not None:
            # damaged while a game was open: its committed part goes into the new journal first
            setup, cmds = self.current
            self.game = None
            self.backlog[:0] = [("game", setup), *(("cmd", c) for c in cmds)]

    # --- writing --------------------------------------------------------------------------------
    def _tx(self, sql: str, args: tuple[Any, ...], *more: tuple[str, tuple[Any, ...]]) -> int:
        assert self.db is not None
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute(sql, args)
            rowid = cur.lastrowid or 0
            for sql2, args2 in more:
                cur.execute(sql2, args2)
            if self.fault:
                self.fault("written")
            cur.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    cur.execute("ROLLBACK")
            raise
        if self.fault:
            self.fault("committed")
        return rowid

    def hook(self, kind: str, payload: Any) -> None:
        """The controller's ``on_command``: never raises on a storage error (see :attr:`problem`)."""
        self.backlog.append((kind, payload))
        if self.db is not None or self.clock() - self._last_try >= RETRY_SECONDS:
            self._flush()
        else:
            self._set_problem(problem_line(self.directory, None, self.backlog, self.problem))

    def _write(self, kind: str, payload: Any) -> None:
        if kind == "game":
            self._start(payload)
        elif kind == "cmd":
            self._append(payload)
        elif kind == "finished":
            self._finish(payload)
        elif kind == "discard":
            self._discard(payload)
        elif kind == "unfinish":
            self._unfinish(payload)
        else:
            raise ValueError(f"unknown journal entry {kind!r}")

    def _next_id(self) -> int:
        assert self.db is not None
        top = self.db.execute("SELECT max(id) FROM games").fetchone()[0] or 0
        floor = self.db.execute("SELECT value FROM meta WHERE key='id_floor'").fetchone()
        return max(int(top), int(floor[0]) if floor else 0, max_record_id(self.directory / "records")) + 1

    def _start(self, setup: dict[str, Any]) -> None:
        gid = self._next_id()
        text = json.dumps(setup, sort_keys=True)
        self._tx("INSERT INTO games (id, started, setup, digest, crc, steps) VALUES (?, ?, ?, ?, ?, 0)",
                 (gid, self.clock(), text, self.digest, game_crc(gid, text, self.digest)))
        self.game, self.seq, self.current = gid, 0, (setup, [])

    def start(self, setup: dict[str, Any]) -> int:
        self._write("game", setup)
        assert self.game is not None
        return self.game

    def continue_game(self, game: OpenGame) -> None:
        self.game = game.id
        self.seq = len(game.cmds)
        self.current = (game.setup, list(game.cmds))

    def _append(self, cmd: str) -> None:
        if self.game is None:
            raise RuntimeError("no game started")
        seq = self.seq + 1
        self._tx("INSERT INTO steps (game, seq, cmd, crc) VALUES (?, ?, ?, ?)",
                 (self.game, seq, cmd, step_crc(self.game, seq, cmd)),
                 ("UPDATE games SET steps=? WHERE id=?", (seq, self.game)))  # a lost last step shows
        self.seq = seq
        if self.current is not None:
            self.current[1].append(cmd)

    def append(self, cmd: str) -> None:
        self._write("cmd", cmd)

    def _discard(self, game: int | None) -> None:
        gid = game if game is not None else self.game
        if gid is not None:
            self._tx("UPDATE games SET status='discarded', finished=? WHERE id=?", (self.clock(), gid))
        if gid == self.game:
            self.game, self.current = None, None

    def discard(self, game: int | None = None) -> None:
        """Mark a game discarded (the open one by default); on a storage error it waits in the backlog."""
        self.hook("discard", game if game is not None else self.game)

    def _finish(self, record: dict[str, Any]) -> None:
        if self.game is None:
            raise RuntimeError("no game started")
        if self.current is not None and UNFINISH in self.current[1]:  # a result undone before: its files are
            withdraw_finished(self.directory, self.game)  # withdrawn, never kept as this finish's record
        row = self.db.execute("SELECT started FROM games WHERE id=?", (self.game,)).fetchone() if self.db else None
        duration = self.clock() - row[0] if row and isinstance(row[0], int | float) else None
        kept = recorded(self.directory / "records", self.game)  # finished again after a cut: never twice
        record = kept[1] if kept is not None else record
        text = json.dumps(record, indent=1, sort_keys=True)
        self.last_record = kept[0] if kept is not None else write_record(self.directory / "records", self.game, text)
        self._tx("UPDATE games SET status='finished', finished=?, record=? WHERE id=?",
                 (self.clock(), text, self.game))
        self.finished = (self.game, self.seq, self.current)
        self.game, self.current = None, None
        # the player history (docs/history.md), every game's finished record: its own file, read by
        # the game's record reader; it never raises and never stops play (a record it refuses is one log line)
        self.last_history_id = None
        if self.readers is None:
            return
        try:
            self.last_history_id = record_finished(self.directory, record, self.readers, duration=duration)
        except Exception as exc:  # the history is a convenience: nothing in it may cost the game
            log.warning("history: the finished game was not stored: %s", repr(exc)[:200])

    def _unfinish(self, cmd: str) -> None:
        """Undo on the result of the game finished last: one transaction appends ``cmd`` as its next
        step and opens it again (no record, no end time) — the commit point; then its record files
        and history entry are withdrawn (``withdraw_finished``; a start after a kill between runs it again)."""
        if self.finished is None:
            raise RuntimeError("no finished game to reopen")
        gid, seq, current = self.finished[0], self.finished[1] + 1, self.finished[2]
        self._tx("INSERT INTO steps (game, seq, cmd, crc) VALUES (?,?,?,?)", (gid, seq, cmd, step_crc(gid, seq, cmd)),
                 ("UPDATE games SET status='open', finished=NULL, record=NULL, steps=? WHERE id=?", (seq, gid)))
        self.game, self.seq, self.finished = gid, seq, None
        self.current = (current[0], [*current[1], cmd]) if current is not None else None
        self.last_history_id = None
        withdraw_finished(self.directory, gid)

    def finish(self, record: dict[str, Any]) -> Path:
        self._write("finished", record)
        assert self.last_record is not None
        return self.last_record

    # --- reading --------------------------------------------------------------------------------
    def unfinished(self) -> OpenGame | None:
        """The newest open game; JournalDamaged when its rows are not what was written."""
        try:
            return self._unfinished()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            if is_damage(exc):
                raise JournalDamaged(f"is damaged ({exc})") from None
            raise

    def _unfinished(self) -> OpenGame | None:
        if self.db is None:
            return None
        odd = self.db.execute("SELECT id, status FROM games WHERE status NOT IN ('open', 'finished', 'discarded') "
                              "LIMIT 1").fetchone()
        if odd is not None:
            raise JournalDamaged(f"game {odd[0]!r} has the status {odd[1]!r}")
        row = self.db.execute("SELECT id, setup, started, digest, crc, steps FROM games WHERE status='open' "
                              "ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        gid, text, started, digest, crc, count = row
        if not isinstance(gid, int) or not isinstance(text, str):
            raise JournalDamaged(f"game {gid!r} holds a {type(text).__name__} as its setup")
        crc_from = self.db.execute("SELECT value FROM meta WHERE key='crc_from'").fetchone()
        checked = crc_from is None or not isinstance(crc_from[0], int) or gid >= crc_from[0]
        setup = self._checked_setup(gid, text, digest, crc, checked)
        if not isinstance(started, (int, float)) or not math.isfinite(started):
            raise JournalDamaged(f"game {gid}'s start time is {started!r}")
        cmds = self._checked_steps(gid, count, checked)
        return OpenGame(gid, setup, cmds, float(started), digest if isinstance(digest, str) else None)

    @staticmethod
    def _checked_setup(gid: int, text: str, digest: Any, crc: Any, checked: bool) -> dict[str, Any]:
        """An open game's setup, as written (its checksum, when the row has or must have one)."""
        if checked and crc is None:
            raise JournalDamaged(f"game {gid}'s setup has lost its checksum")
        if crc is not None and crc != game_crc(gid, text, digest):
            raise JournalDamaged(f"game {gid}'s setup is not what was written")
        setup = load_json(text)
        if not isinstance(setup, dict):
            raise JournalDamaged(f"game {gid}'s setup is not a JSON object")
        return setup

    def _checked_steps(self, gid: int, count: Any, checked: bool) -> list[str]:
        """An open game's steps, numbered 1, 2, … with their checksums, as many as were written."""
        assert self.db is not None
        cmds: list[str] = []
        for seq, cmd, scrc in self.db.execute("SELECT seq, cmd, crc FROM steps WHERE game=? ORDER BY seq", (gid,)):
            if seq != len(cmds) + 1 or not isinstance(cmd, str):
                raise JournalDamaged(f"game {gid}'s steps are not numbered 1, 2, … (step {seq!r})")
            if (scrc is None and checked) or (scrc is not None and scrc != step_crc(gid, seq, cmd)):
                raise JournalDamaged(f"game {gid}'s step {seq} is not what was written")
            cmds.append(cmd)
        if (count is None and checked) or (count is not None and count != len(cmds)):
            raise JournalDamaged(f"game {gid} has {len(cmds)} steps, {count!r} were written")
        return cmds

    def discard_older_open(self, keep: int) -> None:
        if self.db is None:
            return
        try:
            self.db.execute("UPDATE games SET status='discarded' WHERE status='open' AND id<>?", (keep,))
        except sqlite3.Error as exc:  # a passing error: the newest open game is the one offered anyway
            log.info("older open games stay open for now: %s", exc)

    def records(self) -> list[dict[str, Any]]:
        if self.db is None:
            return []
        return [json.loads(r) for (r,) in
                self.db.execute("SELECT record FROM games WHERE status='finished' ORDER BY id")]

