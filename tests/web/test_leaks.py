"""The hidden-information contract, through the web app: two seats, a spectator, a forged token.

A seat's token never yields another seat's hidden information; a spectator sees only what the
lid shows. Checked as non-interference: two tables identical but for one seat's secret choice
give every other holder byte-identical views.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

from starlette.testclient import TestClient

from table.companion.session import open_session
from table.games import games
from table.games.waldgaertner.questions import held
from table.web.app import make_app
from table.web.bridge import Bridge, socket_path
from table.web.client import KioskSocket
from table.web.tokens import SPECTATOR
from tests.web.tables import (
    at_the_lid_again,
    data,
    door_ask,
    view_text,
    waldgaertner_dice,
    waldgaertner_draw,
    zankapfel_discord,
)

ORIGIN = {"origin": "http://testserver"}


def _client(door):
    return TestClient(make_app(door_ask(door)))


def _choose(client, token, form):
    return client.post(f"/api/choose/{token}", content=json.dumps(form), headers=ORIGIN)


def test_zankapfel_a_secret_discord_choice_changes_no_other_seats_or_spectators_view(tmp_path):
    tables = [zankapfel_discord(tmp_path / name) for name in ("a", "b")]
    seen = []
    for (ctl, _j, door, _lines, _i), form in zip(tables, ({"card": "8", "dice": "0"}, {"card": "3", "dice": "2"}),
                                                 strict=True):
        assert ctl.b.fight_seats() == (0, 2)
        with _client(door) as client:
            r = _choose(client, door.tokens.token(0), form)
            assert r.status_code == 200, r.text
            mine = r.json()["view"]["private"]
            assert [form["card"], form["dice"]] == [mine["facts"][0][1], mine["facts"][1][1]]
        seen.append([view_text(door, door.tokens.token(s)) for s in (1, 2, 3, SPECTATOR)])
        assert ctl.cmds[-1].startswith("joker")  # nothing entered at the lid yet
    assert seen[0] == seen[1]
    assert '"private"' not in seen[0][3]  # the spectator: the lid's view only


def test_zankapfel_the_discord_is_revealed_together_through_the_socket_the_shell_and_the_journal(tmp_path):
    """The kiosk's path: phones → web app → Unix socket → the door on the kiosk's main thread
    (this test's, which owns the journal) → ``shell.do`` → the journal; a restart resumes it."""
    ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path)
    bridge = Bridge(door, socket_path(tmp_path))
    bridge.start()
    try:
        with TestClient(make_app(KioskSocket(bridge.path))) as client, ThreadPoolExecutor(1) as pool:
            for seat, form in ((0, {"card": "8", "dice": "1"}), (2, {"card": "5", "dice": "0"})):
                phone = pool.submit(_choose, client, door.tokens.token(seat), form)
                while not phone.done():
                    bridge.pump()  # the kiosk's frames
                    time.sleep(0.005)
                assert phone.result().status_code == 200, phone.result().text
    finally:
        bridge.close()
    assert ctl.cmds[-4:] == ["dice seat 1 1", "dice-done", "card seat 1 8", "card seat 3 5"]  # 0 dice: no purchase
    assert any("discord card 8" in line for line in ctl.log)
    cmds = list(ctl.cmds)
    journal.close()
    again, journal2 = open_session(data(), tmp_path, games=games(), resume="yes", game="zankapfel")
    try:
        assert again.cmds == cmds  # a power cut loses nothing chosen on a phone
    finally:
        journal2.close()


def test_zankapfel_a_seat_outside_the_discord_or_a_second_choice_is_refused(tmp_path):
    ctl, _j, door, _lines, _i = zankapfel_discord(tmp_path)
    with _client(door) as client:
        assert _choose(client, door.tokens.token(1), {"card": "8"}).status_code == 409
        assert _choose(client, door.tokens.token(0), {"card": "11"}).status_code == 409
        assert _choose(client, door.tokens.token(0), {"card": "4"}).status_code == 200
        again = _choose(client, door.tokens.token(0), {"card": "5"})
        assert again.status_code == 409 and again.json()["line"]
        assert _choose(client, door.tokens.token(SPECTATOR), {"card": "4"}).status_code == 409
    assert ctl.cmds[-1].startswith("joker")


def _other_card(tmp_path, taken):
    """Another card seat 1 may draw at the first draw, one the companion takes as itself (a card
    the table cannot have drawn there may stand in as another: the lid's rule, not the phone's)."""
    ctl, _j, door, _lines, _i = waldgaertner_draw(tmp_path / "probe")
    holder = door.tokens.who(door.tokens.token(0))
    for cid in range(len(ctl.cards.cards)):
        if cid == taken or not door.choose(holder, {"card": cid})["ok"]:
            continue
        if cid in held(ctl.e, 0):
            return cid
        ctl.do("undo")
    raise AssertionError("no other card")


