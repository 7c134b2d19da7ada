"""Waldgärtner's part of the history (its GameDef's ``read_record`` part): a
``waldgaertner-record/1`` replayed by the engine to its end (its stored ``score_pad`` checked),
or the companion's end-only score pad (``{"players": [{"name", "garden", "cubes", "task"}]}``, no
format) rescored on the shipped card file; the options in words."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from table.games.waldgaertner import GAME
from table.games.waldgaertner.rules import replay
from table.history.readers import SCORING_FAULTS, BreakdownRow, RecordReader, field, finished, read_replayed
from table.history.values import FinishedGame, HistoryInputError, one_line
from table.i18n import N_, _


def _setup(state: Any) -> dict[str, Any]:
    """The config without its card file, which stands as its digest's first 12 hex digits."""
    setup = {k: v for k, v in state.config.to_dict().items() if k != "cards"}
    setup["cards"] = hashlib.sha256(state.config.cards.text.encode()).hexdigest()[:12]
    return setup


def is_pad(record: dict[str, Any]) -> bool:
    """Waldgärtner's end-only score pad: no format, a list of players each with a garden."""
    players = record.get("players")
    return (set(record) <= {"players", "names"} and isinstance(players, list) and bool(players)
            and all(isinstance(p, dict) and "garden" in p for p in players))


def _read_pad(record: dict[str, Any]) -> FinishedGame:
    """The end-only pad, rescored (``table.games.waldgaertner.pad``) on the shipped card file."""
    from table.games.waldgaertner.files import load_cards  # the card file read only for a pad
    from table.games.waldgaertner.pad import score_pad, winners

    try:
        scores = score_pad({k: v for k, v in record.items() if k != "names"}, load_cards())
        won = set(winners(scores))
    except SCORING_FAULTS as exc:
        raise HistoryInputError(one_line(f"{GAME.title}: {exc}")) from None
    details = [{"plants": s.plants, "partners": s.partners, "storage": s.storage, "task": s.task, "total": s.total}
               for s in scores]
    setup = {"players": len(scores), "tasks": any("task" in p for p in record["players"]), "pad": "end"}
    return finished(GAME.key, setup, scores, tuple(k for k, s in enumerate(scores) if s.name in won), record,
                    details=details, pad_names=tuple(s.name for s in scores))


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    if record.get("format") is None:
        return _read_pad(record)
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

READER = RecordReader(read, variant=variant, takes=is_pad, rows=ROWS)
