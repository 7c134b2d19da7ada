"""Players and history: every finished game with its players, score breakdown and solo verdict.

One SQLite file, ``history.sqlite3`` in the state dir (beside the journal, a separate file: a
damaged history never touches the journal, and the other way round). Schema version
:data:`SCHEMA_VERSION` in ``PRAGMA user_version``.

* ``players``: every name that ever played (the touchscreen offers them, most recent first).
* ``games``: one row per finished game — game key (``applejack``, ``zankapfel``, ``draftcider``,
  ``waldgaertner``: every game's finished record is replayed or rescored by its engine before it
  is stored), the variant/setup as JSON,
  the date (unix seconds, UTC), the number of players, the solo verdict (``outstanding``,
  ``goal``, ``short``; NULL with several players), the record's SHA-256 (a game is stored once,
  however often it is imported) and the record itself (for the QR code and the coach).
* ``scores``: one row per game and seat — the player, the total, the breakdown as JSON
  (``table.games.applejack.rules.scoring.ScoreBreakdown``'s fields for Applejack, the other engines' ``Score``
  fields for the others) and whether the seat won.

**Damage** (SQLite calls the file corrupt or not a database, another schema version, a row that
does not read back): the file is moved aside as ``history.sqlite3.damaged-<unix time>`` with one
log line and a fresh history starts. Nothing here ever stops play: :func:`record_finished` (the
companion's hook) logs and returns ``None`` on any storage error.

**Bounded input**: a name is 1..:data:`MAX_NAME` printable characters, at most
:data:`MAX_PLAYERS` seats, a record at most :data:`MAX_RECORD_BYTES` as JSON, totals within
±:data:`MAX_SCORE`; anything else is a :class:`HistoryInputError` (a ValueError) with one line.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING, ScoreBreakdown

log = logging.getLogger("applejack.history")

FILENAME = "history.sqlite3"
SCHEMA_VERSION = 1
MAX_NAME = 40
MAX_PLAYERS = 8
MAX_RECORD_BYTES = 1024 * 1024
MAX_SCORE = 10_000
BREAKDOWN_FIELDS = ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey",
                    "total")

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created REAL NOT NULL,
    last_played REAL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,            -- table.games key, e.g. 'applejack'
    setup TEXT NOT NULL,           -- variants / setup as JSON
    played REAL NOT NULL,          -- unix seconds (UTC) the game ended
    seats INTEGER NOT NULL,
    solo TEXT,                     -- outstanding / goal / short (solo games only)
    digest TEXT NOT NULL UNIQUE,   -- sha256 of the record's canonical JSON
    source TEXT,                   -- where it came from ('companion', a file name)
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS scores (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player INTEGER REFERENCES players(id),   -- NULL: nobody was picked for the seat ("Seat N")
    total INTEGER NOT NULL,
    breakdown TEXT NOT NULL,
    winner INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS scores_player ON scores(player);
"""


class HistoryInputError(ValueError):
    """A name, record or argument the history does not take (``str()`` is one line)."""


class HistoryDamaged(ValueError):
    """The history file's content is not what this module writes (schema, rows)."""


# --- values -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game: who, the total honey, the breakdown, won or not."""

    player: str
    total: int
    breakdown: dict[str, Any]
    winner: bool
    named: bool = True
    """False: nobody was picked for the seat; ``player`` is then ``Seat N``."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One stored game (``played``: unix seconds UTC; ``solo``: the verdict key or None)."""

    id: int
    game: str
    setup: dict[str, Any]
    played: float
    solo: str | None
    seats: tuple[SeatResult, ...]

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(self.played))


@dataclass(frozen=True, slots=True)
class Best:
    """A player's personal best in one game: the best total, where, and how many games."""

    player: str
    game: str
    games: int
    best: int
    best_game: int
    solo_best: int | None


@dataclass(frozen=True, slots=True)
class SoloMarks:
    """A player's solo marks: games played solo, reached the goal (65), outstanding (80)."""

    player: str
    game: str
    solo_games: int
    goal: int
    outstanding: int
    first_goal: int | None
    first_outstanding: int | None


def solo_mark(total: int) -> str:
    """``outstanding`` (80 or more), ``goal`` (65 or more) or ``short``: the rulebook's solo marks."""
    if total >= SOLO_OUTSTANDING:
        return "outstanding"
    if total >= SOLO_GOAL:
        return "goal"
    return "short"


