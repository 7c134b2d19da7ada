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
