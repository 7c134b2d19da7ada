"""Colour Die's part of the history: a ``colourdie-record/1`` replayed to its end."""

from __future__ import annotations

import dataclasses
from typing import Any

from table.history.readers import BreakdownRow, RecordReader, field, read_replayed
from table.history.values import FinishedGame
from table.i18n import N_
from tests.games.colourdie import rules

ROWS: tuple[BreakdownRow, ...] = ((N_("apples picked"), field("apples")), (N_("raven steps"), field("raven")))
"""The result's breakdown (the table's, the same for every seat)."""


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    return read_replayed("colourdie", "Colour Die", record, replay=rules.replay, setup=lambda s: s.config.to_dict(),
                         detail=dataclasses.asdict)


READER = RecordReader(read, rows=ROWS)
