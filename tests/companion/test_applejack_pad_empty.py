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


def test_entering_every_field_for_the_empty_player_scores_without_asking():
    ctl = at_pad()
    for cmd in ("pad 1 honey 3", "pad 1 blossoms 0", "pad 2 honey 7", "pad 2 blossoms 2"):
        ctl.do(cmd)
    ctl.do("pad-done")
    assert ctl.mode == "result"


def test_an_empty_field_is_asked_about_once_as_in_the_other_pads():
    """Issue 33: honey entered, blossoms left empty (—): ``done`` asks once, naming the field;
    done again scores it 0 (before, a field left empty was scored 0 without a word)."""
    ctl = at_pad()
    for cmd in ("pad 1 honey 3", "pad 2 honey 7", "pad 2 blossoms 2"):
        ctl.do(cmd)
    ctl.do("pad-done")
    assert ctl.mode == "pad" and ctl.pad.asked == (0,)
    assert ctl.log[-1] == "○ Circle Blossoms: not entered — score 0? (done again scores it, undo goes back to the pad)"
    ctl.do("pad-done")
    assert ctl.mode == "result" and ctl.results[0].total == 3


def test_a_journal_that_keeps_pad_done_as_a_step_replays_to_the_same_question_and_result():
    """The question is a step's outcome, not a refusal: replaying "pad-done" twice from a journal
    (main journals it as a step before the finish) asks, then scores, exactly as at the table."""
    ctl = at_pad()
    ctl.do("pad 1 honey 9")
    ctl.do("pad-done")
    assert ctl.mode == "pad" and ctl.pad.asked == (0, 1)  # seat 1's blossoms, seat 2 nothing
    ctl.do("pad-done")
    assert ctl.mode == "result" and [r.total for r in ctl.results] == [9, 0]


@pytest.mark.parametrize(("line", "player", "variety", "areas"), [
    ("pad 1 light green 7", 0, "lightgreen", (7,)),  # the line: the label the screen shows
    ("pad 2 Light Green 5,3", 1, "lightgreen", (5, 3)),
    ("pad 1 LIGHTGREEN 5, 3", 0, "lightgreen", (5, 3)),
    ("pad 2 Hellgrün 4", 1, "lightgreen", (4,)),
    ("pad 1 vert clair 2,2", 0, "lightgreen", (2, 2)),
    ("pad 2 黄緑 6", 1, "lightgreen", (6,)),
    ("pad 1 Braun 3", 0, "brown", (3,)),
    ("pad 1 3 1,1", 0, "lightgreen", (1, 1)),  # a variety's number still works
])
def test_the_pad_takes_the_screens_labels_as_typed(line, player, variety, areas):
    """Issue 33, item 8: spaces, any case, every language (``pad 1 light green 7`` was refused as
    "not a list of numbers: 'green 7'")."""
    ctl = at_pad()
    assert handle_line(ctl, line) is None
    index = [v.id for v in DATA.varieties].index(variety)
    assert ctl.pad.areas[player][index] == areas


@pytest.mark.parametrize(("line", "field", "value"), [
    ("pad 1 Honey 14", "honey", 14), ("pad 2 Honig 9", "honey", 9), ("pad 1 miel 3", "honey", 3),
    ("pad 2 Blüten 5", "blossoms", 5), ("pad 1 FLEURS 2", "blossoms", 2),
])
def test_blossoms_and_honey_by_their_labels_in_every_language(line, field, value):
    from table.i18n import gettext_in

    assert gettext_in("de", "Honey") == "Honig" and gettext_in("fr", "Honey") == "Miel"
    ctl = at_pad()
    assert handle_line(ctl, line) is None
    player = int(line.split()[1]) - 1
    assert getattr(ctl.pad, field)[player] == value


def test_an_unknown_field_is_one_line():
    ctl = at_pad()
    refusal = handle_line(ctl, "pad 1 dark green 7")
    assert refusal is not None and "\n" not in refusal and "unknown variety" in refusal
