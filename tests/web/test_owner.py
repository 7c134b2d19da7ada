"""The owner's token (``table/web/owner.py``): one per box, 0600, kept across restarts, never a seat's."""

from __future__ import annotations

import os
import stat

import pytest

from table.web.owner import FILE_NAME, OwnerTokenError, is_owner, owner_token
from table.web.tokens import Tokens


def test_the_owner_token_is_made_once_private_and_kept_across_restarts(tmp_path):
    token = owner_token(tmp_path)
    assert len(token) >= 22 and stat.S_IMODE(os.stat(tmp_path / FILE_NAME).st_mode) == 0o600
    assert owner_token(tmp_path) == token  # the next start reads it again
    assert owner_token(tmp_path / ".." / tmp_path.name) == token
    other = tmp_path / "other"
    other.mkdir()
    assert owner_token(other) != token


def test_only_the_owner_token_opens_it_and_a_seat_token_never_does(tmp_path):
    token = owner_token(tmp_path)
    seats = Tokens()
    seats.new_game(4)
    assert is_owner(token, token)
    for wrong in (token[:-1], token + "A", "", None, 7, "A" * 10_000, *(seats.token(s) for s in seats.seats())):
        assert not is_owner(wrong, token)
    assert seats.who(token) is None


def test_a_damaged_or_foreign_owner_file_is_one_clear_error_and_is_not_replaced(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text("not a token!\n")
    with pytest.raises(OwnerTokenError, match="remove it"):
        owner_token(tmp_path)
    assert path.read_text() == "not a token!\n"
    path.unlink()
    (tmp_path / "elsewhere").write_text("A" * 22)
    path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OwnerTokenError, match="not the owner's token file"):
        owner_token(tmp_path)
