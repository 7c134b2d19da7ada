"""Nim's part of the history: a ``nim-record/1`` replayed to its end."""

from __future__ import annotations

import dataclasses
from typing import Any

from table.history.readers import RecordReader, read_replayed
from table.history.values import FinishedGame
from tests.games.nim import rules


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    return read_replayed("nim", "Nim", record, replay=rules.replay, setup=lambda s: s.config.to_dict(),
                         detail=dataclasses.asdict)


READER = RecordReader(read)
