"""Every game's companion module meets the shell's protocol (table.companion.protocol)."""

from table.companion.protocol import GameCompanion, LedView
from table.games import games, load_game
from table.games.applejack.companion.api import Controller
from table.games.applejack.files import load_dataset


def test_applejack_controller_meets_the_shell_protocol():
    ctl = Controller(load_dataset())
    assert isinstance(ctl, GameCompanion)
    assert isinstance(ctl.leds(), LedView)
    assert load_game(ctl.game).has("companion")


def test_zankapfel_companion_meets_the_shell_protocol():
    from table.games.zankapfel.companion import ZankapfelCompanion

    ctl = ZankapfelCompanion()
    assert isinstance(ctl, GameCompanion)
    assert isinstance(ctl.leds(), LedView)
    assert load_game(ctl.game).has("companion")
    ctl.do("start")
    assert isinstance(ctl.leds(), LedView) and ctl.leds().troughs == (1,)  # seat 1 places the mayor


def test_draftcider_companion_meets_the_shell_protocol():
    from table.games.draftcider.companion import DraftCiderCompanion

    ctl = DraftCiderCompanion()
    assert isinstance(ctl, GameCompanion) and isinstance(ctl.leds(), LedView) and load_game(ctl.game).has("companion")
    ctl.do("start")
    assert ctl.leds().troughs == (1, 2, 3)  # the colour keys of the first pick


def test_waldgaertner_companion_meets_the_shell_protocol():
    from table.games.waldgaertner.companion import WaldgaertnerCompanion

    ctl = WaldgaertnerCompanion()
    assert isinstance(ctl, GameCompanion) and isinstance(ctl.leds(), LedView) and load_game(ctl.game).has("companion")
    ctl.do("start")
    assert ctl.leds().kind == "open" and ctl.leds().troughs == (1, 2)  # seat 1's first draw: deck 1 or 2


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
