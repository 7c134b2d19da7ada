"""The table's view of the history: the setup screen's names, the history screen's rows, the
result's QR code (``table.companion.players.PlayerBook`` is what the companion asks of it).

Every game's words (its title, its options, its breakdown) come from the :class:`Readers`
the session's caller hands down; nothing here names a game.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from table.history.readers import Readers, RecordReader, breakdown_values
from table.history.rows import HistoryRow, HistorySummary, ResultQR
from table.history.sheet import ResultSheet, sheet
from table.history.statsexport import QRTooLarge, matrix_text, play_link, qr_matrix
from table.history.store import History
from table.history.values import (
    FILENAME,
    GameEntry,
    HistoryDamaged,
    HistoryInputError,
    SoloMarks,
    one_line,
    record_digest,
)
from table.i18n import _, ngettext

log = logging.getLogger("applejack.history")

RECENT_GAMES = 10
"""How many of the last games the history screen lists."""


def variant_text(setup: dict[str, Any], reader: RecordReader) -> str:
    """A stored game's variant in words: ``solo``, ``3 players, cottage tiles``, ``4 players, easy
    mode`` (the seats, then the game's options from its ``reader``)."""
    players = setup.get("players")
    parts = [_("solo") if players == 1 else
             ngettext("{n} player", "{n} players", int(players)).format(n=players) if isinstance(players, int)
             else _("players unknown")]
    return ", ".join(parts + reader.variant(setup))


def _bests(games: Sequence[GameEntry], readers: Readers) -> dict[tuple[str, str, str], tuple[int, int]]:
    bests: dict[tuple[str, str, str], tuple[int, int]] = {}
    for g in games:
        variant = variant_text(g.setup, readers.reader(g.game))
        for s in g.seats:
            if s.named:
                key = (s.player, readers.title(g.game), variant)
                best, n = bests.get(key, (s.total, 0))
                bests[key] = (max(best, s.total), n + 1)
    return bests


def _marks_rows(marks: Sequence[SoloMarks], readers: Readers) -> list[HistoryRow]:
    if not marks:
        return []
    goal, outstanding = readers.reader(marks[0].game).solo_marks or (0, 0)
    rows = [HistoryRow("head", _("Solo marks (goal {goal}, outstanding {outstanding})").format(
        goal=goal, outstanding=outstanding))]
    for m in marks:
        rows.append(HistoryRow("row", ngettext(
            "{player}: {n} solo game, goal reached {goal}×, outstanding {outstanding}×",
            "{player}: {n} solo games, goal reached {goal}×, outstanding {outstanding}×", m.solo_games)
            .format(player=m.player, n=m.solo_games, goal=m.goal, outstanding=m.outstanding)))
    return rows


def _game_line(g: GameEntry, readers: Readers) -> HistoryRow:
    seats = ", ".join(f"{s.player} {s.total}" for s in g.seats)
    winners = [s.player for s in g.seats if s.winner]
    line = (_("{date} · {game}: {seats}").format(date=g.date, game=readers.title(g.game), seats=seats)
            if readers.reader(g.game).titled else _("{date} · {seats}").format(date=g.date, seats=seats))
    if g.solo is not None:
        verdicts = {"outstanding": _("outstanding"), "goal": _("goal reached")}
        line += " · " + verdicts.get(g.solo, _("short of the goal"))
    elif winners:
        line += " · " + _("won: {names}").format(names=" & ".join(winners))
    return HistoryRow("row", f"#{g.id} {line}", g.id)


def summary_rows(games: Sequence[GameEntry], marks: Sequence[SoloMarks], readers: Readers) -> list[HistoryRow]:
    """The history screen's rows: personal bests per player, game and variant; solo marks
    reached; the last games, newest first."""
    if not games:
        return [HistoryRow("note", _("No games stored yet."))]
    bests = _bests(games, readers)
    rows = [HistoryRow("head", _("Personal bests"))]
    if not bests:
        rows.append(HistoryRow("note", _("No named players yet: pick names on the setup screen")))
    for (player, game, variant), (best, n) in sorted(bests.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1:])):
        rows.append(HistoryRow("row", ngettext("{player} · {game} ({variant}): best {best} in {n} game",
                                               "{player} · {game} ({variant}): best {best} in {n} games", n)
                               .format(player=player, game=game, variant=variant, best=best, n=n)))
    rows += _marks_rows(marks, readers)
    rows.append(HistoryRow("head", _("Last games")))
    rows += [_game_line(g, readers) for g in sorted(games, key=lambda e: (e.played, e.id), reverse=True)[:RECENT_GAMES]]
    return rows


