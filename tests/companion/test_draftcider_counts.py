"""Draft Cider's counted words (issue 20): "1 card", "1 point" — never "1 cards", "1 points" — and
docs/companion.md's phase lines are what the game says (D2: 3 cards per player, 2 with 3 or 6)."""

import re
from pathlib import Path

from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.text import status_lines

DOC = Path(__file__).resolve().parents[2] / "docs" / "companion.md"


def pad(players=2):
    ctl = DraftCiderCompanion()
    ctl.do(f"setup players={players} pad=end")
    ctl.do("start")
    return ctl


def test_one_card_and_one_point_are_singular_on_the_pad_the_status_and_the_result():
    ctl = pad()
    ctl.do("pad 1 monochrome red h1 s1")
    assert ctl.said_last == ["Seat 1's Monochrome: red h1 s1 (1 card, 1 point; Seat 1 1)"]
    assert status_lines(ctl)[0] == "Seat 1: 1 point, 1 card"
    ctl.do("pad-done")
    ctl.do("pad-done")
    assert "Seat 1: 1 point (Monochrome 1)" in ctl.said_last
    assert ctl.winner_line() == "Seat 1 wins with 1 point"
    assert not any(re.search(r"\b1 (cards|points)\b", ln) for ln in ctl.log), ctl.log


def phase_two_line(players: int) -> str:
    """What the game says when phase 2 starts with ``players`` (up to "picks first")."""
    ctl = DraftCiderCompanion()
    ctl.do(f"setup players={players} pad=live")
    ctl.do("start")
    while ctl.engine.phase < 2:
        n = len(ctl.picks)
        ctl.do(f"pick seat {ctl.seat() + 1} {['green', 'gold', 'red'][n % 3]} h{1 + n // 15} s{1 + n // 3 % 5} bad")
    return next(ln for ln in ctl.log if ln.startswith("Phase 2 of"))


def test_the_phase_lines_quoted_in_docs_companion_are_the_games():
    quoted = re.findall(r'"(Phase 2 of \d: deal \d+ cards to the centre \(\d per player\)); ', DOC.read_text())
    assert quoted
    said = [phase_two_line(n) for n in (2, 3, 4, 5, 6)]
    for line in quoted:
        assert any(s.startswith(line + ";") for s in said), (line, said)
