"""Issue 33, item 4: Waldgärtner's die face "6" is the special action (the rules: "If you want to
perform a special action instead, choose 6") wherever it is unambiguous — fewer than six supply
decks out, one a player — typed, on the lid's button 6, and said so in what is asked."""

import pytest

from table.companion.text import handle_line
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.script import table_script


def _at_a_special_choice(players: int) -> WaldgaertnerCompanion:
    """The companion at a die to enter where the seat may choose the special action."""
    ctl = WaldgaertnerCompanion()
    for line in table_script(players, 8)[0]:
        ctl.do(line)
        while ctl.mode == "play" and ctl.announcements.head is not None:
            ctl.do("ack")
        if ctl.mode == "play" and ctl.stage() == "die" and A.SPECIAL in ctl.state.legal_actions():
            return ctl
    raise AssertionError("no special action could be chosen in the scripted game")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_six_typed_is_the_special_action_with_fewer_than_six_decks(players):
    ctl = _at_a_special_choice(players)
    assert "6 or 7 special" in ctl.ask()
    assert handle_line(ctl, "6") is None
    assert ctl.cmds[-1] == "special"


def test_button_six_on_the_lid_is_the_special_action_too():
    ctl = _at_a_special_choice(3)
    assert ctl.press("trough6")
    assert ctl.cmds[-1] == "special"


def test_with_six_decks_a_six_is_deck_six():
    ctl = _at_a_special_choice(6)
    assert "7 special" in ctl.ask()
    ctl.do("6")
    assert ctl.cmds[-1] == "deck 6"
