"""A seat's hint on its own phone (``table/web/advice.py``): for its own decision, public or secret,
from what that seat may know, computed off the kiosk's thread, shown on that seat's page only."""

from __future__ import annotations

import json
import threading
import time

from starlette.testclient import TestClient

from table.web.advice import Advice, SeatHintJob
from table.web.app import make_app
from table.web.tokens import SPECTATOR
from tests.web.tables import door_ask, view_text, waldgaertner_dice, zankapfel_discord

ORIGIN = {"origin": "http://testserver"}


def _ask(client, token):
    return client.post(f"/api/hint/{token}", content="{}", headers=ORIGIN)


def _wait(client, token):
    """Polls the seat's hint (as the page does) until it is no longer being computed."""
    for _ in range(6000):
        r = client.get(f"/api/hint/{token}")
        assert r.status_code == 200, r.text
        if r.json()["hint"]["state"] != "computing":
            return r.json()["hint"]
        time.sleep(0.01)
    raise AssertionError("the hint never came")


def _hint(door, seat):
    """The seat's hint through the door alone (ask, then poll)."""
    token = door.tokens.token(seat)
    first = door.handle({"op": "hint", "token": token, "form": {}})
    assert first["ok"], first
    for _ in range(6000):
        answer = door.handle({"op": "hint", "token": token})["hint"]
        if answer["state"] != "computing":
            return answer
        time.sleep(0.01)
    raise AssertionError("the hint never came")


def test_a_discord_fighter_gets_its_secret_hint_on_its_page_and_no_other_page_changes(tmp_path):
    ctl, _j, door, _lines, _i = zankapfel_discord(tmp_path)
    assert ctl.b.fight_seats() == (0, 2)
    others = (1, 2, 3, SPECTATOR)
    before = [view_text(door, door.tokens.token(s)) for s in others]
    version = door.version()
    with TestClient(make_app(door_ask(door))) as client:
        mine = client.get(f"/api/view/{door.tokens.token(0)}").json()["view"]
        assert mine["hint"] is True  # its Hint button shows
        assert client.get(f"/api/view/{door.tokens.token(1)}").json()["view"]["hint"] is False  # not fighting
        assert "hint" not in client.get(f"/api/view/{door.tokens.token(SPECTATOR)}").json()["view"]
        r = _ask(client, door.tokens.token(0))
        assert r.status_code == 200 and r.json()["hint"]["state"] in ("computing", "ready")
        hint = _wait(client, door.tokens.token(0))
        assert hint["state"] == "ready" and hint["line"].startswith("Hint: discord ")
        refused = _ask(client, door.tokens.token(1))  # nothing of seat 2's to decide
        assert refused.status_code == 409 and refused.json()["line"]
        assert _ask(client, door.tokens.token(SPECTATOR)).status_code == 409
        assert client.get("/api/hint/forged-token").status_code == 403
    after = [view_text(door, door.tokens.token(s)) for s in others]
    assert after == before and door.version() == version  # nobody else learns a hint was asked
    assert not any("Hint:" in v or hint["line"] in v for v in after)
    assert ctl.cmds[-1].startswith("joker")  # a hint is never a game step


def test_the_hint_is_the_same_whatever_another_seat_holds_in_secret(tmp_path):
    """Non-interference: two tables that differ only in seat 3's hidden hand card (swapped with an
    unseen card of the same continent in the companion's own mirror) give seat 2 the same hint."""
    from table.games.waldgaertner.hint import HINTS

    hints, roots = [], []
    for name in ("a", "b"):
        ctl, _j, door, _lines, _i = waldgaertner_dice(tmp_path / name)
        t = ctl.e.t
        if name == "b":
            continent = ctl.e.cards[t.hand[2]].continent
            pool = t.pools[continent]
            t.hand[2], pool[0] = pool[0], t.hand[2]
            pool.sort()
        hints.append(_hint(door, 1))
        seen: list = []
        job = door.advice._job(ctl.current, door.desk, 1)  # the very job the door hands its worker
        SeatHintJob(job.seat, job.decisions, job.secret, job.seed, _spy(HINTS, seen), job.state).compute()
        roots.append(seen)
    assert hints[0]["state"] == "ready"
    assert hints[0] == hints[1]
    assert roots[0] and roots[0] == roots[1]  # what the search was handed: the same on both tables


def _spy(glue, seen):
    """``glue`` whose bots note every root they are asked to choose at: each seat's hidden cards."""
    class Spy:
        def __init__(self, bot):
            self.bot = bot
            self.determinize = bot.determinize

        def choose(self, root):
            seen.append((list(root.t.hand), list(root.t.new), sorted((k, list(v)) for k, v in root.t.pools.items())))
            return self.bot.choose(root)

    class Glue:
        secret_stages, public_stages = glue.secret_stages, glue.public_stages
        words = staticmethod(glue.words)

        def bot(self, rng):
            return Spy(glue.bot(rng))

    return Glue()


