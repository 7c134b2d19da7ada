"""The finished games' record files under ``STATE_DIR/records/`` (``game-NNNNN.json``): written
once, never over another file, and the highest game id they hold (the journal's ids go on above it)."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from table.companion.statedir import PRIVATE_FILE, make_private_dir

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
