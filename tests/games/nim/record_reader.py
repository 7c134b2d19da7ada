"""Nim's part of the history: a ``nim-record/1`` replayed to its end."""

from __future__ import annotations

import dataclasses
from typing import Any

from table.history.readers import BreakdownRow, RecordReader, field, read_replayed
from table.history.values import FinishedGame
from table.i18n import N_
from tests.games.nim import rules

ROWS: tuple[BreakdownRow, ...] = ((N_("last apple"), field("total")),)
"""The result's breakdown: 1 for the seat that took the last apple."""


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    return read_replayed("nim", "Nim", record, replay=rules.replay, setup=lambda s: s.config.to_dict(),
                         detail=dataclasses.asdict)


READER = RecordReader(read, rows=ROWS)
