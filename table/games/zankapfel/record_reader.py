"""Zankapfel's part of the history (its GameDef's ``read_record`` part): a ``zankapfel-record/1``
replayed by the engine to its end, the options in words."""

from __future__ import annotations

import dataclasses
from typing import Any

from table.games.zankapfel import GAME
from table.games.zankapfel.rules import replay
from table.games.zankapfel.rules.config import BOX_DECK, DEFAULT_TRACK, LEGACY_DECK
from table.history.readers import BreakdownRow, RecordReader, field, read_replayed
from table.history.values import FinishedGame
from table.i18n import N_, _


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    return read_replayed(GAME.key, GAME.title, record, replay=replay, setup=lambda state: state.config.to_dict(),
                         detail=dataclasses.asdict)


def variant(setup: dict[str, Any]) -> list[str]:
    parts = []
    if setup.get("bribery"):
        parts.append(_("corruption"))
    if isinstance(setup.get("track_length"), int) and setup["track_length"] != DEFAULT_TRACK:
        parts.append(_("finish at {n} points").format(n=setup["track_length"]))
    if setup.get("deck") not in (None, list(BOX_DECK), list(LEGACY_DECK)):  # the two shipped splits
        parts.append(_("own deck"))
    return parts


ROWS: tuple[BreakdownRow, ...] = ((N_("harvests"), field("harvest")), (N_("cards"), field("cards")),
                                  (N_("dice"), field("dice")), (N_("bribes"), field("bribes")))
"""The result's breakdown (the engine's ``Score``: apple cards and dice bought count negative)."""

READER = RecordReader(read, variant=variant, rows=ROWS)
