"""Draft Cider's part of the history (its GameDef's ``read_record`` part): a
``draftcider-record/1`` replayed by the engine to its end, or the companion's end-only score pad
(``{"players": [{"name", "batches"}], "easy"}``, no format) rescored; the options in words."""

from __future__ import annotations

from typing import Any

from table.games.draftcider import GAME
from table.games.draftcider.rules import BATCHES, replay, score_pad
from table.games.draftcider.words import BATCH_NAMES
from table.history.readers import (
    SCORING_FAULTS,
    BreakdownRow,
    Option,
    RecordReader,
    field,
    finished,
    option_words,
    read_replayed,
)
from table.history.values import FinishedGame, HistoryInputError, one_line
from table.i18n import N_


def is_pad(record: dict[str, Any]) -> bool:
    """Draft Cider's end-only score pad: no format, a list of players each with batches."""
    players = record.get("players")
    return (set(record) <= {"players", "easy", "names"} and isinstance(players, list) and bool(players)
            and all(isinstance(p, dict) and "batches" in p for p in players))


def batches_dict(score: Any) -> dict[str, Any]:
    return {**dict(zip(BATCHES, score.batches, strict=True)), "total": score.total}


def _setup(state: Any) -> dict[str, Any]:
    setup: dict[str, Any] = state.config.to_dict()
    if "deck" in setup:
        setup["deck"] = "own"  # not the shipped deck (the record holds it)
    return setup


def _read_pad(record: dict[str, Any]) -> FinishedGame:
    """The end-only pad, rescored (``table.games.draftcider.rules.score_pad``)."""
    try:
        result = score_pad({k: v for k, v in record.items() if k != "names"})
        win = tuple(result.names.index(n) for n in result.winners)
    except SCORING_FAULTS as exc:
        raise HistoryInputError(one_line(f"{GAME.title}: {exc}")) from None
    setup = {"players": len(result.names), "easy": bool(record.get("easy", False)), "pad": "end"}
    return finished(GAME.key, setup, result.scores, win, record, details=[batches_dict(s) for s in result.scores],
                    pad_names=tuple(result.names))


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    if record.get("format") is None:
        return _read_pad(record)
    return read_replayed(GAME.key, GAME.title, record, replay=replay, setup=_setup, detail=batches_dict)


OPTIONS: tuple[Option, ...] = (
    (lambda setup: bool(setup.get("easy")), N_("easy mode")),
    (lambda setup: setup.get("deck") is not None, N_("own deck")),
)
"""The options a stored setup may name (none: the standard game)."""


def variant(setup: dict[str, Any]) -> list[str]:
    return option_words(setup, OPTIONS)


ROWS: tuple[BreakdownRow, ...] = tuple((name, field(key)) for name, key in zip(BATCH_NAMES, BATCHES, strict=True))
"""The result's breakdown: the eight batches' points (their names from ``words.py``)."""

READER = RecordReader(read, variant=variant, takes=is_pad, rows=ROWS)
