"""Named players at the Applejack setup, the history screen and the result's QR code
(``table/companion/players.py``): the logic, the journal and resume, text mode end to end."""

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from table.companion.players import (
    NAME_MAX,
    NEW,
    Keyboard,
    NoBook,
    PlayerNameError,
    check_name,
    cycle_next,
    players_text,
    remember,
)
from table.companion.session import open_session
from table.games import games, load_game
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.history.book import HistoryBook
from table.history.finish import record_finished
from table.history.readers import Readers
from table.history.store import History
from table.history.values import HistoryInputError

READERS = Readers(games())

DATA = load_dataset()
ROOT = Path(__file__).resolve().parents[2]


def ctl_with(known=(), players=2):
    ctl = Controller(DATA)
    ctl.book = NoBook(list(known))
    ctl.setup = Setup(players)
    return ctl


# --- names ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "needle"), [
    ("", "at least one letter"), ("   ", "at least one letter"), ("Ad\x00a", "control characters"),
    ("Ada\nBob", "control characters"), ("\x1b[31mEve", "control characters"), ("x" * (NAME_MAX + 1), "at most 20"),
    ("Ada", "already has a seat"),
])
def test_bad_names_are_one_clear_line(text, needle):
    with pytest.raises(PlayerNameError) as exc:
        check_name(text, taken=["Ada"])
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_a_name_is_kept_as_typed_but_trimmed_and_composed():
    assert check_name("  Zoe\u0301 ") == "Zoé"
    assert check_name("x" * NAME_MAX) == "x" * NAME_MAX
    assert check_name("千尋") == "千尋"


def test_the_name_button_cycles_known_names_then_new():
    assert cycle_next(None, [], []) == NEW  # nobody played before: straight to the keyboard
    known = ["Bo", "Ada", "Cy"]
    assert cycle_next(None, known, ["Ada"]) == "Bo"
    assert cycle_next("Bo", known, ["Ada"]) == "Cy"  # Ada sits elsewhere: skipped
    assert cycle_next("Cy", known, ["Ada"]) == NEW
    assert cycle_next(NEW, known, ["Ada"]) is None
    assert cycle_next("Typed", known, []) == "Bo"
    assert remember(known, ["Cy", None]) == ["Cy", "Bo", "Ada"]


def test_pressing_a_seat_picks_names_and_new_opens_the_keyboard():
    ctl = ctl_with(["Bo", "Ada"])
    assert ctl.press("name0") and ctl.seat_names() == ("Bo", None)
    ctl.press("name1")
    assert ctl.seat_names() == ("Bo", "Ada")
    ctl.press("name1")  # New…: the name goes, the keyboard comes
    assert ctl.seat_names() == ("Bo", None) and ctl.keyboard == Keyboard(1)
    for key in ("kb:E", "kb:v", "kb:space", "kb:space", "kb:l", "kb:back", "kb:L"):
        ctl.press(key)
    assert ctl.keyboard.text == "Ev L"  # a capital after a blank; one blank, not two
    ctl.press("confirm")  # start is not pressed while typing: it is OK
    assert ctl.keyboard is None and ctl.mode == "setup" and ctl.seat_names() == ("Bo", "Ev L")
    ctl.press("name1")
    ctl.press("kb:cancel") if ctl.keyboard else None
    assert ctl.mode == "setup"


def test_the_keyboard_refuses_past_the_cap_and_control_characters():
    ctl = ctl_with()
    ctl.press("name0")
    assert ctl.keyboard is not None
    for _n in range(NAME_MAX):
        ctl.press("kb:a")
    assert not ctl.press("kb:b")
    assert ctl.refusal == "A name has at most 20 characters"
    assert not ctl.press("char:\x07")
    assert ctl.refusal == "A name cannot hold control characters"
    assert len(ctl.keyboard.text) == NAME_MAX
    ctl.press("kb:page")
    assert "Ä" in ctl.keyboard.rows()[0] or "ä" in ctl.keyboard.rows()[0]
    ctl.press("kb:cancel")
    assert ctl.keyboard is None and ctl.seat_names() == (None, None)


