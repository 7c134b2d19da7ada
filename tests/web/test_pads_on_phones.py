"""Score pads on every phone at once (issue 24): Applejack's pad, each seat entering its own.

Every entry is the lid's own ``pad P …`` command, entered at once (journalled); the public view
says who is done; when the last seat is done the pad is scored. The finished record is the same
as the lid's for the same pad; a kill after one phone's entries and a restart keeps them.
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
from table.web.app import make_app
from table.web.door import Door
from table.web.tokens import SPECTATOR
from tests.web.tables import data, door_ask, shell

ORIGIN = {"origin": "http://testserver"}
IGNORED = ("table_commands", "players", "names", "history_id")
ROOT = Path(__file__).resolve().parents[2]


def _same(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in IGNORED}


def _choose(client: TestClient, token: str, form: dict[str, Any]) -> Any:
    return client.post(f"/api/choose/{token}", content=json.dumps(form), headers=ORIGIN)


def applejack_pad(tmp: Path, players: int = 2, seed: int = 1) -> tuple[Any, Any, Door, list[str]]:
    """Applejack played at the lid to its score pad; the script's pad lines are left to enter."""
    lines = load_game("applejack").part("table_script")(players, seed)[0]
    ctl, journal = shell(tmp, "applejack")
    door = Door(ctl)
    i = 0
    while ctl.mode != "pad":
        ctl.do(lines[i])
        i += 1
        door.follow()
    return ctl, journal, door, lines[i:]


def phone_forms(line: str) -> tuple[int, list[dict[str, str]]]:
    """The lid's ``pad P FIELD VALUE`` as the seat's phone entries (an area at a time)."""
    _pad, p, what, value = line.split()
    if what in ("blossoms", "honey"):
        return int(p) - 1, [{"what": what, "value": value}]
    return int(p) - 1, [{"what": what, "value": v} for v in value.split(",")]


def _field(ctl: Any, line: str) -> str:
    """What the lid's pad shows in the field ``line`` (``pad P FIELD VALUE``) fills."""
    _pad, p, what, _value = line.split()
    pad = ctl.current.pad
    f = {"blossoms": pad.varieties, "honey": pad.varieties + 1}.get(what)
    return pad.field_text(int(p) - 1, f if f is not None else ctl.current.data.variety(what).index)


def test_applejack_every_seat_enters_its_own_pad_on_its_phone_and_the_last_done_scores_it(tmp_path):
    ctl, journal, door, pad_lines = applejack_pad(tmp_path / "phones")
    seat_lines = [line for line in pad_lines if line.startswith("pad ")]
    assert pad_lines[-1] == "pad-done" and len(seat_lines) == len(pad_lines) - 1
    with TestClient(make_app(door_ask(door))) as client:
        spectator = door.tokens.token(SPECTATOR)
        for seat in (1, 0):  # seat 2 first: the phones need no order
            for line in seat_lines:
                p, forms = phone_forms(line)
                if p != seat:
                    continue
                for form in forms:
                    r = _choose(client, door.tokens.token(seat), form)
                    assert r.status_code == 200, r.text
                assert _field(ctl, line) == line.split()[3]  # on the lid's pad, the whole field at the last area
            mine = client.get(f"/api/view/{door.tokens.token(seat)}").json()["view"]["private"]
            assert mine["form"]["fields"][0]["name"] == "what"
            if seat == 1:
                assert _choose(client, door.tokens.token(1), {"what": "done"}).status_code == 200
                facts = dict(client.get(f"/api/view/{spectator}").json()["view"]["public"]["facts"])
                assert facts["Score pad entered"] == ctl.seat_title(1)
                assert ctl.mode == "pad"
        assert _choose(client, door.tokens.token(0), {"what": "honey", "value": "x"}).status_code == 409
        assert _choose(client, door.tokens.token(0), {"what": "done"}).json()["view"] is None  # scored
    assert ctl.mode == "result"
    phones = ctl.record
    journal.close()
    lid, journal2, _door2, rest = applejack_pad(tmp_path / "lid")
    for line in rest:
        lid.do(line)
    assert _same(phones) == _same(lid.record)
    journal2.close()


KIOSK = """
import json, sys, time
from pathlib import Path
from tests.web.test_pads_on_phones import applejack_pad, phone_forms
ctl, journal, door, pad_lines = applejack_pad(Path(sys.argv[1]))
for line in [l for l in pad_lines if l.startswith("pad 2 ")]:
    for form in phone_forms(line)[1]:
        answer = door.handle({"op": "choose", "token": door.tokens.token(1), "form": form})
        assert answer["ok"], answer
print(json.dumps(ctl.current.pad.to_dict(tuple(v.id for v in ctl.current.data.varieties))), flush=True)
time.sleep(60)
"""


