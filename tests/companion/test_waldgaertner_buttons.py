"""Waldgärtner's buttons as data (table/games/waldgaertner/buttons.py): the table of (mode or stage,
button) → handler that ``press`` looks up, checked against what each button means at the table."""

import pytest

from table.companion.protocol import CommandError
from table.games.waldgaertner.buttons import KEYPAD_STAGES, SCREENS, STAGES, command_for, split_button
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.hidden import hidden_held
from table.games.waldgaertner.script import table_script
from table.games.waldgaertner.setup import WSetup


@pytest.fixture(scope="module")
def cards():
    return WaldgaertnerCompanion().cards


@pytest.mark.parametrize(("button", "split"), [
    ("trough3", ("trough", "3")), ("trough10", ("trough", "10")), ("players:4", ("players", "4")),
    ("key:5", ("digit", "5")), ("5", ("digit", "5")), ("cmd:sell 17", ("cmd", "sell 17")),
    ("confirm", ("confirm", "")), ("key:confirm", ("key:confirm", "")),
    ("trough", ("", "")), ("players:", ("players:", "")), ("cmd", ("", "")), ("trough²", ("trough²", "")),
])
def test_a_button_name_is_read_as_button_and_argument(button, split):
    assert split_button(button) == split


def test_every_handler_is_keyed_by_a_mode_or_a_stage_the_companion_has():
    modes = {"setup", "resume", "play", "pad", "result"}
    stages = {"start", "die", "play", "buyer", "bonus", "special", "over", *KEYPAD_STAGES}
    assert {mode for mode, _b in SCREENS} <= modes
    assert {stage for stage, _b in STAGES} <= stages


def test_the_setup_screen_buttons(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    assert command_for(ctl, "trough5") == "" and ctl.setup.players == 5
    assert command_for(ctl, "players:6") == "" and ctl.setup.players == 6
    assert command_for(ctl, "trough1") == "" and ctl.setup.choice == "NA"
    assert command_for(ctl, "choice") == "" and ctl.setup.choice == "EU"
    assert command_for(ctl, "directsale") == "" and ctl.setup.direct_sale
    assert command_for(ctl, "trough8") is None and command_for(ctl, "players:") is None
    assert command_for(ctl, "cmd:start") is None
    assert command_for(ctl, "blind") == "" and ctl.setup.pad  # BLIND: the end-only score pad, and back
    assert command_for(ctl, "padmode") == "" and not ctl.setup.pad
    assert command_for(ctl, "confirm") == "start"


def test_the_keypad_types_a_card_id_and_undo_clears_it_first(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(2).text())
    ctl.do("start")
    ctl.do("deck 1")
    assert ctl.stage() in KEYPAD_STAGES
    assert command_for(ctl, "confirm") == "drawn"  # nothing typed: the card drawn stays hidden
    for key in ("1", "key:2", "3", "4"):
        assert command_for(ctl, key) == ""
    assert ctl.typed == "123"  # card ids have three digits at most
    assert command_for(ctl, "backspace") == "" and ctl.typed == "12"
    assert command_for(ctl, "undo") == "" and ctl.typed == ""
    assert command_for(ctl, "undo") == "undo"
    assert command_for(ctl, "trough3") is None and command_for(ctl, "blind") is None
    ctl.do("drawn")
    ctl.do("deck 2")
    ctl.do("drawn")
    assert ctl.stage() == "reveal" and command_for(ctl, "confirm") is None  # a card turned must be named
    assert command_for(ctl, "7") == "" and command_for(ctl, "confirm") == "7" and ctl.typed == ""
    for _step in range(4):
        ctl.do("undo")
    assert command_for(ctl, "cmd:card 7") == "card 7"


def test_the_stages_buttons_in_a_whole_game(cards):
    script, _final = table_script(3, 2, cards=cards, direct_sale=True)
    ctl = WaldgaertnerCompanion(cards=cards)
    seen = set()
    for line in script:
        ctl.do(line)
        if ctl.mode != "play":
            continue
        st = ctl.stage()
        seen.add(st)
        if st == "die":
            assert command_for(ctl, "trough7") == "special" and command_for(ctl, "trough2") == "deck 2"
        elif st in ("start", "bonus"):
            assert command_for(ctl, "trough2") == ("deck 2" if st == "start" else "bonus 2")
        elif st == "special":
            assert (command_for(ctl, "trough3"), command_for(ctl, "trough7")) == ("search 3", "alternative offer")
            assert (command_for(ctl, "confirm"), command_for(ctl, "blind")) == ("alternative offer", "forgo")
        elif st == "buyer":
            assert (command_for(ctl, "confirm"), command_for(ctl, "blind")) == ("buy", "decline")
        elif st == "play":
            e = ctl.state
            s = ctl.seat()
            new = e.pending(s) if e.pending(s) >= 0 else e.hand(s)
            if new in hidden_held(e, s):  # a card drawn hidden is named first (the guided choice)
                with pytest.raises(CommandError, match="name the card played first: Which size class"):
                    command_for(ctl, "confirm")
                continue
            assert (command_for(ctl, "confirm"), command_for(ctl, "blind")) == (f"plant {new}", f"sell {new}")
            # the troughs name a hidden card of the hand (the guided choice), else mean nothing
            assert command_for(ctl, "trough2") == ("" if hidden_held(e, s) else None)
            ctl.guide = ()
    assert {"start", "die", "play"} <= seen
    assert ctl.mode == "result" and command_for(ctl, "confirm") == "new" and command_for(ctl, "undo") is None
