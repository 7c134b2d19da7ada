"""``applejack-table history``: the finished games, personal bests and solo marks (docs/history.md).

::

    applejack-table history [--player NAME] [--state-dir DIR]   # games, personal bests, solo marks
    applejack-table history --csv [--player NAME]                # one CSV row per game and player
    applejack-table history import DIR/records/*.json            # backfill from the companion's records
    applejack-table history --qr GAME_ID                         # the play's QR code (BG Stats' import link)
    applejack-table history --link GAME_ID                       # that link as text
    applejack-table history --export GAME_ID                     # the play as BG Stats backup-file JSON
    applejack-table history --coach RECORD.json                  # per turn: the bot's choice, the cost;
                                                                 # solo: the bot's score on your draws

Bad input (an argument, a file, a game id) is one line on standard error and exit status 2. A
damaged history file is moved aside (one log line) and the command goes on with a fresh one.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.commands.inputs import InputError, load_json
from table.companion.history_export import csv_text
from table.companion.journal import default_state_dir
from table.games import games as registered_games
from table.history.index import keep_imported, rebuilt_view, scan
from table.history.readers import Readers
from table.history.statsexport import QRTooLarge, payload, play_link, qr_text
from table.history.store import History
from table.history.values import FILENAME, FinishedGame, HistoryDamaged, HistoryInputError, record_digest
from table.storage.statedir import StateDirRefused, check_state_dir

PROG = "applejack-table history"


def game_id(text: str) -> int:
    """A stored game's id: 1..10^12 (argparse type)."""
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 12) or int(text) == 0:
        raise argparse.ArgumentTypeError(f"a game id is a number from 1 (see `{PROG}`), got {text[:20]!r}")
    return int(text)


def seed(text: str) -> int:
    """A bot seed: 0..2^63-1 (argparse type)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 19) or int(text) >= 1 << 63:
        raise argparse.ArgumentTypeError(f"a seed is a number from 0 to 2^63-1, got {text[:24]!r}")
    return int(text)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("words", nargs="*", metavar="import FILE",
                   help="'import' and record files (STATE_DIR/records/*.json) to backfill the history from")
    p.add_argument("--state-dir", metavar="DIR",
                   help="where history.sqlite3 lives (default: $STATE_DIRECTORY, else the user data dir; "
                        "the companion's state dir)")
    p.add_argument("--player", metavar="NAME", help="only this player's games, bests and marks")
    p.add_argument("--csv", action="store_true", help="one CSV row per game and player instead of the tables")
    p.add_argument("--qr", metavar="GAME_ID", type=game_id,
                   help="print game GAME_ID's QR code: BG Stats' import link (a phone with the app imports the play)")
    p.add_argument("--link", metavar="GAME_ID", type=game_id, help="print game GAME_ID's BG Stats import link")
    p.add_argument("--light", action="store_true",
                   help="with --qr: dark modules as ink (a light terminal or paper); default: for a dark terminal")
    p.add_argument("--export", metavar="GAME_ID", type=game_id, help="print game GAME_ID as BG Stats backup-file JSON")
    p.add_argument("--coach", metavar="RECORD", help="a full game record (orchard tracking): per turn what the "
                   "strong bot would have done and what the choice cost; for a solo game also the bot's "
                   "score with the same draws")
    p.add_argument("--seed", type=seed, default=0, help="with --coach: the bot's seed (default 0)")


def _fail(msg: str) -> int:
    print(f"{PROG}: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    modes = sum(bool(x) for x in (args.words, args.qr is not None, args.export is not None, args.link is not None,
                                  args.coach, args.csv))
    if modes > 1:
        return _fail("choose one of: import, --csv, --qr, --link, --export, --coach")
    if args.words and args.words[0] != "import":
        return _fail(f"unknown word {args.words[0][:40]!r}; 'import FILE…' backfills from record files")
    try:
        if args.coach:
            code = _coach(args)
        else:
            directory = _state_dir(args)
            code = _import(directory, args.words[1:]) if args.words else _show(directory, args)
        sys.stdout.flush()  # a reader that left (`| head`) is met here, not in the flush at exit
        return code
    except (InputError, HistoryInputError, HistoryDamaged, StateDirRefused) as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # `history | head`: the reader has all it wanted
        return _quiet_pipe()
    except (sqlite3.Error, OSError) as exc:
        return _fail(f"the history could not be read: {str(exc)[:200]}")


def _quiet_pipe() -> int:
    """The reader of standard output left (``history | head``): no line, no traceback when Python
    flushes at exit (standard output goes to /dev/null), the status of a process SIGPIPE ended."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 128 + 13  # SIGPIPE


