"""What every game of one config starts from, worked out once per data set and config.

A new :class:`~table.games.applejack.rules.game.GameState` needs the orchard sides of its seats
with their corner features, the supply's tiles, the setup draws and the first event; all of
them follow from the data set and the :class:`GameConfig` alone. :func:`setup_for` checks the
config (:func:`validate_config`, the same :class:`ConfigError` as always) and works them out on
first use; every later game of that config copies what it changes (the supply, the draws) and
shares the rest, read-only, as its clones already do.
"""

from __future__ import annotations

from typing import cast

from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.config import GameConfig, validate_config
from table.games.applejack.rules.data import DataSet, OrchardSide
from table.games.applejack.rules.events import GameStarted

START_HONEY: dict[int, tuple[int, ...]] = {1: (14,), 2: (16, 20), 3: (16, 19, 22), 4: (16, 18, 20, 22)}
"""Honey of each seat at the start, by the number of players."""
# destinations of chance draws (trough numbers 1-7 are their own)
D_MIDDLE = 8
D_BLIND = 9
D_COTTAGE = 10  # + seat


class Setup:
    """The start of every game of one config (read-only once made)."""

    def __init__(self, data: DataSet, config: GameConfig) -> None:
        validate_config(data, config)
        p = config.players
        board = data.boards[p]
        self.sides: tuple[OrchardSide, ...] = tuple(data.orchards[o] for o in (config.orchards or ("A",) * p))
        # corner features per seat: cell -> (edge, hive value or 0); cell -> apple variety
        self.corner_hive: list[dict[int, tuple[int, int]]] = []
        self.corner_apple: list[dict[int, int]] = []
        for side in self.sides:
            hives, apples = {}, {}
            for c in side.corners:
                cell, edge = hexgrid.CORNER_CELL[c.name], hexgrid.CORNER_EDGE[c.name]
                if c.hive is not None:
                    hives[cell] = (edge, c.hive)
                if c.apple is not None:
                    apples[cell] = c.apple
            self.corner_hive.append(hives)
            self.corner_apple.append(apples)
        kept = set(config.kept_tiles)
        self.supply: tuple[int, ...] = tuple(t.id for t in data.tiles if t.id not in kept)
        """The supply's tile ids in data-set order (every tile not kept on the middle trees)."""
        draws: list[int] = []
        for t in range(1, board.troughs + 1):  # the troughs, the middle trees (unless kept tiles are there), cottages
            draws += [t] * board.tiles_per_trough
        if board.middle_slots and not config.kept_tiles and not config.campaign:
            draws += [D_MIDDLE] * board.middle_start_tiles
        if config.cottage:
            draws += [D_COTTAGE + s for s in range(p)]
        self.draws: tuple[int, ...] = tuple(draws)
        """Where the setup draws go, in order (see ``GameState.draws_due``)."""
        self.started = GameStarted(p, board.id, START_HONEY[p])


def setup_for(data: DataSet, config: GameConfig) -> Setup:
    """The shared :class:`Setup` of ``config`` (ConfigError if ``data`` cannot play it)."""
    setups = cast("dict[GameConfig, Setup]", data.memo.setdefault("setups", {}))
    try:
        setup = setups.get(config)
    except TypeError:  # a config holding a list (not hashable): worked out for this game alone
        return Setup(data, config)
    if setup is None:
        setup = setups[config] = Setup(data, config)
    return setup
