"""Every game's companion module meets the shell's protocol (table.companion.protocol)."""

from table.companion.controller import Controller
from table.companion.protocol import GameCompanion, LedView
from table.datafiles import load_dataset
from table.games import game_info


def test_applejack_controller_meets_the_shell_protocol():
    ctl = Controller(load_dataset())
    assert isinstance(ctl, GameCompanion)
    assert isinstance(ctl.leds(), LedView)
    assert game_info(ctl.game).has("companion")