def _state_dir(args: argparse.Namespace) -> Any:
    directory = check_state_dir(args.state_dir) if args.state_dir else default_state_dir()
    if os.path.lexists(directory) and not directory.is_dir():  # like every other input: one line, exit 2
        raise InputError(f"{'--state-dir' if args.state_dir else 'the state directory'} {str(directory)[:200]!r} "
                         "is a file, not a directory: give the table's state directory")
    return directory


@dataclass(frozen=True, slots=True)
class ImportResult:
    added: int
    known: int
    problems: tuple[str, ...]


def import_records(history: History, paths: Sequence[str | os.PathLike[str]], readers: Readers,
                   data: Any = None) -> ImportResult:
    """Backfill from record files (``STATE_DIR/records/*.json``), each read — replayed — by its
    game's reader in ``readers`` (``data``: Applejack's data set, default the shipped one) and
    stored once (dated by the file's modification time): a game already in the history under
    another record text (other key order, numbers, names, extra fields) is not stored again.
    A file that is not a finished game is one line in ``problems``. Each game stored keeps its
    record under ``STATE_DIR/records/imported/`` (unless a file there holds it already): the
    history can always be rebuilt from ``records/`` (:mod:`table.history.index`)."""
    added = known = 0
    problems: list[str] = []
    stored = StoredGames(history, readers, data)
    records = history.directory / "records"
    kept = set(scan(records, tidy=False).by_digest)  # records with a file the history can be rebuilt from
    for path in paths:
        try:
            record = load_json(path, "record")
            finished = readers.read(record, data)
            played = os.stat(path).st_mtime
            same = stored.has(finished)
            gid = None if same else history.add(finished, played=played, source=Path(path).name)
            digest = record_digest(finished.record)
            if not same and digest not in kept:  # kept beside the table's own: a damaged history comes back whole
                keep_imported(records, finished.record, played)
                kept.add(digest)
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
            stored.note(finished, gid)
    return ImportResult(added, known, tuple(problems))


