import pytest

from table.games.applejack.companion.api import Buttons, Controller, LedState, Setup, announcements_for
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.scoring import final_score, winners
from table.games.applejack.session import auto_script

DATA = load_dataset()


def take_any(ctl: Controller) -> None:
    while ctl.queued:
        assert ctl.press("confirm")
    takes = [a for a in ctl.t.legal_actions() if a.kind == "take"]
    assert ctl.press(f"trough{takes[0].a}") if takes else ctl.press("blind")


def started(setup: Setup) -> Controller:
    ctl = Controller(DATA)
    ctl.setup = setup
    ctl.do("start")
    return ctl


def test_setup_buttons_choose_players_and_variants():
    ctl = Controller(DATA)
    assert ctl.leds() == LedState("chase")
    for b in ("trough3", "trough5", "trough7"):
        assert ctl.press(b)
    assert ctl.setup.players == 3 and ctl.setup.cottage and ctl.setup.sensor
    ctl.press("trough6")
    assert ctl.setup.apple_tiles is not None and sorted(ctl.setup.apple_tiles) == list(range(7))
    ctl.press("confirm")
    assert ctl.mode == "play" and ctl.t.config.players == 3


def test_trough_button_takes_and_leds_show_open_troughs():
    ctl = started(Setup(2))
    assert ctl.leds() == LedState("open", (1, 2))
    assert not ctl.press("trough5")  # not open: refused with a hint
    assert "not allowed" in ctl.refusal
    assert ctl.press("trough2")
    # leaving space 1 crosses a brown apple: harvest announced, LEDs dark until confirmed
    assert [a.kind for a in ctl.queued] == ["harvest"]
    assert ctl.queued[0].variety == 0 and ctl.queued[0].pips == 1
    assert ctl.leds() == LedState("off")
    assert not ctl.press("trough2")
    assert ctl.press("confirm")
    assert ctl.leds() == LedState("open", (2, 3))


def test_two_harvests_are_announced_one_after_the_other():
    ctl = started(Setup(2))
    for _ in range(4):  # the die leaves space 4 over the light green and then the red apple
        take_any(ctl)
    kinds = [(a.kind, a.variety) for a in ctl.queued]
    assert kinds == [("harvest", 2), ("harvest", 3)]
    ctl.press("confirm")
    assert ctl.queued[0].variety == 3
    assert "Red" in ctl.log[-1]


def test_refill_blinks_in_order_and_waits_for_confirm():
    ctl = started(Setup(2))
    while not any(a.kind == "refill" for a in ctl.queued):
        take_any(ctl)
    while ctl.queued[0].kind != "refill":
        ctl.press("confirm")
    refill = ctl.queued[0]
    assert ctl.leds() == LedState("refill", refill.troughs)
    assert refill.troughs[0] == ctl.t.open_troughs()[1]
    ctl.press("confirm")
    assert ctl.leds().kind == "open"


def test_cottage_then_restock_from_a_trough_or_the_supply():
    ctl = started(Setup(2, cottage=True))
    assert ctl.press("cottage")
    assert ctl.t.state.phase == "stock"
    assert ctl.leds() == LedState("open", (1, 2))
    supply = ctl.t.state.supply
    assert ctl.press("blind")  # the blind button restocks from the supply
    assert ctl.t.state.supply == supply - 1
    assert ctl.t.state.phase == "take"


def test_confirm_button_takes_the_cottage_tile_when_that_is_all_it_can_mean():
    ctl = started(Setup(3, cottage=True))
    assert ctl.press("confirm")
    assert ctl.t.history[-1].kind == "cottage"


def test_undo_back_to_the_start():
    ctl = started(Setup(2))
    for _ in range(5):
        take_any(ctl)
    while ctl.t.history:
        assert ctl.press("undo")
    assert ctl.t.state.turn == 0 and ctl.t.state.die.space == 1
    assert not ctl.press("undo")
    assert "start of the game" in ctl.refusal