def clean_name(name: object) -> str:
    """A player's name as stored: NFC, surrounding blanks removed, 1..MAX_NAME printable characters."""
    if not isinstance(name, str):
        raise HistoryInputError("a player's name must be text")
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        raise HistoryInputError("a player's name must not be empty")
    if len(text) > MAX_NAME:
        raise HistoryInputError(f"a player's name has at most {MAX_NAME} characters, got {len(text)}")
    if any(not c.isprintable() for c in text):
        raise HistoryInputError("a player's name must not hold control characters")
    return text


def seat_name(seat: int) -> str:
    """How a seat nobody was picked for is shown: ``Seat 1``, ``Seat 2``, … (it is no player:
    it has no personal bests and is not offered on the touchscreen)."""
    return f"Seat {seat + 1}"


# --- reading a finished game --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What the history keeps of a finished record, before it is stored."""

    game: str
    """The ``table.games`` key: ``applejack``, ``zankapfel``, ``draftcider``, ``waldgaertner``."""
    setup: dict[str, Any]
    breakdowns: tuple[Any, ...]
    """Per seat the engine's score breakdown (a frozen value with an int ``total``)."""
    winners: tuple[int, ...]
    names: tuple[str | None, ...]
    """Names people gave (a hand-typed pad, a record's names); None for a seat without one."""
    record: dict[str, Any]
    details: tuple[dict[str, Any], ...] = ()
    """Per seat the breakdown as JSON data (the game's breakdown fields and ``total``)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(int(b.total) for b in self.breakdowns)


def _breakdown_dict(b: ScoreBreakdown) -> dict[str, Any]:
    d: dict[str, Any] = {f: getattr(b, f) for f in BREAKDOWN_FIELDS}
    d["per_variety"] = list(b.per_variety)
    return d


def read_finished(record: Any, data: Any = None) -> FinishedGame:
    """The finished game a record describes: the companion's ``applejack-track/1`` record with its
    score pad (the dict the journal receives as ``("finished", record)``), or a full game record
    ``applejack-record/1`` played to the end. The pad is rescored (and checked against the stored
    scores) with ``data`` (default: the shipped data set). The other games' finished records
    (:data:`OTHER_FORMATS`, and Draft Cider's end-only score pad) are replayed or rescored by their
    engines (:func:`read_other`). HistoryInputError on anything else."""
    from table.engine.errors import EngineError
    from table.games.applejack.rules.record import FORMAT as GAME_FORMAT
    from table.games.applejack.rules.record import GameRecord
    from table.games.applejack.rules.scorepad import score_record
    from table.games.applejack.rules.scoring import winners
    from table.games.applejack.rules.track import TRACK_FORMAT

    if not isinstance(record, dict):
        raise HistoryInputError("a finished game is a JSON object")
    size = len(json.dumps(record, sort_keys=True))
    if size > MAX_RECORD_BYTES:
        raise HistoryInputError(f"the record is {size} bytes as JSON, at most {MAX_RECORD_BYTES}")
    fmt = record.get("format")
    if (isinstance(fmt, str) and fmt in OTHER_FORMATS) or (fmt is None and _is_draftcider_pad(record)):
        return read_other(record)
    if data is None:
        from table.games.applejack.files import load_dataset

        data = load_dataset()
    try:
        if fmt == TRACK_FORMAT:
            result = score_record(record, data)
            breakdowns = tuple(result.scores)
            config = record.get("config")
            setup = dict(config) if isinstance(config, dict) else {}
            pad_names = tuple(str(n) for n in result.names)
            win = tuple(result.winner_seats)
        elif fmt == GAME_FORMAT:
            game_record = GameRecord.from_dict(record)
            state = game_record.replay(data)
            if not state.is_terminal():
                raise HistoryInputError("the game record does not reach the end of the game")
            breakdowns = tuple(state.scores())
            setup = game_record.config.to_dict()
            pad_names = game_record.names
            win = winners([b.total for b in breakdowns])
        else:
            known = ", ".join(repr(f) for f in (TRACK_FORMAT, GAME_FORMAT, *OTHER_FORMATS))
            raise HistoryInputError(f"not a finished Applejack game nor another game's record (format "
                                    f"{str(fmt)[:40]!r}; one of {known} expected)")
    except EngineError as exc:
        raise HistoryInputError(one_line(str(exc))) from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise HistoryInputError(one_line(f"malformed record: {exc!r}")) from None
    seats = len(breakdowns)
    if not 1 <= seats <= MAX_PLAYERS:
        raise HistoryInputError(f"{seats} seats; 1..{MAX_PLAYERS} expected")
    for b in breakdowns:
        if abs(b.total) > MAX_SCORE:
            raise HistoryInputError(f"a total of {b.total} is beyond ±{MAX_SCORE}")
    names: tuple[str | None, ...] = (pad_names if len(pad_names) == seats and _named(pad_names)
                                     else (None,) * seats)
    if record.get("names") is not None:  # the players picked on the setup screen (companion/players.py)
        names = _record_names(record["names"], seats)
    if seats == 1:
        win = ()  # a solo game has marks, not a winner
    return FinishedGame("applejack", setup, breakdowns, win, names, record,
                        tuple(_breakdown_dict(b) for b in breakdowns))


OTHER_FORMATS: dict[str, str] = {"zankapfel-record/1": "zankapfel", "draftcider-record/1": "draftcider",
                                 "waldgaertner-record/1": "waldgaertner"}
"""The other games' finished records (``record["format"]`` → ``table.games`` key): the engine's
record, which the companions emit as ``("finished", record)`` (Zankapfel and Waldgärtner add the
table's commands, ``scores``, ``winners`` and Waldgärtner its ``score_pad``). Draft Cider's
end-only pad (``{"players": [{"name", "batches"}], "easy"}``) has no format: see
:func:`_is_draftcider_pad`."""
RECORD_EXTRAS = ("table_commands", "scores", "winners", "score_pad", "names", "dealt_cards", "end")
"""What a companion adds to an engine record (checked here, never passed to a strict replay)."""


def _is_draftcider_pad(record: dict[str, Any]) -> bool:
    """Draft Cider's end-only score pad: no format, a list of players each with batches."""
    players = record.get("players")
    return (set(record) <= {"players", "easy", "names"} and isinstance(players, list) and bool(players)
            and all(isinstance(p, dict) and "batches" in p for p in players))


def read_other(record: dict[str, Any]) -> FinishedGame:
    """A Zankapfel, Draft Cider or Waldgärtner finished record, replayed by its engine to the end
    (or a Draft Cider end-only pad, rescored): what it stores beside the actions (``scores``,
    ``winners``, a ``score_pad``) must agree with the replay, else HistoryInputError (one line)."""
    from table.engine.errors import EngineError

    fmt = record.get("format")
    key = "draftcider" if fmt is None else OTHER_FORMATS.get(str(fmt), "")
    if not key:
        raise HistoryInputError(f"not a finished game of {', '.join(OTHER_FORMATS.values())}")
    pad_names: tuple[str, ...] = ()
    try:
        if fmt is None:
            breakdowns, details, win, pad_names, setup = _draftcider_pad(record)
        else:
            breakdowns, details, win, setup = _replayed(key, record)
    except HistoryInputError:
        raise
    except (EngineError, ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError,
            RecursionError) as exc:
        raise HistoryInputError(one_line(f"{_title(key)}: {exc}")) from None
    seats = len(breakdowns)
    if not 2 <= seats <= MAX_PLAYERS:
        raise HistoryInputError(f"{seats} seats; 2..{MAX_PLAYERS} expected")
    totals = [int(b.total) for b in breakdowns]
    for t in totals:
        if abs(t) > MAX_SCORE:
            raise HistoryInputError(f"a total of {t} is beyond ±{MAX_SCORE}")
    if "scores" in record and record["scores"] != totals:
        raise HistoryInputError(one_line(f"the record's stored scores {str(record['scores'])[:60]} disagree with "
                                         f"the game replayed ({totals})"))
    if "winners" in record and record["winners"] != list(win):
        raise HistoryInputError(one_line(f"the record's stored winners {str(record['winners'])[:40]} disagree with "
                                         f"the game replayed ({list(win)})"))
    if "score_pad" in record and record["score_pad"] != list(details):
        raise HistoryInputError("the record's stored score pad disagrees with the game replayed")
    names: tuple[str | None, ...] = (pad_names if len(pad_names) == seats and _named(pad_names)
                                     else (None,) * seats)
    if record.get("names") is not None:
        names = _record_names(record["names"], seats)
    return FinishedGame(key, setup, tuple(breakdowns), tuple(win), names, record, tuple(details))


def _title(key: str) -> str:
    from table.games import load_game

    try:
        return load_game(key).title
    except ValueError:
        return key


def _replayed(key: str, record: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]], tuple[int, ...],
                                                         dict[str, Any]]:
    """Replay an engine record to its end: breakdowns, their JSON form, winners, the setup."""
    import dataclasses

    core = {k: v for k, v in record.items() if k not in RECORD_EXTRAS}
    setup: dict[str, Any]
    if key == "zankapfel":
        from table.games.zankapfel.rules import replay as z_replay

        state: Any = z_replay(core)
        setup = state.config.to_dict()
    elif key == "waldgaertner":
        from table.games.waldgaertner.rules import replay as w_replay

        state = w_replay(core)
        setup = {k: v for k, v in state.config.to_dict().items() if k != "cards"}
        setup["cards"] = hashlib.sha256(state.config.cards.text.encode()).hexdigest()[:12]  # the card file
    else:
        from table.games.draftcider.rules import replay as d_replay

        state = d_replay(core)
        setup = state.config.to_dict()
        if "deck" in setup:
            setup["deck"] = "own"  # not the shipped deck (the record holds it)
    if not state.is_terminal():
        raise HistoryInputError(f"the {_title(key)} record does not reach the end of the game")
    scores = list(state.scores())
    details = [_batches_dict(s) if key == "draftcider" else dataclasses.asdict(s) for s in scores]
    return scores, details, tuple(state.winners()), setup