def test_setup_name_in_words():
    ctl = ctl_with(players=3)
    ctl.do("setup name 2 Anna Maria")
    assert ctl.seat_names() == (None, "Anna Maria", None)
    assert ctl.setup.to_dict()["names"] == [None, "Anna Maria"]
    for bad, needle in (("setup name 4 Zed", "a seat from 1 to 3"), ("setup name 1 Anna Maria", "already has a seat"),
                        ("setup name x Zed", "a seat from 1 to 3"), ("setup name 1 " + "y" * 30, "at most 20")):
        with pytest.raises(ValueError, match=needle):
            ctl.do(bad)
    ctl.do("setup name 2")
    assert ctl.seat_names() == (None, None, None) and "names" not in ctl.setup.to_dict()
    assert Setup.from_dict({"players": 2, "names": ["Ada", None]}).names == ("Ada", None)
    for bad in ({"players": 2, "names": "Ada"}, {"players": 2, "names": ["\x00"]}, {"players": 2, "names": [3]}):
        with pytest.raises(ValueError):
            Setup.from_dict(bad)


def test_names_show_in_the_turn_line_and_the_result():
    ctl = ctl_with()
    ctl.do("setup name 1 Ada")
    script = auto_script(DATA, ctl.setup, 3)
    ctl.do(script[0])
    assert "○ Circle (Ada) takes from" in ctl.turn_line()
    for cmd in script[1:]:
        ctl.do(cmd)
    text = "\n".join(ctl.log)
    assert "○ Circle (Ada): harvest" in text and "△ Triangle: harvest" in text
    assert ctl.record["names"] == ["Ada", None]
    assert READERS.read(ctl.record, DATA).names == ("Ada", None)


def test_a_record_with_bad_names_is_one_line():
    ctl = ctl_with()
    for cmd in auto_script(DATA, ctl.setup, 3):
        ctl.do(cmd)
    for names in (["Ada"], "Ada", ["Ada", "Ada"], ["Ada", "\x1b"]):
        with pytest.raises(HistoryInputError):
            READERS.read({**ctl.record, "names": names}, DATA)


def test_names_are_journalled_resumed_and_stored(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="ask")
    ctl.do("setup name 1 Ada")
    ctl.do("setup name 2 Bo")
    script = auto_script(DATA, ctl.current.setup, 7)
    for cmd in script[:30]:
        ctl.do(cmd)
    journal.close()
    again, journal = open_session(DATA, tmp_path, games=games(), resume="yes")
    assert again.seat_names() == ("Ada", "Bo")
    for cmd in script[30:]:
        again.do(cmd)
    assert again.mode == "result" and journal.last_history_id is not None
    with History(tmp_path) as history:
        game = history.games()[-1]
        assert [s.player for s in game.seats] == ["Ada", "Bo"]
        assert history.players()[:2] in (["Ada", "Bo"], ["Bo", "Ada"])
    qr = again.result_qr()
    assert qr.gid == journal.last_history_id and qr.matrix and not qr.problem
    assert again.known_players()[:2] in (["Ada", "Bo"], ["Bo", "Ada"])  # read again after the game
    assert again.press("qr") and again.qr_open
    assert again.press("confirm") and not again.qr_open and again.mode == "result"  # back, not a new game
    journal.close()


def test_history_screen_on_an_empty_and_a_damaged_history(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="no")
    ctl.press("history")
    assert [r.text for r in ctl.history.rows] == ["No games stored yet."]
    ctl.press("escape")
    assert ctl.history is None
    journal.close()
    (tmp_path / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="no")
    assert ctl.known_players() == []
    ctl.press("history")
    rows = [r.text for r in ctl.history.rows]
    assert rows[0].startswith("The history was damaged: it was moved aside to history.sqlite3.damaged-")
    assert rows[1:] == ["No games stored yet."]
    journal.close()


def test_players_text_lines():
    ctl = ctl_with(["Bo"])
    assert players_text(ctl, "players") == ("Known players: Bo\nSeats: 1 ○ Circle, 2 △ Triangle  "
                                            "(setup name SEAT NAME)")
    assert players_text(ctl, "setup name 1 Ada") == "Seats: 1 ○ Circle (Ada), 2 △ Triangle"
    assert players_text(ctl, "setup name 9 Ada").startswith("  ? setup name SEAT NAME")
    assert players_text(ctl, "history") == "  No games stored yet."
    assert players_text(ctl, "take 3") is None and players_text(ctl, "setup players=3") is None


