"""The companion's marks keep the history without a copy per command (``history_marks.py``): a
whole game's marks hold each action once, undo still goes back exactly, and a rewritten history
(a box that differs from the file) still restores."""

from __future__ import annotations

import pytest

from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.history_marks import HistoryChain
from table.games.waldgaertner.script import table_script


def test_a_link_reads_back_the_history_it_was_made_for_and_shares_the_prefix():
    chain = HistoryChain()
    a = chain.link([1, 2])
    b = chain.link([1, 2, 3, 4])
    assert b.parent is a and b.added == (3, 4) and b.actions() == (1, 2, 3, 4)
    assert chain.link([1, 2, 3, 4]) is b  # nothing added: the same link
    c = chain.link([9, 2, 3, 4, 5])  # rewritten: a new chain
    assert c.parent is None and c.actions() == (9, 2, 3, 4, 5)
    chain.back_to(a, a.actions())
    d = chain.link([1, 2, 7])
    assert d.parent is a and d.actions() == (1, 2, 7)


@pytest.fixture(scope="module")
def played():
    ctl = WaldgaertnerCompanion()
    script, _final = table_script(4, 3, cards=ctl.cards)
    for line in script:
        ctl.do(line)
    return ctl, script


def test_a_whole_games_marks_hold_each_action_about_once(played):
    ctl, _script = played
    game = ctl.current if hasattr(ctl, "current") else ctl
    held = sum(len(m[3].added) for m in game.marks)
    assert game.marks and held <= len(game.state.history)  # was the sum of every history: quadratic


def test_undo_back_to_the_start_restores_each_history_on_the_way(played):
    _ctl, script = played
    ctl = WaldgaertnerCompanion(cards=_ctl.cards)
    histories = []
    for line in script[:120]:
        game = ctl.current if hasattr(ctl, "current") else ctl
        if game.mode == "play":
            histories.append(list(game.state.history))
        ctl.do(line)
    assert len(histories) > 100
    for before in reversed(histories):
        ctl.do("undo")
        game = ctl.current if hasattr(ctl, "current") else ctl
        assert list(game.state.history) == before
