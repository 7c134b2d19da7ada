"""A secret choice made on a phone before the others have chosen is on the disk at once: a kill
of the kiosk after one seat chose, and a restart, keep that choice (``table/web/held.py``)."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from table.companion.session import open_session
from table.games import games
from table.games.waldgaertner.seat import die_seats
from table.web.door import Door
from table.web.held import NAME, HeldFile
from tests.web.tables import data, waldgaertner_dice, zankapfel_discord


def _kiosk(state: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--web", "--pins", "none", "--game",
                             "zankapfel", "--state-dir", str(state), *extra], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _ask(state: Path, request: dict[str, Any]) -> dict[str, Any]:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(str(state / "web" / "bridge.sock"))
        s.sendall(json.dumps(request).encode() + b"\n")
        return dict(json.loads(s.makefile("rb").readline()))


def _seat_view(state: Path, seat: int, ready: Any, timeout: float = 60) -> dict[str, Any]:
    """Seat ``seat``'s (0-based) view through the kiosk's socket, once ``ready(view)`` (the links of
    a killed kiosk stay in the file until the new one writes its own)."""
    links = state / "web-links.txt"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if links.exists() and links.read_text():
            token = links.read_text().splitlines()[seat].split("\t")[1].removeprefix("/t/")
            try:
                answer = _ask(state, {"op": "view", "token": token})
            except OSError:  # the killed kiosk's socket, until the new kiosk replaces it
                answer = {}
            if answer.get("ok") and ready(answer["view"]):
                return answer | {"token": token}
        time.sleep(0.1)
    raise AssertionError("the kiosk never showed the seat's view")


def _form(view: dict[str, Any]) -> bool:
    return bool((view.get("private") or {}).get("form"))


def test_a_choice_held_on_a_phone_survives_a_kill_of_the_kiosk_and_is_revealed_after_the_restart(tmp_path):
    _ctl, journal, _door, lines, i = zankapfel_discord(tmp_path / "scratch")  # seats 1 and 3 fight
    journal.close()
    state = tmp_path / "state"
    kiosk = _kiosk(state)
    try:
        kiosk.stdin.write("".join(f"{line}\n" for line in lines[:i]))
        kiosk.stdin.flush()
        seat1 = _seat_view(state, 0, _form)
        answer = _ask(state, {"op": "choose", "token": seat1["token"], "form": {"card": "8", "dice": "1"}})
        assert answer["ok"] and "Chosen." in answer["view"]["private"]["note"]
        kept = state / NAME
        assert kept.exists() and stat.S_IMODE(kept.stat().st_mode) == 0o600  # on the disk before "taken"
        os.kill(kiosk.pid, signal.SIGKILL)  # the power cut: nothing is closed, flushed or said
        kiosk.wait(30)
    finally:
        kiosk.kill()
    lid = kiosk.stdout.read()
    assert "card seat 1" not in lid and "discord card 8" not in lid  # the lid said nothing of it
    assert not (state / "web" / NAME).exists()  # not where the web server's unit can read

    again = _kiosk(state, "--resume", "yes")
    try:
        seat1 = _seat_view(state, 0, lambda v: "private" in v and v["mode"] == "play")
        assert ["Your discord card", "8"] in seat1["view"]["private"]["facts"], seat1["view"]["private"]
        assert ["Your dice", "1"] in seat1["view"]["private"]["facts"]
        seat3 = _seat_view(state, 2, _form)
        answer = _ask(state, {"op": "choose", "token": seat3["token"], "form": {"card": "5", "dice": "0"}})
        assert answer["ok"], answer
        assert not (state / NAME).exists()  # entered and journalled: nothing held any more
    finally:
        again.stdin.close()
        assert again.wait(60) == 0, again.stderr.read()
    with sqlite3.connect(state / "journal.sqlite3") as db:
        cmds = [c for (c,) in db.execute("SELECT cmd FROM steps ORDER BY game, seq")]
    assert cmds[-4:] == ["dice seat 1 1", "dice-done", "card seat 1 8", "card seat 3 5"]


def _restarted(tmp: Path) -> tuple[Any, Any, Door]:
    """The table of ``tmp``'s journal after a restart (resumed), its door keeping held choices there."""
    ctl, journal = open_session(data(), tmp, games=games(), resume="yes", game="waldgaertner")
    door = Door(ctl, HeldFile(tmp))
    door.follow()
    return ctl, journal, door


def test_a_waldgaertner_die_held_on_a_phone_is_held_again_after_a_restart_and_only_at_that_moment(tmp_path):
    ctl, journal, door, lines, i = waldgaertner_dice(tmp_path)
    door.held = HeldFile(tmp_path)
    first, second = die_seats(ctl)[:2]
    chosen = door.handle({"op": "choose", "token": door.tokens.token(first), "form": {"die": lines[i]}})
    assert chosen["ok"] and (tmp_path / NAME).exists()
    journal.close()  # the kiosk stops without a word to the door

    ctl, journal, door = _restarted(tmp_path)
    desk = getattr(door.desk, "play", door.desk)  # Waldgärtner's desk: its play desk beside its pad desk
    assert desk.dice == {first: lines[i]}
    view = door.handle({"op": "view", "token": door.tokens.token(first)})["view"]
    assert [["Your die", lines[i]]] == [f for f in view["private"]["facts"] if f[0] == "Your die"]
    journal.close()

    held = json.loads((tmp_path / NAME).read_text())
    (tmp_path / NAME).write_text(json.dumps(held | {"position": "0" * 64}))  # another moment's
    ctl, journal, door = _restarted(tmp_path)
    assert getattr(door.desk, "play", door.desk).dice == {} and second in die_seats(ctl)
    assert not (tmp_path / NAME).exists()  # never held again
    journal.close()


def test_a_held_file_that_does_not_read_is_one_line_and_removed(tmp_path, caplog):
    _ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    (tmp_path / NAME).write_text("{not json")
    door.held = HeldFile(tmp_path)
    door.tokens.expire()
    with caplog.at_level(logging.WARNING, logger="applejack.web"):
        door.follow()  # a new desk asks for what was held
    assert door.desk.secret == {} and not (tmp_path / NAME).exists()
    assert len(caplog.records) == 1 and "does not read" in caplog.records[0].getMessage()
    journal.close()
