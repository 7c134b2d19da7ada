"""The game journal: every confirmed command in SQLite (WAL, synchronous=FULL), one transaction each.

A power cut loses at most the command being written; on the next start the unfinished game
is replayed command by command through the controller. Finished games are kept as records
(``applejack-track/1`` JSON) in the database and as files under ``records/``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',   -- open, finished, discarded
    finished REAL,
    record TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    cmd TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def default_state_dir() -> Path:
    """``$STATE_DIRECTORY`` under systemd (its first entry), else the platform's user data dir."""
    env = os.environ.get("STATE_DIRECTORY")
    if env:
        return Path(env.split(":")[0])
    import platformdirs

    return Path(platformdirs.user_data_dir("applejack-table", appauthor=False))


@dataclass(frozen=True)
class OpenGame:
    id: int
    setup: dict[str, Any]
    cmds: list[str]
    started: float


class Journal:
    """``fault(stage)`` is a test hook called with "written" (inside the transaction, before
    COMMIT) and "committed" around each step."""

    def __init__(self, directory: Path, *, fault: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / "journal.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        self.fault = fault
        self.clock = clock
        self.game: int | None = None
        self.seq = 0

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tx(self, sql: str, args: tuple[Any, ...]) -> int:
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute(sql, args)
            rowid = cur.lastrowid or 0
            if self.fault:
                self.fault("written")
            cur.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                cur.execute("ROLLBACK")
            raise
        if self.fault:
            self.fault("committed")
        return rowid

    # --- writing --------------------------------------------------------------------------------
    def start(self, setup: dict[str, Any]) -> int:
        self.game = self._tx("INSERT INTO games (started, setup) VALUES (?, ?)",
                             (self.clock(), json.dumps(setup, sort_keys=True)))
        self.seq = 0
        return self.game

    def continue_game(self, game: OpenGame) -> None:
        self.game = game.id
        self.seq = len(game.cmds)

    def append(self, cmd: str) -> None:
        if self.game is None:
            raise RuntimeError("no game started")
        self._tx("INSERT INTO steps (game, seq, cmd) VALUES (?, ?, ?)", (self.game, self.seq + 1, cmd))
        self.seq += 1

    def discard(self, game: int | None = None) -> None:
        gid = game if game is not None else self.game
        if gid is not None:
            self._tx("UPDATE games SET status='discarded', finished=? WHERE id=?", (self.clock(), gid))
        self.game = None

    def finish(self, record: dict[str, Any]) -> Path:
        if self.game is None:
            raise RuntimeError("no game started")
        text = json.dumps(record, indent=1, sort_keys=True)
        out = self.directory / "records" / f"game-{self.game:05d}.json"
        out.parent.mkdir(exist_ok=True)
        tmp = out.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, out)
        self._tx("UPDATE games SET status='finished', finished=?, record=? WHERE id=?",
                 (self.clock(), text, self.game))
        self.game = None
        return out

    def hook(self, kind: str, payload: Any) -> None:
        """The controller's ``on_command``."""
        if kind == "game":
            self.start(payload)
        elif kind == "cmd":
            self.append(payload)
        elif kind == "finished":
            self.finish(payload)
        elif kind == "discard":
            self.discard()

    # --- reading --------------------------------------------------------------------------------
    def unfinished(self) -> OpenGame | None:
        row = self.db.execute("SELECT id, setup, started FROM games WHERE status='open' "
                              "ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        cmds = [c for (c,) in self.db.execute("SELECT cmd FROM steps WHERE game=? ORDER BY seq", (row[0],))]
        return OpenGame(row[0], json.loads(row[1]), cmds, row[2])

    def discard_older_open(self, keep: int) -> None:
        self.db.execute("UPDATE games SET status='discarded' WHERE status='open' AND id<>?", (keep,))

    def records(self) -> list[dict[str, Any]]:
        return [json.loads(r) for (r,) in
                self.db.execute("SELECT record FROM games WHERE status='finished' ORDER BY id")]
