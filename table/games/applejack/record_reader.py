"""Applejack's part of the history (its GameDef's ``read_record`` part): a finished game read
from the companion's ``applejack-track/1`` record with its score pad (rescored, and checked
against the stored scores, with the data set) or from a full ``applejack-record/1`` game record
played to the end; the options and the breakdown in words; the rulebook's solo marks."""

from __future__ import annotations

from typing import Any

from table.engine.errors import EngineError, RecordError
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.rules.scorepad import score_record
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING, ScoreBreakdown, winners
from table.games.applejack.rules.track import TRACK_FORMAT, replay_track
from table.history.readers import BreakdownRow, Option, RecordReader, field, finished, option_words
from table.history.values import FinishedGame, GameEntry, HistoryInputError, one_line
from table.i18n import N_

BREAKDOWN_FIELDS = ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey",
                    "total")
SEAT_LABELS = frozenset(s.capitalize() for s in SEAT_SYMBOLS)
"""The companion's seat labels (``Circle`` …): a pad that carries them carries no names."""


def solo_mark(total: int) -> str:
    """``outstanding`` (80 or more), ``goal`` (65 or more) or ``short``: the rulebook's solo marks."""
    if total >= SOLO_OUTSTANDING:
        return "outstanding"
    if total >= SOLO_GOAL:
        return "goal"
    return "short"


def breakdown_dict(b: ScoreBreakdown) -> dict[str, Any]:
    d: dict[str, Any] = {f: getattr(b, f) for f in BREAKDOWN_FIELDS}
    d["per_variety"] = list(b.per_variety)
    return d


def _scored(record: dict[str, Any], data: Any) -> tuple[tuple[Any, ...], dict[str, Any], tuple[str, ...],
                                                         tuple[int, ...]]:
    """Breakdowns, setup, the names in the pad or record, the winners."""
    if record.get("format") == TRACK_FORMAT:
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions must be a list of action texts")
        track = replay_track(data, record)  # every action replayed, as `replay` does: no unplayable game stored
        tiles = track.config.apple_tiles
        if tiles is not None and not all(0 <= v < len(data.varieties) for v in tiles):
            raise RecordError(f"apple_tiles must be variety indexes 0..{len(data.varieties) - 1}")
        result = score_record(record, data)
        if len(result.scores) != track.config.players:
            raise RecordError(f"the score pad has {len(result.scores)} player(s), the game {track.config.players}")
        config = record.get("config")
        return (tuple(result.scores), dict(config) if isinstance(config, dict) else {},
                tuple(str(n) for n in result.names), tuple(result.winner_seats))
    game_record = GameRecord.from_dict(record)
    state = game_record.replay(data)
    if not state.is_terminal():
        raise HistoryInputError("the game record does not reach the end of the game")
    breakdowns = tuple(state.scores())
    return breakdowns, game_record.config.to_dict(), game_record.names, winners([b.total for b in breakdowns])


def read(record: dict[str, Any], data: Any = None) -> FinishedGame:
    """The finished Applejack game ``record`` describes (``data``: default the shipped data set)."""
    if data is None:
        data = load_dataset()
    try:
        breakdowns, setup, pad_names, win = _scored(record, data)
    except EngineError as exc:
        raise HistoryInputError(one_line(str(exc))) from None
    except (KeyError, TypeError, AttributeError, ValueError, IndexError, OverflowError, RecursionError) as exc:
        raise HistoryInputError(one_line(f"malformed record: {exc!r}")) from None
    solo = len(breakdowns) == 1
    return finished("applejack", setup, breakdowns, () if solo else win, record,
                    details=[breakdown_dict(b) for b in breakdowns], least=1, pad_names=pad_names,
                    labels=SEAT_LABELS, stored=False,  # a solo game has marks, not a winner
                    solo=solo_mark(breakdowns[0].total) if solo else None)


OPTIONS: tuple[Option, ...] = (
    (lambda setup: bool(setup.get("cottage")), N_("cottage tiles")),
    (lambda setup: setup.get("apple_tiles") is not None, N_("apple tiles")),
    (lambda setup: setup.get("middle_start") not in (None, 0) or bool(setup.get("campaign")), N_("campaign")),
)
"""The variants a stored setup may name (none: the base game)."""


def variant(setup: dict[str, Any]) -> list[str]:
    return option_words(setup, OPTIONS)


def breakdown_text(entry: GameEntry) -> str:
    """``Ada: harvest 23x2 46, 3 varieties +0, blossoms 11, honey 29 = 86; …`` (and the solo verdict)."""
    parts = []
    for s in entry.seats:
        b = s.breakdown
        parts.append(f"{s.player}: harvest {b.get('harvest')}x2 {b.get('harvest_doubled')}, "
                     f"{b.get('profitable_varieties')} varieties +{b.get('variety_bonus')}, "
                     f"blossoms {b.get('blossoms')}, honey {b.get('honey')} = {s.total}")
    text = "; ".join(parts)
    if entry.solo is not None:
        text += f" (solo: {entry.solo})"
    return text


ROWS: tuple[BreakdownRow, ...] = (
    (N_("Harvest ×2"), lambda d: f"{d.get('harvest')}×2={d.get('harvest_doubled')}"),
    (N_("Varieties"), lambda d: f"{d.get('profitable_varieties')}: +{d.get('variety_bonus')}"),
    (N_("Blossoms"), field("blossoms")), (N_("Honey"), field("honey")))
"""The result's breakdown (the score pad's lines, as the result screen has always shown them)."""

READER = RecordReader(read, variant=variant, breakdown_text=breakdown_text, rows=ROWS,
                      solo_marks=(SOLO_GOAL, SOLO_OUTSTANDING), titled=False)