def test_correction_screen_fixes_die_and_trough():
    ctl = started(Setup(2))
    ctl.press("correct")
    assert ctl.mode == "correct"
    ctl.press("up")  # die space 1 -> 2
    ctl.press("trough3")  # select trough 3 (lit)
    assert ctl.leds() == LedState("open", (3,))
    ctl.press("down")
    ctl.press("down")
    ctl.press("confirm")
    assert ctl.mode == "play"
    assert [str(a) for a in ctl.t.history] == ["fix-die 2 1", "fix-trough 3 0"]
    assert ctl.t.state.die.space == 2 and ctl.t.state.troughs[2] == 0


def test_die_on_the_wrong_space_is_shown_not_obeyed():
    ctl = started(Setup(2, sensor=True))
    ctl.die_reading(1)
    assert not ctl.die_wrong()
    ctl.die_reading(4)
    assert ctl.die_wrong()
    assert ctl.t.state.die.space == 1
    assert ctl.leds() == LedState("open", (1, 2))


def test_score_pad_by_keys_uses_final_score():
    ctl = started(Setup(2))
    for cmd in auto_script(DATA, Setup(2), seed=3)[1:]:
        if cmd.startswith("pad"):
            break
        ctl.do(cmd)
    assert ctl.mode == "pad"
    for key in "5,4":
        ctl.press("comma" if key == "," else key)
    ctl.press("confirm")  # brown for seat 1
    assert ctl.pad is not None and ctl.pad.areas[0][0] == (5, 4)
    ctl.press("cell1_8")  # seat 2 honey
    for key in "12":
        ctl.press(key)
    ctl.press("cell1_7")
    ctl.press("3")
    ctl.press("done")
    assert ctl.mode == "result"
    want = [final_score([(5, 4)] + [()] * 6, 0, 0), final_score([()] * 7, 3, 12)]
    assert ctl.results == want
    assert ctl.winners == winners([w.total for w in want])
    assert ctl.record is not None and ctl.record["format"] == "applejack-track/1"
    # the record's pad is what `applejack-table score` reads, and it scores the same
    from table.games.applejack.rules.scorepad import score_pad

    result = score_pad(ctl.record["score_pad"], DATA)
    assert list(result.scores) == want


def test_replay_rebuilds_the_exact_state():
    script = auto_script(DATA, Setup(3, cottage=True), seed=11)
    for cut in (1, 10, 57, len(script) - 3):
        a = started(Setup(3, cottage=True))
        for cmd in script[1:cut]:
            a.do(cmd)
        b = Controller(DATA)
        b.replay(Setup(3, cottage=True), script[1:cut])
        assert b.t.state == a.t.state and b.queued == a.queued and b.mode == a.mode
        assert [str(x) for x in b.t.history] == [str(x) for x in a.t.history]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_games_by_buttons(players):
    script = auto_script(DATA, Setup(players), seed=players)
    ctl = Controller(DATA)
    ctl.press(f"trough{players}")
    ctl.press("confirm")
    for cmd in script[1:]:
        if cmd.startswith(("take", "stock ")):
            ok = ctl.press(f"trough{cmd.split()[1]}")
        elif cmd in ("blind", "stock-supply"):
            ok = ctl.press("blind")
        elif cmd == "ack":
            ok = ctl.press("confirm")
        elif cmd == "undo":
            ok = ctl.press("undo")
        else:
            ctl.do(cmd)
            ok = True
        assert ok, (cmd, ctl.refusal)
    assert ctl.mode == "result"


def test_announcements_name_colour_mark_and_pips():
    from table.games.applejack.rules.events import Harvest

    (a,) = announcements_for([Harvest(1, 2)], DATA)
    assert a.kind == "harvest" and "Orange" in a.text and "heart" in a.text and "− 2" in a.text


def test_correction_skips_spaces_the_die_never_stands_on():
    ctl = started(Setup(2))
    ctl.press("correct")
    ctl.press("down")  # from space 1 backwards: 17 is the bridge space, not a turn space
    assert ctl.correction is not None and ctl.correction.space == 16
    ctl.press("confirm")
    assert ctl.t.state.die.space == 16 and ctl.mode == "play"


