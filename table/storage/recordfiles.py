"""The finished games' record files under ``STATE_DIR/records/`` (``game-NNNNN.json``): written
once, never over another file, and the highest game id they hold (the journal's ids go on above it)."""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import re
import time
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

from table.engine.errors import TableError
from table.storage.jsonfile import parse_json
from table.storage.regularfile import open_regular
from table.storage.statedir import PRIVATE_FILE, make_private_dir, sync_folder

log = logging.getLogger("applejack.journal")

_RECORD = re.compile(r"game-(\d+)")
MAX_RECORD_FILE = 4 * 1024 * 1024
"""Bytes read of a record file at most (a finished game with all its steps is about 30 KB)."""


def parse_record(text: str, name: str = "record") -> dict[str, Any] | None:
    """A record's text as the one JSON reader takes it, when it is an object; else None."""
    try:
        record = parse_json(text, name)
    except TableError:
        return None
    return record if isinstance(record, dict) else None


def read_record(path: Path) -> dict[str, Any] | None:
    """The record in the file ``path``: a regular file (a named pipe is never opened for long) of
    at most :data:`MAX_RECORD_FILE` bytes, UTF-8 JSON as the one reader takes it (each key once),
    an object; None for anything else (missing, damaged, cut short)."""
    try:
        with open_regular(path) as f:
            raw = f.read(MAX_RECORD_FILE + 1)
        if len(raw) > MAX_RECORD_FILE:
            return None
        record = parse_json(raw.decode("utf-8"), str(path))
    except (OSError, UnicodeDecodeError, TableError):
        return None
    return record if isinstance(record, dict) else None


def max_record_id(records: Path) -> int:
    try:
        names = os.listdir(records)
    except OSError:
        return 0
    ids = [int(m.group(1)) for n in names if (m := _RECORD.match(n))]
    return max(ids, default=0)


def write_record(records: Path, game: int, text: str) -> Path:
    """``records/game-NNNNN.json``, never over another file: the text is written to a temporary
    file (``.game-NNNNN.<pid>.tmp``) and fsynced, then hard-linked to its name (which fails if
    the name is taken: the next free ``game-NNNNN-K.json`` is used, unless the file already holds
    this very record), then the directory is fsynced. A cut in between leaves the temporary
    file: :func:`tidy_temps` at the next start."""
    make_private_dir(records)
    body = (text + "\n").encode()
    names = (f"game-{game:05d}.json" if k == 1 else f"game-{game:05d}-{k}.json" for k in itertools.count(1))
    return _write_once(records, f".game-{game:05d}.{os.getpid()}.tmp", body, names)


def write_file(path: Path, text: str) -> Path:
    """``text`` as the new file ``path`` (0600), written whole as :func:`write_record` writes
    (``.NAME.<pid>.tmp``, fsync, link, the folder fsynced); a file of that name already there is
    left as it is (a name that says what it holds: the same text)."""
    make_private_dir(path.parent)
    return _write_once(path.parent, f".{path.stem}.{os.getpid()}.tmp", (text + "\n").encode(), iter([path.name]))


def _write_once(folder: Path, temp: str, body: bytes, names: Iterator[str]) -> Path:
    tmp = folder / temp
    # O_NONBLOCK: a named pipe of that name is refused (ENXIO), never waited on; a file ignores it
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK,
                 PRIVATE_FILE)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(body)
            f.flush()
            os.fsync(f.fileno())
        for name in names:
            out = folder / name
            try:
                os.link(tmp, out)
                break
            except FileExistsError:
                with contextlib.suppress(OSError, TableError), open_regular(out) as f:
                    if f.read(len(body) + 1) == body:
                        break  # the same record (written before a failed database update)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    sync_folder(folder)
    return out


TEMP_NAME = re.compile(r"\.(game-(\d+)|[0-9a-f]{64})\.(\d+)\.tmp")
"""A temporary file of a record being written: ``.game-NNNNN.<pid>.tmp``, ``.<digest>.<pid>.tmp``."""


