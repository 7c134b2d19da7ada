"""Issue 33, item 5: every game's set-up is said as its rulebook gives it, the deal included, and
taught in teach mode — Zankapfel never told the table to deal 4 apple cards and 10 discord cards
to each player (the French rules: "Chaque joueur reçoit un ensemble de 10 cartes de discorde de sa
couleur, et 4 cartes de pomme au hasard"). It waits for CONFIRM before the first question."""

import pytest

from table.companion.text import handle_line
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.zankapfel.companion import ZankapfelCompanion
from table.i18n import using


def test_zankapfel_says_the_deal_before_the_mayor_is_placed():
    ctl = ZankapfelCompanion()
    ctl.do("setup players=3")
    ctl.do("setup name 1 Ana")
    ctl.do("start")
    said = ctl.new_lines()
    head = ctl.announcements.head
    assert head is not None and head.kind == "setup" and head.title == "Set up"
    assert "deal each player the 10 discord cards of their colour and 4 apple cards." in head.text
    assert "the red farmer (Ana) takes the apple: the first player;" in head.text
    deal = said.index("deal each player the 10 discord cards of their colour and 4 apple cards.")
    assert deal < next(i for i, line in enumerate(said) if "places the mayor" in line)  # said first
    assert handle_line(ctl, "c3") is None and ctl.announcements.head is None  # the table went on


@pytest.mark.parametrize(("lang", "words"), [("de", "10 Zankkarten"), ("fr", "10 cartes de discorde"),
                                              ("ja", "争いカード10枚")])
def test_the_deal_in_every_language(lang, words):
    with using(lang):
        ctl = ZankapfelCompanion()
        ctl.do("start")
        assert words in ctl.announcements.head.text


def test_teach_mode_teaches_the_deal():
    ctl = ZankapfelCompanion()
    ctl.do("setup players=4 teach=on")
    ctl.do("start")
    assert ctl.lesson is not None and "4 apple cards" in ctl.lesson and "10 discord cards" in ctl.lesson


def test_draft_cider_sets_up_the_orchards_before_the_first_deal():
    ctl = DraftCiderCompanion()
    ctl.do("setup players=3")
    ctl.do("start")
    assert [a.kind for a in ctl.announcements.waiting] == ["setup", "phase"]
    assert "orchard board" in ctl.announcements.head.text
    pad = DraftCiderCompanion()
    pad.do("setup players=3 pad=end")
    pad.do("start")
    assert pad.announcements.head is None  # the game was played: nothing to set up


@pytest.mark.parametrize(("players", "decks"), [(3, "decks 1-3 Asia"), (6, "6 Europe"), (7, "6-7 North America")])
def test_waldgaertner_sets_up_the_decks_and_each_players_storage(players, decks):
    ctl = WaldgaertnerCompanion()
    ctl.do(f"setup players={players} tasks=on")
    ctl.do("start")
    text = ctl.announcements.head.text
    assert ctl.announcements.head.kind == "setup" and decks in text
    assert "light brown yield cube on the storage card" in text and "task card face down" in text
    assert ("half of the" in text) == (players == 6) and ("two supply decks lie beside the 6" in text) == (players == 7)
