"""Issue 33, item 5: Applejack's orchard tracking names a tile by what is printed on it, and the
kiosk's trough panel shows the tiles the same way — each variety and its apples, the blossoms,
the price — never by the data file's tile number, which the printed tiles do not carry."""

import re

import pygame
import pytest

from table.games.applejack import tilefaces as tiles
from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import sample
from table.games.applejack.view.screens import ApplejackView
from table.i18n import using

DATA = load_dataset()
pytestmark = pytest.mark.usefixtures("pygame_each")


def test_a_tile_face_says_what_the_tile_prints() -> None:
    tile = next(t for t in DATA.tiles if len(t.apples) == 2 and t.blossoms == 1)
    (a, n), (b, m) = tile.apples
    words = tiles.face(DATA, tile.id)
    assert words == (f"{DATA.varieties[a].name} {n}, {DATA.varieties[b].name} {m}, 1 blossom, "
                     f"price {tile.price}")
    with using("de"):
        assert f"Preis {tile.price}" in tiles.face(DATA, tile.id)


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["tracked-draw", "tracked-hint", "tracked-place"])
def test_the_tracked_troughs_show_each_tiles_printed_face_not_its_number(name: str, size: tuple[int, int]) -> None:
    ctl = sample(DATA, name)
    assert ctl.tracked is not None
    view = ApplejackView(size)
    said: dict[int, str] = {}
    for page in range(view.pages(ctl)):  # the 3.5" HAT may show the tiles on a page of their own
        view.page = page
        view.drawn = []
        view.draw(pygame.Surface(size), ctl)
        boxes = {n: r for r, n in view.targets}
        for trough in ctl.t.open_troughs():
            box = boxes[f"trough{trough}"]
            said[trough] = said.get(trough, "") + " " + " ".join(d.text for d in view.drawn if box.contains(d.rect))
    numbers, drawn = set(), set()
    for trough in ctl.t.open_troughs():
        on = ctl.tracked.trough_tiles(trough)
        for tile in on:
            for part in tiles.parts(DATA, tile):  # every variety, the blossoms, the price
                assert part in said[trough], (trough, tile, said[trough])
        numbers |= set(on)
        drawn |= {int(w) for w in re.findall(r"\d+", said[trough])}
    assert numbers, "the sample has tiles in its open troughs"
    # the data file's numbers (two digits in the sample: no count or price is that large) are gone
    # from the troughs
    assert not {n for n in numbers if n > 9} & drawn


def test_the_hint_and_the_tracked_questions_name_a_tile_by_its_face() -> None:
    """The lid's hint ("from trough 2 take the tile Pink 2, price 5") and the tracked turn's
    questions ("holds the tile …", "place the tile …") say the printed face: they said "tile 16",
    a number nobody at the table can find on the tile."""
    from table.games.applejack.companion.hints import describe_action
    from table.games.applejack.rules import actions as A
    from table.games.applejack.rules.config import GameConfig
    from table.games.applejack.rules.game import GameState

    state = GameState(DATA, GameConfig(players=2), keep_undo=False)
    while state.is_chance():
        state.apply(state.legal_actions()[0])
    takes = [a for a in state.legal_actions() if A.decode(a).verb is A.Verb.TAKE]
    assert takes
    for action in takes:
        d = A.decode(action)
        assert d.tile is not None
        words, brief = describe_action(state, action)
        assert tiles.face(DATA, d.tile) in words and tiles.face(DATA, d.tile) in brief
        assert f"tile {d.tile}" not in words and brief == f"trough {d.trough}: {tiles.face(DATA, d.tile)}"
    ctl = sample(DATA, "tracked-place")
    assert ctl.tracked is not None
    held = ctl.tracked.state.held
    assert held is not None
    line = ctl.tracked.waiting()
    assert tiles.face(DATA, held) in line and f"tile {held}" not in line, line
