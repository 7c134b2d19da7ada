"""Nothing typed on a phone is lost in a power cut (issue 24): a score pad's ``done`` marks and
Waldgärtner's entries held for a later seat are on the disk before the phone hears "Taken.", and
the game's tokens too — a kill of ``play --text --web`` from outside and a resume keep them all
(``table/web/held.py``, ``table/web/tokens.py``: ``TokensFile``)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

from table.companion.session import open_session
from table.games import games, load_game
from table.web.door import Door
from table.web.held import NAME, HeldFile
from table.web.tokens import FILE_NAME, TokensFile
from tests.web.tables import data
from tests.web.test_draftcider_phones import _pad_game
from tests.web.test_held import _ask, _seat_view
from tests.web.test_pads_on_phones import applejack_pad, phone_forms, waldgaertner_forms, waldgaertner_pad


def _kiosk(state: Path, game: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--web", "--pins", "none", "--game",
                             game, "--state-dir", str(state), *extra], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _type(kiosk: subprocess.Popen[str], lines: list[str]) -> None:
    assert kiosk.stdin is not None
    kiosk.stdin.write("".join(f"{line}\n" for line in lines))
    kiosk.stdin.flush()


def _cut(kiosk: subprocess.Popen[str]) -> str:
    """The power cut: SIGKILL from outside (nothing closed, flushed or said); the lid's output."""
    os.kill(kiosk.pid, signal.SIGKILL)
    kiosk.wait(30)
    assert kiosk.returncode == -signal.SIGKILL
    assert kiosk.stdout is not None
    return kiosk.stdout.read()


def _stop(kiosk: subprocess.Popen[str]) -> str:
    assert kiosk.stdin is not None and kiosk.stdout is not None and kiosk.stderr is not None
    kiosk.stdin.close()
    assert kiosk.wait(60) == 0, kiosk.stderr.read()
    return kiosk.stdout.read()


def _journal(state: Path) -> list[str]:
    with sqlite3.connect(state / "journal.sqlite3") as db:
        return [c for (c,) in db.execute("SELECT cmd FROM steps ORDER BY game, seq")]


def _choose(state: Path, token: str, form: dict[str, Any]) -> dict[str, Any]:
    answer = _ask(state, {"op": "choose", "token": token, "form": form})
    assert answer["ok"], answer
    return answer


def _pad_open(view: dict[str, Any]) -> bool:
    return view.get("mode") == "pad" and bool((view.get("private") or {}).get("form"))


def test_an_applejack_pads_done_mark_survives_a_kill_and_the_same_tokens_open_the_pages_again(tmp_path):
    everything = load_game("applejack").part("table_script")(2, 1)[0]
    _ctl, journal, _door, rest = applejack_pad(tmp_path / "scratch")
    journal.close()
    lines = everything[:len(everything) - len(rest)]  # the lid's lines up to the score pad
    state = tmp_path / "state"
    kiosk = _kiosk(state, "applejack")
    try:
        _type(kiosk, lines)
        seat2 = _seat_view(state, 1, _pad_open)
        for line in [x for x in rest if x.startswith("pad 2 ")]:
            for form in phone_forms(line)[1]:
                _choose(state, seat2["token"], form)
        old = seat2["token"]
        done = _choose(state, old, {"what": "done"})
        assert done["view"]["private"]["note"] == "Your pad is complete."
        kept = state / NAME
        assert kept.exists() and stat.S_IMODE(kept.stat().st_mode) == 0o600  # on the disk before "taken"
        tokens = state / FILE_NAME
        assert tokens.exists() and stat.S_IMODE(tokens.stat().st_mode) == 0o600
        links = (state / "web-links.txt").read_text()
        lid = _cut(kiosk)
    finally:
        kiosk.kill()
    assert "Phones: ○ Circle: entering… · △ Triangle: done ✓" in lid  # the terminal's line when it changed
    entered = _journal(state)

    again = _kiosk(state, "applejack", "--resume", "yes")
    try:
        seat2 = _seat_view(state, 1, lambda v: v.get("mode") == "pad")
        assert seat2["token"] in links  # the same token: the phone's page goes on working
        assert _ask(state, {"op": "view", "token": old})["view"]["you"] == seat2["view"]["you"]
        assert seat2["view"]["private"]["note"] == "Your pad is complete."  # the mark survived the cut
        assert dict(seat2["view"]["public"]["facts"])["Score pad entered"] == "△ Triangle"
        seat1 = _seat_view(state, 0, _pad_open)
        assert seat1["token"] in links
        for line in [x for x in rest if x.startswith("pad 1 ")]:
            for form in phone_forms(line)[1]:
                _choose(state, seat1["token"], form)
        last = _choose(state, seat1["token"], {"what": "done"})
        assert last["view"] is None  # the last seat done: scored, the game's tokens expired
        assert not (state / NAME).exists() and not (state / FILE_NAME).exists()
    finally:
        _stop(again)
    cmds = _journal(state)
    assert cmds[:len(entered)] == entered and cmds[-1] == "pad-done"  # seat 2 was not asked again