def _batches_dict(score: Any) -> dict[str, Any]:
    from table.games.draftcider.rules import BATCHES

    return {**dict(zip(BATCHES, score.batches, strict=True)), "total": score.total}


def _draftcider_pad(record: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]], tuple[int, ...],
                                                     tuple[str, ...], dict[str, Any]]:
    """Draft Cider's end-only pad, rescored (``table.games.draftcider.rules.score_pad``)."""
    from table.games.draftcider.rules import score_pad

    pad = {k: v for k, v in record.items() if k != "names"}
    result = score_pad(pad)
    win = tuple(result.names.index(n) for n in result.winners)
    setup = {"players": len(result.names), "easy": bool(record.get("easy", False)), "pad": "end"}
    return list(result.scores), [_batches_dict(s) for s in result.scores], win, result.names, setup


def _record_names(value: Any, seats: int) -> tuple[str | None, ...]:
    """A record's ``names``: one per seat, a name or null (HistoryInputError otherwise)."""
    if not isinstance(value, list) or len(value) != seats:
        raise HistoryInputError(f"the record's names must be a list of {seats} (a name or null per seat)")
    names = tuple(None if n is None else clean_name(n) for n in value)
    named = [n for n in names if n is not None]
    if len(set(named)) != len(named):
        raise HistoryInputError("the record's names give one name to two seats")
    return names


