"""What the companion says (issue 10 §3): the loop's end in the book's order, marks that no seat
name can be mistaken for, the solo verdict, the setup's starting honey and variants, the score
pad's help, and messages that do not outlive the next key."""

import random
from dataclasses import replace

import pytest

from table.games.applejack.companion.api import CommandError, Controller, Setup, announcements_for, campaign_middle
from table.games.applejack.files import load_dataset
from table.games.applejack.labels import mark_label, start_honey
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.events import BlossomScoring, DieMoved, Harvest, LoopStarted, MiddleReached
from table.games.applejack.text import PAD_EXPECTED, handle_line, help_keys, screen_text
from table.i18n.labels import plural

DATA = load_dataset()


def play_until(ctl: Controller, stop, seed: int = 3) -> Controller:
    rng = random.Random(seed)
    while not stop(ctl):
        assert not (ctl.t.is_terminal() and not ctl.queued), "the game ended first"
        if ctl.queued:
            ctl.do("ack")
        else:
            ctl.do(str(rng.choice([a for a in ctl.t.legal_actions() if not a.kind.startswith("fix")])))
    return ctl


def started(setup: Setup, data=DATA) -> Controller:
    ctl = Controller(data)
    ctl.setup = setup
    ctl.do("start")
    return ctl


def with_return_to(players: int, space: int):
    boards = dict(DATA.boards)
    boards[players] = replace(DATA.boards[players], return_to=space)
    return replace(DATA, boards=boards)


# --- the loop's end -------------------------------------------------------------------------------
def test_loop_end_keeps_the_old_die_until_the_loop_is_confirmed_in_the_books_order():
    ctl = play_until(started(Setup(2)), lambda c: any(a.kind == "loop" for a in c.queued))
    board = ctl.t.board
    kinds = [a.kind for a in ctl.queued]
    assert kinds[-2:] == ["blossom", "loop"]
    assert ctl.t.state.die.pips == 2  # the engine has already turned it …
    seen = []
    while ctl.queued and ctl.queued[0].kind != "refill":
        seen.append((ctl.queued[0].kind, ctl.shown_die()))
        ctl.do("ack")
    # … the screen not: harvests on the innermost space, then over the bridge, then turned up
    for kind, die in seen:
        if kind == "harvest":
            assert die == (board.innermost, 1)
        else:
            assert die == (board.return_to, 1)
    assert ctl.shown_die() == (board.return_to, 2)
    assert [k for k, _ in seen][-2:] == ["blossom", "loop"]


def test_loop_words_say_where_the_die_goes_from_the_data_never_the_start():
    data = with_return_to(2, 3)
    ctl = play_until(started(Setup(2), data), lambda c: any(a.kind == "loop" for a in c.queued))
    blossom = next(a for a in ctl.queued if a.kind == "blossom")
    loop = next(a for a in ctl.queued if a.kind == "loop")
    assert ctl.t.state.die.space == 3
    assert blossom.text.startswith("Die over the bridge to space 3, then blossom scoring")
    assert loop.text == "Turn the die up to 2: loop 2 of 3 starts on space 3" and loop.space == 3
    assert "start" not in blossom.text and "back to the start" not in loop.text


def test_solo_loop_names_the_space_the_die_lands_on():
    (a,) = announcements_for([DieMoved(16, 5, 2), LoopStarted(2, 2)], DATA, 5)
    assert a.text == "Die from the middle space to space 5, then turn the die up to 2: loop 2 of 3 starts on space 5"


def test_announcement_words_marks_and_grammar():
    v = DATA.varieties[0]
    (h,) = announcements_for([Harvest(0, 2)], DATA)
    assert h.text == f"Harvest {v.name} ({v.mark} mark): every {v.name} area − 2"
    (m,) = announcements_for([MiddleReached(2, 1)], DATA)
    assert m.text == "Middle space: +2 honey for the empty trees; put 1 tile from the supply on the trees"
    (b,) = announcements_for([BlossomScoring(2)], DATA, 1)
    assert "each blossom pays 2 honey" in b.text
    assert plural(1, "variety", "varieties") == "1 variety" and plural(3, "tile") == "3 tiles"


def test_a_variety_mark_is_never_worded_as_a_seat():
    for v in DATA.varieties:
        (h,) = announcements_for([Harvest(v.index, 1)], DATA)
        assert f"({mark_label(v.mark)})" in h.text
        for seat in SEAT_SYMBOLS:  # "Harvest Brown (circle)" would read as Circle's harvest
            assert f"({seat})" not in h.text


def test_turn_line_says_what_the_troughs_hold_and_game_over_counts_the_turns_taken():
    ctl = started(Setup(2))
    assert "trough 1 with 2 tiles and trough 2 with 2 tiles" in ctl.turn_line()
    ctl = play_until(ctl, lambda c: c.t.is_terminal())
    assert ctl.turn_line() == f"Game over after {ctl.t.state.turn} turns"
    assert ctl.queued[0].text == f"Game over after {ctl.t.state.turn} turns: final scoring"


# --- solo verdict ---------------------------------------------------------------------------------
def test_solo_result_is_the_books_marks_not_a_winner():
    ctl = play_until(started(Setup(1)), lambda c: c.mode == "pad")
    for cmd in ("pad 1 brown 5,3", "pad 1 honey 60"):
        ctl.do(cmd)
    ctl.do("pad-done")
    total = ctl.results[0].total
    assert not any(line.startswith("Winner") for line in ctl.log)
    assert ctl.log[-1].startswith(f"Solo result: {total} honey: ")
    assert ("goal reached" in ctl.log[-1]) == (65 <= total < 80)


