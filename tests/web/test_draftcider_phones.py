"""Draft Cider on the phones: each seat enters its own pick, and its own orchard on the end-only pad.

Draft Cider hides nothing (the centre lies face up, every pick is planted in the open): the
phone is each seat's own entry, entered at once as the lid's command. What must still hold is
that a seat's page is its own: another seat's or the spectator's view never moves with what one
phone tried and the lid refused, and no seat enters for another.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from table.companion.session import open_session
from table.games import games, load_game
from table.games.draftcider.script import pad_script
from table.web.app import make_app
from table.web.door import Door
from table.web.tokens import SPECTATOR
from tests.web.tables import data, door_ask, shell, view_text

ORIGIN = {"origin": "http://testserver"}
IGNORED = ("table_commands", "players", "names", "history_id")


def _same(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in IGNORED}


def _choose(client: TestClient, token: str, form: dict[str, Any]) -> Any:
    return client.post(f"/api/choose/{token}", content=json.dumps(form), headers=ORIGIN)


def _form(card: str, batch: str) -> dict[str, str]:
    """``red h3 s4``, ``feather`` as the phone's form."""
    colour, height, sweetness = card.split()
    return {"colour": colour, "height": height[1:], "sweetness": sweetness[1:], "batch": batch}


def _live(tmp: Path, players: int = 3, seed: int = 5) -> tuple[Any, Any, Door, list[str]]:
    lines = load_game("draftcider").part("table_script")(players, seed)[0]
    ctl, journal = shell(tmp, "draftcider")
    door = Door(ctl)
    for line in lines[:2]:  # setup, start
        ctl.do(line)
    door.follow()
    return ctl, journal, door, lines


def test_a_whole_draftcider_game_with_every_pick_entered_on_the_phones(tmp_path):
    ctl, journal, door, lines = _live(tmp_path / "phones")
    picks = 0
    with TestClient(make_app(door_ask(door))) as client:
        for line in lines[2:]:
            w = line.split()  # pick seat N COLOUR hH sS BATCH
            seat = int(w[2]) - 1
            other = door.tokens.token((seat + 1) % 3)
            assert _choose(client, other, _form(" ".join(w[3:6]), w[6])).status_code == 409  # not its pick
            r = _choose(client, door.tokens.token(seat), _form(" ".join(w[3:6]), w[6]))
            if ctl.mode == "result":
                assert r.status_code == 200 and r.json()["view"] is None  # the game ended: tokens gone
            else:
                assert r.status_code == 200, r.text
            picks += 1
    assert ctl.mode == "result" and picks == 36
    phones = ctl.record
    journal.close()
    lid, journal2 = shell(tmp_path / "lid", "draftcider")
    for line in lines:
        lid.do(line)
    assert _same(phones) == _same(lid.record)
    journal2.close()


def test_a_pick_the_lid_refuses_changes_no_other_seats_or_spectators_view(tmp_path):
    """Seat 1's second pick: a second card for its Special tree (the lid refuses it: the batch
    holds one card), or a colour no card has (the desk refuses it); nothing else differs."""
    seen = []
    for name, form in (("a", _form("red h3 s3", "special")), ("b", {"colour": "blue"})):
        ctl, journal, door, lines = _live(tmp_path / name)
        for line in lines[2:5]:  # seats 1, 2 and 3 pick once at the lid; seat 1 has its Special tree
            ctl.do(line)
        door.follow()
        assert ctl.seat() == 0 and lines[2].endswith("special")
        before = list(ctl.cmds)
        with TestClient(make_app(door_ask(door))) as client:
            mine = client.get(f"/api/view/{door.tokens.token(0)}").json()["view"]["private"]
            assert [f["name"] for f in mine["form"]["fields"]] == ["colour", "height", "sweetness", "batch"]
            bad = _choose(client, door.tokens.token(0), form)
            assert bad.status_code == 409 and bad.json()["line"]
            # seat 2 cannot enter seat 1's pick
            assert _choose(client, door.tokens.token(1), _form("red h3 s3", "steady")).status_code == 409
        assert ctl.cmds == before
        seen.append([view_text(door, door.tokens.token(s)) for s in (1, 2, SPECTATOR)])
        assert '"form": {' not in seen[-1][0] and '"private"' not in seen[-1][2]
        journal.close()
    assert seen[0] == seen[1]