def _plain(value: Any) -> Any:
    """``value`` as JSON data compared by meaning: a whole float is the integer (2.0 is 2)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _canonical(value: Any) -> str:
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _outcome(game: str, setup: Any, details: Sequence[Any], winners: Sequence[int]) -> str:
    return _canonical([game, setup, list(details), sorted(winners)])


def game_identity(finished: FinishedGame) -> str:
    """What makes two records one game: the game, its setup and outcome as its reader read them,
    and what was played (the actions and seed; for a pad without actions, its names)."""
    record = finished.record
    played: dict[str, Any] = {k: record[k] for k in ("seed", "actions") if k in record}
    if not played.get("actions"):
        played["names"] = list(finished.names)
    return _canonical([_outcome(finished.game, finished.setup, finished.details, finished.winners), played])


class StoredGames:
    """The games in the history by outcome (game, setup, each seat's breakdown, winners), read
    once per game key; a stored record with the same outcome is read again by its reader to
    compare what was played (:func:`game_identity`)."""

    def __init__(self, history: History, readers: Readers, data: Any) -> None:
        self.history, self.readers, self.data = history, readers, data
        self.by_outcome: dict[str, dict[str, list[int]]] = {}

    def _index(self, game: str) -> dict[str, list[int]]:
        if game not in self.by_outcome:
            index: dict[str, list[int]] = {}
            for g in self.history.games(game=game):
                winners = [i for i, s in enumerate(g.seats) if s.winner]
                key = _outcome(g.game, g.setup, [s.breakdown for s in g.seats], winners)
                index.setdefault(key, []).append(g.id)
            self.by_outcome[game] = index
        return self.by_outcome[game]

    def has(self, finished: FinishedGame) -> bool:
        same = self._index(finished.game).get(_outcome(finished.game, finished.setup, finished.details,
                                                       finished.winners), [])
        identity = game_identity(finished)
        for gid in same:
            try:
                record = self.history.record(gid)
                if record is not None and game_identity(self.readers.read(record, self.data)) == identity:
                    return True
            except (HistoryInputError, HistoryDamaged):  # read so strictly only now, or damaged: not the same game
                continue
        return False

    def note(self, finished: FinishedGame, gid: int) -> None:
        key = _outcome(finished.game, finished.setup, finished.details, finished.winners)
        self._index(finished.game).setdefault(key, []).append(gid)


def _import(directory: Any, files: list[str]) -> int:
    if not files:
        return _fail("import needs record files, e.g. STATE_DIR/records/*.json")
    with History(directory) as history:
        result = import_records(history, files, Readers(registered_games()))
    for line in result.problems:
        print(f"{PROG}: skipped {line}", file=sys.stderr)
    print(f"{result.added} game(s) added, {result.known} already in the history, "
          f"{len(result.problems)} file(s) skipped ({directory})")
    return 2 if result.problems and not (result.added or result.known) else 0


def _wanted(args: argparse.Namespace) -> int | None:
    """The game id --qr, --link or --export asks for (None: the tables)."""
    return next((g for g in (args.qr, args.link, args.export) if g is not None), None)


def _show(directory: Any, args: argparse.Namespace) -> int:
    if not os.path.lexists(directory / FILENAME) and not os.path.isdir(directory / "records"):
        if _wanted(args) is not None:
            return _fail(f"no game {_wanted(args)} (no history in {directory})")
        if not args.csv:
            print(f"No games stored yet ({directory}).")
        else:
            _csv([])
        return 0
    with History(directory, read_only=True) as history:  # a listing renames and writes nothing
        # a damaged, truncated or deleted history, a damaged stored record: shown whole from records/
        rebuilt_view(history, directory, Readers(registered_games()))
        gid = _wanted(args)
        if gid is not None:
            return _one(history, gid, args)
        games = history.games(player=args.player)
        if args.csv:
            _csv(games)
            return 0
        print(_tables(games, history.bests(args.player), history.solo_marks(args.player), directory))
    return 0


def _one(history: Any, gid: int, args: argparse.Namespace) -> int:
    entry = history.game(gid)
    if entry is None:
        return _fail(f"no game {gid} in the history (see `{PROG}`)")
    readers = Readers(registered_games())
    try:
        if args.export is not None:
            print(payload(entry, readers, history.record(gid)).decode())
            return 0
        link = play_link(entry, readers)
        if args.link is not None:
            print(link)
            return 0
        print(qr_text(link.encode(), dark_on_light=args.light))
    except QRTooLarge as exc:
        return _fail(str(exc))
    print(f"game {gid}: scan with a phone that has BG Stats to import the play "
          f"(`{PROG} --link {gid}` prints the link, `--export {gid}` the backup-file JSON)")
    return 0


def _tables(games: list[Any], bests: list[Any], marks: list[Any], directory: Any) -> str:
    lines = [f"Games ({directory}):"]
    if not games:
        lines.append("  none")
    for g in games:
        seats = ", ".join(f"{s.player} {s.total}" + (" (won)" if s.winner and len(g.seats) > 1 else "")
                          for s in g.seats)
        solo = f"  solo: {g.solo}" if g.solo else ""
        lines.append(f"  {g.id:4d}  {g.date}  {g.game:10s} {seats}{solo}")
    lines.append("Personal bests:")
    if not bests:
        lines.append("  none")
    for b in bests:
        solo = f", solo best {b.solo_best}" if b.solo_best is not None else ""
        lines.append(f"  {b.player:20s} {b.game:10s} {b.games:3d} game(s), best {b.best} (game {b.best_game}){solo}")
    lines.append("Solo marks (goal 65, outstanding 80):")
    if not marks:
        lines.append("  none")
    for m in marks:
        first = ""
        if m.first_goal is not None:
            first += f"; first goal: game {m.first_goal}"
        if m.first_outstanding is not None:
            first += f"; first outstanding: game {m.first_outstanding}"
        lines.append(f"  {m.player:20s} {m.game:10s} {m.solo_games} solo game(s): goal reached {m.goal}×, "
                     f"outstanding {m.outstanding}×{first}")
    return "\n".join(lines)


def _csv(games: list[Any]) -> None:
    sys.stdout.write(csv_text(games))  # the same bytes as the settings page's export (companion/history_export.py)


def _coach(args: argparse.Namespace) -> int:
    # deferred: the strong bot's search (and Applejack's data set) only for --coach
    from table.games.applejack.bots.fair_target import FairTargetError, as_record, coach, coach_text, fair_target
    from table.games.applejack.files import load_dataset

    if args.player or args.state_dir:
        return _fail("--coach reads a record file; --player and --state-dir do not apply")
    record = load_json(args.coach, "record")
    data = load_dataset()
    try:
        solo = as_record(record).config.players == 1
        print(coach_text(coach(data, record, bot_seed=args.seed)))
        if solo:
            print(fair_target(data, record, bot_seed=args.seed).text())
    except FairTargetError as exc:
        return _fail(f"{args.coach}: {exc}")
    return 0
