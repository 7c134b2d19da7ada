"""Applejack's score pad (issue 20): a single-number field refuses a list, a player with nothing
entered is asked about once before the pad is scored (and nothing is finished before that), undo
goes back into the pad, and blossoms and honey start empty (—), not 0."""

import pytest

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.games.applejack.text import handle_line, screen_text

DATA = load_dataset()


def at_pad(players=2, seed=3, emitted=None):
    ctl = Controller(DATA, on_command=(lambda kind, payload: emitted.append(kind)) if emitted is not None else None)
    ctl.setup = Setup(players)
    for cmd in auto_script(DATA, Setup(players), seed):
        if cmd.startswith("pad"):
            break
        ctl.do(cmd)
    assert ctl.mode == "pad"
    return ctl


def blossoms_field(ctl):
    return ctl.pad.varieties


def test_blossoms_and_honey_start_empty_and_show_a_dash():
    ctl = at_pad()
    f = blossoms_field(ctl)
    assert ctl.pad.field_text(0, f) == "—" and ctl.pad.field_text(1, f + 1) == "—"
    ctl.pad.cursor = (0, f)
    assert "[—]" in screen_text(ctl)
    ctl.do("pad 1 blossoms 0")  # an entered 0 is a 0
    assert ctl.pad.field_text(0, f) == "0"
    ctl.do("pad 1 blossoms")  # cleared: empty again
    assert ctl.pad.field_text(0, f) == "—"


def test_a_list_typed_into_blossoms_is_refused_with_one_line_never_114():
    ctl = at_pad()
    f = blossoms_field(ctl)
    ctl.pad.cursor = (0, f)
    assert ctl.press("1") and ctl.press("1")
    assert not ctl.press("comma")
    assert ctl.refusal.startswith("Blossoms is one number, not a list") and "\n" not in ctl.refusal
    ctl.pad.typing = ""
    refusal = handle_line(ctl, "11,4")  # the terminal refuses the whole line
    assert refusal is not None and refusal.startswith("Blossoms is one number") and ctl.pad.blossoms[0] is None
    assert handle_line(ctl, "11 4").startswith("Blossoms is one number")
    with pytest.raises(CommandError, match="Honey is one number"):
        ctl.do("pad 2 honey 11,4")
    assert handle_line(ctl, "15") is None and ctl.pad.blossoms[0] == 15


def test_done_with_an_empty_pad_asks_once_finishes_nothing_before_and_undo_goes_back_into_the_pad():
    emitted = []
    ctl = at_pad(emitted=emitted)
    for cmd in ("pad 1 brown 5,3", "pad 1 blossoms 4", "pad 1 honey 20"):
        ctl.do(cmd)
    ctl.pad.cursor = (0, 0)
    question = "△ Triangle: nothing entered — score 0? (done again scores it, undo goes back to the pad)"
    assert ctl.press("done") and ctl.log[-1] == question and ctl.pad_warnings() == [question]  # said and shown
    assert ctl.mode == "pad" and "finished" not in emitted  # no 0 stored in the history before the answer
    assert ctl.press("undo") and ctl.mode == "pad" and ctl.pad.cursor == (1, 0) and ctl.pad_warnings() == []
    ctl.do("pad-done")  # asked again: the answer was undo
    assert ctl.mode == "pad" and ctl.log[-1] == question
    assert ctl.press("done")
    assert ctl.mode == "result" and emitted.count("finished") == 1
    assert [r.total for r in ctl.results][1] == 0


def test_entering_something_for_the_empty_player_scores_without_asking():
    ctl = at_pad()
    ctl.do("pad 1 honey 3")
    ctl.do("pad 2 honey 7")
    ctl.do("pad-done")
    assert ctl.mode == "result"


def test_a_journal_that_keeps_pad_done_as_a_step_replays_to_the_same_question_and_result():
    """The question is a step's outcome, not a refusal: replaying "pad-done" twice from a journal
    (main journals it as a step before the finish) asks, then scores, exactly as at the table."""
    ctl = at_pad()
    ctl.do("pad 1 honey 9")
    ctl.do("pad-done")
    assert ctl.mode == "pad" and ctl.pad.asked == (1,)
    ctl.do("pad-done")
    assert ctl.mode == "result" and [r.total for r in ctl.results] == [9, 0]
