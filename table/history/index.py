"""The history as an index of ``records/`` (the finished games' files, the source of truth).

Every game in the history has a file it can be rebuilt from (issue 35): the table's own finished
games under ``records/`` (``game-NNNNN.json``, written by the journal), and every game brought in
with ``history import`` under ``records/imported/`` (``<digest>.json``, named by the record's
SHA-256: :func:`keep_imported`). So a damaged, truncated, zero-byte or deleted
``history.sqlite3`` comes back whole:

* :func:`index_records` (every start of the table) adds each record the history lacks, read by
  its game's reader, dated by its file's time (a finish cut off between its file and its
  history entry, a history moved aside, a fresh one);
* a record damaged *inside* the file (``quick_check`` passes it) is found by its digest
  (:meth:`History.damaged_records <table.history.store.History.damaged_records>`) and restored
  from its file, under the same id;
* a stored game with no file (imported before this version) gets its file under ``imported/``,
  and a finished game of the journal whose file is missing or damaged gets it back from the
  record the journal keeps;
* what cannot come back — a damaged stored record no file holds, a record file that does not
  read (moved aside as ``NAME.damaged-<unix time>``) — is one line saying how many.

:func:`rebuilt_view` does the same for the read-only ``history`` command, in memory: it writes,
renames and moves nothing. A record no game's reader takes is left alone (one debug line);
nothing here ever stops play.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table.history.readers import Readers
from table.history.store import History
from table.history.values import HistoryInputError, one_line, record_digest
from table.storage.recordfiles import parse_record, read_record, write_file, write_record
from table.storage.regularfile import odd_kind
from table.storage.statedir import make_private_dir, set_aside_odd

log = logging.getLogger("applejack.history")

RECORD_NAME = re.compile(r"game-\d+(-\d+)?\.json")
"""The record files the journal writes (``game-NNNNN.json``, ``game-NNNNN-K.json``)."""
WITHDRAWN_NAME = re.compile(r"game-\d+\.json\.withdrawn-\d+")
"""A finished game's record whose result was undone (``recordfiles.withdraw_records``)."""
IMPORTED = "imported"
"""The folder under ``records/`` that keeps every imported game's record."""
IMPORTED_NAME = re.compile(r"[0-9a-f]{64}\.json")


@dataclass
class RecordFiles:
    """What ``records/`` holds: each readable record by its digest, the files that do not read,
    and the digests of withdrawn records (never indexed, never kept again)."""

    by_digest: dict[str, tuple[Path, dict[str, Any]]] = field(default_factory=dict)
    unreadable: list[Path] = field(default_factory=list)
    withdrawn: set[str] = field(default_factory=set)


def imported_path(records: Path, digest: str) -> Path:
    return records / IMPORTED / f"{digest}.json"


def _listing(folder: Path) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []


def scan(records: Path, *, tidy: bool = True) -> RecordFiles:
    """Read every record file under ``records`` and ``records/imported``. ``tidy`` (the table's
    start, which holds the state dir's lock): a name of a record that is no regular file is moved
    aside (``NAME.not-a-file-…``) and one that does not read as a record is moved aside as
    ``NAME.damaged-<unix time>`` (one line each); without it nothing changes."""
    found = RecordFiles()
    folders = ((records, RECORD_NAME), (records / IMPORTED, IMPORTED_NAME))
    for folder, pattern in folders:
        for name in _listing(folder):
            path = folder / name
            if WITHDRAWN_NAME.fullmatch(name):
                record = read_record(path)
                if record is not None:
                    found.withdrawn.add(record_digest(record))
                continue
            if not pattern.fullmatch(name):
                continue
            if odd_kind(path) is not None:
                if tidy:
                    set_aside_odd(path)
                found.unreadable.append(path)
                continue
            record = read_record(path)
            if record is None:
                found.unreadable.append(_damaged_aside(path) if tidy else path)
                continue
            found.by_digest.setdefault(record_digest(record), (path, record))
    return found


