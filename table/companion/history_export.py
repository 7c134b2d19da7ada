"""The history as files to take away: ``history --csv``'s CSV and the statistics app's backup-file
JSON (``history --export``'s, every stored game in one file). Used by the ``history`` command and
by the owner's settings page (``table/web/exports.py``), so both give the very same bytes.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from table.csvsafe import row as csv_row
from table.engine.errors import TableError
from table.history.readers import Readers
from table.history.statsexport import play_json
from table.history.store import History
from table.history.values import FILENAME, GameEntry, HistoryDamaged

CSV_FIELDS = ("game_id", "date_utc", "game", "seats", "seat", "player", "total", "winner", "solo",
              "harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey",
              "per_variety", "setup", "named", "breakdown")
"""``harvest`` … ``per_variety`` are Applejack's score pad (empty for the other games); ``breakdown`` is
every game's per-seat breakdown as JSON (Zankapfel: harvest, cards, dice, bribes; Draft Cider: the
eight batches; Waldgärtner: plants, partners, storage, task; each with ``total``)."""


def csv_text(games: Iterable[GameEntry]) -> str:
    """One CSV row per game and player (:data:`CSV_FIELDS` first; cells safe for a spreadsheet)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for g in games:
        for seat, s in enumerate(g.seats, start=1):
            b = s.breakdown
            w.writerow(csv_row([g.id, g.date, g.game, len(g.seats), seat, s.player, s.total, int(s.winner),
                                g.solo or "", *(b.get(f, "") for f in CSV_FIELDS[9:15]),
                                " ".join(str(v) for v in b.get("per_variety", [])),
                                json.dumps(g.setup, sort_keys=True, separators=(",", ":")), int(s.named),
                                json.dumps(b, sort_keys=True, separators=(",", ":"), ensure_ascii=False)]))
    return out.getvalue()


def stats_file(history: History, readers: Readers) -> dict[str, Any]:
    """Every stored game as one backup file of the statistics app: each play as ``history
    --export GAME_ID`` writes it (``statsexport.play_json``), the players, games and the one
    location listed once with the plays' references renumbered."""
    players: dict[tuple[str, bool], int] = {}
    titles: dict[str, dict[str, Any]] = {}
    plays = []
    for entry in history.games():
        try:
            record = history.record(entry.id)
        except HistoryDamaged:  # a record damaged inside the file: the play all the same (the start restores it)
            record = None
        doc = play_json(entry, readers, record)
        ids = {p["id"]: players.setdefault((p["name"], p["isAnonymous"]), len(players) + 1) for p in doc["players"]}
        game = doc["games"][0]
        titles.setdefault(game["name"], {**game, "id": len(titles) + 1})
        play = doc["plays"][0]
        play["gameRefId"] = titles[game["name"]]["id"]
        for score in play["playerScores"]:
            score["playerRefId"] = ids[score["playerRefId"]]
        plays.append(play)
    return {"about": "The games of an Applejack Table (BG Stats play file).",
            "players": [{"id": i, "name": name, "isAnonymous": anon} for (name, anon), i in players.items()],
            "locations": [{"id": 1, "name": "Applejack Table"}], "games": list(titles.values()), "plays": plays}


class ExportProblem(TableError):
    """The history could not be read (``str()`` is one line)."""


def history_export(state_dir: Path, kind: str, readers: Readers) -> bytes:
    """The history in ``state_dir`` as ``kind`` (``csv`` or ``json``), UTF-8; read-only (no history
    yet: the CSV's header, a file with no plays). ExportProblem when it cannot be read."""
    if kind not in ("csv", "json"):
        raise ExportProblem(f"no export {kind[:20]!r}: csv or json")
    if not (Path(state_dir) / FILENAME).exists():
        empty = csv_text([]) if kind == "csv" else json.dumps(
            {"about": "The games of an Applejack Table (BG Stats play file).", "players": [],
             "locations": [{"id": 1, "name": "Applejack Table"}], "games": [], "plays": []})
        return empty.encode()
    try:
        with History(state_dir, read_only=True) as history:
            if kind == "csv":
                return csv_text(history.games()).encode()
            return json.dumps(stats_file(history, readers), ensure_ascii=False, separators=(",", ":")).encode()
    except (sqlite3.Error, OSError, HistoryDamaged) as exc:
        raise ExportProblem(f"the history could not be read: {str(exc)[:200]}") from None