def test_waldgaertner_a_hand_entered_on_a_phone_is_seen_by_that_seat_only(tmp_path):
    first = 200
    other = _other_card(tmp_path, first)
    seen = []
    for name, cid in (("a", first), ("b", other)):
        ctl, _j, door, _lines, _i = waldgaertner_draw(tmp_path / name)
        with _client(door) as client:
            r = _choose(client, door.tokens.token(0), {"card": str(cid)})
            assert r.status_code == 200, r.text
            hand = r.json()["view"]["private"]["facts"][0][1]
            assert f"#{cid} " in hand
            assert client.get(f"/api/view/{door.tokens.token(0)}").json()["view"]["private"]["facts"][0][1] == hand
        assert ctl.cmds[-1] == f"card {cid}"
        seen.append([view_text(door, door.tokens.token(s)) for s in (1, 2, SPECTATOR)])
        assert not any(f"#{cid} " in v for v in seen[-1])
    assert seen[0] == seen[1]


def test_waldgaertner_a_seat_cannot_enter_another_seats_card(tmp_path):
    ctl, _j, door, _lines, _i = waldgaertner_draw(tmp_path)
    with _client(door) as client:
        r = _choose(client, door.tokens.token(1), {"card": "200"})
    assert r.status_code == 409
    assert ctl.stage() == "draw"


def test_a_forged_token_sees_nothing_and_a_token_expires_with_its_game(tmp_path):
    ctl, _j, door, lines, i = zankapfel_discord(tmp_path)
    token = door.tokens.token(0)
    with _client(door) as client:
        for forged in ("A" * 22, token[:-1] + ("A" if token[-1] != "A" else "B"), "..%2F..%2Fetc"):
            r = client.get(f"/api/view/{forged}")
            assert r.status_code in (403, 404)
            assert "public" not in r.text
        assert client.get(f"/api/view/{token}").status_code == 200
        for line in lines[i:]:
            if ctl.mode != "play":
                break
            at_the_lid_again(ctl, line)  # seat 1's page is open, its player plays at the lid
            door.follow()
        assert ctl.mode == "result"
        expired = client.get(f"/api/view/{token}")  # the game is over: the page is told so, nothing more
        assert expired.status_code == 410 and expired.json() == {"ok": False, "error": "over"}


def test_waldgaertner_a_die_chosen_in_secret_changes_no_other_view_until_all_are_entered_together(tmp_path):
    seen = []
    for name, deck in (("a", "deck 1"), ("b", "special")):
        ctl, _j, door, _lines, _i = waldgaertner_dice(tmp_path / name)
        before = list(ctl.cmds)
        with _client(door) as client:
            r = _choose(client, door.tokens.token(0), {"die": deck})
            assert r.status_code == 200, r.text
            assert [deck] in [f[1:] for f in r.json()["view"]["private"]["facts"]]
            assert _choose(client, door.tokens.token(0), {"die": "deck 2"}).status_code == 409  # chosen already
        assert ctl.cmds == before  # held on the phone, nothing at the lid yet
        seen.append([view_text(door, door.tokens.token(s)) for s in (1, 2, SPECTATOR)])
        with _client(door) as client:
            assert _choose(client, door.tokens.token(2), {"die": "deck 3"}).status_code == 200
            assert ctl.cmds == before
            assert _choose(client, door.tokens.token(1), {"die": "deck 2"}).status_code == 200
        assert ctl.cmds == [*before, deck, "deck 2", "deck 3"]  # all at once, in the table's order
    assert seen[0] == seen[1]


def test_zankapfel_dice_bought_at_the_lid_are_not_bought_again_from_a_phone(tmp_path):
    ctl, _j, door, _lines, _i = zankapfel_discord(tmp_path)
    ctl.do("dice seat 1 2")
    door.follow()
    with _client(door) as client:
        form = client.get(f"/api/view/{door.tokens.token(0)}").json()["view"]["private"]["form"]
        assert [f["name"] for f in form["fields"]] == ["card"]
        assert _choose(client, door.tokens.token(0), {"card": "8", "dice": "3"}).status_code == 200
        assert _choose(client, door.tokens.token(2), {"card": "5", "dice": "1"}).status_code == 200
    assert ctl.cmds[-5:] == ["dice seat 1 2", "dice seat 3 1", "dice-done", "card seat 1 8", "card seat 3 5"]
