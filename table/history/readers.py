"""Reading a finished record through its game's reader (the registry's ``read_record`` part).

The history knows no game. The CLI (or the session's caller) builds :class:`Readers` from the
registry's games (``Readers(table.games.games())``) and hands it down; a record is read by the
:class:`RecordReader` of the game whose ``record_format`` (or one of its ``record_formats``)
it carries, or, for a record without a format, whose reader :attr:`RecordReader.takes` it
(Draft Cider's end-only pad). A format no game on the table claims is one clear refusal.

The checks every game's reader shares live here: :func:`finished` (seats, totals, stored
scores against the replay, names) and :func:`read_replayed` (an engine record replayed to its end).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from table.engine.errors import EngineError
from table.history.values import (
    MAX_PLAYERS,
    MAX_RECORD_BYTES,
    MAX_SCORE,
    FinishedGame,
    GameEntry,
    HistoryInputError,
    named,
    one_line,
    record_names,
)
from table.i18n import _

RECORD_EXTRAS = ("table_commands", "scores", "winners", "score_pad", "names", "dealt_cards", "end")
"""What a companion adds to an engine record (checked here, never passed to a strict replay)."""


def engine_record(record: dict[str, Any]) -> dict[str, Any]:
    """A companion's finished record without what the table added (:data:`RECORD_EXTRAS`): the
    engine's record its rules' ``replay`` reads (the history here, the ``replay`` command)."""
    return {k: v for k, v in record.items() if k not in RECORD_EXTRAS}


class GameLike(Protocol):
    """What the history needs of a game's definition (``table.companion.gamedef.GameDef``)."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def record_format(self) -> str: ...

    @property
    def record_formats(self) -> tuple[str, ...]: ...

    @property
    def cooperative(self) -> bool: ...

    def has_part(self, name: str) -> bool: ...

    def part(self, name: str) -> Any: ...


def seat_breakdowns(entry: GameEntry) -> str:
    """Each seat's breakdown fields in words: ``Ada: plants 49, storage 26 = 75; …`` (zeros left out)."""
    return "; ".join(f"{s.player}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.breakdown.items()
                                                 if k != "total" and isinstance(v, int) and v)
                     + f" = {s.total}" for s in entry.seats)


def _no_variant(setup: dict[str, Any]) -> list[str]:
    return []


Option = tuple[Callable[[dict[str, Any]], bool], str]
"""A game option as the history names it: a test of the stored setup, and its words (marked
with ``N_``, translated when shown)."""


def option_words(setup: dict[str, Any], options: Iterable[Option]) -> list[str]:
    """The words of every option the stored ``setup`` has, in the current language."""
    return [_(words) for test, words in options if test(setup)]


BreakdownRow = tuple[str, Callable[[dict[str, Any]], object]]
"""A row of the result screen's breakdown: its label (English, marked with ``N_``, translated
where shown) and its value from a seat's breakdown (the reader's ``details``, the history's
``breakdown``)."""


def field(name: str) -> Callable[[dict[str, Any]], object]:
    """A breakdown row's value: the breakdown's field ``name`` ("" when it has none)."""
    return lambda detail: detail.get(name, "")


def breakdown_values(rows: Iterable[BreakdownRow], detail: dict[str, Any]) -> tuple[str, ...]:
    """A seat's values in ``rows``, as text."""
    return tuple(str(value(detail)) for _label, value in rows)


def _unreadable(record: dict[str, Any], data: Any = None) -> FinishedGame:
    raise HistoryInputError("this game has no record reader on this table")


@dataclass(frozen=True)
class RecordReader:
    """A game's part of the history (its GameDef's ``read_record`` part)."""

    read: Callable[[dict[str, Any], Any], FinishedGame]
    """``read(record, data)``: the finished game a record of this game describes (``data``: the
    game's data set where it has one, None for the shipped one), or HistoryInputError (one line)."""
    variant: Callable[[dict[str, Any]], list[str]] = _no_variant
    """A stored setup's options in words (none: the standard game)."""
    breakdown_text: Callable[[GameEntry], str] = seat_breakdowns
    """The play's breakdown in words (the statistics app's comments)."""
    takes: Callable[[dict[str, Any]], bool] | None = None
    """A record without a format that is this game's (Draft Cider's end-only pad)."""
    solo_marks: tuple[int, int] | None = None
    """The solo goal and the outstanding mark, for a game with solo verdicts (Applejack: 65, 80)."""
    titled: bool = True
    """The history screen names the game before a game's line (the flagship's lines go without)."""
    rows: tuple[BreakdownRow, ...] = ()
    """The result screen's breakdown rows (every game's result screen draws these, the total below)."""


UNKNOWN = RecordReader(_unreadable)
"""What the history uses for a stored game no game on this table reads: its key, no words."""