def test_a_correction_to_a_position_no_game_reaches_is_refused_and_keeps_the_other_counts():
    ctl = started(Setup(2))
    end = ctl.t.board.end_space
    ctl.press("correct")
    c = ctl.correction
    c.space, c.pips = end + 1, 3  # past the end space on the last loop
    ctl.press("trough3")
    ctl.press("down")  # trough 3 counted one lower
    assert not ctl.press("confirm")
    assert ctl.mode == "correct" and ctl.correction is c and c.troughs[2] == ctl.t.state.troughs[2] - 1
    assert f"space {end + 1} showing 3" in ctl.refusal and f"ends with the turn on space {end}" in ctl.refusal
    assert ctl.t.history == []  # nothing applied, not even the trough count
    c.space, c.pips = end, 3
    assert ctl.press("confirm")
    assert ctl.mode == "play" and ctl.t.state.die.space == end and [a.kind for a in ctl.t.history] == [
        "fix-die", "fix-trough"]


def test_apple_tiles_in_a_chosen_order():
    ctl = Controller(DATA)
    ctl.do("setup apples=3,1,2,4,5,6,7")
    assert ctl.setup.apple_tiles == (2, 0, 1, 3, 4, 5, 6)
    ctl.press("apple2")  # a tap on the third tile moves it forward
    assert ctl.setup.apple_tiles == (2, 1, 0, 3, 4, 5, 6)
    ctl.press("confirm")
    ctl.do("take 1")
    assert ctl.queued[0].variety == 2  # the first printed apple is now red


def test_recording_indicators_keep_only_the_latest_states():
    from table.companion.ports import RecordingIndicators
    from table.games.applejack.companion.api import LedState

    leds = RecordingIndicators(keep=5)
    for t in range(1, 8):
        for _ in range(3):
            leds.show(LedState("open", (t,)))
    assert len(leds.shown) == 5 and leds.current == LedState("open", (7,))


def test_setup_tells_when_the_die_sensor_is_on_but_not_there():
    from table.companion.text import screen_text

    ctl = Controller(DATA)
    assert ctl.sensor_note() == ""  # sensor off: nothing to say
    ctl.press("trough7")
    assert ctl.setup.sensor and ctl.sensor_note() == "not connected"
    assert "die sensor on (not connected) (7)" in screen_text(ctl)
    ctl.sensor_status("reconnecting")
    assert ctl.sensor_note() == "reconnecting"
    ctl.sensor_status("connected")
    assert ctl.sensor_note() == "" and "die sensor on (7)" in screen_text(ctl)
    ctl.sensor_status("disconnected")
    ctl.do("start")
    assert "New game: 2 players, die sensor on (not connected: the die is followed by turn count)" in ctl.log


def test_the_take_buttons_are_what_the_engine_allows():
    ctl = started(Setup(2, cottage=True))
    assert ctl.buttons() == Buttons(restock=False, blind=True, cottage=True)
    assert ctl.press("cottage")
    assert ctl.buttons() == Buttons(restock=True, blind=True, cottage=False)
    ctl.do("undo")
    ctl.do("fix-trough 1 0")
    ctl.do("fix-trough 2 0")
    ctl.do("fix-supply 0")  # ruling R3: open troughs and supply empty, any trough with tiles
    assert ctl.buttons() == Buttons(restock=False, blind=False, cottage=True, fallback=(3, 4, 5, 6, 7))


def test_a_tracked_game_asks_its_mirror_which_buttons_work():
    ctl = started(Setup(1, tracked=True, cottage=True))
    assert ctl.buttons().blind is False  # the setup draws come first
    while ctl.tracked.state.is_chance():
        ctl.do(f"draw {ctl.tracked.state.supply[0]}")
    assert ctl.buttons() == Buttons(restock=False, blind=True, cottage=True, choosing=True)
