"""The history as an index of ``records/`` (the finished games' files, the source of truth).

A finish cut off between its record file and its history entry (a full disk, a kill, a damaged
history moved aside) leaves a record the history lacks: :func:`index_records` adds every such
record at the next start, read by its game's reader, dated by its file's time. A record no
game's reader takes is left alone (one debug line each start); nothing here ever stops play.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
from pathlib import Path
from typing import Any

from table.history.readers import Readers
from table.history.store import History
from table.history.values import MAX_RECORD_BYTES, HistoryInputError, one_line, record_digest

log = logging.getLogger("applejack.history")

RECORD_NAME = re.compile(r"game-\d+(-\d+)?\.json")
"""The record files the journal writes (``game-NNNNN.json``, ``game-NNNNN-K.json``)."""


def _read(path: Path) -> dict[str, Any] | None:
    """The record in ``path`` (a regular file of at most MAX_RECORD_BYTES holding a JSON object)."""
    try:
        st = path.lstat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_RECORD_BYTES * 4:
            return None
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def index_records(state_dir: str | os.PathLike[str], readers: Readers, *, data: Any = None) -> int:
    """Add to ``state_dir/history.sqlite3`` every record under ``state_dir/records/`` it lacks;
    how many were added. Storage errors (``OSError``, ``sqlite3.Error``) propagate."""
    records = Path(state_dir) / "records"
    try:
        names = sorted(n for n in os.listdir(records) if RECORD_NAME.fullmatch(n))
    except FileNotFoundError:
        return 0
    added = 0
    with History(state_dir) as history:
        known = history.digests()
        for name in names:
            path = records / name
            record = _read(path)
            if record is None or record_digest(record) in known:
                continue
            try:
                finished = readers.read(record, data)
            except HistoryInputError as exc:
                log.debug("history: %s is not indexed: %s", name, one_line(str(exc), 120))
                continue
            known.add(record_digest(record))
            if history.add(finished, played=path.stat().st_mtime, source="companion") is not None:
                added += 1
    if added:
        log.warning("history: %d finished game(s) under %s were missing from it: added", added, records)
    return added