class Readers:
    """The record readers of the games on this table (built from the registry's ``GameDef``s)."""

    def __init__(self, games: Iterable[GameLike]) -> None:
        self.games = tuple(games)

    def game(self, key: str) -> GameLike | None:
        return next((g for g in self.games if g.key == key), None)

    def title(self, key: str) -> str:
        """The game's display name, or its key when this table does not know it."""
        game = self.game(key)
        return key if game is None else game.title

    def together(self, key: str) -> bool:
        """Whether the game ``key`` is cooperative: its table won or lost together (False when
        this table does not know it)."""
        game = self.game(key)
        return game is not None and game.cooperative

    def reader(self, key: str) -> RecordReader:
        game = self.game(key)
        if game is None or not game.has_part("read_record"):
            return UNKNOWN
        reader: RecordReader = game.part("read_record")
        return reader

    def formats(self) -> list[str]:
        return [f for g in self.games for f in (*g.record_formats, g.record_format)]

    def _game_of(self, record: dict[str, Any]) -> GameLike | None:
        fmt = record.get("format")
        for g in self.games:
            if isinstance(fmt, str) and fmt in (g.record_format, *g.record_formats):
                return g
        if fmt is None:
            for g in self.games:
                takes = self.reader(g.key).takes
                if takes is not None and takes(record):
                    return g
        return None

    def read(self, record: Any, data: Any = None) -> FinishedGame:
        """The finished game ``record`` describes, read by its game's reader (``data``: the
        game's data set, None for the shipped one); HistoryInputError (one line) otherwise."""
        if not isinstance(record, dict):
            raise HistoryInputError("a finished game is a JSON object")
        size = len(json.dumps(record, sort_keys=True))
        if size > MAX_RECORD_BYTES:
            raise HistoryInputError(f"the record is {size} bytes as JSON, at most {MAX_RECORD_BYTES}")
        game = self._game_of(record)
        if game is None:
            known = ", ".join(repr(f) for f in self.formats())
            titles = ", ".join(g.title for g in self.games) or "no game"
            raise HistoryInputError(f"not a finished game of {titles} (format {str(record.get('format'))[:40]!r}; "
                                    f"one of {known} expected)")
        if not game.has_part("read_record"):
            raise HistoryInputError(f"{game.title} has no record reader on this table: its finished games "
                                    f"are not kept")
        return self.reader(game.key).read(record, data)


def finished(game: str, setup: dict[str, Any], breakdowns: Iterable[Any], winners: Iterable[int],
             record: dict[str, Any], *, details: Iterable[dict[str, Any]], least: int = 2,
             pad_names: tuple[str, ...] = (), labels: Collection[str] = (), stored: bool = True,
             solo: str | None = None) -> FinishedGame:
    """The checks every reader shares: ``least``..MAX_PLAYERS seats, totals within ±MAX_SCORE,
    what a companion stored beside the actions (``scores``, ``winners``, ``score_pad``: when
    ``stored``) agreeing with the engine, and the names (the record's, else names typed into the
    pad that are not seat ``labels``)."""
    breakdowns, win, details = tuple(breakdowns), tuple(winners), tuple(details)
    seats = len(breakdowns)
    if not least <= seats <= MAX_PLAYERS:
        raise HistoryInputError(f"{seats} seats; {least}..{MAX_PLAYERS} expected")
    totals = [int(b.total) for b in breakdowns]
    for t in totals:
        if abs(t) > MAX_SCORE:
            raise HistoryInputError(f"a total of {t} is beyond ±{MAX_SCORE}")
    if stored:
        _check_stored(record, totals, list(win), list(details))
    names: tuple[str | None, ...] = (pad_names if len(pad_names) == seats and named(pad_names, labels)
                                     else (None,) * seats)
    if record.get("names") is not None:  # the players picked on the setup screen (companion/players.py)
        names = record_names(record["names"], seats)
    return FinishedGame(game, setup, breakdowns, win, names, record, details, solo)


def _check_stored(record: dict[str, Any], totals: list[int], win: list[int], details: list[dict[str, Any]]) -> None:
    if "scores" in record and record["scores"] != totals:
        raise HistoryInputError(one_line(f"the record's stored scores {str(record['scores'])[:60]} disagree with "
                                         f"the game replayed ({totals})"))
    if "winners" in record and record["winners"] != win:
        raise HistoryInputError(one_line(f"the record's stored winners {str(record['winners'])[:40]} disagree with "
                                         f"the game replayed ({win})"))
    if "score_pad" in record and record["score_pad"] != details:
        raise HistoryInputError("the record's stored score pad disagrees with the game replayed")


SCORING_FAULTS = (EngineError, ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError,
                  RecursionError)
"""What an engine may raise on a record it was not written for: one line for the person."""


def read_replayed(game: str, title: str, record: dict[str, Any], *, replay: Callable[[dict[str, Any]], Any],
                  setup: Callable[[Any], dict[str, Any]], detail: Callable[[Any], dict[str, Any]]) -> FinishedGame:
    """An engine record (the companion's extras left out) replayed to its end: the state's
    ``scores()`` and ``winners()``, ``setup(state)`` and ``detail(score)`` per seat, checked by
    :func:`finished`; any fault of the engine is one line naming the game."""
    try:
        state = replay(engine_record(record))
        config = setup(state)
        if not state.is_terminal():
            raise HistoryInputError(f"the {title} record does not reach the end of the game")
        scores = list(state.scores())
        details = [detail(s) for s in scores]
        win = tuple(state.winners())
    except HistoryInputError:
        raise
    except SCORING_FAULTS as exc:
        raise HistoryInputError(one_line(f"{title}: {exc}")) from None
    return finished(game, config, scores, win, record, details=details)
