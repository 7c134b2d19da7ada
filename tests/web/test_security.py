"""The web server's safety rules: bounded bodies, same origin, guess limit, no file outside its
static folder, strict headers, one chosen address."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from table.web import serve
from table.web.app import make_app, static_files
from table.web.guard import MAX_BODY, Guesses
from tests.web.tables import door_ask, zankapfel_discord

ORIGIN = {"origin": "http://testserver"}


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path_factory.mktemp("sec"))
    yield ctl, door
    journal.close()


@pytest.fixture(autouse=True)
def _another_phone(table):
    """Each test's client is another browser (device key): no seat is held by an earlier test's."""
    table[1].phones.forget()


def test_a_body_over_the_bound_is_refused_before_the_kiosk_is_asked(table):
    _ctl, door = table
    asked = []

    async def ask(request):
        asked.append(request)
        return {"ok": False, "error": "token"}

    with TestClient(make_app(ask)) as client:
        token = door.tokens.token(0)
        big = json.dumps({"card": "8", "pad": "x" * MAX_BODY})
        r = client.post(f"/api/choose/{token}", content=big, headers=ORIGIN)
        assert r.status_code == 413
        streamed = client.post(f"/api/choose/{token}", content=iter([b"{", b" " * MAX_BODY, b"}"]), headers=ORIGIN)
        assert streamed.status_code == 413
    assert asked == []


@pytest.mark.parametrize("origin", [None, "http://evil.example", "http://testserver.evil", "null",
                                    "https://testserver"])
def test_a_state_changing_request_from_another_origin_is_refused(table, origin):
    _ctl, door = table
    headers = {} if origin is None else {"origin": origin}
    with TestClient(make_app(door_ask(door))) as client:
        r = client.post(f"/api/choose/{door.tokens.token(1)}", content=b'{"card": "8"}', headers=headers)
    assert r.status_code == 403
    assert r.json()["error"] == "origin"


def test_the_same_origin_reaches_the_kiosk(table):
    _ctl, door = table
    with TestClient(make_app(door_ask(door))) as client:
        r = client.post(f"/api/choose/{door.tokens.token(1)}", content=b'{"card": "8"}', headers=ORIGIN)
    assert r.status_code == 409  # seat 2 is not in the discord: the door's refusal, not the guard's


def test_token_guesses_are_limited_per_address_and_forgiven_after_the_window(table):
    _ctl, door = table
    clock = Clock()
    guesses = Guesses(limit=10, window_s=60, clock=clock)
    good = door.tokens.token(0)
    with TestClient(make_app(door_ask(door), guesses=guesses)) as client:
        for n in range(10):
            assert client.get(f"/api/view/guess{n:018d}").status_code == 403
        assert client.get(f"/api/view/{good}").status_code == 429  # even the right one, from this address
        assert client.post(f"/api/choose/{good}", content=b"{}", headers=ORIGIN).status_code == 429
        assert client.get(f"/api/events/{good}").status_code == 429
        clock.t += 61
        assert client.get(f"/api/view/{good}").status_code == 200
    other = Guesses(limit=10, window_s=60, clock=clock)
    for _n in range(10):
        other.wrong("10.42.0.7")
    assert other.blocked("10.42.0.7") and not other.blocked("10.42.0.8")


@pytest.mark.parametrize("path", [
    "/static/../app.py", "/static/..%2Fapp.py", "/static/%2e%2e%2fdoor.py", "/static/..%2F..%2Fpyproject.toml",
    "/static/seat.js%00.html", "/static/", "/static/.", "/static/__init__.py", "/t/../app.py",
    "/static/%2Fetc%2Fpasswd", "/../../etc/passwd",
])
def test_no_file_outside_the_static_folder_is_served(table, path):
    _ctl, door = table
    with TestClient(make_app(door_ask(door))) as client:
        r = client.get(path)
    assert "import" not in r.text and "root:" not in r.text and "[project]" not in r.text
    assert r.status_code in (404, 200)
    if r.status_code == 200:  # /t/<anything> is the seat page itself, never a file named in the path
        assert r.text == static_files()["seat.html"][0].decode()


def test_the_pages_files_are_served_with_strict_headers(table):
    _ctl, door = table
    with TestClient(make_app(door_ask(door))) as client:
        for path in ("/", "/t/whatever", "/static/seat.js", "/static/seat.css"):
            r = client.get(path)
            assert r.status_code == 200
            assert "default-src 'self'" in r.headers["content-security-policy"]
            assert r.headers["referrer-policy"] == "no-referrer"
            assert r.headers["x-content-type-options"] == "nosniff"
    assert set(static_files()) == {"index.html", "seat.html", "seat.css", "seat.js", "settings.html", "settings.js",
                                 "settings.css"}


def test_the_pages_words_come_in_the_tables_languages(table):
    _ctl, door = table
    with TestClient(make_app(door_ask(door))) as client:
        en = client.get("/api/words/en").json()
        de = client.get("/api/words/de").json()
        assert client.get("/api/words/xx").status_code == 404
    assert en.keys() == de.keys()
    assert en["yours"] == "Only for you" and de["yours"] != en["yours"]


def test_the_server_binds_one_chosen_address_never_every_address_by_default():
    assert serve.bind_address(None, None) == "127.0.0.1"
    assert serve.bind_address(None, "lo") == "127.0.0.1"
    for wildcard in ("0.0.0.0", "::"):
        with pytest.raises(serve.AddressRefused):
            serve.bind_address(wildcard, None)
        assert serve.bind_address(wildcard, None, any_address=True) == wildcard
    with pytest.raises(serve.AddressRefused):
        serve.bind_address(None, "no-such-if0")
    with pytest.raises(serve.AddressRefused):
        serve.bind_address("example.com", None)
    assert serve.main(["--host", "0.0.0.0", "--socket", "/nonexistent"]) == 2


def test_a_request_for_another_host_name_is_refused(table):
    _ctl, door = table
    hosts = serve.own_hosts("10.42.0.1", 8080)
    with TestClient(make_app(door_ask(door), hosts=hosts), base_url="http://10.42.0.1:8080") as client:
        assert client.get(f"/api/view/{door.tokens.token(0)}").status_code == 200
        rebound = client.get(f"/api/view/{door.tokens.token(0)}", headers={"host": "evil.example:8080"})
        assert rebound.status_code == 400 and "public" not in rebound.text
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_the_server_runs_without_an_access_log_tokens_are_in_the_addresses(monkeypatch, tmp_path):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.update(vars(self.config)))
    assert serve.main(["--socket", str(tmp_path / "s.sock"), "--port", "8099"]) == 0
    assert seen["access_log"] is False and seen["host"] == "127.0.0.1" and seen["port"] == 8099
    assert seen["proxy_headers"] is False  # a phone cannot name another address for the guess limit