# --- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "honey"), [(1, (14,)), (2, (16, 20)), (3, (16, 19, 22)), (4, (16, 18, 20, 22))])
def test_setup_tells_each_seats_starting_honey_as_in_the_rulebook(players, honey):
    assert start_honey(DATA, players) == honey
    ctl = Controller(DATA)
    ctl.do(f"setup players={players}")
    line = ctl.honey_line()
    assert all(str(h) in line for h in honey)
    assert ctl.honey_line().replace("Starting", "starting") in screen_text(ctl)
    ctl.do("start")
    assert line in ctl.log


def test_setup_offers_individual_orchards_per_seat_and_the_campaign():
    ctl = Controller(DATA)
    ctl.press("trough3")
    ctl.press("orchards")
    assert ctl.setup.orchards == ("B1", "B2", "B3")
    ctl.press("orchard1")  # the second seat's next B side
    assert ctl.setup.orchards == ("B1", "B3", "B3")
    with pytest.raises(CommandError, match="solo"):
        ctl.do("setup campaign=2")
    assert not ctl.press("campaign")  # refused with the reason shown
    assert "solo" in ctl.refusal
    ctl.press("trough1")
    assert ctl.setup.orchards == ("B1",) and ctl.refusal == ""
    for _ in range(3):
        ctl.press("campaign")
    assert ctl.setup.campaign == 3
    ctl.do("start")
    assert ctl.t.state.middle == campaign_middle(3) == 2  # the two kept tiles instead of a random one
    assert "campaign game 3 of 4" in ctl.log[0] and "individual orchards B1" in ctl.log[0]


def test_a_tracked_game_plays_the_chosen_orchards_and_kept_tiles():
    ctl = Controller(DATA)
    ctl.do("setup players=1 orchards=B2 campaign=2 tracked=on")
    with pytest.raises(CommandError, match="kept"):
        ctl.do("start")
    ctl.do("setup kept=17")
    ctl.do("start")
    st = ctl.tracked.state
    assert st.config.orchards == ("B2",) and st.config.kept_tiles == (17,) and st.middle == [17]
    assert Setup.from_dict(ctl.setup.to_dict()) == ctl.setup  # journalled and read back alike


def test_take_step_names_the_cottage_only_with_the_variant():
    assert "Cottage" not in started(Setup(2)).take_step()
    assert "Cottage" in started(Setup(2, cottage=True)).take_step()


# --- messages -------------------------------------------------------------------------------------
def test_a_refusal_does_not_come_back_on_the_next_key():
    ctl = started(Setup(2))
    assert not ctl.press("trough6")
    assert ctl.refusal
    ctl.press("escape")  # a key that does nothing here
    assert ctl.refusal == ""


def test_resume_says_one_summary_line_not_the_game_again():
    journal = []
    ctl = Controller(DATA, on_command=lambda kind, payload: journal.append((kind, payload)))
    ctl.setup = Setup(2)
    ctl.do("start")
    play_until(ctl, lambda c: c.t.state.turn >= 6)
    steps = [p for k, p in journal if k == "cmd"]
    fresh = Controller(DATA)
    fresh.offer_resume(Setup(2), steps)
    fresh.new_lines()
    fresh.press("confirm")
    (line,) = fresh.new_lines()
    assert line.startswith("Resumed. ") and fresh.t.state == ctl.t.state


# --- score pad ------------------------------------------------------------------------------------
def pad_of(players: int) -> Controller:
    ctl = play_until(started(Setup(players)), lambda c: c.mode == "pad")
    return ctl


def test_pad_says_what_goes_in_each_box_and_warns_of_totals():
    ctl = pad_of(2)
    assert ctl.pad_help().startswith("Brown: the apples of each Brown area, commas between areas")
    assert "takes off the 3 pips" in ctl.pad_help()
    ctl.do("pad 1 brown 5,3")
    assert ctl.pad_warnings() == []
    ctl.do("pad 1 brown 14")
    (w,) = ctl.pad_warnings()
    assert "an area of 14 apples?" in w and "not a total" in w
    assert "Check ○ Circle Brown: an area of 14 apples?" in ctl.log[-1]
    ctl.press("cell0_7")
    assert ctl.pad_help().startswith("Blossoms")


def test_pad_field_is_cleared_by_key_and_by_text():
    ctl = pad_of(2)
    ctl.do("pad 1 brown 5,3")
    ctl.press("clear")
    assert ctl.pad.areas[0][0] == ()
    ctl.do("pad 1 brown 4")
    assert handle_line(ctl, "clear") is None and ctl.pad.areas[0][0] == ()
    assert "clear" in help_keys() and "empty the field" in help_keys()


def test_text_pad_unknown_word_says_what_is_expected():
    ctl = pad_of(2)
    assert handle_line(ctl, "banana") == f"'banana' is not a score-pad entry — {PAD_EXPECTED}"


def test_help_keys_is_plain_text_without_markup():
    text = help_keys()
    assert "``" not in text and ":func:" not in text and "--help-keys" not in text.splitlines()[0]
    for word in ("orchards=", "campaign=", "kept=", "clear"):
        assert word in text


def test_restock_line_names_only_where_the_cottage_can_be_restocked_from():
    ctl = started(Setup(2, cottage=True))
    ctl.do("cottage")  # the cottage tile taken: restock it
    line = ctl.turn_line()
    legal = [a.a for a in ctl.t.legal_actions() if a.kind == "stock"]
    assert f"{'○ Circle'} restocks the cottage from trough {legal[0]} with " in line
    assert line.split("; ")[0].endswith(" or the supply")