def _damaged_aside(path: Path) -> Path:
    target = path.with_name(f"{path.name}.damaged-{int(time.time())}")
    try:
        os.rename(path, target)
    except OSError as exc:
        log.warning("history: %s does not read as a record and cannot be moved aside: %s", path,
                    one_line(str(exc), 120))
        return path
    log.warning("history: %s does not read as a record (damaged): moved aside to %s", path, target.name)
    return target


@dataclass
class Rebuilt:
    """What one pass over the records did (:func:`rebuild`)."""

    added: int = 0
    restored: int = 0
    kept: int = 0
    """Stored games that had no file and got one under ``records/imported/``."""
    lost_rows: int = 0
    """Stored records that are damaged and no file holds."""
    lost_files: int = 0
    """Record files that do not read."""

    @property
    def lost(self) -> int:
        return self.lost_rows + self.lost_files


def rebuild(history: History, files: RecordFiles, readers: Readers, data: Any = None, *,
            keep: Callable[[str, dict[str, Any]], None] | None = None) -> Rebuilt:
    """Restore the damaged stored records from their files, add every record ``history`` lacks;
    ``keep(digest, record)`` is given every stored game that has no file (the start writes it
    under ``records/imported/``; the read-only command gives none)."""
    done = Rebuilt(lost_files=len(files.unreadable))
    for gid, digest, record in history.damaged_records():
        held = files.by_digest.get(digest or "") or (
            files.by_digest.get(record_digest(record)) if record is not None else None)
        try:
            if held is None:
                raise HistoryInputError("no file holds it")
            history.restore(gid, readers.read(held[1], data))
        except HistoryInputError as exc:
            done.lost_rows += 1
            log.warning("history: game %d's stored record is damaged and cannot be restored: %s", gid,
                        one_line(str(exc), 120))
            continue
        done.restored += 1
        log.warning("history: game %d's stored record was damaged: restored from %s", gid, held[0].name)
    known = history.digests()
    for digest, (path, record) in sorted(files.by_digest.items(), key=lambda kv: str(kv[1][0])):
        if digest in known or digest in files.withdrawn:
            continue
        try:
            finished = readers.read(record, data)
        except HistoryInputError as exc:
            log.debug("history: %s is not indexed: %s", path.name, one_line(str(exc), 120))
            continue
        known.add(digest)
        if history.add(finished, played=path.stat().st_mtime,
                       source="imported" if path.parent.name == IMPORTED else "companion") is not None:
            done.added += 1
    if keep is not None:
        for digest in sorted(history.digests() - set(files.by_digest) - files.withdrawn):
            stored = history.game_by_digest(digest)
            record = None if stored is None else _stored(history, stored)
            if record is not None:
                keep(digest, record)
                done.kept += 1
    return done


def _stored(history: History, gid: int) -> dict[str, Any] | None:
    try:
        return history.record(gid)
    except Exception:  # a row that does not read is what damaged_records() reports
        return None


def keep_imported(records: Path, record: dict[str, Any], played: float | None = None) -> Path:
    """``records/imported/<digest>.json``: the imported ``record`` kept beside the table's own, so
    the history can be rebuilt with it (written whole: a temporary file fsynced, linked, the
    folder fsynced; never over another file — the same digest is the same record). Its time is
    ``played`` (the game's date), as the index dates a record by its file. OSError when it
    cannot be written."""
    path = imported_path(records, record_digest(record))
    make_private_dir(records)  # 0700 like the table's own records/, made first (import may be the first writer)
    write_file(path, json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False))
    if played is not None:
        os.utime(path, (played, played))
    return path


def _say(done: Rebuilt, records: Path) -> None:
    if done.added:
        log.warning("history: %d finished game(s) under %s were missing from it: added", done.added, records)
    if done.kept:
        log.warning("history: %d stored game(s) had no record file: kept under %s", done.kept, records / IMPORTED)
    if done.lost:
        parts = [f"{done.lost_files} record file(s) do not read"] if done.lost_files else []
        parts += [f"{done.lost_rows} stored record(s) are damaged and no file holds them"] if done.lost_rows else []
        log.warning("history: %d game(s) cannot come back: %s — the damaged files are kept under %s",
                    done.lost, ", ".join(parts), records)


