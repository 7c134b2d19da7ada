"""The Draft Cider score pad: its JSON shape, errors that name player/batch/card, hostile input."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.engine.errors import ScorePadError
from table.games.draftcider.rules.cards import standard_deck
from table.games.draftcider.rules.pad import score_pad
from table.games.draftcider.rules.scoring import BATCHES

from .helpers import cards


def js(text: str) -> list[dict]:
    return [x.to_dict() for x in cards(text)]


ADA = {"name": "Ada", "batches": {
    "monochrome": js("r11 r22 r33"), "feather": js("g23 g53 o13"), "special": js("o44"),
    "unlucky": js("g15 g25 r43"), "fortepiano": js("g51 g12"), "sweet": [], "steady": [], "bad": []}}
BO = {"name": "Bo", "batches": {"steady": js("g31 g41 g52 g45"), "sweet": js("r14 r24"), "bad": js("o11")}}


def test_pad_result_shape_and_points():
    out = score_pad({"players": [ADA, BO]}).to_dict()
    assert out == {"players": [
        {"name": "Ada", "batches": {"monochrome": 6, "feather": 6, "special": -20, "unlucky": 9, "fortepiano": 8,
                                    "sweet": 0, "steady": 0, "bad": 0}, "total": 9},
        {"name": "Bo", "batches": {"monochrome": 0, "feather": 0, "special": 0, "unlucky": 0, "fortepiano": 0,
                                   "sweet": 7, "steady": 11, "bad": -1}, "total": 17}],
        "winners": ["Bo"]}
    # Ada's gold Special tree meets a gold card in Feather: the penalty (D5, D6)
    assert json.loads(json.dumps(out)) == out


def test_ties_give_several_winners_and_easy_mode_spares_bad():
    a = {"name": "A", "batches": {"bad": js("g11 g22")}}
    b = {"name": "B", "batches": {"bad": js("r11 r22")}}
    assert score_pad({"players": [a, b]}).winners == ("A", "B")
    assert score_pad({"players": [a, b], "easy": True}).scores[0].total == 0


@pytest.mark.parametrize(("batch", "seq", "bad_card", "words"), [
    ("monochrome", "r11 r22 g33", 3, "Monochrome is red"),
    ("feather", "g23 g53 o24", 3, "needs sweetness 3"),
    ("special", "g11 r11", 2, "single card"),
    ("fortepiano", "g31 r31", 2, "different heights"),
    ("sweet", "g13 r43 o44 r45", 4, "equal sweetness"),
    ("steady", "g11 g21 g41", 3, "at most one up or down"),
])
def test_a_card_breaking_its_batch_rule_is_an_error_naming_player_batch_and_card(batch, seq, bad_card, words):
    pad = {"players": [{"name": "Cy", "batches": {batch: js(seq)}}]}
    with pytest.raises(ScorePadError) as err:
        score_pad(pad)
    msg = str(err.value)
    assert msg.startswith(f"player 'Cy', batch {batch}, card {bad_card} ({cards(seq)[bad_card - 1]})")
    assert words in msg and "\n" not in msg


def test_unlucky_off_13_is_zero_not_an_error():
    pad = {"players": [{"name": "Cy", "batches": {"unlucky": js("g15 g25 g45")}}, BO]}
    assert score_pad(pad).scores[0]["unlucky"] == 0


def test_cards_beyond_the_deck_are_scored_and_listed_once_each():
    """The printed box is the truth (D16, issue 20): a card on the pad more often than the deck
    holds it is scored as entered and listed once, each of its players named once."""
    pad = {"players": [{"name": "Ada", "batches": {"bad": js("g11 g11"), "steady": js("g11")}},
                       {"name": "Bo", "batches": {"bad": js("g11 r22")}}]}
    assert score_pad(pad).beyond_deck == ()  # without a deck nothing to count
    result = score_pad(pad, standard_deck())
    assert [s.total for s in result.scores] == [-2 + 3, -2]
    [beyond] = result.beyond_deck
    assert (str(beyond.card), beyond.on_pad, beyond.held, beyond.players) == ("green h1 s1", 4, 1, ("Ada", "Bo"))
    lacking = tuple(c for c in standard_deck() if str(c) != "red h2 s2")
    assert [(str(b.card), b.held) for b in score_pad(pad, lacking).beyond_deck] == [("green h1 s1", 1),
                                                                                  ("red h2 s2", 0)]


HUGE = 10**400


@pytest.mark.parametrize(("pad", "words"), [
    (None, "must be an object"),
    ([], "must be an object"),
    ({}, "non-empty list"),
    ({"players": []}, "non-empty list"),
    ({"players": "Ada"}, "non-empty list"),
    ({"players": [ADA], "colour": 1}, "unknown key 'colour' in the pad"),
    ({"players": [ADA], "easy": "yes"}, '"easy" must be true or false'),
    ({"players": [ADA] * 7}, "at most 6"),
    ({"players": [5]}, "player 1 must be an object"),
    ({"players": [{"name": "", "batches": {}}]}, "player 1: name"),
    ({"players": [{"name": "x" * 41, "batches": {}}]}, "player 1: name"),
    ({"players": [{"name": 3, "batches": {}}]}, "player 1: name"),
    ({"players": [{"name": "A", "batches": {}}, {"name": "A", "batches": {}}]}, "used twice"),
    ({"players": [{"name": "A", "batches": [], }]}, "player 'A': batches must be an object"),
    ({"players": [{"name": "A", "batches": {}, "age": 3}]}, "player 1: unknown key 'age'"),
    ({"players": [{"name": "A", "batches": {"cider": []}}]}, "unknown batch 'cider'"),
    ({"players": [{"name": "A", "batches": {"bad": {}}}]}, "batch bad: must be a list"),
    ({"players": [{"name": "A", "batches": {"bad": js(" ".join(["g11"] * 13))}}]}, "more than 12 cards"),
    ({"players": [{"name": "A", "batches": {"bad": js(" ".join(["g11"] * 7)),
                                            "steady": js(" ".join(["g11"] * 6))}}]}, "more than 12 cards"),
    ({"players": [{"name": "A", "batches": {"bad": [1]}}]}, "batch bad, card 1: a card is an object"),
    ({"players": [{"name": "A", "batches": {"bad": [{"colour": "red", "height": HUGE, "sweetness": 1}]}}]},
     "height must be a whole number 1-5, got a huge number"),
    ({"players": [{"name": "A", "batches": {"bad": [{"colour": "red", "height": 2, "sweetness": -HUGE}]}}]},
     "got a huge number"),
    ({"players": [{"name": "A", "batches": {"bad": [{"colour": "red", "height": 2.0, "sweetness": 1}]}}]},
     "height must be a whole number"),
    ({"players": [{"name": "A", "batches": {"bad": [{"colour": "x" * 10_000, "height": 2, "sweetness": 1}]}}]},
     "colour must be one of"),
    ({"players": [{"name": "A", "batches": {"bad": [{"colour": "red", "height": 2, "sweetness": 1, "k": 0}]}}]},
     "unknown key 'k' in a card"),
])
def test_hostile_pads_give_one_clear_line(pad, words):
    with pytest.raises(ScorePadError) as err:
        score_pad(pad)
    msg = str(err.value)
    assert words in msg
    assert "\n" not in msg and len(msg) < 300


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["green", "gold", "red", *BATCHES, "players", "name", "batches", "colour", "height",
                       "sweetness"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["players", "name", "batches", "easy", "colour", "height", "sweetness", *BATCHES, "x"]),
        inner, max_size=6),
    max_leaves=40)


@settings(max_examples=500, deadline=None)
@given(json_values)
def test_any_json_value_is_scored_or_refused_cleanly(pad):
    try:
        result = score_pad(pad, standard_deck())
    except ScorePadError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
    else:
        json.dumps(result.to_dict())