def test_the_seats_own_hidden_card_is_what_the_hint_is_made_from():
    """The other side of non-interference: the seat's own hand is its own (plain determinizer), so
    the search's root holds it."""
    import tempfile
    from pathlib import Path

    from table.games.waldgaertner.hint import HINTS

    seen = []

    class Spy:
        def __init__(self, bot):
            self.bot = bot
            self.determinize = bot.determinize

        def choose(self, root):
            seen.append(root.t.hand[1])
            return self.bot.choose(root)

    class Glue:
        secret_stages = HINTS.secret_stages
        words = staticmethod(HINTS.words)

        def bot(self, rng):
            return Spy(HINTS.bot(rng))

    with tempfile.TemporaryDirectory() as tmp:
        ctl, _j, _door, _lines, _i = waldgaertner_dice(Path(tmp))
        own = ctl.e.t.hand[1]
        SeatHintJob(1, 1, True, 7, Glue(), ctl.e.clone()).compute()
    assert seen and seen[-1] == own


def test_one_pending_hint_per_seat_and_the_kiosk_thread_never_computes(tmp_path):
    ctl, _j, door, _lines, _i = zankapfel_discord(tmp_path)
    gate = threading.Event()
    threads = []

    class SlowGlue:
        def __init__(self, glue):
            self.glue = glue
            self.secret_stages, self.public_stages = glue.secret_stages, glue.public_stages

        def __getattr__(self, name):
            return getattr(self.glue, name)

        def bot(self, rng):
            threads.append(threading.current_thread().name)
            gate.wait(30)
            return self.glue.bot(rng)

    mod = ctl.current  # the game's module behind the shell
    mod.hint_glue = SlowGlue(type(mod).hint_glue)
    try:
        token = door.tokens.token(0)
        start = time.perf_counter()
        first = door.handle({"op": "hint", "token": token, "form": {}})
        assert first == {"ok": True, "hint": {"state": "computing"}}
        assert time.perf_counter() - start < 1.0  # answered at once: the job waits on the worker
        assert door.handle({"op": "hint", "token": token, "form": {}})["hint"]["state"] == "computing"
        ctl.log.append("the lid moves on")  # (no command: the same position)
        door.handle({"op": "view", "token": token})
        mod.cmds.append("x")  # the table moved on while the hint is computed
        again = door.handle({"op": "hint", "token": token, "form": {}})
        assert again["ok"] is False and "one hint at a time" in again["line"]
        mod.cmds.pop()
        gate.set()
        for _ in range(6000):
            if door.handle({"op": "hint", "token": token})["hint"]["state"] != "computing":
                break
            time.sleep(0.01)
        assert threads and threading.main_thread().name not in threads
    finally:
        gate.set()
        del mod.hint_glue


def test_the_same_position_gives_the_same_hint_fixed_budget_and_seed(tmp_path):
    a = zankapfel_discord(tmp_path / "a")
    b = zankapfel_discord(tmp_path / "b")
    assert _hint(a[2], 2) == _hint(b[2], 2)


def test_no_hint_without_a_decision_and_the_page_words(tmp_path):
    ctl, _j, door, _lines, _i = zankapfel_discord(tmp_path)
    advice = Advice()
    assert advice.why_not(ctl.current, door.desk, 1)
    assert not advice.why_not(ctl.current, door.desk, 0)
    with TestClient(make_app(door_ask(door))) as client:
        words = client.get("/api/words/de").json()
        assert words["hint"] and words["hint"] != "Hint"
        page = client.get(f"/t/{door.tokens.token(0)}").text
        assert 'id="hint"' in page
    assert json.dumps(door.handle({"op": "hint", "token": door.tokens.token(1)}))  # a poll: no refusal


def test_a_secret_choice_the_phone_does_not_take_gets_its_own_line(tmp_path):
    """Zankapfel's bid is the seat's, but the table never knows its hand: no hint from a guess."""
    from table.games import load_game
    from table.web.door import Door
    from tests.web.tables import play_until, shell

    ctl, _journal = shell(tmp_path, "zankapfel")
    door = Door(ctl)
    play_until(ctl, door, load_game("zankapfel").part("table_script")(4, 3)[0], lambda c: c.stage() == "bid")
    seat = ctl.current.b.seat()
    answer = door.handle({"op": "hint", "token": door.tokens.token(seat), "form": {}})
    assert answer["ok"] is False and "not made on your phone" in answer["line"]
    other = door.handle({"op": "hint", "token": door.tokens.token((seat + 1) % 4), "form": {}})
    assert "nothing is yours" in other["line"]
