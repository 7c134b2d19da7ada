"""What is still read from a journal that was moved aside (``journal.sqlite3.damaged-…``): its
highest game id (the new journal's ids go on above it) and the open game's longest run of steps
that still read with their checksums (offered again on resume, issue 22). Best effort: any
failure means "nothing", never an error, and never a wait: a moved-aside path that is no regular
file (a named pipe) is not opened (:func:`table.storage.aside.connect_aside`)."""

from __future__ import annotations

import json
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.storage.aside import connect_aside


def step_crc(game: int, seq: int, cmd: str) -> int:
    return zlib.crc32(f"{game}:{seq}:{cmd}".encode())


def game_crc(game: int, setup: str, digest: str | None) -> int:
    return zlib.crc32(f"{game}:{setup}:{digest or ''}".encode())


@dataclass(frozen=True)
class Rescued:
    """The open game of a damaged journal: its id there, setup, data digest and the steps 1..n
    that read with their checksums (n may be fewer than were written)."""

    id: int
    setup: dict[str, Any]
    digest: str | None
    cmds: list[str]


def max_id_of(path: Path) -> int:
    """The highest game id in a journal that was moved aside (0 when it cannot be read)."""
    try:
        db = connect_aside(path)
        try:
            top = db.execute("SELECT max(id) FROM games").fetchone()[0]
        finally:
            db.close()
    except Exception:  # best effort on a damaged file: any failure means "unknown"
        return 0
    return top if isinstance(top, int) and top > 0 else 0


def rescue_open_game(path: Path) -> Rescued | None:
    """The newest open game of the damaged journal ``path`` whose setup reads with its checksum,
    with the longest run of its steps 1, 2, … that read with theirs; None when there is none."""
    try:
        db = connect_aside(path)
    except sqlite3.Error:
        return None
    try:
        rows = db.execute("SELECT id, setup, digest, crc FROM games WHERE status='open' ORDER BY id DESC").fetchall()
        for gid, text, digest, crc in rows:
            if not (isinstance(gid, int) and isinstance(text, str) and isinstance(crc, int)
                    and (digest is None or isinstance(digest, str)) and crc == game_crc(gid, text, digest)):
                continue
            setup = json.loads(text)
            if isinstance(setup, dict):
                return Rescued(gid, setup, digest, _steps(db, gid))
    except Exception:  # best effort on a damaged file: what did not read is not rescued
        return None
    finally:
        db.close()
    return None


def _steps(db: sqlite3.Connection, gid: int) -> list[str]:
    cmds: list[str] = []
    try:
        for seq, cmd, crc in db.execute("SELECT seq, cmd, crc FROM steps WHERE game=? ORDER BY seq", (gid,)):
            if seq != len(cmds) + 1 or not isinstance(cmd, str) or crc != step_crc(gid, seq, cmd):
                break
            cmds.append(cmd)
    except (sqlite3.Error, UnicodeDecodeError):  # a damaged page: the run read so far is kept
        pass
    return cmds
