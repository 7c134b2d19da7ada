"""Action text forms: round trip and a parser that never crashes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.engine.errors import ActionParseError
from table.games.applejack.rules import actions as A
from table.games.applejack.rules import cells

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


def _encode(d: A.Decoded) -> int:
    """An action back from its parts, by the public builders only."""
    if d.verb is A.Verb.TAKE:
        return A.take(d.trough, d.tile)
    if d.verb is A.Verb.STOCK:
        return A.stock(d.trough, d.tile)
    if d.verb is A.Verb.MIDDLE:
        return A.middle(d.tile)
    if d.verb is A.Verb.DRAW:
        return A.draw(d.tile)
    if d.verb is A.Verb.PLACE:
        return A.place(d.cell, d.rotation)
    return A.from_text(str(d.verb))


def test_decode_names_the_parts():
    assert A.decode(A.from_text("take 3:17")) == A.Decoded(A.Verb.TAKE, trough=3, tile=17)
    assert A.decode(A.from_text("stock 1:100")) == A.Decoded(A.Verb.STOCK, trough=1, tile=100)
    assert A.decode(A.from_text("place 7/2")) == A.Decoded(A.Verb.PLACE, cell=6, rotation=2)
    assert A.decode(A.from_text("place 7/2")).space == 7
    assert A.decode(A.from_text("draw 42")) == A.Decoded(A.Verb.DRAW, tile=42)
    assert A.decode(A.BLIND) == A.Decoded(A.Verb.BLIND)
    assert A.is_draw(A.draw(0)) and not A.is_draw(A.middle(0))
    assert A.tile_taken(A.take(2, 9)) == 9 and A.tile_taken(A.BUY) is None and A.tile_taken(-5) is None
    assert A.verb_of(A.PASTURE) is A.Verb.PASTURE and A.verb_of(0) is None
    with pytest.raises(ActionParseError):
        A.decode(0)


@given(st.text(max_size=30))
def test_decode_agrees_with_the_text_form(text):
    try:
        code = A.from_text(text)
    except ActionParseError:
        return
    d = A.decode(code)
    assert A.to_text(code).split()[0] == d.verb
    assert _encode(d) == code


@given(st.integers(0, A.TILE_SPAN - 1), st.integers(0, 5))
def test_cell_values_round_trip(tile, rot):
    tree, pasture = cells.cell_value(tile, rot), cells.pasture_value(tile)
    assert (cells.tile_of(tree), cells.rotation_of(tree)) == (tile, rot)
    assert cells.is_tree(tree) and not cells.is_pasture(tree)
    assert cells.is_pasture(pasture) and not cells.is_tree(pasture) and cells.tile_of(pasture) == tile
    assert cells.decode_cell(tree) == cells.Cell(tile, rot, False)
    assert cells.decode_cell(pasture) == cells.Cell(tile, 0, True)
    assert cells.decode_cell(cells.EMPTY) is None
    assert not cells.is_tree(cells.EMPTY) and not cells.is_pasture(cells.EMPTY)


@given(st.integers(0, 63))
def test_mask_edges_are_the_edges_with_a_beehive(mask):
    from table.games.applejack.rules import hexgrid
    edges = hexgrid.mask_edges(mask)
    assert list(edges) == sorted(edges) and sum(1 << e for e in edges) == mask
    assert all(hexgrid.has_edge(mask, e) == (e in edges) for e in range(6))
