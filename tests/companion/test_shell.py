"""The shell's game choice (``table.companion.shell``) and Zankapfel's companion module at unit level."""

import contextlib

import pytest

from table.companion.protocol import CommandError
from table.companion.session import open_session
from table.companion.shell import Shell
from table.games import DEFAULT_GAME, companion_games, games
from table.games.applejack.files import load_dataset
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.deal import deal_plan
from table.games.zankapfel.script import table_script
from table.games.zankapfel.setup import ZSetup
from tests.games import TEST_GAMES, on_table

DATA = load_dataset()


def test_the_setup_screen_switches_games_by_button_key_and_command(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games())
    try:
        assert isinstance(ctl, Shell) and ctl.game == "applejack" and ctl.choosing()
        v = ctl.version
        assert ctl.press("blind")  # the lid's BLIND button on a setup screen: the next game
        assert ctl.game == "zankapfel" and ctl.mode == "setup" and ctl.version > v
        assert ctl.press("game:applejack")
        assert ctl.game == "applejack"
        ctl.do("game zankapfel")
        ctl.do("setup players=6")
        ctl.do("start")
        assert not ctl.choosing()
        with pytest.raises(ValueError, match="setup screen"):
            ctl.do("game applejack")
        assert ctl.leds().troughs == (1,)
    finally:
        journal.close()


def test_blind_walks_every_companion_game_in_the_registrys_order_and_comes_round(tmp_path):
    """Every game on the table (the test games registered too) is one BLIND press from the one before."""
    with contextlib.ExitStack() as stack:
        for game in TEST_GAMES:
            stack.enter_context(on_table(game))
        keys = companion_games()
        assert {g.key for g in TEST_GAMES} <= set(keys) and keys[0] == DEFAULT_GAME
        ctl, journal = open_session(DATA, tmp_path, games=games())
        try:
            seen = [ctl.game]
            for _key in keys:
                assert ctl.press("blind") and ctl.mode == "setup"
                seen.append(ctl.game)
        finally:
            journal.close()
    assert seen == [*keys, keys[0]]


def test_the_journal_setup_names_the_game(tmp_path):
    seen = []
    ctl, journal = open_session(DATA, tmp_path, games=games())
    orig = journal.hook
    journal.hook = lambda k, p: (seen.append((k, p)), orig(k, p))  # type: ignore[method-assign]
    try:
        ctl.do("start")
    finally:
        journal.close()
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="yes")
    try:
        assert ctl.game == "applejack" and ctl.mode == "play"
        row = journal.db.execute("SELECT setup FROM games").fetchone()[0]
        assert '"game": "applejack"' in row
    finally:
        journal.close()


def test_an_impossible_reveal_is_refused_and_a_twelfth_red_card_grows_the_deck():
    setup = ZSetup(3, deck=(11, 11, 11, 11, 6))
    with pytest.raises(CommandError, match="cannot reveal"):
        deal_plan(setup, [f"reveal seat 1 {k}" for k in ("red", "red", "blue", "green", "joker")])
    # issue 20: the box on the table is the truth; a 12th red card means the box holds 12
    _plan, deck = deal_plan(setup, ["turn red"] * 12)
    assert deck == (12, 11, 11, 11, 6)
    plan, _deck = deal_plan(setup, ["reveal seat 2 joker"])
    assert plan[1][0] == 4 and all(len(h) == 4 for h in plan)


def test_bids_are_checked_and_undo_is_exact():
    script, _ = table_script(4, 3)
    ctl = ZankapfelCompanion()
    for line in script:
        ctl.do(line)
        if ctl.mode == "play" and ctl.stage() == "bid" and ctl.state.round == 2:
            break
    seat = ctl.b.seat()
    other = (seat + 1) % 4 + 1
    with pytest.raises(CommandError, match="turn to buy or lay"):
        ctl.do(f"lay seat {other}")
    before = ctl.state.summary()
    ctl.do("lay")
    ctl.do("undo")
    assert ctl.state.summary() == before and ctl.b.seat() == seat
    assert not ctl.press(f"trough{other}") and "turn" in ctl.refusal  # another seat's lid button


def test_discord_lamps_light_every_seat_in_the_fight_and_the_lid_buys_dice():
    script, _ = table_script(4, 3)
    ctl = ZankapfelCompanion()
    for line in script:
        ctl.do(line)
        if ctl.mode == "play" and ctl.stage() == "dice":
            break
    seats = ctl.b.fight_seats()
    assert ctl.leds().kind == "open" and ctl.leds().troughs == tuple(s + 1 for s in seats)
    assert ctl.press(f"trough{seats[0] + 1}") and ctl.press(f"trough{seats[0] + 1}")
    assert ctl.dice_chosen[seats[0]] == 2  # issue 20: chosen by the button, bought by CONFIRM
    assert ctl.press("confirm") and ctl.b.dice[seats[0]] == 2
    assert ctl.press("confirm") and ctl.stage() in ("card", "roll", "dice", "bid", "turn", "joker")


def test_every_reveal_is_said_once_and_the_move_once():
    script, _ = table_script(3, 1)
    ctl = ZankapfelCompanion()
    for line in script:
        ctl.do(line)
    text = "\n".join(ctl.log)
    reveals = [c for c in ctl.cmds if c.startswith("reveal")]
    for c in reveals[:5]:
        _, _, seat, kind = c.split()
        assert f"Seat {seat} reveals {kind}" in text
    moves = sum(1 for c in ctl.cmds if c.startswith("mayor")) - 1  # the first is the setup's placing
    assert text.count("moves the mayor to") == moves