def entry_sheet(entry: GameEntry, readers: Readers) -> ResultSheet:
    """A stored game as the result screen shows it (every game's, from its reader's breakdown
    rows): the history's game view."""
    reader = readers.reader(entry.game)
    title = readers.title(entry.game)
    verdicts = {"outstanding": _("outstanding"), "goal": _("goal reached")}
    verdict = None if entry.solo is None else verdicts.get(entry.solo, _("short of the goal"))
    return sheet(_("#{gid} {date} · {game}: {variant}").format(
                     gid=entry.id, date=entry.date, game=title, variant=variant_text(entry.setup, reader)),
                 (_(label) for label, _v in reader.rows), [s.player for s in entry.seats],
                 [breakdown_values(reader.rows, s.breakdown) for s in entry.seats], [s.total for s in entry.seats],
                 [i for i, s in enumerate(entry.seats) if s.winner], verdict=verdict,
                 together=readers.together(entry.game))


class HistoryBook:
    """The companion's window on ``state_dir/history.sqlite3`` (``table.companion.players.PlayerBook``):
    known names, the history screen's summary, the finished game's QR code, every game's words
    from ``readers``. It never raises and never creates the file by reading (a damaged file is
    moved aside by :class:`History`, one log line); every problem is one line on the screen."""

    def __init__(self, state_dir: str | os.PathLike[str], readers: Readers) -> None:
        self.directory = Path(state_dir)
        self.readers = readers
        self._players: list[str] | None = None
        self.moved_aside: Path | None = None
        """Where a damaged history was moved while this book read it (the history screen says so)."""

    def _open(self) -> History:
        history = History(self.directory)
        if history.moved_aside is not None:
            self.moved_aside = history.moved_aside
        return history

    def _exists(self) -> bool:
        return (self.directory / FILENAME).exists()

    def players(self) -> list[str]:
        if self._players is None:
            self._players = []
            if self._exists():
                try:
                    with self._open() as history:
                        self._players = history.players()
                except (sqlite3.Error, OSError, HistoryDamaged) as exc:
                    log.warning("history: no names to offer: %s", one_line(str(exc), 200))
        return list(self._players)

    def changed(self) -> None:
        """A game was stored: the names are read again next time."""
        self._players = None

    def summary(self) -> HistorySummary:
        if not self._exists():
            return HistorySummary((HistoryRow("note", _("No games stored yet.")),))
        try:
            with self._open() as history:
                rows = summary_rows(history.games(), history.solo_marks(), self.readers)
            if self.moved_aside is not None:
                rows.insert(0, HistoryRow("note", _("The history was damaged: it was moved aside to {name}, "
                                                    "a fresh one starts").format(name=self.moved_aside.name)))
        except (sqlite3.Error, OSError, HistoryDamaged, HistoryInputError) as exc:
            log.warning("history: cannot be read: %s", one_line(str(exc), 200))
            return HistorySummary((HistoryRow("note", _("The history cannot be read: {reason}").format(
                reason=one_line(str(exc), 80))),))
        return HistorySummary(tuple(rows))

    def game_sheet(self, gid: int) -> ResultSheet | None:
        """Stored game ``gid`` as the result screen shows it (None: not there, or unreadable)."""
        if not self._exists():
            return None
        try:
            with self._open() as history:
                entry = history.game(gid)
            return None if entry is None else entry_sheet(entry, self.readers)
        except (sqlite3.Error, OSError, HistoryDamaged, HistoryInputError) as exc:
            log.warning("history: game %s cannot be read: %s", gid, one_line(str(exc), 200))
            return None

    def result_qr(self, record: dict[str, Any]) -> ResultQR:
        """The QR code of the stored game ``record`` is (found by its digest)."""
        if not self._exists():
            return ResultQR(problem=_("No QR code: the game is not in the history"))
        try:
            with self._open() as history:
                gid = history.game_by_digest(record_digest(record))
                entry = None if gid is None else history.game(gid)
                if gid is None or entry is None:
                    return ResultQR(problem=_("No QR code: the game is not in the history"))
                link = play_link(entry, self.readers)  # BG Stats' import link
            data = link.encode()
            rows = qr_matrix(data)  # made once (segno is pure Python): the lid's and the terminal's
            return ResultQR(gid, tuple(tuple(row) for row in rows), matrix_text(rows), len(data), link=link)
        except (QRTooLarge, sqlite3.Error, OSError, HistoryDamaged) as exc:
            log.warning("history: no QR code: %s", one_line(str(exc), 200))
            return ResultQR(problem=_("No QR code: {reason}").format(reason=one_line(str(exc), 80)))
