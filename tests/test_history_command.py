"""``applejack-table history`` (table/commands/history.py) in real processes: the tables, the CSV,
the backfill, the QR code, the coach; bad input is one line and exit status 2.

The command is not in table/cli.py's COMMANDS yet (the lead adds it), so the processes build the
same parser cli.py builds for a subcommand (OneLineParser + add_arguments + run)."""

import csv
import io
import json
import random
import subprocess
import sys
from functools import partial
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from table.games import games
from table.games.applejack.bots.base import play_game
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.record import GameRecord
from table.history.readers import Readers
from table.history.statsexport import payload, play_link, qr_matrix, text_to_matrix
from table.history.store import History
from table.history.values import FILENAME

READERS = Readers(games())

DATA = load_dataset()
ROOT = Path(__file__).parents[1]
HARNESS = ("import sys; from table.cli import OneLineParser; from table.commands import history; "
           "p = OneLineParser(prog='applejack-table history'); history.add_arguments(p); "
           "sys.exit(history.run(p.parse_args(sys.argv[1:])))")


def history_cmd(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", HARNESS, *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT, env=env)


def pad_record(names: tuple[str, ...], totals: tuple[int, ...], tag: str) -> dict:
    return {"format": "applejack-track/1", "config": {"players": len(totals), "tag": tag}, "actions": [],
            "score_pad": {"players": [{"name": n, "areas": {"Brown": [5, 4]}, "blossoms": 2, "honey": t}
                                      for n, t in zip(names, totals, strict=True)]}}


@pytest.fixture
def state(tmp_path):
    with History(tmp_path, clock=iter(range(1_800_000_000, 1_900_000_000, 3600)).__next__) as h:
        h.add(READERS.read(pad_record(("Ada", "Bo"), (40, 55), "a"), DATA))
        h.add(READERS.read(pad_record(("Ada",), (70,), "b"), DATA))
        h.add(READERS.read(pad_record(("Bo",), (90,), "c"), DATA))
    return tmp_path


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("applejack-table history") and "Traceback" not in r.stderr
    assert all(w in lines[0] for w in words), lines[0]


def test_tables(state):
    r = history_cmd("--state-dir", str(state))
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # a pad of 5,4 Brown apples: (5-3)+(4-3) = 3 harvest, doubled 6, + blossoms 2 + honey
    assert "Ada 48, Bo 63 (won)" in out and "Ada 78  solo: goal" in out and "Bo 98  solo: outstanding" in out
    assert "Ada                  applejack    2 game(s), best 78 (game 2), solo best 78" in out
    assert "Bo                   applejack  1 solo game(s): goal reached 1×, outstanding 1×; first goal: game 3; " \
           "first outstanding: game 3" in out
    only = history_cmd("--state-dir", str(state), "--player", "Ada").stdout
    assert "Bo 98" not in only and "Ada 78" in only and "Bo  " not in only.split("Personal bests:")[1]


def test_csv_one_row_per_game_and_player(state):
    r = history_cmd("--state-dir", str(state), "--csv")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["game_id"], row["player"], row["total"], row["winner"], row["solo"]) for row in rows] == [
        ("1", "Ada", "48", "0", ""), ("1", "Bo", "63", "1", ""), ("2", "Ada", "78", "0", "goal"),
        ("3", "Bo", "98", "0", "outstanding")]
    first = rows[0]
    assert (first["harvest"], first["harvest_doubled"], first["blossoms"], first["honey"]) == ("3", "6", "2", "40")
    assert first["date_utc"] == "2027-01-15 08:00" and json.loads(first["setup"])["tag"] == "a"
    assert first["per_variety"].split()[0] == "3" and first["named"] == "1"
    ada = list(csv.DictReader(io.StringIO(history_cmd("--state-dir", str(state), "--csv", "--player", "Ada").stdout)))
    assert [row["game_id"] for row in ada] == ["1", "1", "2"]  # Ada's games, every seat of them


def test_qr_and_export(state):
    """The QR code is BG Stats' import link; --export stays the backup-file JSON."""
    r = history_cmd("--state-dir", str(state), "--qr", "1")
    assert r.returncode == 0, r.stderr
    text, note = r.stdout.rstrip("\n").rsplit("\n", 1)
    assert note.startswith("game 1: ") and "BG Stats" in note and "--link 1" in note
    exported = history_cmd("--state-dir", str(state), "--export", "1").stdout.strip().encode()
    link = history_cmd("--state-dir", str(state), "--link", "1").stdout.strip()
    with History(state) as h:
        assert exported == payload(h.game(1), READERS, h.record(1))
        assert link == play_link(h.game(1), READERS)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    m = qr_matrix(link.encode())
    assert text_to_matrix(text)[:len(m)] == m  # the printed code is the link
    assert json.loads(exported)["plays"][0]["playerScores"][1]["winner"] is True
    played = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert [(p["name"], p["score"], p["winner"]) for p in played["players"]] == [("Ada", 48, False), ("Bo", 63, True)]


