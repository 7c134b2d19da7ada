"""The solo campaign's next game (ruling R14): which tiles a finished game lets the player keep,
and the next game's config with them on the middle trees. Above both the config and the game
it reads (``config.py``, ``game.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from table.engine.errors import ConfigError
from table.games.applejack.rules.config import CAMPAIGN_KEEP, GameConfig
from table.games.applejack.rules.game import GameState


def kept_tiles_allowed(state: GameState, seat: int, game_number: int) -> tuple[int, list[int]]:
    """Campaign: after game ``game_number`` (1-3) a player keeps up to that many of their placed tiles."""
    if not 1 <= game_number <= 3:
        raise ConfigError("tiles are kept after games 1, 2 and 3 of a campaign")
    return CAMPAIGN_KEEP[game_number - 1], sorted(state.placed_tiles(seat))


def campaign_config(config: GameConfig, finished: GameState, game_number: int,
                    keep: Sequence[int]) -> GameConfig:
    """The next campaign game's config: ``keep`` are the tiles kept after game ``game_number``.

    Ruling R14: "you can keep 1 ... 2 ... 3" allows fewer, down to none; the next game's middle
    trees then hold just the kept tiles ("instead of the random tree tile"), maybe none.
    """
    n, placed = kept_tiles_allowed(finished, 0, game_number)
    if not finished.is_terminal():
        raise ConfigError("keep tiles after the game has ended")
    if len(keep) > n or len(set(keep)) != len(keep):
        raise ConfigError(f"keep up to {n} different tile(s) after game {game_number}, got {list(keep)}")
    for t in keep:
        if t not in placed:
            raise ConfigError(f"tile {t} is not in the orchard (placed: {placed})")
    return replace(config, kept_tiles=tuple(keep), campaign=True)
