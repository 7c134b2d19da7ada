"""Issue 33, item 5: orchard tracking takes a tile by what is printed on it (its apples, blossoms,
beehives and price), not only by a number the printed tiles do not carry
(``table/games/applejack/companion/printed.py``)."""

import pytest

from table.games.applejack.companion.api import CommandError
from table.games.applejack.companion.printed import said, tile_printed
from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.i18n import using
from tests.companion.test_tracked import DATA, fill, tracked

NAMES = {v.id: v.name for v in load_dataset().varieties}


def printed_words(tile_id: int) -> str:
    """What a person reads off tile ``tile_id``: ``Light green 3 blossoms 0 price 7 hives 2``."""
    t = next(t for t in DATA.tiles if t.id == tile_id)
    apples = " ".join(f"{DATA.varieties[v].name} {n}" for v, n in t.apples)
    return f"{apples} blossoms {t.blossoms} price {t.price} hives {bin(t.hives).count('1')}".strip()


def test_the_setup_draws_are_entered_by_what_the_tiles_show():
    journal: list = []
    ctl = tracked(journal=journal)
    for _n in range(4):
        supply = sorted(ctl.tracked.state.supply)
        words = next(w for w in map(printed_words, supply) if _one_look(supply, w))
        ctl.do(f"game draw {words}")
        drawn = A.decode(ctl.tracked.state.history[-1]).tile
        assert printed_words(drawn) == words  # the tile drawn shows what was said
    kept = [payload for kind, payload in journal if kind == "cmd"][-1]
    assert kept.startswith("game draw ") and kept.split()[-1].isdigit(), kept  # the journal keeps the id


def _one_look(supply: list[int], words: str) -> bool:
    try:
        tile_printed(DATA, supply, words)
    except CommandError:
        return False
    return True


@pytest.mark.parametrize("words", ["pink 2 price 5", "2 pink price 5", "PINK 2, price 5 hives 1", "Rosa 2 price 5",
                                   "rose 2 price 5", "ピンク 2 price 5"])
def test_a_tile_said_in_any_order_case_and_language(words):
    assert tile_printed(DATA, [1, 2, 3], words) == 1  # tile 1: pink 2, no blossom, one beehive, price 5


def test_two_word_varieties_and_refusals_are_one_line():
    assert said(DATA, "light green 3 price 7").apples == ((2, 3),)
    with pytest.raises(CommandError, match="no tile that can be there shows"):
        tile_printed(DATA, [1, 2], "red 9")
    with pytest.raises(CommandError, match="not on a tile"):
        tile_printed(DATA, [1, 2], "pink 2 banana")
    a, b = next((x.id, y.id) for x in DATA.tiles for y in DATA.tiles if x.price == y.price and x.apples != y.apples)
    with pytest.raises(CommandError, match="different tiles show"):
        tile_printed(DATA, [a, b], f"price {DATA.tiles[a - 1].price}")
    with using("de"):
        assert tile_printed(DATA, [2], "Hellgrün 3") == 2


def test_a_take_names_the_tile_in_the_trough_by_what_it_shows():
    ctl = tracked()
    fill(ctl)
    st = ctl.tracked.state
    trough = next(i for i, t in enumerate(st.troughs) if t)
    tile = st.troughs[trough][0]
    ctl.do(f"game take {trough + 1} {printed_words(tile)}")
    assert tile not in ctl.tracked.state.troughs[trough]