def _pad_game(tmp: Path) -> tuple[Any, Any, Door, list[str]]:
    """Draft Cider's end-only pad for a seeded 3-seat game: the lid's pad lines (``pad N …``)."""
    final = load_game("draftcider").part("table_script")(3, 5)[1]
    lines = pad_script(final)
    ctl, journal = shell(tmp, "draftcider")
    door = Door(ctl)
    ctl.do(lines[0])
    ctl.do(lines[1])
    door.follow()
    return ctl, journal, door, lines


def _pad_form(line: str) -> dict[str, str]:
    w = line.split()  # pad N BATCH COLOUR hH sS
    return {**_form(" ".join(w[3:6]), w[2]), "what": "card"}


def test_every_phone_enters_its_own_orchard_at_once_and_the_pad_scores_when_all_are_done(tmp_path):
    ctl, journal, door, lines = _pad_game(tmp_path / "phones")
    by_seat: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for line in lines[2:-1]:
        by_seat[int(line.split()[1]) - 1].append(line)
    with TestClient(make_app(door_ask(door))) as client:
        spectator = door.tokens.token(SPECTATOR)
        for k in range(12):  # the three phones in turn, one card each: all at the same time
            for seat in (2, 0, 1):
                r = _choose(client, door.tokens.token(seat), _pad_form(by_seat[seat][k]))
                assert r.status_code == 200, r.text
                assert ctl.cmds[-1] == by_seat[seat][k]  # entered at once, as the lid's command
                if k == 11 and seat != 1:  # seat 3, then seats 1 and 3 hold their 12 cards
                    done = dict(client.get(f"/api/view/{spectator}").json()["view"]["public"]["facts"])
                    want = [ctl.seat_title(2)] if seat == 2 else [ctl.seat_title(0), ctl.seat_title(2)]
                    assert done["Orchard entered"] == ", ".join(want)
        assert ctl.mode == "pad"  # complete orchards: the phones said nothing more, the lid waits
        assert _choose(client, door.tokens.token(0), {"what": "done"}).json()["view"] is None
    assert ctl.mode == "result" and ctl.cmds[-1] == "pad-done"
    phones = ctl.record
    journal.close()
    lid, journal2 = shell(tmp_path / "lid", "draftcider")
    for line in lines:
        lid.do(line)
    assert _same(phones) == _same(lid.record)
    journal2.close()


def test_a_short_pad_is_scored_once_every_phone_said_its_orchard_is_complete(tmp_path):
    ctl, journal, door, lines = _pad_game(tmp_path)
    first = [line for line in lines[2:-1] if line.startswith("pad 1 ")][:2]
    with TestClient(make_app(door_ask(door))) as client:
        for line in first:
            assert _choose(client, door.tokens.token(0), _pad_form(line)).status_code == 200
        for seat in (0, 1):
            assert _choose(client, door.tokens.token(seat), {"what": "done"}).json()["view"]["private"]["note"]
            assert ctl.mode == "pad"
        facts = dict(client.get(f"/api/view/{door.tokens.token(2)}").json()["view"]["public"]["facts"])
        assert facts["Orchard entered"] == f"{ctl.seat_title(0)}, {ctl.seat_title(1)}"
        assert _choose(client, door.tokens.token(2), {"what": "done"}).status_code == 200
    assert ctl.mode == "result" and ctl.cmds[-2:] == ["pad-done", "pad-done"]
    journal.close()


KIOSK = """
import json, sys, time
from pathlib import Path
from tests.web.test_draftcider_phones import _pad_form, _pad_game
ctl, journal, door, lines = _pad_game(Path(sys.argv[1]))
for line in [l for l in lines if l.startswith("pad 2 ")][:5]:
    answer = door.handle({"op": "choose", "token": door.tokens.token(1), "form": _pad_form(line)})
    assert answer["ok"], answer
print(json.dumps(ctl.cmds), flush=True)
time.sleep(60)
"""


def test_a_phones_pad_entries_survive_a_kill_from_outside_and_a_restart(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    kiosk = subprocess.Popen([sys.executable, "-c", KIOSK, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                             env=env, cwd=str(Path(__file__).resolve().parents[2]))
    try:
        assert kiosk.stdout is not None
        cmds = json.loads(kiosk.stdout.readline())
    finally:
        kiosk.send_signal(signal.SIGKILL)  # the power cut
        kiosk.wait()
    assert kiosk.returncode == -signal.SIGKILL
    assert [c for c in cmds if c.startswith("pad 2 ")] and len(cmds) == 5
    again, journal = open_session(data(), tmp_path, games=games(), resume="yes", game="draftcider")
    try:
        assert again.cmds == cmds and again.mode == "pad" and again.pad_count(1) == 5
    finally:
        journal.close()