def test_waldgaertner_pad_entries_held_for_a_later_seat_survive_a_kill_and_go_in_when_the_pad_reaches_it(tmp_path):
    from table.games.waldgaertner.samples import PAD_SCRIPT

    _ctl, journal, _door, (lid, lid_journal) = waldgaertner_pad(tmp_path / "scratch")
    journal.close()
    lid_journal.close()
    state = tmp_path / "state"
    kiosk = _kiosk(state, "waldgaertner")
    try:
        _type(kiosk, list(PAD_SCRIPT[:2]))
        seat2 = _seat_view(state, 1, _pad_open)
        for form in waldgaertner_forms(lid, 1):  # seat 2's whole pad while the lid's is on seat 1: held
            answer = _choose(state, seat2["token"], form)
        assert answer["view"]["private"]["note"] == "Your pad is complete."
        held = json.loads((state / NAME).read_text())["held"]
        assert held["done"] == [1] and held["entries"]["1"]["plants"]  # on the disk before "taken"
        _cut(kiosk)
    finally:
        kiosk.kill()
    assert not any(c.startswith("add ") for c in _journal(state))  # nothing of seat 2's in the journal

    again = _kiosk(state, "waldgaertner", "--resume", "yes")
    try:
        seat2 = _seat_view(state, 1, lambda v: v.get("mode") == "pad")
        assert seat2["view"]["private"]["note"] == "Your pad is complete."
        plants = dict(seat2["view"]["private"]["facts"])["Plants"]
        assert plants.count(",") == len(lid.pad.players[1].garden) - 1  # every plant held again
        seat1 = PAD_SCRIPT[2:PAD_SCRIPT.index("next", PAD_SCRIPT.index("task nitrogen")) + 1]
        _type(again, seat1)  # the lid's pad through seat 1: seat 2's held pad goes in at the next frame
        seat3 = _seat_view(state, 2, lambda v: v.get("mode") == "pad" and v["public"]["turn"] == "Seat 3")
        for form in waldgaertner_forms(lid, 2):
            answer = _choose(state, seat3["token"], form)
        assert answer["view"] is None  # the last seat done: the pad is scored
    finally:
        _stop(again)
    assert _journal(state)[-len(lid.cmds):] == lid.cmds  # the very commands of the lid's own pad


def test_after_a_kill_and_a_new_game_the_old_tokens_open_nothing(tmp_path):
    lines = load_game("zankapfel").part("table_script")(3, 1)[0][:4]
    state = tmp_path / "state"
    kiosk = _kiosk(state, "zankapfel")
    try:
        _type(kiosk, lines)
        old = _seat_view(state, 0, lambda v: v.get("mode") == "play")["token"]
        _cut(kiosk)
    finally:
        kiosk.kill()
    assert (state / FILE_NAME).exists()
    again = _kiosk(state, "zankapfel", "--resume", "no")  # the unfinished game discarded
    try:
        _type(again, lines)
        new = _seat_view(state, 0, lambda v: v.get("mode") == "play")["token"]
        assert new != old
        assert _ask(state, {"op": "view", "token": old}) == {"ok": False, "error": "token"}
    finally:
        _stop(again)


