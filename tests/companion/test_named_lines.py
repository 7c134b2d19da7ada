"""After a seat is named, every prompt, announcement, spoken line and refusal of every game says
the name, in the case it was typed (table/companion/players.py ``named_line``, module.py)."""

import pytest

from table.companion.session import open_session
from table.companion.text import handle_line
from table.games import games
from tests.companion.test_result_sheet import DATA, script

OTHER_GAMES = ("zankapfel", "draftcider", "waldgaertner")


@pytest.mark.parametrize("key", OTHER_GAMES)
def test_every_line_says_the_name_not_the_seat(tmp_path, key):
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key)
    lines = script(key, ctl)
    for line in lines[:lines.index("start")]:
        ctl.do(line)
    assert handle_line(ctl, "setup name 1 ana Lu") is None  # the command entry keeps the case too
    assert ctl.seat_names()[0] == "ana Lu"
    said: list[str] = []
    for line in lines[lines.index("start"):]:
        ctl.do(line)
        said.extend(ctl.new_lines())
        if ctl.mode == "play":
            said.append(ctl.ask() if hasattr(ctl.current, "ask") else ctl.named_line(ctl.b.ask()))
            said.extend(ctl.said_last)
    text = "\n".join(said)
    assert "ana Lu" in text
    assert "Seat 1 " not in text and "Seat 1'" not in text and "Seat 1:" not in text, \
        [x for x in said if "Seat 1" in x][:3]
    assert "Seat 2" in text  # a seat nobody was picked for keeps its label
    journal.close()


def test_a_refusal_says_the_name(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="zankapfel")
    ctl.do("setup name 1 Ana")
    ctl.do("start")
    with pytest.raises(Exception) as refused:
        ctl.do("bogus")
    assert "Seat 1" not in str(refused.value) and "Ana" in str(refused.value)
    journal.close()


def test_a_named_announcement_is_said_once(tmp_path):
    """The announcement's own words name the player too, so text mode and speech find it in the
    log and do not say it a second time (issue 33: "Round 1: Ana holds the apple" twice)."""
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="zankapfel", resume="no")
    for line in ("setup players=3", "setup name 1 Ana", "start", "c3", "j", "a1", "e5", "a5", "e1", "c1", "c5"):
        ctl.do(line)
    said = ctl.new_lines()
    assert said.count("Round 1: Ana holds the apple") == 1, said[-3:]
    assert ctl.announcements.head.text == "Round 1: Ana holds the apple"
    journal.close()
