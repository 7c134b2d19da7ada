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


def _settings_table(tmp_path):
    from table.web.door import Door
    from table.web.owner import OwnerDesk
    from tests.web.tables import shell

    ctl, journal = shell(tmp_path, "zankapfel")
    door = Door(ctl)
    door.owner = OwnerDesk(owner_token(tmp_path))
    return ctl, journal, door


def test_the_owner_changes_the_language_through_the_kiosks_own_code_and_it_is_kept(tmp_path):
    import json

    from starlette.testclient import TestClient

    from table import i18n
    from table.companion.language import load_language
    from table.web.app import make_app
    from tests.web.tables import door_ask

    ctl, journal, door = _settings_table(tmp_path)
    token = owner_token(tmp_path)
    try:
        with TestClient(make_app(door_ask(door))) as client:
            assert client.get(f"/o/{token}").status_code == 200
            view = client.get(f"/api/owner/{token}").json()["view"]
            assert view["language"] == "en" and ["de", "Deutsch"] in view["languages"]
            r = client.post(f"/api/owner/{token}", content=json.dumps({"language": "de"}),
                            headers={"origin": "http://testserver"})
            assert r.status_code == 200 and r.json()["view"]["labels"]["language"] == "Sprache"
            assert i18n.current_language() == "de" and load_language(tmp_path) == "de"  # kept for the next start
            assert ctl.log[-1].startswith("Sprache")  # said on the lid, as its own language change
            bad = client.post(f"/api/owner/{token}", content=json.dumps({"language": "xx"}),
                              headers={"origin": "http://testserver"})
            assert bad.status_code == 409 and bad.json()["line"]
            foreign = client.post(f"/api/owner/{token}", content=json.dumps({"language": "fr"}),
                                  headers={"origin": "http://evil.example"})
            assert foreign.status_code == 403 and i18n.current_language() == "de"
    finally:
        i18n.set_language("en")
        journal.close()


def test_a_seats_or_a_wrong_token_opens_no_settings_and_counts_as_a_guess(tmp_path):
    import json

    from starlette.testclient import TestClient

    from table import i18n
    from table.web.app import make_app
    from table.web.guard import Guesses
    from tests.web.tables import door_ask

    ctl, journal, door = _settings_table(tmp_path)
    ctl.do("start")
    door.follow()
    guesses = Guesses()
    try:
        with TestClient(make_app(door_ask(door), guesses=guesses)) as client:
            for wrong in (door.tokens.token(0), "A" * 22):
                assert client.get(f"/api/owner/{wrong}").status_code == 403
                r = client.post(f"/api/owner/{wrong}", content=json.dumps({"language": "de"}),
                                headers={"origin": "http://testserver"})
                assert r.status_code == 403
            assert i18n.current_language() == "en"
            owner = owner_token(tmp_path)
            assert client.get(f"/api/view/{owner}").status_code == 403  # not a seat's either
    finally:
        i18n.set_language("en")
        journal.close()