def _restart(state: Path, game: str, resume: str) -> tuple[Any, Any, Door]:
    """The kiosk started again on ``state`` (``resume``: yes, no or ask) and its door's first frame."""
    ctl, journal = open_session(data(), state, games=games(), resume=resume, game=game)
    door = Door(ctl, HeldFile(state), TokensFile(state))
    door.follow()
    return ctl, journal, door


def test_a_draftcider_done_mark_and_the_tokens_come_back_through_the_resume_screen(tmp_path):
    ctl, journal, door, _lines = _pad_game(tmp_path)
    door.held, door.kept = HeldFile(tmp_path), TokensFile(tmp_path)
    door.tokens.expire()
    door.follow()  # the door as play --web makes it: its files kept from here on
    tokens = door.tokens.by_seat()
    assert door.handle({"op": "choose", "token": tokens[2], "form": {"what": "done"}})["ok"]
    journal.close()  # the power cut: the door is not told

    ctl, journal, door = _restart(tmp_path, "draftcider", "ask")
    assert ctl.mode == "resume" and not door.tokens.active  # no codes, no pages on the resume question
    ctl.press("confirm")  # resumed at the lid
    door.follow()
    assert door.tokens.by_seat() == tokens  # the phones' pages open again
    view = door.handle({"op": "view", "token": tokens[2]})["view"]
    assert view["private"]["note"] == "Your orchard is entered."  # the done mark came back
    assert [done for _s, _n, done in door.progress().seats] == [False, False, True]
    journal.close()


def test_a_new_game_never_takes_the_kept_tokens_or_marks(tmp_path):
    ctl, journal, door, lines = _pad_game(tmp_path)
    door.held, door.kept = HeldFile(tmp_path), TokensFile(tmp_path)
    door.tokens.expire()
    door.follow()
    tokens = door.tokens.by_seat()
    door.handle({"op": "choose", "token": tokens[2], "form": {"what": "done"}})
    assert (tmp_path / NAME).exists() and (tmp_path / FILE_NAME).exists()
    journal.close()

    ctl, journal, door = _restart(tmp_path, "draftcider", "ask")
    ctl.press("undo")  # UNDO twice discards the unfinished game
    ctl.press("undo")
    door.follow()
    assert ctl.mode == "setup"
    assert not (tmp_path / NAME).exists() and not (tmp_path / FILE_NAME).exists()  # a new game: forgotten
    for line in lines[:2]:  # the same setup again
        ctl.do(line)
    door.follow()
    assert ctl.mode == "pad" and not set(door.tokens.by_seat().values()) & set(tokens.values())
    view = door.handle({"op": "view", "token": door.tokens.token(2)})["view"]
    assert view["private"]["note"] != "Your orchard is entered."
    journal.close()


def test_the_kept_tokens_are_bound_to_the_journals_game(tmp_path):
    """A kiosk whose first look finds a game in play (``--resume yes``, or a script or demo that
    began a new one) takes the kept tokens only for the journal's same game: another game with the
    same setup (a new id) gets new ones."""
    ctl, journal, _door, _lines = _pad_game(tmp_path)
    first = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 7)
    first.follow()
    tokens = first.tokens.by_seat()
    other = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 8)
    other.follow()  # its first look: a game in play, but not the journal's game 7
    assert not set(other.tokens.by_seat().values()) & set(tokens.values())
    again = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 8)
    again.follow()
    assert again.tokens.by_seat() == other.tokens.by_seat()  # the same journal game: its tokens back
    journal.close()


def test_a_done_mark_kept_for_one_journal_game_is_never_anothers(tmp_path):
    ctl, journal, _door, _lines = _pad_game(tmp_path)
    first = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 7)
    first.follow()
    assert first.handle({"op": "choose", "token": first.tokens.token(2), "form": {"what": "done"}})["ok"]
    assert (tmp_path / NAME).exists()
    same = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 7)
    same.follow()
    assert same.desk.done == {2}  # the journal's same game: the mark again
    other = Door(ctl, HeldFile(tmp_path), TokensFile(tmp_path), journal_game=lambda: 8)
    other.follow()
    assert other.desk.done == set() and not (tmp_path / NAME).exists()  # another game: dropped, removed
    journal.close()
