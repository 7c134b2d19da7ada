"""Builders for hand-made states: a data set with tiles made to order, orchards filled directly."""

from __future__ import annotations

import random

from table.games.applejack.files import load_dataset
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.data import DataSet, Tile
from table.games.applejack.rules.game import PASTURE_ROT, GameState, new_game

_DEFAULT: DataSet | None = None


def default_data() -> DataSet:
    global _DEFAULT  # a test-only cache of the immutable default data set
    if _DEFAULT is None:
        _DEFAULT = load_dataset()
    return _DEFAULT


def variety(name: str) -> int:
    return default_data().variety(name).index


def tile(tid: int, apples: dict[str, int] | None = None, blossoms: int = 0, hives: tuple[int, ...] = (0,),
         price: int = 2) -> Tile:
    mask = 0
    for e in hives:
        mask |= 1 << e
    return Tile(tid, tuple(sorted((variety(v), n) for v, n in (apples or {}).items())), blossoms, mask, price)


def data_with(tiles: list[Tile]) -> DataSet:
    """The default data set with ``tiles`` replacing the first tiles of the same ids."""
    base = default_data()
    by_id = {t.id: t for t in base.tiles}
    for t in tiles:
        by_id[t.id] = t
    return DataSet(base.varieties, tuple(sorted(by_id.values(), key=lambda t: t.id)), base.orchards, base.boards)


def started(data: DataSet, config: GameConfig, seed: int = 1) -> GameState:
    return new_game(data, config, random.Random(seed))


def put(state: GameState, seat: int, space: int, tile_id: int, rotation: int = 0, pasture: bool = False) -> None:
    """Put a tile straight into an orchard (space number 1..19), taking it out of wherever it is."""
    for where in [state.supply, state.middle, *state.troughs]:
        if tile_id in where:
            where.remove(tile_id)
            break
    state.set_cell(seat, hexgrid.space_index(space), tile_id * 8 + (PASTURE_ROT if pasture else rotation))


def neighbours(space: int) -> list[int]:
    return [n + 1 for n in hexgrid.NEIGHBOURS[space - 1] if n >= 0]
