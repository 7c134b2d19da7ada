"""Issue 33 (7): the result's short link. The lid's QR page on a screen too small for BG Stats' own
link draws ``<the lid's phone address>/r/<token>``; the web server asks the kiosk (op ``result``)
and answers a 303 to the play's exact import link, with nothing of the play in a page and no
caching; a wrong or expired token is the same refusal as a wrong seat token (403, a counted guess)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from table.history.statsexport import LINK
from table.web.app import make_app
from table.web.door import Door
from table.web.guard import GUESSES, Guesses
from table.web.resultlinks import KEPT_S, MOST, ResultLinks, ShortQR
from tests.companion.test_result_sheet import finished
from tests.web.tables import door_ask

ADDRESS = "http://10.42.0.1:8080"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A finished two-seat-or-more game on the result screen, the kiosk's door beside it."""
    shell, journal = finished(tmp_path_factory.mktemp("r"), "zankapfel")
    yield shell, Door(shell)
    journal.close()


def short_of(door: Door, shell, clock: Clock) -> tuple[str, str]:
    """(the play's BG Stats link, the short link the lid's page draws for it)."""
    door.results = ResultLinks(clock=clock)
    link = shell.result_qr().link
    short = ShortQR(door.results, ADDRESS)(link).link
    return link, short


def test_a_live_token_is_a_303_to_the_plays_exact_bg_stats_link_and_nothing_is_cached(table):
    shell, door = table
    link, short = short_of(door, shell, Clock())
    assert link.startswith(LINK) and len(link) > 420  # the link the 3.5" screen cannot draw at 4 px
    path = short.removeprefix(ADDRESS)
    token = path.removeprefix("/r/")
    assert path.startswith("/r/") and 8 <= len(token) <= 12 and len(short) < 60
    with TestClient(make_app(door_ask(door)), follow_redirects=False) as client:
        answer = client.get(path)
        again = client.get(path)  # the page shown twice: the same play
    assert answer.status_code == again.status_code == 303
    assert answer.headers["location"] == link
    assert answer.headers.get_list("cache-control") == ["no-store"]
    assert "ana" not in answer.text and "players" not in answer.text  # no page with the names


def test_the_same_link_keeps_its_token_and_each_play_has_its_own():
    links = ResultLinks(clock=Clock())
    a, b = LINK + "%7B%22a%22%7D", LINK + "%7B%22b%22%7D"
    assert links.token(a) == links.token(a) != links.token(b)
    assert links.link(links.token(a)) == a and links.link(links.token(b)) == b
    with pytest.raises(ValueError):
        links.token("https://example.com/phish")  # only BG Stats' import link has a short link


@pytest.mark.parametrize("forged", ["", "x", "AAAAAAAAAA", "A" * 80, "é" * 10])
def test_a_wrong_token_is_refused_as_a_wrong_seat_token_and_counts_as_a_guess(table, forged):
    shell, door = table
    short_of(door, shell, Clock())
    guesses = Guesses()
    with TestClient(make_app(door_ask(door), guesses=guesses), follow_redirects=False) as client:
        answer = client.get("/r/" + forged) if forged else client.get("/r/%20")
        api = client.get("/api/view/AAAAAAAAAAAAAAAAAAAAAA")  # a wrong seat token
    assert answer.status_code == api.status_code == 403
    assert answer.json() == api.json() == {"ok": False, "error": "token"}
    assert "location" not in answer.headers
    assert len(guesses._recent("testclient")) == 2


def test_an_expired_token_is_refused_and_showing_the_page_keeps_it(table):
    shell, door = table
    clock = Clock()
    link, short = short_of(door, shell, clock)
    path = short.removeprefix(ADDRESS)
    with TestClient(make_app(door_ask(door)), follow_redirects=False) as client:
        clock.now += KEPT_S - 1
        ShortQR(door.results, ADDRESS)(link)  # the lid still shows the page: a frame keeps it
        clock.now += KEPT_S - 1
        assert client.get(path).status_code == 303  # 10 minutes after the page was last drawn
        clock.now += 2
        gone = client.get(path)
    assert gone.status_code == 403 and gone.json() == {"ok": False, "error": "token"}


def test_past_its_guesses_an_address_is_slowed_down_before_the_kiosk_is_asked(table):
    shell, door = table
    _link, short = short_of(door, shell, Clock())
    asked = []

    async def ask(request):
        asked.append(request["op"])
        return door.handle(request)

    with TestClient(make_app(ask), follow_redirects=False) as client:
        for _ in range(GUESSES):
            assert client.get("/r/AAAAAAAAAA").status_code == 403
        slowed = client.get(short.removeprefix(ADDRESS))  # even the right token: the address waits
    assert slowed.status_code == 429 and int(slowed.headers["retry-after"]) > 0
    assert asked == ["result"] * GUESSES


def test_only_the_last_few_links_are_kept_in_memory():
    links = ResultLinks(clock=Clock())
    tokens = [links.token(LINK + str(i)) for i in range(MOST + 1)]
    assert links.link(tokens[0]) is None and links.link(tokens[-1]) == LINK + str(MOST)


def test_a_kiosk_answer_that_is_not_a_bg_stats_link_is_never_a_redirect():
    async def ask(request):
        return {"ok": True, "link": "https://example.com/"}

    with TestClient(make_app(ask), follow_redirects=False) as client:
        answer = client.get("/r/AAAAAAAAAA")
    assert answer.status_code == 400 and "location" not in answer.headers


def test_play_web_gives_the_lid_the_short_link_and_the_kiosks_socket_answers_it(tmp_path):
    """The whole way: ``open_web`` hands the shell its short link (at the lid's phone address); the
    web server asks the kiosk over its socket, pumped once a frame, and redirects to the play."""
    import asyncio
    import threading

    from table.web.bridge import socket_path
    from table.web.client import KioskSocket
    from table.web.kiosk import open_web

    class Hardware:
        def follow(self, ctl) -> None:
            pass

    ctl, journal = finished(tmp_path, "draftcider")
    hw = Hardware()
    close = open_web(ctl, tmp_path, hw)
    try:
        link = ctl.result_qr().link
        short = ctl.result_link(link)
        assert short.link.startswith(ADDRESS + "/r/")
        ask = KioskSocket(socket_path(tmp_path))
        out: dict = {}

        def phone() -> None:
            async def go():
                return await ask({"op": "result", "token": short.link.removeprefix(ADDRESS + "/r/")})
            out["answer"] = asyncio.run(go())

        t = threading.Thread(target=phone)
        t.start()
        while t.is_alive():
            hw.follow(ctl)  # the kiosk's frames
            t.join(0.01)
        assert out["answer"] == {"ok": True, "link": link}
    finally:
        close()
        journal.close()