def test_a_phones_applejack_pad_entries_survive_a_kill_from_outside_and_a_restart(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kiosk = subprocess.Popen([sys.executable, "-c", KIOSK, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                             env=env, cwd=str(ROOT))
    try:
        assert kiosk.stdout is not None
        pad = json.loads(kiosk.stdout.readline())
    finally:
        kiosk.send_signal(signal.SIGKILL)  # the power cut
        kiosk.wait()
    assert kiosk.returncode == -signal.SIGKILL and pad["players"][1]["honey"] and pad["players"][1]["areas"]
    again, journal = open_session(data(), tmp_path, games=games(), resume="yes", game="applejack")
    try:
        assert again.mode == "pad"
        assert again.current.pad.to_dict(tuple(v.id for v in again.current.data.varieties)) == pad
    finally:
        journal.close()


def waldgaertner_pad(tmp: Path) -> tuple[Any, Any, Door, Any]:
    """Waldgärtner's end-only pad (``samples.PAD_SCRIPT``: 3 seats, tasks) opened at the lid, and
    the lid's own finished pad for the same script (each seat's plants, cubes and task)."""
    from table.games.waldgaertner.samples import PAD_SCRIPT
    lid, journal = shell(tmp / "lid", "waldgaertner")
    for line in PAD_SCRIPT:
        lid.do(line)
    assert lid.mode == "result"
    ctl, journal2 = shell(tmp / "phones", "waldgaertner")
    door = Door(ctl)
    for line in PAD_SCRIPT[:2]:
        ctl.do(line)
    door.follow()
    return ctl, journal2, door, (lid, journal)


def waldgaertner_forms(lid: Any, seat: int) -> list[dict[str, str]]:
    """Seat ``seat``'s whole pad as its phone's entries (plants, cubes, task, done)."""
    p = lid.pad.players[seat]
    return [*({"what": "plant", "plant": str(c.id)} for c in p.garden),
            {"what": "cubes", "light": str(p.light), "dark": str(p.dark)},
            {"what": "task", "task": str(p.task)}, {"what": "done"}]


def test_waldgaertner_pad_phones_enter_at_once_and_in_the_lids_order(tmp_path):
    ctl, journal, door, (lid, lid_journal) = waldgaertner_pad(tmp_path)
    with TestClient(make_app(door_ask(door))) as client:
        spectator = door.tokens.token(SPECTATOR)
        for seat in (2, 1):  # later seats first: held until the pad reaches them
            for form in waldgaertner_forms(lid, seat):
                r = _choose(client, door.tokens.token(seat), form)
                assert r.status_code == 200, r.text
            assert ctl.cmds == []  # nothing on the lid's pad yet: it is on Seat 1
        facts = dict(client.get(f"/api/view/{spectator}").json()["view"]["public"]["facts"])
        assert facts["Score pad entered"] == f"{ctl.seat_title(1)}, {ctl.seat_title(2)}"
        refused = _choose(client, door.tokens.token(0), {"what": "plant", "plant": "99999"})
        assert refused.status_code == 409
        first = waldgaertner_forms(lid, 0)
        for k, form in enumerate(first[:-1]):
            assert _choose(client, door.tokens.token(0), form).status_code == 200
            plants = sum(1 for f in first[:k + 1] if f["what"] == "plant")
            assert len(ctl.cmds) == plants  # each plant on the lid's pad at once (journalled)
        assert _choose(client, door.tokens.token(0), first[-1]).json()["view"] is None  # all in: scored
    assert ctl.mode == "result" and ctl.cmds == lid.cmds  # the very commands the lid took, in its order
    assert _same(ctl.record) == _same(lid.record)
    journal.close()
    lid_journal.close()


def test_waldgaertner_an_entry_the_pad_refuses_is_not_held(tmp_path):
    ctl, journal, door, (lid, lid_journal) = waldgaertner_pad(tmp_path)
    oaks = [c.id for c in ctl.cards.cards if c.size == lid.pad.players[0].garden[0].size][:4]
    with TestClient(make_app(door_ask(door))) as client:
        answers = [_choose(client, door.tokens.token(1), {"what": "plant", "plant": str(c)}).status_code
                   for c in oaks * 4]
        assert 409 in answers  # a garden holds what its rows can: refused on the phone as at the lid
        held = door.desk.pad.waiting[1].plants
        assert len(held) == answers.count(200)
    journal.close()
    lid_journal.close()


WALD_KIOSK = """
import json, sys, time
from pathlib import Path
from tests.web.test_pads_on_phones import waldgaertner_forms, waldgaertner_pad
ctl, journal, door, (lid, lid_journal) = waldgaertner_pad(Path(sys.argv[1]))
for form in [f for f in waldgaertner_forms(lid, 0) if f["what"] == "plant"]:
    answer = door.handle({"op": "choose", "token": door.tokens.token(0), "form": form})
    assert answer["ok"], answer
print(json.dumps(ctl.cmds), flush=True)
time.sleep(60)
"""


def test_waldgaertner_the_plants_entered_on_the_phone_the_pad_is_on_survive_a_kill(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kiosk = subprocess.Popen([sys.executable, "-c", WALD_KIOSK, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                             env=env, cwd=str(ROOT))
    try:
        assert kiosk.stdout is not None
        cmds = json.loads(kiosk.stdout.readline())
    finally:
        kiosk.send_signal(signal.SIGKILL)  # the power cut
        kiosk.wait()
    assert kiosk.returncode == -signal.SIGKILL and len(cmds) == 10 and all(c.startswith("add ") for c in cmds)
    again, journal = open_session(data(), tmp_path / "phones", games=games(), resume="yes", game="waldgaertner")
    try:
        assert again.cmds == cmds and again.mode == "pad" and len(again.pad.now.garden) == 10
    finally:
        journal.close()


def test_the_pad_forms_are_lists_so_done_is_sent_without_typing_a_number(tmp_path):
    """The page marks a number field required: a pad form with one would not send ``done``."""
    _ctl, journal, door, _lines = applejack_pad(tmp_path / "aj")
    _wald, journal2, door2, (_lid, lid_journal) = waldgaertner_pad(tmp_path / "wg")
    for d in (door, door2):
        form = d.handle({"op": "view", "token": d.tokens.token(0)})["view"]["private"]["form"]
        assert form and all("options" in f for f in form["fields"]), form
    for j in (journal, journal2, lid_journal):
        j.close()


def test_waldgaertner_when_the_lid_moves_the_pad_on_the_held_entries_go_in_at_the_next_frame(tmp_path):
    from table.games.waldgaertner.samples import PAD_SCRIPT
    ctl, journal, door, (lid, lid_journal) = waldgaertner_pad(tmp_path)
    seat1 = PAD_SCRIPT[2:PAD_SCRIPT.index("next", PAD_SCRIPT.index("task nitrogen"))]  # up to its last next
    for form in waldgaertner_forms(lid, 1):  # seat 2 done on its phone while seat 1 is typed at the lid
        assert door.handle({"op": "choose", "token": door.tokens.token(1), "form": form})["ok"]
    plants3 = [f for f in waldgaertner_forms(lid, 2) if f["what"] == "plant"]
    for form in plants3:  # seat 3 only its plants: held, not done
        assert door.handle({"op": "choose", "token": door.tokens.token(2), "form": form})["ok"]
    for line in [*seat1, "next"]:
        ctl.do(line)
        assert ctl.pad.player == 0 or line == "next"
    assert ctl.pad.player == 1 and not ctl.pad.now.garden
    assert door.follow()  # the next frame: seat 2's whole pad, then seat 3's plants
    assert ctl.pad.player == 2 and ctl.pad.step == "garden" and len(ctl.pad.now.garden) == len(plants3)
    assert not door.follow()  # nothing more is due: seat 3 has not said it is done
    for form in waldgaertner_forms(lid, 2):
        if form["what"] != "plant":
            assert door.handle({"op": "choose", "token": door.tokens.token(2), "form": form})["ok"]
    assert ctl.mode == "result" and ctl.cmds == lid.cmds
    journal.close()
    lid_journal.close()


def test_waldgaertner_entries_held_on_one_phone_change_no_other_seats_or_spectators_view(tmp_path):
    """One plant or three held on seat 2's phone (and different cubes): seat 1's, seat 3's and the
    spectators' views are byte-identical but for the door's ``version``, which counts held
    entries — it says *that* a phone entered something (as the update stream's timing does to
    anybody watching), never what."""
    seen = []
    for name, plants in (("a", 1), ("b", 3)):
        ctl, journal, door, (lid, lid_journal) = waldgaertner_pad(tmp_path / name)
        forms = [f for f in waldgaertner_forms(lid, 1) if f["what"] == "plant"][:plants]
        for form in [*forms, {"what": "cubes", "light": str(plants), "dark": "0"}]:
            assert door.handle({"op": "choose", "token": door.tokens.token(1), "form": form})["ok"]
        assert ctl.cmds == []  # held: the pad is on Seat 1
        mine = door.handle({"op": "view", "token": door.tokens.token(1)})["view"]["private"]["facts"]
        assert dict(mine)["Light cubes"] == str(plants) and dict(mine)["Plants"].count(",") == plants - 1
        views = []
        for s in (0, 2, SPECTATOR):
            view = door.handle({"op": "view", "token": door.tokens.token(s)})["view"]
            view.pop("version")
            views.append(json.dumps(view, sort_keys=True, ensure_ascii=False))
        seen.append(views)
        journal.close()
        lid_journal.close()
    assert seen[0] == seen[1]
