"""Action text forms: round trip and a parser that never crashes."""

from hypothesis import given
from hypothesis import strategies as st

from table.engine import actions as A
from table.engine.errors import ActionParseError

EXAMPLES = ["take 3:17", "middle 17", "blind", "cottage", "buy", "pasture", "place 7/2", "place 19/5",
            "stock 1:100", "stock-supply", "draw 42"]


def test_examples_round_trip():
    for text in EXAMPLES:
        assert A.to_text(A.from_text(text)) == text


@given(st.sampled_from(["take", "stock"]), st.integers(1, 7), st.integers(0, A.TILE_SPAN - 1))
def test_trough_actions_round_trip(verb, trough, tile):
    code = A.take(trough, tile) if verb == "take" else A.stock(trough, tile)
    assert A.from_text(A.to_text(code)) == code


@given(st.integers(0, 18), st.integers(0, 5))
def test_place_round_trip(cell, rot):
    assert A.from_text(A.to_text(A.place(cell, rot))) == A.place(cell, rot)


@given(st.text(max_size=30))
def test_parser_raises_only_action_parse_error(text):
    try:
        code = A.from_text(text)
    except ActionParseError:
        return
    assert A.from_text(A.to_text(code)) == code