def test_import_backfills_once(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    for i in range(2):
        (records / f"game-{i:05d}.json").write_text(json.dumps(pad_record(("Ada",), (60 + i,), str(i))))
    (records / "junk.json").write_text("[1, 2")
    r = history_cmd("--state-dir", str(tmp_path), "import", *map(str, sorted(records.glob("*.json"))))
    assert r.returncode == 0
    assert r.stdout.strip().startswith("2 game(s) added, 0 already in the history, 1 file(s) skipped")
    assert r.stderr.count("\n") == 1 and "junk.json" in r.stderr
    again = history_cmd("--state-dir", str(tmp_path), "import", *map(str, sorted(records.glob("game-*.json"))))
    assert again.returncode == 0 and again.stdout.startswith("0 game(s) added, 2 already")


def test_an_empty_state_dir(tmp_path):
    r = history_cmd("--state-dir", str(tmp_path))
    assert r.returncode == 0 and r.stdout.startswith("No games stored yet")
    assert not (tmp_path / FILENAME).exists()  # reading never creates the file
    assert history_cmd("--state-dir", str(tmp_path), "--csv").stdout.startswith("game_id,date_utc,")


def test_the_read_only_command_never_renames_or_changes_a_damaged_history(state):
    """Issue 22: the listing reads what still reads and leaves every file as it was; the table's
    next start (not a listing) moves the damaged file aside and salvages it."""
    (state / FILENAME).write_bytes(b"garbage" * 1000)
    before = {p.name: p.read_bytes() for p in state.iterdir()}
    for args in ((), ("--csv",), ("--qr", "1")):
        r = history_cmd("--state-dir", str(state), *args)
        assert "Traceback" not in r.stderr and "damaged" in r.stderr and "left as it is" in r.stderr, r.stderr
        qr = "--qr" in args  # "no game 1" after the damage line
        assert r.returncode == (2 if qr else 0) and r.stderr.count("\n") == (2 if qr else 1)
        assert {p.name: p.read_bytes() for p in state.iterdir()} == before


def test_the_read_only_command_shows_the_games_of_a_damaged_page_that_still_read(tmp_path):
    with History(tmp_path, clock=iter(range(1_800_000_000, 1_900_000_000, 60)).__next__) as h:
        for i in range(150):
            h.add(READERS.read(pad_record((f"P{i % 5}",), (40 + i % 50,), f"g{i}"), DATA))
    path = tmp_path / FILENAME
    body = path.read_bytes()
    page = 4096 * (len(body) // 4096 // 2)
    path.write_bytes(body[:page] + b"\xa5" * 4096 + body[page + 4096:])
    before = sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()
    r = history_cmd("--state-dir", str(tmp_path), "--csv")
    assert r.returncode == 0 and "damaged" in r.stderr, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert 100 <= len({row["game_id"] for row in rows}) < 150  # what still reads, not an empty history
    after = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm")))  # SQLite's own
    assert (after, path.read_bytes()) == before


def test_coach_and_fair_target(tmp_path, monkeypatch, capsys):
    """``history --coach`` on a solo game: a line per turn, then the fair target. The command in
    this process with the strong bot on a quick budget (the full search is ~20 s of CPU; what it
    finds is tested in tests/bots/test_fair_target.py; the command's refusals run as processes in
    test_bad_input_is_one_line)."""
    from table.cli import OneLineParser
    from table.commands import history
    from table.games.applejack.bots import fair_target as ft

    quick = {"candidates": 3, "samples": 2, "horizon": 1, "endgame": 0}
    monkeypatch.setattr(ft, "coach", partial(ft.coach, bot_options=quick))
    monkeypatch.setattr(ft, "fair_target", partial(ft.fair_target, bot_options=quick))
    state = play_game(DATA, GameConfig(1), [GreedyBot(random.Random(1))], 9)
    path = tmp_path / "solo.json"
    path.write_text(GameRecord.of(state, 9).to_json())
    p = OneLineParser(prog="applejack-table history")
    history.add_arguments(p)
    assert history.run(p.parse_args(["--coach", str(path)])) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len([x for x in lines if x.startswith("turn ")]) == 19
    assert lines[-1].startswith("With your draws the bot scored ")
    assert f"you scored {state.scores()[0].total} " in lines[-1]


@pytest.mark.parametrize("args, words", [
    (("--qr", "9"), ("no game 9",)),
    (("--export", "9"), ("no game 9",)),
    (("--link", "9"), ("no game 9",)),
    (("--link", "1", "--qr", "1"), ("choose one",)),
    (("bogus",), ("unknown word",)),
    (("import",), ("needs record files",)),
    (("--csv", "--qr", "1"), ("choose one",)),
    (("--qr", "x"), ("a game id is a number",)),
    (("--qr", "99999999999999999999999"), ("a game id is a number",)),
    (("--qr", "-1"), ("--qr",)),
    (("--export", "0"), ("a game id is a number",)),
    (("--coach", "STATE/two.json", "--seed", "9" * 30), ("a seed is a number",)),
    (("--coach", "/nonexistent.json"), ("nonexistent",)),
    (("--coach", "STATE/bad.json"), ("orchard tracking",)),
    (("--coach", "STATE/two.json", "--player", "Ada"), ("do not apply",)),
    (("--player", "x" * 80), ("at most 40",)),
])
def test_bad_input_is_one_line(state, args, words):
    (state / "bad.json").write_text(json.dumps(pad_record(("Ada",), (50,), "z")))
    (state / "two.json").write_text("{}")
    args = tuple(a.replace("STATE", str(state)) for a in args)
    one_line_error(history_cmd("--state-dir", str(state), *args) if "--coach" not in args else history_cmd(*args),
                   *words)


def test_a_refused_state_dir_is_one_line():
    one_line_error(history_cmd("--state-dir", "/"), "/")


def test_the_read_only_command_reads_a_version_1_history_without_changing_it(state):
    """A history written before the start time came (schema 1) is listed as it is: the listing
    neither adds the column nor renames the file (the table's next start upgrades it)."""
    import sqlite3

    db = sqlite3.connect(state / FILENAME)
    db.execute("ALTER TABLE games DROP COLUMN started")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    before = (state / FILENAME).read_bytes()
    r = history_cmd("--state-dir", str(state), "--csv")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert len(list(csv.DictReader(io.StringIO(r.stdout)))) == 4  # three games, one with two seats
    assert (state / FILENAME).read_bytes() == before
    with sqlite3.connect(state / FILENAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