def one_line(text: str, limit: int = 240) -> str:
    """``text`` as one printable line (control characters escaped), at most ``limit`` characters:
    a message may quote what a file holds."""
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _named(names: Sequence[str]) -> bool:
    """Names people gave (a bot game's names, a pad typed by hand), not the companion's seat labels."""
    from table.games.applejack.rules.data import SEAT_SYMBOLS

    labels = {s.capitalize() for s in SEAT_SYMBOLS}
    try:
        return (all(clean_name(n).split()[-1] not in labels and not _SEAT_LABEL.fullmatch(clean_name(n))
                    for n in names) and len(set(names)) == len(names))
    except HistoryInputError:
        return False


_SEAT_LABEL = re.compile(r"Seat \d+")
"""A companion's pad label for a seat (Draft Cider's end-only pad): not a person's name."""


def record_digest(record: dict[str, Any]) -> str:
    """SHA-256 of the record's canonical JSON (sorted keys, no blanks): the same game, the same digest."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


# --- the store ----------------------------------------------------------------------------------
class History:
    """The history file in ``directory`` (created when missing). A damaged file is moved aside
    with one log line (:attr:`moved_aside` names where) and a fresh one started; other storage
    errors (disk full, read-only) propagate as ``sqlite3.Error``/``OSError``."""

    def __init__(self, directory: str | os.PathLike[str], *, clock: Callable[[], float] = time.time) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILENAME
        self.clock = clock
        self.moved_aside: Path | None = None
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        from table.companion.statedir import is_damage

        self.directory.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except (sqlite3.DatabaseError, HistoryDamaged, UnicodeDecodeError) as exc:
            if not (isinstance(exc, HistoryDamaged | UnicodeDecodeError) or is_damage(exc)):
                raise
            self._move_aside(str(exc))
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        if self.path.is_symlink() or (self.path.exists() and not self.path.is_file()):
            raise HistoryDamaged(f"{self.path} is not a regular file")
        db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version == 0 and not tables:
                db.executescript(SCHEMA)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            elif version != SCHEMA_VERSION:
                raise HistoryDamaged(f"schema version {version}, this program writes {SCHEMA_VERSION}")
            elif not {"players", "games", "scores"} <= tables:
                raise HistoryDamaged("tables missing")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise HistoryDamaged(f"quick_check: {str(check)[:80]}")
        except BaseException:
            db.close()
            raise
        return db

    def _move_aside(self, reason: str) -> None:
        self.moved_aside = move_aside(self.path, reason, self.clock)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- players ---------------------------------------------------------------------------------
    def _player_id(self, db: sqlite3.Connection, name: str) -> int:
        row = db.execute("SELECT id FROM players WHERE name=?", (name,)).fetchone()
        if row:
            return int(row[0])
        cur = db.execute("INSERT INTO players (name, created) VALUES (?, ?)", (name, self.clock()))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def add_player(self, name: str) -> str:
        """Add a new name (picked as "new" on the touchscreen); returns it as stored."""
        text = clean_name(name)
        with self._tx() as db:
            self._player_id(db, text)
        return text

    def players(self) -> list[str]:
        """Every known name, the most recently played first (then new names, by age): what the
        touchscreen offers when people pick who plays."""
        rows = self.db.execute("SELECT name FROM players ORDER BY last_played IS NULL, last_played DESC, "
                               "created DESC, id DESC")
        return [str(r[0]) for r in rows]

    # --- games -----------------------------------------------------------------------------------
    def add(self, finished: FinishedGame, *, names: Sequence[str | None] | None = None,
            played: float | None = None, source: str = "companion") -> int | None:
        """Store a finished game; its id, or None when this very record is stored already.
        ``names``: one per seat, None for a seat nobody was picked for (default: the record's)."""
        seats = len(finished.breakdowns)
        chosen = tuple(None if n is None else clean_name(n)
                       for n in (names if names is not None else finished.names))
        if len(chosen) != seats:
            raise HistoryInputError(f"{len(chosen)} names for {seats} seats")
        named = [n for n in chosen if n is not None]
        if len(set(named)) != len(named):
            raise HistoryInputError("one name for two seats")
        when = self.clock() if played is None else float(played)
        if not (0 <= when < 1e11):
            raise HistoryInputError(f"date {when!r} out of range")
        digest = record_digest(finished.record)
        solo = solo_mark(finished.breakdowns[0].total) if seats == 1 and finished.game == "applejack" else None
        details = finished.details or tuple(_breakdown_dict(b) for b in finished.breakdowns)
        with self._tx() as db:
            if db.execute("SELECT 1 FROM games WHERE digest=?", (digest,)).fetchone():
                return None
            cur = db.execute(
                "INSERT INTO games (game, setup, played, seats, solo, digest, source, record) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (finished.game, json.dumps(finished.setup, sort_keys=True), when, seats, solo, digest,
                 source[:200], json.dumps(finished.record, sort_keys=True, separators=(",", ":"))))
            gid = cur.lastrowid
            assert gid is not None
            for seat, (name, b) in enumerate(zip(chosen, finished.breakdowns, strict=True)):
                pid = None if name is None else self._player_id(db, name)
                if pid is not None:
                    db.execute("UPDATE players SET last_played=max(coalesce(last_played, 0), ?) WHERE id=?",
                               (when, pid))
                db.execute("INSERT INTO scores (game, seat, player, total, breakdown, winner) "
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           (gid, seat, pid, int(b.total), json.dumps(details[seat], sort_keys=True),
                            int(seat in finished.winners)))
        return gid

    def games(self, player: str | None = None, game: str | None = None) -> list[GameEntry]:
        """Stored games, oldest first (only those ``player`` played, when given)."""
        sql = "SELECT id, game, setup, played, solo FROM games"
        where, args = [], []
        if player is not None:
            where.append("id IN (SELECT s.game FROM scores s JOIN players p ON p.id=s.player WHERE p.name=?)")
            args.append(clean_name(player))
        if game is not None:
            where.append("game=?")
            args.append(game)
        if where:
            sql += " WHERE " + " AND ".join(where)
        out = []
        for gid, key, setup, played, solo in self.db.execute(sql + " ORDER BY played, id", args).fetchall():
            out.append(GameEntry(int(gid), str(key), _load(setup, dict), float(played), solo,
                                 self._seats(int(gid))))
        return out

    def game(self, gid: int) -> GameEntry | None:
        row = self.db.execute("SELECT id, game, setup, played, solo FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            return None
        return GameEntry(int(row[0]), str(row[1]), _load(row[2], dict), float(row[3]), row[4], self._seats(gid))

    def game_by_digest(self, digest: str) -> int | None:
        """The id of the stored game whose record has this digest (:func:`record_digest`), or None."""
        row = self.db.execute("SELECT id FROM games WHERE digest=?", (digest,)).fetchone()
        return None if row is None else int(row[0])

    def record(self, gid: int) -> dict[str, Any] | None:
        row = self.db.execute("SELECT record FROM games WHERE id=?", (gid,)).fetchone()
        return None if row is None else _load(row[0], dict)

    def _seats(self, gid: int) -> tuple[SeatResult, ...]:
        rows = self.db.execute("SELECT s.seat, p.name, s.total, s.breakdown, s.winner FROM scores s "
                               "LEFT JOIN players p ON p.id=s.player WHERE s.game=? ORDER BY s.seat", (gid,)).fetchall()
        return tuple(SeatResult(seat_name(int(seat)) if n is None else str(n), int(t), _load(b, dict), bool(w),
                                n is not None) for seat, n, t, b, w in rows)

    def bests(self, player: str | None = None) -> list[Best]:
        """Personal bests per player and game (best total overall and solo, number of games)."""
        sql = ("SELECT p.name, g.game, count(*), max(s.total), max(CASE WHEN g.seats=1 THEN s.total END) "
               "FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game")
        args: list[Any] = []
        if player is not None:
            sql += " WHERE p.name=?"
            args.append(clean_name(player))
        out = []
        for name, key, n, best, solo_best in self.db.execute(sql + " GROUP BY p.id, g.game ORDER BY p.name, g.game",
                                                             args).fetchall():
            first = self.db.execute("SELECT g.id FROM scores s JOIN players p ON p.id=s.player JOIN games g "
                                    "ON g.id=s.game WHERE p.name=? AND g.game=? AND s.total=? "
                                    "ORDER BY g.played, g.id LIMIT 1", (name, key, best)).fetchone()
            out.append(Best(str(name), str(key), int(n), int(best), int(first[0]),
                            None if solo_best is None else int(solo_best)))
        return out

    def solo_marks(self, player: str | None = None) -> list[SoloMarks]:
        """Per player: solo games, how many reached the goal (65) and outstanding (80), and the first
        game id that reached each."""
        sql = ("SELECT p.name, g.game, count(*), sum(s.total>=?), sum(s.total>=?) "
               "FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game WHERE g.seats=1")
        args: list[Any] = [SOLO_GOAL, SOLO_OUTSTANDING]
        if player is not None:
            sql += " AND p.name=?"
            args.append(clean_name(player))
        out = []
        for name, key, n, goal, outst in self.db.execute(sql + " GROUP BY p.id, g.game ORDER BY p.name",
                                                                   args).fetchall():
            out.append(SoloMarks(str(name), str(key), int(n), int(goal or 0), int(outst or 0),
                                 self._first_at(str(name), str(key), SOLO_GOAL),
                                 self._first_at(str(name), str(key), SOLO_OUTSTANDING)))
        return out

    def _first_at(self, name: str, key: str, mark: int) -> int | None:
        row = self.db.execute("SELECT g.id FROM scores s JOIN players p ON p.id=s.player JOIN games g ON g.id=s.game "
                              "WHERE g.seats=1 AND p.name=? AND g.game=? AND s.total>=? "
                              "ORDER BY g.played, g.id LIMIT 1",
                              (name, key, mark)).fetchone()
        return None if row is None else int(row[0])


def move_aside(path: Path, reason: str, clock: Callable[[], float] = time.time) -> Path:
    """Rename a damaged history (and its ``-wal``/``-shm``) to ``history.sqlite3.damaged-<unix
    time>`` (never over another file), with one log line; returns the new path."""
    stamp = int(clock())
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{k}")
    os.rename(path, target)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.rename(path.with_name(path.name + suffix), target.with_name(target.name + suffix))
    log.warning("history %s is damaged (%s): moved aside to %s, a fresh history starts",
                path, one_line(reason, 120), target.name)
    return target


def _load(text: Any, kind: type) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        raise HistoryDamaged("a stored row is not JSON") from None
    if not isinstance(value, kind):
        raise HistoryDamaged("a stored row has the wrong shape")
    return value


# --- the companion's hook and the backfill ------------------------------------------------------
def record_finished(state_dir: str | os.PathLike[str], record: dict[str, Any], *,
                    names: Sequence[str | None] | None = None, data: Any = None, played: float | None = None,
                    source: str = "companion") -> int | None:
    """The companion's hook after a game ends: store ``record`` (the dict the journal receives as
    ``("finished", record)``) with ``names`` (one per seat, in seat order, None for a seat nobody
    was picked for; default: names typed into the pad, else none) in ``state_dir/history.sqlite3``.
    Returns the history's game id, or None when the game is stored already or the history could
    not take it — that is logged (one line), never raised: the history never stops play."""
    from table.companion.statedir import is_damage

    try:
        finished = read_finished(record, data)
        with History(state_dir) as history:
            try:
                return history.add(finished, names=names, played=played, source=source)
            except (sqlite3.DatabaseError, HistoryDamaged) as exc:
                if not (isinstance(exc, HistoryDamaged) or is_damage(exc)):
                    raise
                damage = str(exc)  # found while writing: aside with it, and store the game in a fresh file
        move_aside(Path(state_dir) / FILENAME, damage, time.time)
        with History(state_dir) as fresh:
            return fresh.add(finished, names=names, played=played, source=source)
    except (HistoryInputError, HistoryDamaged, sqlite3.Error, OSError) as exc:
        log.warning("history: the finished game was not stored: %s", one_line(str(exc), 200))
        return None


@dataclass(frozen=True, slots=True)
class ImportResult:
    added: int
    known: int
    problems: tuple[str, ...]


def import_records(history: History, paths: Sequence[str | os.PathLike[str]], data: Any = None) -> ImportResult:
    """Backfill from record files (``STATE_DIR/records/*.json``): each stored once (dated by the
    file's modification time); a file that is not a finished game is one line in ``problems``."""
    from table.commands.inputs import InputError, load_json

    if data is None:
        from table.games.applejack.files import load_dataset

        data = load_dataset()
    added = known = 0
    problems: list[str] = []
    for path in paths:
        try:
            record = load_json(path, "record")
            finished = read_finished(record, data)
            gid = history.add(finished, played=os.stat(path).st_mtime, source=Path(path).name)
        except InputError as exc:  # it names the file already
            problems.append(str(exc)[:240])
            continue
        except (HistoryInputError, OSError) as exc:
            problems.append(f"{path}: {str(exc)[:200]}")
            continue
        if gid is None:
            known += 1
        else:
            added += 1
    return ImportResult(added, known, tuple(problems))


# --- the table's view of the history (the setup screen's names, the history screen, the QR) ------
RECENT_GAMES = 10
"""How many of the last games the history screen lists."""


def variant_text(setup: dict[str, Any], game: str = "applejack") -> str:
    """A stored game's variant in words: ``solo``, ``3 players, cottage tiles``, ``4 players, easy
    mode`` (``game``: the ``table.games`` key; each game has its own options)."""
    from table.i18n import _, ngettext

    players = setup.get("players")
    parts = [_("solo") if players == 1 else
             ngettext("{n} player", "{n} players", int(players)).format(n=players) if isinstance(players, int)
             else _("players unknown")]
    if game != "applejack":
        return ", ".join(parts + _other_variant(setup, game))
    if setup.get("cottage"):
        parts.append(_("cottage tiles"))
    if setup.get("apple_tiles") is not None:
        parts.append(_("apple tiles"))
    if setup.get("middle_start") not in (None, 0) or setup.get("campaign"):
        parts.append(_("campaign"))
    return ", ".join(parts)


def _other_variant(setup: dict[str, Any], game: str) -> list[str]:
    """The options of a Zankapfel, Draft Cider or Waldgärtner game in words (none: the standard game)."""
    from table.i18n import _

    parts = []
    if game == "zankapfel":
        from table.games.zankapfel.rules.config import DEFAULT_DECK, DEFAULT_TRACK

        if setup.get("bribery"):
            parts.append(_("corruption"))
        if isinstance(setup.get("track_length"), int) and setup["track_length"] != DEFAULT_TRACK:
            parts.append(_("finish at {n} points").format(n=setup["track_length"]))
        if setup.get("deck") not in (None, list(DEFAULT_DECK)):
            parts.append(_("own deck"))
    elif game == "draftcider":
        if setup.get("easy"):
            parts.append(_("easy mode"))
        if setup.get("deck") is not None:
            parts.append(_("own deck"))
    elif game == "waldgaertner":
        if setup.get("players") in (2, 5, 6):  # the one deck the rules leave open (ruling W3)
            parts.append(_("North American deck") if setup.get("choice") == "NA" else _("European deck"))
        if setup.get("tasks"):
            parts.append(_("additional tasks"))
        if setup.get("direct_sale"):
            parts.append(_("direct sale"))
    return parts


def summary_rows(games: Sequence[GameEntry], marks: Sequence[SoloMarks]) -> list[Any]:
    """The history screen's rows (``table.companion.players.HistoryRow``): personal bests per
    player, game and variant; solo marks reached; the last games, newest first."""
    from table.companion.players import HistoryRow
    from table.games import load_game
    from table.i18n import _, ngettext

    def title(key: str) -> str:
        try:
            return load_game(key).title
        except (KeyError, ValueError):
            return key

    if not games:
        return [HistoryRow("note", _("No games stored yet."))]
    bests: dict[tuple[str, str, str], tuple[int, int]] = {}
    for g in games:
        variant = variant_text(g.setup, g.game)
        for s in g.seats:
            if s.named:
                key = (s.player, title(g.game), variant)
                best, n = bests.get(key, (s.total, 0))
                bests[key] = (max(best, s.total), n + 1)
    rows = [HistoryRow("head", _("Personal bests"))]
    if not bests:
        rows.append(HistoryRow("note", _("No named players yet: pick names on the setup screen")))
    for (player, game, variant), (best, n) in sorted(bests.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1:])):
        rows.append(HistoryRow("row", ngettext("{player} · {game} ({variant}): best {best} in {n} game",
                                               "{player} · {game} ({variant}): best {best} in {n} games", n)
                               .format(player=player, game=game, variant=variant, best=best, n=n)))
    if marks:
        rows.append(HistoryRow("head", _("Solo marks (goal {goal}, outstanding {outstanding})").format(
            goal=SOLO_GOAL, outstanding=SOLO_OUTSTANDING)))
        for m in marks:
            rows.append(HistoryRow("row", ngettext(
                "{player}: {n} solo game, goal reached {goal}×, outstanding {outstanding}×",
                "{player}: {n} solo games, goal reached {goal}×, outstanding {outstanding}×", m.solo_games)
                .format(player=m.player, n=m.solo_games, goal=m.goal, outstanding=m.outstanding)))
    rows.append(HistoryRow("head", _("Last games")))
    for g in sorted(games, key=lambda e: (e.played, e.id), reverse=True)[:RECENT_GAMES]:
        seats = ", ".join(f"{s.player} {s.total}" for s in g.seats)
        winners = [s.player for s in g.seats if s.winner]
        line = (_("{date} · {seats}").format(date=g.date, seats=seats) if g.game == "applejack" else
                _("{date} · {game}: {seats}").format(date=g.date, game=title(g.game), seats=seats))
        if g.solo is not None:
            verdicts = {"outstanding": _("outstanding"), "goal": _("goal reached")}
            line += " · " + verdicts.get(g.solo, _("short of the goal"))
        elif winners:
            line += " · " + _("won: {names}").format(names=" & ".join(winners))
        rows.append(HistoryRow("row", f"#{g.id} {line}"))
    return rows


