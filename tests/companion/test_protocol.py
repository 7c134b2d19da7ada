"""The session and the journal across games (each game's module against the shell's protocol:
``tests/test_every_game.py``)."""

from table.games import games
from table.games.applejack.files import load_dataset


def test_the_session_opens_the_module_of_the_unfinished_game(tmp_path):
    from table.companion.session import open_session

    data = load_dataset()
    ctl, journal = open_session(data, tmp_path, games=games(), game="zankapfel")
    ctl.do("setup players=3")
    ctl.do("start")
    ctl.do("c3")
    journal.close()
    ctl, journal = open_session(data, tmp_path, games=games(), game="applejack",
                                resume="yes")  # the journal's game wins
    try:
        assert ctl.game == "zankapfel" and ctl.mode == "play" and ctl.stage() == "turn"
    finally:
        journal.close()


def test_an_old_journal_setup_without_a_game_key_is_applejack():
    from table.companion.session import setup_game

    default = games()[0].key  # the house's first game: the journal is older than the others
    assert default == "applejack"
    assert setup_game({"players": 2, "cottage": False}, default) == "applejack"
    assert setup_game({"game": "zankapfel", "players": 3}, default) == "zankapfel"
