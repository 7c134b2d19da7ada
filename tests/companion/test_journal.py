import io
import json
import subprocess
import sys
from pathlib import Path

from table.companion.journal import Journal
from table.companion.session import open_session
from table.companion.text import run_text
from table.games import games
from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script

DATA = load_dataset()


def test_journal_is_wal_with_full_sync(tmp_path):
    with Journal(tmp_path) as j:
        assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_unfinished_game_is_offered_and_resumes_exactly(tmp_path):
    script = auto_script(DATA, Setup(2, cottage=True), seed=4)
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.setup = Setup(2, cottage=True)
    for cmd in script[:40]:
        ctl.do(cmd)
    state, pending = ctl.t.state, list(ctl.queued)
    j.close()

    ctl2, j2 = open_session(DATA, tmp_path, games=games())
    assert ctl2.mode == "resume"
    assert ctl2.press("confirm")
    assert ctl2.t.state == state and ctl2.queued == pending
    for cmd in script[40:]:
        ctl2.do(cmd)
    assert ctl2.mode == "result"
    (record,) = j2.records()
    assert record["format"] == "applejack-track/1"
    assert record["actions"] == [str(a) for a in ctl2.t.history]
    files = list((tmp_path / "records").glob("*.json"))
    assert [json.loads(f.read_text()) for f in files] == [record]
    j2.close()

    ctl3, j3 = open_session(DATA, tmp_path, games=games())
    assert ctl3.mode == "setup"  # nothing left to resume
    j3.close()


def test_a_discarded_game_is_not_offered_again(tmp_path):
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.do("start")
    ctl.press("trough1")
    j.close()
    ctl, j = open_session(DATA, tmp_path, games=games())
    assert ctl.press("undo")  # on the resume screen: the first press only asks
    assert ctl.mode == "resume" and "again" in ctl.refusal
    assert ctl.press("undo")  # the second discards the game and starts a new one
    assert ctl.mode == "setup"
    j.close()
    ctl, j = open_session(DATA, tmp_path, games=games())
    assert ctl.mode == "setup"
    j.close()


def test_text_mode_plays_a_script_and_stops_cleanly_at_eof(tmp_path):
    script = ["setup players=1", "start", "1", "", "2", "die 9", "quit-not", "undo"]
    ctl, j = open_session(DATA, tmp_path, games=games())
    out = io.StringIO()
    assert run_text(ctl, script, out) == 0
    text = out.getvalue()
    assert "New game: solo" in text
    assert "Harvest Brown" in text
    assert "? " in text  # the unknown line got a hint
    j.close()
    game = Journal(tmp_path).unfinished()
    assert game is not None and game.cmds[0] == "take 1"


def test_play_text_command_with_stdin_at_eof_exits_zero(tmp_path):
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--state-dir", str(tmp_path)],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
                       cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    assert "Setup:" in r.stdout


def test_play_script_journals_the_game(tmp_path):
    script = tmp_path / "game.txt"
    script.write_text("\n".join(["# a script", "setup players=2", "start", "2", "ok", "3"]) + "\n")
    state = tmp_path / "state"
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--script", str(script),
                        "--state-dir", str(state)], capture_output=True, text=True, timeout=60,
                       cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    game = Journal(state).unfinished()
    assert game is not None and game.cmds == ["take 2", "ack", "take 3"]


