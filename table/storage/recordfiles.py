"""The finished games' record files under ``STATE_DIR/records/`` (``game-NNNNN.json``): written
once, never over another file, and the highest game id they hold (the journal's ids go on above it)."""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path
from typing import Any

from table.storage.statedir import PRIVATE_FILE, make_private_dir

_RECORD = re.compile(r"game-(\d+)")


def max_record_id(records: Path) -> int:
    try:
        names = os.listdir(records)
    except OSError:
        return 0
    ids = [int(m.group(1)) for n in names if (m := _RECORD.match(n))]
    return max(ids, default=0)


def write_record(records: Path, game: int, text: str) -> Path:
    """``records/game-NNNNN.json``, never over another file: the text is written to a temporary
    file and fsynced, then hard-linked to its name (which fails if the name is taken: the next
    free ``game-NNNNN-K.json`` is used, unless the file already holds this very record), then
    the directory is fsynced."""
    make_private_dir(records)
    body = (text + "\n").encode()
    tmp = records / f".game-{game:05d}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, PRIVATE_FILE)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(body)
            f.flush()
            os.fsync(f.fileno())
        k = 1
        while True:
            out = records / (f"game-{game:05d}.json" if k == 1 else f"game-{game:05d}-{k}.json")
            try:
                os.link(tmp, out)
                break
            except FileExistsError:
                with contextlib.suppress(OSError):
                    if out.read_bytes() == body:
                        break  # the same record (written before a failed database update)
                k += 1
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    dfd = os.open(records, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
    return out


def recorded(records: Path, game: int) -> tuple[Path, dict[str, Any]] | None:
    """The record file written for ``game`` (``records/game-NNNNN.json``) and its record, or None."""
    path = records / f"game-{game:05d}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return (path, record) if isinstance(record, dict) else None


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
        with contextlib.suppress(OSError, ValueError, RecursionError):
            record = json.loads((records / name).read_text(encoding="utf-8"))
            if isinstance(record, dict):
                out.append(record)
    return out
