"""The history store (table/history.py): finished games, players, personal bests, solo marks,
damage from outside the process, bounded inputs, the backfill from record files."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from table.commands.history import import_records
from table.games import games
from table.games.applejack.bots.base import make_bot, play_game
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.record_reader import solo_mark
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.games.applejack.session import auto_script
from table.history.finish import record_finished
from table.history.readers import Readers
from table.history.store import SCHEMA_VERSION, History
from table.history.values import FILENAME, MAX_NAME, HistoryInputError, record_digest

READERS = Readers(games())

DATA = load_dataset()
ROOT = Path(__file__).parents[1]


def companion_record(setup: Setup, seed: int) -> dict:
    """The dict the journal receives as ("finished", record) at the end of a companion game."""
    ctl = Controller(DATA)
    ctl.setup = setup
    for cmd in auto_script(DATA, setup, seed=seed):
        ctl.do(cmd)
    assert ctl.mode == "result" and ctl.record is not None
    return ctl.record


def pad_record(*totals: int, names: tuple[str, ...] | None = None, tag: str = "") -> dict:
    """A finished track record whose pad gives exactly ``totals`` (all honey, nothing else)."""
    names = names or tuple(f"P{i}" for i in range(len(totals)))
    return {"format": "applejack-track/1", "config": {"players": len(totals), "tag": tag}, "actions": [],
            "score_pad": {"players": [{"name": n, "areas": {}, "blossoms": 0, "honey": t}
                                      for n, t in zip(names, totals, strict=True)]}}


class Clock:
    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        self.t += 60
        return self.t


def test_a_companion_game_is_stored_with_its_breakdown_and_only_once(tmp_path):
    record = companion_record(Setup(2, cottage=True), seed=3)
    gid = record_finished(tmp_path, record, READERS, names=["Ada", "Bo"], data=DATA, played=1_800_000_000)
    assert gid == 1
    assert record_finished(tmp_path, record, READERS, names=["Ada", "Bo"], data=DATA) is None  # the same game again
    with History(tmp_path) as h:
        (g,) = h.games()
        assert (g.id, g.game, g.solo, g.date) == (1, "applejack", None, "2027-01-15 08:00")
        assert g.setup["players"] == 2 and g.setup["cottage"] is True
        assert [s.player for s in g.seats] == ["Ada", "Bo"]
        assert [s.total for s in g.seats] == [s["total"] for s in record["scores"]]
        for seat, stored in zip(g.seats, record["scores"], strict=True):
            assert seat.breakdown == stored  # every line of the pad's breakdown
        assert [s.winner for s in g.seats] == [i in record["winners"] for i in range(2)]
        assert h.record(1) == json.loads(json.dumps(record))
        assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_seats_nobody_was_picked_for_are_no_players(tmp_path):
    record = companion_record(Setup(2), seed=5)  # the pad's names are seat labels ("○ Circle")
    assert READERS.read(record, DATA).names == (None, None)
    assert READERS.read(pad_record(10, 20, names=("Ada", "Bo")), DATA).names == ("Ada", "Bo")
    assert record_finished(tmp_path, record, READERS, data=DATA) == 1
    assert record_finished(tmp_path, pad_record(30, 40, tag="x"), READERS, names=["Ada", None], data=DATA) == 2
    with History(tmp_path) as h:
        seats = [(s.player, s.named) for g in h.games() for s in g.seats]
        assert seats == [("Seat 1", False), ("Seat 2", False), ("Ada", True), ("Seat 2", False)]
        assert h.players() == ["Ada"]  # the touchscreen offers people, not seats
        assert [b.player for b in h.bests()] == ["Ada"]
        assert [g.id for g in h.games(player="Ada")] == [2]


def test_a_full_game_record_is_read_from_its_replay(tmp_path):
    bots = [make_bot("greedy", __import__("random").Random(s)) for s in range(2)]
    state = play_game(DATA, GameConfig(2), bots, seed=11)
    record = GameRecord.of(state, 11, names=("Greta", "Gus")).to_dict()
    finished = READERS.read(record, DATA)
    assert finished.names == ("Greta", "Gus")
    assert [b.total for b in finished.breakdowns] == [s.total for s in state.scores()]
    unfinished = GameRecord(state.config, GameRecord.of(state).actions[:30]).to_dict()
    with pytest.raises(HistoryInputError, match="does not reach the end"):
        READERS.read(unfinished, DATA)


def test_players_personal_bests_and_solo_marks(tmp_path):
    with History(tmp_path, clock=Clock()) as h:
        h.add(READERS.read(pad_record(50, names=("Ada",), tag="a"), DATA))
        h.add(READERS.read(pad_record(SOLO_GOAL, names=("Ada",), tag="b"), DATA))
        h.add(READERS.read(pad_record(70, 90, names=("Bo", "Ada"), tag="c"), DATA))
        h.add(READERS.read(pad_record(SOLO_OUTSTANDING, names=("Ada",), tag="d"), DATA))
        h.add(READERS.read(pad_record(SOLO_GOAL - 1, names=("Bo",), tag="e"), DATA))
        h.add_player("Cleo")
    with History(tmp_path) as h:
        # the order the touchscreen offers: the most recently played first, then names never played
        assert h.players() == ["Bo", "Ada", "Cleo"]
        ada = {(b.player, b.game): b for b in h.bests()}[("Ada", "applejack")]
        assert (ada.games, ada.best, ada.best_game, ada.solo_best) == (4, 90, 3, SOLO_OUTSTANDING)
        marks = {m.player: m for m in h.solo_marks()}
        assert (marks["Ada"].solo_games, marks["Ada"].goal, marks["Ada"].outstanding) == (3, 2, 1)
        assert (marks["Ada"].first_goal, marks["Ada"].first_outstanding) == (2, 4)
        assert (marks["Bo"].solo_games, marks["Bo"].goal, marks["Bo"].first_goal) == (1, 0, None)
        assert [g.id for g in h.games(player="Bo")] == [3, 5]
        assert [g.solo for g in h.games()] == ["short", "goal", None, "outstanding", "short"]
        assert [b.player for b in h.bests("Bo")] == ["Bo"]
        assert h.solo_marks("Cleo") == []


def test_a_solo_game_has_no_winner():
    assert READERS.read(pad_record(90), DATA).winners == ()


def test_solo_mark_boundaries():
    assert [solo_mark(t) for t in (64, 65, 79, 80)] == ["short", "goal", "goal", "outstanding"]


@pytest.mark.parametrize("names, message", [
    (["x" * (MAX_NAME + 1)], "at most"),
    (["   "], "empty"),
    (["Ada\x1b[2J"], "control"),
    (["Ada", "Bo"], "2 names for 1 seats"),
    ([7], "text"),
])
def test_bad_names_are_one_line_errors(tmp_path, names, message):
    with History(tmp_path) as h, pytest.raises(HistoryInputError, match=message):
        h.add(READERS.read(pad_record(40), DATA), names=names)


def test_one_name_for_two_seats_is_refused(tmp_path):
    with History(tmp_path) as h, pytest.raises(HistoryInputError, match="two seats"):
        h.add(READERS.read(pad_record(40, 50), DATA), names=["Ada", " Ada "])


@pytest.mark.parametrize("record, message", [
    ([], "JSON object"),
    ({"format": "zankapfel/1"}, "not a finished game of Applejack"),
    ({"format": "applejack-track/1", "config": {"players": 1}, "actions": []}, "no score pad"),
    ({**pad_record(10), "junk": "x" * 1_100_000}, "at most"),
    ({**pad_record(10), "scores": [{"total": 11}]}, "disagree"),
])
def test_bad_records_are_one_line_errors(record, message):
    with pytest.raises(HistoryInputError, match=message) as info:
        READERS.read(record, DATA)
    assert "\n" not in str(info.value)


def test_the_hook_never_raises(tmp_path, caplog):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    assert record_finished(blocker, pad_record(40), READERS, data=DATA) is None  # storage error: logged
    assert record_finished(tmp_path, {"format": "?"}, READERS, data=DATA) is None  # bad record: logged
    lines = [r.getMessage() for r in caplog.records if r.name == "applejack.history"]
    assert len(lines) == 2 and all("not stored" in line for line in lines)


DAMAGES = {
    "garbage": lambda p: p.write_bytes(b"this is not a database" * 200),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:1500]),
    "scribbled": lambda p: p.write_bytes(p.read_bytes()[:2048] + b"\xa5" * 2048 + p.read_bytes()[4096:]),
    "other-version": lambda p: sqlite3.connect(p).execute("PRAGMA user_version=9").connection.commit(),
    "directory": lambda p: (p.unlink(), p.mkdir()),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_history_is_moved_aside_by_the_next_process_and_play_goes_on(tmp_path, damage):
    for tag in ("a", "b"):
        assert record_finished(tmp_path, pad_record(70, names=("Ada",), tag=tag), READERS, data=DATA) is not None
    path = tmp_path / FILENAME
    for side in ("-wal", "-shm"):  # a closed history has no WAL left; keep it that way for the damage
        assert not (tmp_path / (FILENAME + side)).exists()
    DAMAGES[damage](path)
    script = ("import sys, json; from table.history.finish import record_finished; from table.games import games; "
              "from table.history.readers import Readers; READERS = Readers(games()); "
              "r = json.loads(sys.argv[2]); print(record_finished(sys.argv[1], r, READERS))")
    r = subprocess.run([sys.executable, "-c", script, str(tmp_path), json.dumps(pad_record(66, names=("Bo",)))],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    kept = 2 if damage == "other-version" else 0  # the games that still read are kept (issue 22)
    assert r.stdout.strip() == str(kept + 1)  # stored in a fresh history, after the games kept
    assert "moved aside" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 + (kept > 0)  # and one line says how many were kept
    aside = [p for p in tmp_path.glob(FILENAME + ".damaged-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1
    with History(tmp_path) as h:
        assert [s.player for g in h.games() for s in g.seats] == ["Ada"] * kept + ["Bo"]


def test_backfill_from_record_files_is_idempotent(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    for i, seed in enumerate((1, 2), start=1):
        (records / f"game-{i:05d}.json").write_text(json.dumps(companion_record(Setup(2), seed)))
    (records / "game-00003.json").write_text("{not json")
    (records / "game-00004.json").write_text(json.dumps({"format": "applejack-track/1", "config": {"players": 1},
                                                         "actions": []}))
    os.utime(records / "game-00001.json", (1_800_000_000, 1_800_000_000))
    files = sorted(records.glob("*.json"))
    with History(tmp_path) as h:
        first = import_records(h, files, READERS, DATA)
        again = import_records(h, files, READERS, DATA)
        assert (first.added, first.known, len(first.problems)) == (2, 0, 2)
        assert (again.added, again.known) == (0, 2)
        assert all("\n" not in p for p in first.problems)
        assert "game-00003.json" in first.problems[0] and "no score pad" in first.problems[1]
        assert [g.date for g in h.games()][-1] == "2027-01-15 08:00"  # dated by the file (oldest first)


def test_the_digest_does_not_depend_on_key_order_or_layout():
    a = pad_record(10, 20)
    b = json.loads(json.dumps(a, indent=3, sort_keys=True))
    assert record_digest(a) == record_digest(b)
    assert record_digest(a) != record_digest(pad_record(10, 21))


def test_damage_found_while_writing_moves_the_file_aside_and_stores_the_game(tmp_path, monkeypatch, caplog):
    assert record_finished(tmp_path, pad_record(70, names=("Ada",), tag="a"), READERS, data=DATA) == 1
    real_add = History.add
    calls = []

    def add_once_malformed(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return real_add(self, *args, **kwargs)

    monkeypatch.setattr(History, "add", add_once_malformed)
    assert record_finished(tmp_path, pad_record(66, names=("Bo",), tag="b"), READERS, data=DATA) == 2  # a fresh one
    assert len(list(tmp_path.glob(FILENAME + ".damaged-*"))) == 1
    assert [r.getMessage() for r in caplog.records if "moved aside" in r.getMessage()]
    monkeypatch.undo()
    with History(tmp_path) as h:  # the game that still read is kept in the fresh file (issue 22)
        assert [s.player for g in h.games() for s in g.seats] == ["Ada", "Bo"]


def test_a_passing_error_while_writing_is_not_damage(tmp_path, monkeypatch):
    def disk_error(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(History, "add", disk_error)
    assert record_finished(tmp_path, pad_record(70), READERS, data=DATA) is None
    assert not list(tmp_path.glob(FILENAME + ".damaged-*"))


def test_a_damaged_page_loses_no_game_that_still_reads_or_has_a_record(tmp_path):
    """Issue 22: 200 games, one page in the middle scribbled by another process; the next start keeps
    every game whose row still reads, and the records under records/ give back the rest."""
    records = tmp_path / "records"
    records.mkdir()
    for i in range(200):
        record = pad_record(40 + i % 50, names=(f"P{i % 7}",), tag=f"g{i}")
        assert record_finished(tmp_path, record, READERS, data=DATA) is not None
        if i % 2 == 0:  # every other game has its record file (the others were imported)
            (records / f"game-{i + 1:05d}.json").write_text(json.dumps(record))
    path = tmp_path / FILENAME
    size = path.stat().st_size
    page = 4096 * (size // 4096 // 2)
    body = path.read_bytes()
    path.write_bytes(body[:page] + b"\xa5" * 4096 + body[page + 4096:])
    script = ("import sys; from table.history.index import index_records; from table.games import games; "
              "from table.history.readers import Readers; print(index_records(sys.argv[1], Readers(games())))")
    r = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=300,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    with History(tmp_path) as h:
        digests = h.digests()
        stored = len(h.games())
    with_record = [json.loads(p.read_text()) for p in records.glob("game-*.json")]
    assert all(record_digest(rec) in digests for rec in with_record)  # nothing that has a record is lost
    assert "moved aside" in r.stderr and stored >= 150, (stored, r.stderr)  # most of the others still read
