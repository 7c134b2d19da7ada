"""Waldgärtner's part of the history (its GameDef's ``read_record`` part): a
``waldgaertner-record/1`` replayed by the engine to its end (its stored ``score_pad`` checked),
the options in words."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from table.games.waldgaertner import GAME
from table.games.waldgaertner.rules import replay
from table.history.readers import BreakdownRow, RecordReader, field, read_replayed
from table.history.values import FinishedGame
from table.i18n import N_, _


def _setup(state: Any) -> dict[str, Any]:
    """The config without its card file, which stands as its digest's first 12 hex digits."""
    setup = {k: v for k, v in state.config.to_dict().items() if k != "cards"}
    setup["cards"] = hashlib.sha256(state.config.cards.text.encode()).hexdigest()[:12]
    return setup


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    return read_replayed(GAME.key, GAME.title, record, replay=replay, setup=_setup, detail=dataclasses.asdict)


def variant(setup: dict[str, Any]) -> list[str]:
    parts = []
    if setup.get("players") in (2, 5, 6):  # the one deck the rules leave open (ruling W3)
        parts.append(_("North American deck") if setup.get("choice") == "NA" else _("European deck"))
    if setup.get("tasks"):
        parts.append(_("additional tasks"))
    if setup.get("direct_sale"):
        parts.append(_("direct sale"))
    return parts


ROWS: tuple[BreakdownRow, ...] = ((N_("plants"), field("plants")), (N_("partners"), field("partners")),
                                  (N_("storage"), field("storage")), (N_("task"), field("task")))
"""The result's breakdown (the engine's ``Score``)."""

READER = RecordReader(read, variant=variant, rows=ROWS)