def index_records(state_dir: str | os.PathLike[str], readers: Readers, *, data: Any = None,
                  finished: Collection[int] = (), journal_record: Callable[[int], str | None] | None = None) -> int:
    """The start's pass (see the module doc) over ``state_dir/history.sqlite3`` and
    ``state_dir/records/``; how many games were added. ``finished``: the ids of the journal's
    finished games, ``journal_record(id)`` the record text the journal keeps of one: a finished
    game whose file is missing or damaged gets its file back from the journal first. Storage
    errors (``OSError``, ``sqlite3.Error``) propagate."""
    records = Path(state_dir) / "records"
    files = scan(records)
    if journal_record is not None:
        _from_journal(records, files, finished, journal_record)
    odd = any(odd_kind(Path(state_dir) / f"history.sqlite3{suffix}") for suffix in ("", "-wal", "-shm"))
    if not (files.by_digest or files.unreadable or odd or _sound_history(Path(state_dir))):
        return 0  # nothing to index, and a damaged history with nothing to rebuild it from is the
        # history screen's to move aside and say (table.history.book); a named pipe is moved at once

    def keep(digest: str, record: dict[str, Any]) -> None:
        try:
            keep_imported(records, record)
        except OSError as exc:  # a full card: the game is in the history all the same; tried next start
            log.warning("history: a stored game's record file was not written: %s", one_line(str(exc), 120))

    with History(state_dir) as history:
        done = rebuild(history, files, readers, data, keep=keep)
    _say(done, records)
    return done.added


GAME_ID = re.compile(r"game-(\d+)")


def _from_journal(records: Path, files: RecordFiles, finished: Collection[int],
                  journal_record: Callable[[int], str | None]) -> None:
    """A finished game of the journal with no readable file under ``records/`` (deleted, or
    damaged and moved aside by :func:`scan`) gets it back from the record the journal keeps."""
    have = {int(m.group(1)) for path, _r in files.by_digest.values()
            if path.parent == records and (m := GAME_ID.match(path.name))}
    back: set[int] = set()
    for gid in sorted(set(finished) - have):
        text = journal_record(gid)
        record = None if text is None else parse_record(text)
        if record is None:
            continue
        path = write_record(records, gid, text or "")
        files.by_digest.setdefault(record_digest(record), (path, record))
        back.add(gid)
        log.warning("records: game %d's record file was missing or damaged: written again from the journal "
                    "(%s)", gid, path.name)
    files.unreadable = [p for p in files.unreadable
                        if not (p.parent == records and (m := GAME_ID.match(p.name)) and int(m.group(1)) in back)]


def _sound_history(state_dir: Path) -> bool:
    """A history file is there and reads (its stored games may need their files kept)."""
    if not os.path.lexists(state_dir / "history.sqlite3"):
        return False
    try:
        with History(state_dir, read_only=True, quiet=True) as history:
            return history.damaged is None
    except Exception:  # whatever it is, it is not sound: the history screen says so
        return False


def rebuilt_view(history: History, state_dir: str | os.PathLike[str], readers: Readers,
                 data: Any = None) -> Rebuilt:
    """The read-only ``history`` command's view: when records are missing from ``history`` (or
    a stored record is damaged), the history is copied into memory and rebuilt there from the
    files (one line saying so); no file is written, renamed or moved."""
    records = Path(state_dir) / "records"
    files = scan(records, tidy=False)
    missing = set(files.by_digest) - files.withdrawn - history.digests()
    if not missing and not files.unreadable and not history.damaged_records():
        return Rebuilt()
    history.to_memory()
    done = rebuild(history, files, readers, data)
    if done.added or done.restored:
        log.warning("history: %d game(s) shown from their files under %s (the table puts them back into "
                    "history.sqlite3 at its next start)", done.added + done.restored, records)
    if done.lost:
        _say(Rebuilt(lost_rows=done.lost_rows, lost_files=done.lost_files), records)
    return done
