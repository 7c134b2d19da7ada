"""The deck: card values and text forms, the shipped TOML data set, and its validation."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.engine.errors import DataError
from table.games.draftcider.files import load_deck
from table.games.draftcider.rules.cards import COLOURS, Card, CardError, parse_deck, standard_deck

SHIPPED = Path(__file__).resolve().parents[3] / "table" / "games" / "draftcider" / "rules" / "data" / "deck.toml"


def deck_text(entries: list[str], name: str = "test") -> str:
    return f'[deck]\nname = "{name}"\ncards = [\n' + ",\n".join(entries) + "\n]\n"


def card_line(colour="green", height=1, sweetness=1) -> str:
    return f'{{ colour = "{colour}", height = {height}, sweetness = {sweetness} }}'


def test_the_shipped_deck_is_our_75_card_reading():
    deck = load_deck()
    assert deck.cards == standard_deck()
    assert len(deck.cards) == 75 and len(set(deck.cards)) == 75
    assert {c.colour for c in deck.cards} == set(COLOURS)
    assert {c.height for c in deck.cards} == {c.sweetness for c in deck.cards} == {1, 2, 3, 4, 5}


def test_the_shipped_deck_is_found_in_the_source_tree():
    assert SHIPPED.is_file()
    assert parse_deck(SHIPPED.read_text(encoding="utf-8")).cards == load_deck().cards


def test_every_problem_is_listed_at_once():
    entries = [card_line()] * 23 + [
        card_line(colour="blue"), card_line(height=6), card_line(sweetness=0),
        '{ colour = "red", height = 2 }', '{ colour = "red", height = 2, sweetness = 2, age = 3 }',
        card_line(height="true").replace('"true"', "true"), '"red h2 s2"']
    with pytest.raises(DataError) as err:
        parse_deck(deck_text(entries) + "extra = 1\n")
    keys = [p.key for p in err.value.problems]
    assert keys == ["deck.extra", "deck.cards[23]", "deck.cards[24]", "deck.cards[25]", "deck.cards[26].sweetness",
                    "deck.cards[27].age", "deck.cards[28]", "deck.cards[29]"]
    text = str(err.value)
    assert "colour must be one of green, gold, red, got 'blue'" in text
    assert "height must be a whole number 1-5, got 6" in text
    assert len(text.splitlines()) == len(keys)


@pytest.mark.parametrize(("text", "message"), [
    ("this is = not toml [", "not TOML"),
    ('name = "x"\n', "missing [deck] table"),
    ('extra = 1\n' + deck_text([card_line()] * 24), "unknown table or key"),
    ('[deck]\nname = "x"\n', "missing or not an array"),
    ('[deck]\nname = ""\ncards = []\n', "must be a non-empty string"),
    (deck_text([card_line()] * 10), "10 cards; a deck holds 24-1000"),
    ('[deck]\nname = "x"\ncolours = 3\ncards = []\n', "unknown key"),
    (deck_text([card_line(height=10**30)] * 24), "a huge number"),
])
def test_bad_decks_are_refused_with_a_clear_problem(text, message):
    with pytest.raises(DataError, match=message.replace("[", r"\[")):
        parse_deck(text)


def test_a_deck_may_repeat_a_card_and_keeps_file_order():
    deck = parse_deck(deck_text([card_line("red", 5, 5)] * 2 + [card_line()] * 22))
    assert deck.cards[0] == deck.cards[1] == Card("red", 5, 5) and len(deck.cards) == 24


def test_load_deck_from_a_path_and_unreadable_files(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text(deck_text([card_line("gold", 2, 3)] * 30), encoding="utf-8")
    assert load_deck(p).cards == (Card("gold", 2, 3),) * 30
    with pytest.raises(DataError, match="cannot read"):
        load_deck(tmp_path / "missing.toml")
    p.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(DataError, match="cannot read"):
        load_deck(p)


@given(st.sampled_from(COLOURS), st.integers(1, 5), st.integers(1, 5))
def test_card_text_and_dict_forms_round_trip(colour, height, sweetness):
    card = Card(colour, height, sweetness)
    assert Card.from_text(card.to_text()) == card
    assert Card.from_dict(card.to_dict()) == card
    assert Card.from_text(f"  {colour.upper()}  h{height}   s{sweetness} ") == card


@pytest.mark.parametrize("bad", ["", "green", "green 3 4", "purple h1 s1", "green h6 s1", "green h1 s1 x",
                                 "green h s1", "green h² s1", "x" * 500, None, 5])
def test_card_text_errors(bad):
    with pytest.raises(CardError):
        Card.from_text(bad)


@pytest.mark.parametrize("bad", [[], "red", {"colour": "red", "height": 1}, {"colour": "red", "height": 1,
                                 "sweetness": True}, {"colour": "red", "height": 1.0, "sweetness": 1},
                                 {"colour": "red", "height": 1, "sweetness": 1, "x": 0}])
def test_card_dict_errors(bad):
    with pytest.raises(CardError):
        Card.from_dict(bad)
    with pytest.raises(CardError):
        Card("red", 0, 1)
