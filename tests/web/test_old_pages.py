"""Issue 34 (6): old pages of a finished game are told the game is over and are not guesses; a
429 says when to retry (``Retry-After``)."""

from __future__ import annotations

from starlette.testclient import TestClient

from table.web.app import make_app
from table.web.guard import GUESS_WINDOW_S, GUESSES, Guesses
from table.web.tokens import SPECTATOR, Tokens
from tests.web.tables import at_the_lid_again, door_ask, zankapfel_discord


def test_reloading_a_finished_games_page_is_no_guess_and_says_the_game_is_over(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    old = door.tokens.token(1)
    with TestClient(make_app(door_ask(door))) as client:
        assert client.get(f"/api/view/{old}").status_code == 200
        for line in lines[i:]:
            if ctl.mode != "play":
                break
            at_the_lid_again(ctl, line)
            door.follow()
        assert ctl.mode == "result" and door.tokens.active  # the next game's codes
        for _reload in range(3 * GUESSES):  # an old page reloaded, again and again
            r = client.get(f"/api/view/{old}")
            assert r.status_code == 410 and r.json()["error"] == "over"
            assert client.get(f"/api/events/{old}").status_code == 410
        new = door.tokens.token(1)
        assert client.get(f"/api/view/{new}").status_code == 200  # the same phone: never locked out
        assert client.get(f"/api/coach/{old}").status_code != 429
    journal.close()


def test_a_forged_token_is_still_a_guess_and_the_429_says_when_to_retry():
    now = [1000.0]
    guesses = Guesses(clock=lambda: now[0])

    async def ask(request):
        return {"ok": False, "error": "token"}

    with TestClient(make_app(ask, guesses=guesses)) as client:
        for k in range(GUESSES):
            assert client.get(f"/api/view/forged{k:02d}aaaaaaaaaaaaaaaa").status_code == 403
            now[0] += 1.0
        r = client.get("/api/view/forged99aaaaaaaaaaaaaaaa")
        assert r.status_code == 429
        wait = int(r.headers["retry-after"])
        assert wait == int(GUESS_WINDOW_S) - GUESSES + 1 and r.json()["retry_after"] == wait
        now[0] += wait
        assert client.get("/api/view/forged99aaaaaaaaaaaaaaaa").status_code == 403  # the window moved on


def test_old_tokens_are_remembered_for_a_few_games_only_and_never_open_anything():
    tokens = Tokens()
    tokens.new_game(2)
    first = tokens.token(0)
    tokens.expire()
    assert tokens.who(first) is None and tokens.was(first)
    for _game in range(20):
        tokens.new_game(3)
    assert not tokens.was(first)  # forgotten: a guess again
    assert not tokens.was(tokens.token(SPECTATOR)) and not tokens.was("x" * 100) and not tokens.was(None)
