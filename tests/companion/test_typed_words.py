"""Issue 33, item 3: a typed word does what it says. In text mode a command word (``lay``, ``buy``,
a square, ``done`` …) passes a waiting announcement and is then carried out; only Enter or ``ok``
acknowledges one (``table/games/*/text.py``, ``TableModule.press_past``)."""

import re

import pytest

from table.companion.session import open_session
from table.companion.text import handle_line
from table.games import games
from table.games.zankapfel.script import table_script
from tests.companion.test_result_sheet import DATA

TYPED = (
    (re.compile(r"(?:mayor|remove) (\w\d)"), r"\1"),
    (re.compile(r"turn (\w)\w*"), r"\1"),
    (re.compile(r"(?:reveal|joker) seat \d (\w)\w*"), r"\1"),
    (re.compile(r"(lay|buy|pass) seat \d"), r"\1"),
    (re.compile(r"dice seat (\d) (\d)"), r"dice \1 \2"),
    (re.compile(r"dice-done"), "done"),
    (re.compile(r"card seat \d (\d+)"), r"card \1"),
    (re.compile(r"roll (\d)"), r"\1"),
)
"""The journal's form of a Zankapfel command → what its help (``play --help-keys``) says to type."""


def typed(command: str) -> str:
    for form, words in TYPED:
        if form.fullmatch(command):
            return form.sub(words, command)
    return command


def test_the_issues_repro_seat_3_buys():
    """``printf 'setup players=3\\nstart\\nc3\\nj\\na1\\ne5\\na5\\ne1\\nc1\\nc5\\nlay\\nlay\\nbuy\\n'``:
    the first ``lay`` is seat 1's (it passes "Round 1"), so the ``buy`` is seat 3's."""
    from table.games.zankapfel.companion import ZankapfelCompanion
    ctl = ZankapfelCompanion()
    for line in ("setup players=3", "start", "c3", "j", "a1", "e5", "a5", "e1", "c1", "c5"):
        assert handle_line(ctl, line) is None
    assert ctl.announcements.head is not None  # "Round 1: Seat 1 holds the apple" waits
    for line in ("lay", "lay", "buy"):
        assert handle_line(ctl, line) is None
    assert ctl.cmds[-3:] == ["lay seat 1", "lay seat 2", "buy seat 3"]


@pytest.mark.parametrize("seed", [1, 2])
def test_typed_as_the_help_says_with_every_announcement_waiting_scores_as_acknowledged(tmp_path, seed):
    lines = table_script(3, seed)[0]
    scores = []
    for acknowledge in (True, False):
        ctl, journal = open_session(DATA, tmp_path / str(acknowledge), games=games(), game="zankapfel", resume="no")
        left_waiting = 0
        for line in lines:
            if acknowledge:
                while ctl.mode == "play" and ctl.announcements.head is not None:
                    assert handle_line(ctl, "ok") is None  # acknowledged line by line
            elif ctl.mode == "play" and ctl.announcements.head is not None:
                left_waiting += 1
            refusal = handle_line(ctl, typed(line))
            assert refusal is None, (line, typed(line), refusal)
        assert ctl.mode == "result", ctl.mode
        if not acknowledge:
            assert left_waiting > 20  # rounds, harvests, discords: every one passed by the next command
        scores.append([d["total"] for d in ctl.result_details()])
        journal.close()
    assert scores[0] == scores[1]


def test_only_enter_or_ok_acknowledges(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="zankapfel", resume="no")
    for line in ("setup players=3", "start", "c3", "j", "a1", "e5", "a5", "e1", "c1", "c5"):
        ctl.do(line)
    assert ctl.announcements.head is not None
    assert handle_line(ctl, "ok") is None
    assert ctl.announcements.head is None and ctl.cmds[-1] == "remove c5"  # acknowledged: no game command
    assert handle_line(ctl, "l") is None and ctl.cmds[-1] == "lay seat 1"
    journal.close()
