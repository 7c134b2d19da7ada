"""The journal's hooks after a game ends: the finished record into the history (``table.history``),
and its withdrawal when the result is undone back into the score pad.

Nothing here ever stops play: :func:`record_finished` logs and returns ``None`` on any storage
error and on a record no game's reader takes; :func:`withdraw_finished` logs and returns False.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from table.history.readers import Readers
from table.history.salvage import move_aside, salvage
from table.history.store import History
from table.history.values import FILENAME, HistoryDamaged, HistoryInputError, one_line, record_digest
from table.storage.recordfiles import withdraw_records
from table.storage.statedir import is_damage

log = logging.getLogger("applejack.history")


def record_finished(state_dir: str | os.PathLike[str], record: dict[str, Any], readers: Readers, *,
                    names: Sequence[str | None] | None = None, data: Any = None, played: float | None = None,
                    source: str = "companion", duration: float | None = None) -> int | None:
    """The companion's hook after a game ends: store ``record`` (the dict the journal receives as
    ``("finished", record)``), read by its game's reader in ``readers``, with ``names`` (one per
    seat, in seat order, None for a seat nobody was picked for; default: names typed into the
    pad, else none) in ``state_dir/history.sqlite3``; ``duration``: the play's seconds from start
    to end (the journal's times). Returns the history's game id, or None when
    the game is stored already or the history could not take it — that is logged (one line),
    never raised: the history never stops play."""
    try:
        finished = readers.read(record, data)
        with History(state_dir) as history:
            try:
                return history.add(finished, names=names, played=played, source=source, duration=duration)
            except (sqlite3.DatabaseError, HistoryDamaged) as exc:
                if not (isinstance(exc, HistoryDamaged) or is_damage(exc)):
                    raise
                damage = str(exc)  # found while writing: aside with it, and store the game in a fresh file
        aside = move_aside(Path(state_dir) / FILENAME, damage, time.time)
        with History(state_dir) as fresh:
            salvage(aside, fresh.db)  # what still reads is kept; the records are indexed at the next start
            return fresh.add(finished, names=names, played=played, source=source, duration=duration)
    except (HistoryInputError, HistoryDamaged, sqlite3.Error, OSError) as exc:
        log.warning("history: the finished game was not stored: %s", one_line(str(exc), 200))
        return None


def withdraw_finished(state_dir: str | os.PathLike[str], game: int) -> bool:
    """The cleanup after a finished game was reopened (undo on its result; the journal's
    ``unfinish`` step is committed first): ``game``'s record files are withdrawn from ``records/``
    (:func:`~table.storage.recordfiles.withdraw_records`), then their entries leave the history
    — in that order, so a kill between leaves nothing the next start's index adds back, and the
    next start runs this again for a reopened game. Idempotent; True when all of it was done,
    False (one log line) on a storage error: never raised, the pad is open either way."""
    try:
        withdrawn = withdraw_records(Path(state_dir) / "records", game)
        if withdrawn and (Path(state_dir) / FILENAME).exists():
            with History(state_dir) as history:
                for record in withdrawn:
                    history.withdraw(record_digest(record))
    except (HistoryDamaged, sqlite3.Error, OSError) as exc:
        log.warning("history: game %d's withdrawn result was not taken out: %s", game, one_line(str(exc), 200))
        return False
    return True
