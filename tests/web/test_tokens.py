"""The phones' tokens: random, one per seat and one for spectators, bound to one game."""

from __future__ import annotations

import hmac

import pytest

from table.web import tokens as T


def test_each_seat_and_the_spectators_get_a_distinct_unguessable_token():
    t = T.Tokens()
    t.new_game(4)
    all_tokens = [t.token(s) for s in (0, 1, 2, 3, T.SPECTATOR)]
    assert len(set(all_tokens)) == 5
    assert all(len(x) >= 22 for x in all_tokens)  # 128 bits, urlsafe base64
    assert [t.who(t.token(s)).seat for s in (0, 1, 2, 3)] == [0, 1, 2, 3]
    assert t.who(t.token(T.SPECTATOR)).spectator


def test_a_new_game_or_its_end_makes_every_earlier_token_invalid():
    t = T.Tokens()
    t.new_game(3)
    old = t.token(0)
    holder = t.who(old)
    t.new_game(3)
    assert t.who(old) is None
    assert t.who(t.token(0)).game == holder.game + 1
    t.expire()
    assert not t.active
    with pytest.raises(KeyError):
        t.token(0)


@pytest.mark.parametrize("forged", ["", "x", "A" * 22, "A" * 65, None, 17, ["a"], "é" * 22])
def test_forged_or_malformed_tokens_open_nothing(forged):
    t = T.Tokens()
    t.new_game(3)
    assert t.who(forged) is None


def test_tokens_are_compared_in_constant_time_against_every_token(monkeypatch):
    t = T.Tokens()
    t.new_game(5)
    calls = []
    real = hmac.compare_digest

    def counting(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(T.hmac, "compare_digest", counting)
    assert t.who(t.token(0)).seat == 0   # found first: the others are compared all the same
    assert len(calls) == 6
    calls.clear()
    assert t.who("nope") is None
    assert len(calls) == 6