def test_power_loss_200_kill_points(tmp_path):
    r = subprocess.run([sys.executable, "-m", "table.games.applejack.powerloss", "--kills", "200", "--seed", "5",
                        "--dir", str(tmp_path)], capture_output=True, text=True, timeout=120,
                       cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stdout + r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert result["ok"] and result["kills"] >= 200


def test_finished_record_replays_with_applejack_table_replay(tmp_path, capsys):
    from table.cli import main
    from table.games.applejack.rules.track import replay_track

    setup = Setup(3, cottage=True, apple_tiles=(1, 0, 2, 3, 4, 5, 6))
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.setup = setup
    for cmd in auto_script(DATA, setup, seed=8):
        ctl.do(cmd)
    j.close()
    (path,) = (tmp_path / "records").glob("*.json")
    record = json.loads(path.read_text())
    assert record["format"] == "applejack-track/1"
    track = replay_track(DATA, record)
    assert track.state == ctl.t.state and track.events == ctl.t.events
    assert main(["replay", str(path), "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    added = ("cottage_stocked", "final_score", "winners")  # replay adds the restocks and the pad's scores
    assert [e for e in map(json.loads, lines) if e["type"] not in added] == [e.to_dict() for e in ctl.t.events]
    pad = tmp_path / "pad.json"
    pad.write_text(json.dumps(record["score_pad"]))
    assert main(["score", "--json", str(pad)]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in scored["players"]] == [s["total"] for s in record["scores"]]


def test_play_tells_systemd_it_is_ready(tmp_path):
    import socket

    addr = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(addr)
    sock.settimeout(30)
    env = {**__import__("os").environ, "NOTIFY_SOCKET": addr}
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--state-dir", str(tmp_path / "s")],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, env=env,
                       cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    assert sock.recv(4096).startswith(b"READY=1")
    sock.close()


def test_a_journal_that_no_longer_replays_is_discarded_not_crash_looped(tmp_path, caplog):
    with Journal(tmp_path) as j:
        j.start(Setup(2).to_dict())
        j.append("take 1")
        j.append("take 7")  # not open on the second turn
    ctl, j = open_session(DATA, tmp_path, games=games())
    assert ctl.mode == "setup"
    assert "cannot be resumed" in caplog.text
    j.close()
    assert Journal(tmp_path).unfinished() is None


def test_resume_screen_says_where_the_game_stands(tmp_path):
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.do("start")
    ctl.press("trough1")
    ctl.press("confirm")
    j.close()
    ctl, j = open_session(DATA, tmp_path, games=games())
    assert ctl.resume_info.startswith("Turn 2: △ Triangle")
    j.close()


def test_demo_plays_a_whole_game_in_its_own_corner_of_the_state_dir(tmp_path):
    env = {**__import__("os").environ, "STATE_DIRECTORY": str(tmp_path)}
    ctl, j = open_session(DATA, tmp_path, games=games())
    ctl.do("start")
    ctl.press("trough1")  # a real game in progress
    j.close()
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--demo", "2", "--pins", "none"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, env=env,
                       cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    assert "Winner" in r.stdout
    assert len(list((tmp_path / "demo" / "records").glob("*.json"))) == 1
    game = Journal(tmp_path).unfinished()
    assert game is not None and game.cmds == ["take 1"]  # untouched


def test_text_mode_takes_button_presses_while_waiting_for_a_line(tmp_path):
    import queue
    import threading
    import time
    from types import SimpleNamespace

    from table.companion.ports import drain

    ctl, j = open_session(DATA, tmp_path, games=games())
    hw_events = queue.Queue()
    gate = threading.Event()

    def lines():
        yield "start"
        gate.wait(10)  # nobody types: only the GPIO buttons act
        yield "quit"

    def someone_presses_a_button():
        end = time.monotonic() + 60  # reached only on failure: a slow CPU must not flake
        while ctl.mode != "play" and time.monotonic() < end:
            time.sleep(0.01)
        hw_events.put(SimpleNamespace(button="trough2", t=0.0))
        while not (ctl.track is not None and ctl.t.history) and time.monotonic() < end:
            time.sleep(0.01)
        gate.set()

    presser = threading.Thread(target=someone_presses_a_button)
    presser.start()
    out = io.StringIO()
    run_text(ctl, lines(), out, after_each=lambda: drain(ctl, hw_events), idle_s=0.01)
    presser.join(10)
    j.close()
    assert "Harvest Brown" in out.getvalue()
    assert [str(a) for a in ctl.t.history] == ["take 2"]


def test_an_unreadable_journal_file_is_moved_aside_and_a_new_one_starts(tmp_path, caplog):
    (tmp_path / "journal.sqlite3").write_bytes(b"this is not a database, the card got scribbled on" * 100)
    ctl, journal = open_session(DATA, tmp_path, games=games())
    try:
        assert ctl.mode == "setup"
        assert journal.unfinished() is None
    finally:
        journal.close()
    aside = list(tmp_path.glob("journal.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not a database")
    assert "moved aside" in caplog.text


def test_play_says_so_when_the_state_directory_cannot_be_made(tmp_path, capsys):
    from table.cli import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["play", "--text", "--pins", "none", "--state-dir", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert "cannot write the game journal" in err and "Not a directory" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_journal_of_the_first_unversioned_schema_is_migrated_and_its_game_resumes(tmp_path):
    import sqlite3

    db = sqlite3.connect(tmp_path / "journal.sqlite3")
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, started REAL NOT NULL, setup TEXT NOT NULL,
                            status TEXT NOT NULL DEFAULT 'open', finished REAL, record TEXT);
        CREATE TABLE steps (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                            cmd TEXT NOT NULL, PRIMARY KEY (game, seq));
    """)
    db.execute("INSERT INTO games (id, started, setup) VALUES (4, 1.0, ?)", (json.dumps(Setup(2).to_dict()),))
    db.execute("INSERT INTO steps VALUES (4, 1, 'take 1')")
    db.commit()
    db.close()
    ctl, j = open_session(DATA, tmp_path, games=games())
    try:
        assert ctl.mode == "resume" and not list(tmp_path.glob("*.damaged-*"))
        assert j.db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert ctl.press("confirm") and [str(a) for a in ctl.t.history] == ["take 1"]
        assert j.game == 4 and j.seq == 1  # the next step goes on in the same game
    finally:
        j.close()


def test_json_from_the_journal_refuses_what_was_never_written():
    import pytest

    from table.companion.journalfile import JournalDamaged, load_json

    assert load_json('{"players": 2}') == {"players": 2}
    for bad in ('{"players": 1e400}', '{"players": NaN}', '{"players": 2', b'{"players": 2}', None):
        with pytest.raises(JournalDamaged):
            load_json(bad)


def test_a_finished_game_goes_into_the_history_with_its_duration(tmp_path):
    """The journal's start and finish times give the play's duration (BG Stats' durationMin)."""
    from table.history.readers import Readers
    from table.history.store import History

    now = [1_800_000_000.0]
    j = Journal(tmp_path, clock=lambda: now[0], readers=Readers(games()))
    j.start({"players": 1})
    now[0] += 41 * 60 + 10
    j.finish({"format": "applejack-track/1", "config": {"players": 1}, "actions": [],
              "score_pad": {"players": [{"name": "Ada", "areas": {}, "blossoms": 0, "honey": 70}]}})
    j.close()
    with History(tmp_path) as h:
        assert h.game(j.last_history_id).duration_min == 41