STALE_SECONDS = 3600.0
"""A temporary file this old is a cut write's, whichever process has its pid now (pids are reused)."""


def _alive(pid: int, path: Path) -> bool:
    """Whether the process that writes ``path`` (``pid``) may still be at it."""
    if pid == os.getpid():
        return False
    try:
        if time.time() - path.stat().st_mtime > STALE_SECONDS:
            return False
    except OSError:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def tidy_temps(records: Path, open_games: Collection[int]) -> int:
    """The temporary files a cut write left under ``records/`` and ``records/imported/``
    (issue 35), removed once the record they belong to is safe: its file is there, or its game is
    still open in the journal (``open_games``: its steps are kept, its end writes the record
    again), or the temporary file itself holds the whole record, which is then linked to its name
    first. A temporary file of a live process (a ``history import`` meanwhile) is left. How many
    were removed; one log line when any."""
    removed = 0
    for folder in (records, records / "imported"):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            m = TEMP_NAME.fullmatch(name)
            if m is None or _alive(int(m.group(3)), folder / name):
                continue
            if m.group(2) is not None:
                game = int(m.group(2))
                taken = any(read_record(folder / n) is not None for n in names
                            if re.fullmatch(rf"game-{game:05d}(-\d+)?\.json", n))
                record = None if taken or game in open_games else read_record(folder / name)
                if record is not None:
                    with contextlib.suppress(OSError):
                        write_record(folder, game, (folder / name).read_text(encoding="utf-8").rstrip("\n"))
            else:
                target = folder / f"{m.group(1)}.json"
                if read_record(target) is None and read_record(folder / name) is not None:
                    with contextlib.suppress(OSError):
                        os.link(folder / name, target)
            try:
                os.unlink(folder / name)
                removed += 1
            except OSError as exc:
                log.warning("records: the temporary file %s cannot be removed: %s", name, exc.strerror or exc)
        if removed:
            with contextlib.suppress(OSError):
                sync_folder(folder)
    if removed:
        log.warning("records: %d temporary file(s) of a cut-off write removed (each game's record is safe)", removed)
    return removed


def recorded(records: Path, game: int) -> tuple[Path, dict[str, Any]] | None:
    """The record file written for ``game`` (``records/game-NNNNN.json``) and its record, or None."""
    path = records / f"game-{game:05d}.json"
    record = read_record(path)
    return None if record is None else (path, record)


def withdraw_records(records: Path, game: int) -> list[dict[str, Any]]:
    """Undo of a finished game (its result withdrawn, the pad open again): every record file of
    ``game`` (``game-NNNNN.json``, ``game-NNNNN-K.json``) is renamed ``game-NNNNN.json.withdrawn-K``
    (never over another file; neither the history's index nor a ``records/*.json`` import reads
    such a name, the ids still count), the
    directory fsynced. Returns the records of every withdrawn file of ``game``, this time's and
    earlier ones' (their history entries must go). Idempotent: a second call renames nothing."""
    live = re.compile(rf"game-{game:05d}(-\d+)?\.json")
    gone = re.compile(rf"game-{game:05d}\.json\.withdrawn-\d+")
    try:
        names = sorted(os.listdir(records))
    except FileNotFoundError:
        return []
    taken = set(names)
    k = 1
    for name in (n for n in names if live.fullmatch(n)):
        while f"game-{game:05d}.json.withdrawn-{k}" in taken:
            k += 1
        target = f"game-{game:05d}.json.withdrawn-{k}"
        os.rename(records / name, records / target)  # a rename never leaves both names or neither
        taken.add(target)
    dfd = os.open(records, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
    out = []
    for name in sorted(n for n in taken if gone.fullmatch(n)):
        record = read_record(records / name)
        if record is not None:
            out.append(record)
    return out
