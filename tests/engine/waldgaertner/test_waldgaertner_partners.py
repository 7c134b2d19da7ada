"""Every cross-pollinator of Waldgärtner's card file has a partner in every deck set a seat count
uses (issue 20; docs/waldgaertner.md "The card data"): ``check-data --game waldgaertner``."""

from pathlib import Path

import pytest

from table.engine.errors import DataError
from table.games.waldgaertner.files import check_file, deck_sets, load_cards, partner_problems

FROZEN = Path(__file__).resolve().parents[2] / "fixtures" / "before_house" / "waldgaertner" / "cards.toml"
"""The card file as it was before the fix (the before-house fixtures replay on it)."""


def test_the_deck_sets_are_the_texts_set_up():
    sets = {tuple(sorted(k)): v for k, v in deck_sets().items()}
    assert sets[("EU",)] == "2 players" and sets[("NA",)] == "2 players" and sets[("AS",)] == "3 players"
    assert sets[("AS", "EU", "NA")] == "6 players, 7 players" and len(sets) == 7


def test_the_shipped_file_has_every_partner_in_every_deck_set():
    assert partner_problems(load_cards()) == []
    assert "every cross-pollinator has a partner" in check_file(None)
    game = [c for c in load_cards().cards if c.continent == "EU"]
    crab = [c for c in game if c.name == "Malus sylvestris"]
    assert len(crab) == 2 and crab[0].pollinates(crab[1])


def test_check_data_names_a_cross_pollinator_whose_partner_grows_only_on_another_continent():
    problems = partner_problems(load_cards(FROZEN))
    assert [p.key for p in problems] == ["Malus sylvestris.partner", "Castanea dentata.partner"]
    with pytest.raises(DataError, match=r"Malus sylvestris.partner: no 'Malus' partner in the EU decks \(2 players\)"):
        check_file(str(FROZEN))