# --- text mode and the command, from outside the process ------------------------------------------
def cli(*args, stdin=b"", columns=200):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), APPLEJACK_LANGUAGE="en",
               COLUMNS=str(columns))
    env.pop("APPLEJACK_DIE_SENSOR", None)
    r = subprocess.run([sys.executable, "-m", "table", *args], input=stdin, capture_output=True, timeout=300,
                       cwd=ROOT, env=env)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def test_text_mode_names_history_and_the_qr_code(tmp_path):
    setup = Setup(2)
    script = auto_script(DATA, setup, 11)
    lines = ["players", "history", "setup name 1 Ada", "setup name 2 Bo\x07", "setup name 2 Bo", *script]
    code, out, err = cli("play", "--text", "--pins", "none", "--state-dir", str(tmp_path),
                         stdin="\n".join(lines).encode() + b"\n")
    assert code == 0, err
    assert "Known players: none" in out and "  No games stored yet." in out
    assert "Seats: 1 ○ Circle (Ada), 2 △ Triangle (Bo)" in out
    assert "? A name cannot hold control characters" in out
    assert "Turn 1: ○ Circle (Ada) takes from" in out
    assert "History game 1: scan the code" in out
    assert "█" in out and "▀" in out  # the terminal QR code
    # the command reads the same history: names and the breakdown in the CSV
    code, out, err = cli("history", "--csv", "--state-dir", str(tmp_path))
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["player"] for r in rows] == ["Ada", "Bo"]
    with History(tmp_path) as history:
        game = history.games()[0]
    for row, seat in zip(rows, game.seats, strict=True):
        assert int(row["total"]) == seat.total and row["named"] == "1"
        for field in ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey"):
            assert int(row[field]) == seat.breakdown[field]
        assert row["per_variety"] == " ".join(str(v) for v in seat.breakdown["per_variety"])
    # a second session offers the names, most recent first
    code, out, err = cli("play", "--text", "--pins", "none", "--state-dir", str(tmp_path), stdin=b"players\nhistory\n")
    assert code == 0, err
    assert "Known players: " in out and "Ada" in out.split("Known players: ")[1].split("\n")[0]
    assert "Personal bests" in out and "Ada · Applejack (2 players): best" in out


def test_text_mode_survives_a_damaged_history(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "history.sqlite3").write_bytes(b"\x00garbage" * 500)
    code, out, err = cli("play", "--text", "--pins", "none", "--state-dir", str(tmp_path),
                         stdin=b"players\nhistory\n")
    assert code == 0, err
    assert "Known players: none" in out
    assert "The history was damaged: it was moved aside to history.sqlite3.damaged-" in out
    assert "Traceback" not in err


def test_stored_game_without_history_file_has_no_qr(tmp_path):
    ctl = ctl_with()

    ctl.book = HistoryBook(tmp_path, READERS)
    for cmd in auto_script(DATA, ctl.setup, 3):
        ctl.do(cmd)
    assert ctl.result_qr().problem == "No QR code: the game is not in the history"
    assert ctl.result_qr_lines() == ["No QR code: the game is not in the history"]
    assert ctl.result_qr_lines() == []  # once per result
    assert record_finished(tmp_path, ctl.record, READERS, data=DATA) == 1
    ctl._qr = None
    assert ctl.result_qr().gid == 1


def test_text_mode_says_so_when_the_qr_code_is_wider_than_the_terminal(tmp_path):
    script = auto_script(DATA, Setup(2), 11)
    code, out, err = cli("play", "--text", "--pins", "none", "--state-dir", str(tmp_path), columns=60,
                         stdin="\n".join(script).encode() + b"\n")
    assert code == 0, err
    assert "(The QR code is " in out and "this terminal 60: widen it" in out
    assert "History game 1: scan the code" in out
    assert "▀" not in out  # no wrapped, unscannable code
    # the command it names works as printed (the history's directory and the game's id)
    named = out.split("print it in a wider terminal with `", 1)[1].split("`", 1)[0]
    assert named.endswith(f" history --state-dir {tmp_path} --qr 1")
    # issue 33: the program as it runs here (``python -m table``), not a name the PATH may not hold
    assert named.startswith(f"{os.path.relpath(sys.executable, ROOT)} -m table ") or \
        named.startswith(f"{sys.executable} -m table ") or named.startswith("applejack-table ")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    shown = subprocess.run(named, shell=True, capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert shown.returncode == 0 and "▀" in shown.stdout, shown.stderr


def test_the_lid_blind_button_does_not_switch_games_under_the_keyboard_or_the_history():
    from table.companion.session import make_companion
    from table.companion.shell import Shell

    first = ctl_with(["Ada"])
    shell = Shell(first, lambda key: make_companion(load_game(key), DATA), games=games())
    shell.press("name0")
    shell.press("name0")  # New…: the keyboard
    assert first.keyboard is not None and not shell.choosing()
    shell.press("blind")
    assert shell.game == "applejack" and first.keyboard is not None
    shell.press("kb:cancel")
    assert first.keyboard is None and shell.choosing()
    shell.press("blind")  # now it is the game switch again
    assert shell.game != "applejack"