class HistoryBook:
    """The companion's window on ``state_dir/history.sqlite3`` (``table.companion.players.PlayerBook``):
    known names, the history screen's summary, the finished game's QR code. It never raises
    and never creates the file by reading (a damaged file is moved aside by :class:`History`,
    one log line); every problem is one line on the screen."""

    def __init__(self, state_dir: str | os.PathLike[str]) -> None:
        self.directory = Path(state_dir)
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

    def summary(self) -> Any:
        from table.companion.players import HistoryRow, HistorySummary
        from table.i18n import _

        if not self._exists():
            return HistorySummary((HistoryRow("note", _("No games stored yet.")),))
        try:
            with self._open() as history:
                rows = summary_rows(history.games(), history.solo_marks())
            if self.moved_aside is not None:
                rows.insert(0, HistoryRow("note", _("The history was damaged: it was moved aside to {name}, "
                                                    "a fresh one starts").format(name=self.moved_aside.name)))
        except (sqlite3.Error, OSError, HistoryDamaged, HistoryInputError) as exc:
            log.warning("history: cannot be read: %s", one_line(str(exc), 200))
            return HistorySummary((HistoryRow("note", _("The history cannot be read: {reason}").format(
                reason=one_line(str(exc), 80))),))
        return HistorySummary(tuple(rows))

    def result_qr(self, record: dict[str, Any]) -> Any:
        """The QR code of the stored game ``record`` is (found by its digest)."""
        from table.companion.players import ResultQR
        from table.i18n import _
        from table.statsexport import QRTooLarge, payload, qr_matrix, qr_text

        if not self._exists():
            return ResultQR(problem=_("No QR code: the game is not in the history"))
        try:
            with self._open() as history:
                gid = history.game_by_digest(record_digest(record))
                entry = None if gid is None else history.game(gid)
                if gid is None or entry is None:
                    return ResultQR(problem=_("No QR code: the game is not in the history"))
                data = payload(entry, history.record(gid))
            matrix = tuple(tuple(row) for row in qr_matrix(data))
            return ResultQR(gid, matrix, qr_text(data), len(data))
        except (QRTooLarge, sqlite3.Error, OSError, HistoryDamaged) as exc:
            log.warning("history: no QR code: %s", one_line(str(exc), 200))
            return ResultQR(problem=_("No QR code: {reason}").format(reason=one_line(str(exc), 80)))
