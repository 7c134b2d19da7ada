"""How an Applejack game is set up (``GameConfig``, checked against a data set), what a solo
campaign carries into its next game (the next config itself: ``campaign.py``), and the shape of
a game's record (``applejack-record/1``).

``GameState`` (``game``) plays a config; ``record`` reads records back and replays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from table.engine.errors import ConfigError
from table.games.applejack.rules.data import DataSet

FORMAT = "applejack-record/1"
CAMPAIGN_KEEP = (1, 2, 3)  # at most this many tiles kept after games 1, 2, 3 of a campaign (ruling R14)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How a game is set up.

    ``orchards``: orchard side per seat ("A" for all by default; B sides for the variant
    "Individual orchards"). ``apple_tiles``: variety indexes covering the first printed apples
    (variant "Apple tiles"). ``cottage``: variant "Additional tree tile". ``kept_tiles``: solo
    campaign, the tiles kept from earlier games, placed on the middle trees instead of a random one.
    ``campaign``: a solo campaign game after the first; the middle trees then start with the kept
    tiles only, so with none kept (ruling R14: "keep 1" means up to 1) they start empty.
    """

    players: int
    orchards: tuple[str, ...] | None = None
    apple_tiles: tuple[int, ...] | None = None
    cottage: bool = False
    kept_tiles: tuple[int, ...] = ()
    campaign: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = {"players": self.players,
             "orchards": list(self.orchards) if self.orchards else None,
             "apple_tiles": list(self.apple_tiles) if self.apple_tiles is not None else None,
             "cottage": self.cottage, "kept_tiles": list(self.kept_tiles)}
        if self.campaign:  # written only when set, so the records of other games stay as they were
            d["campaign"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        return cls(
            players=int(d["players"]),
            orchards=tuple(d["orchards"]) if d.get("orchards") else None,
            apple_tiles=tuple(int(v) for v in d["apple_tiles"]) if d.get("apple_tiles") is not None else None,
            cottage=bool(d.get("cottage", False)),
            kept_tiles=tuple(int(t) for t in d.get("kept_tiles", ())),
            campaign=bool(d.get("campaign", False)),
        )


def validate_config(data: DataSet, config: GameConfig) -> None:
    """Raise ConfigError if ``config`` cannot be played with ``data``."""
    if config.players not in data.boards:
        raise ConfigError(f"no harvest board for {config.players} players")
    if config.orchards is not None:
        if len(config.orchards) != config.players:
            raise ConfigError(f"{len(config.orchards)} orchards for {config.players} players")
        for o in config.orchards:
            if o not in data.orchards:
                raise ConfigError(f"unknown orchard {o!r} (known: {', '.join(data.orchards)})")
    if config.apple_tiles is not None:
        n = len(data.varieties)
        if sorted(config.apple_tiles) != list(range(n)):
            raise ConfigError(f"apple tiles must be the {n} varieties once each, got {list(config.apple_tiles)}")
    if config.kept_tiles or config.campaign:
        board = data.boards[config.players]
        if not board.middle_slots:
            raise ConfigError("kept campaign tiles go on the middle trees of the solo board")
        if len(config.kept_tiles) > board.middle_slots or len(set(config.kept_tiles)) != len(config.kept_tiles):
            raise ConfigError(f"at most {board.middle_slots} different kept tiles")
        ids = {t.id for t in data.tiles}
        for t in config.kept_tiles:
            if t not in ids:
                raise ConfigError(f"kept tile {t} is not in the data set")


def record_data(config: GameConfig, actions: Sequence[str], seed: int | None, digest: str | None,
                names: Sequence[str] = (), meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game record as JSON data, keys in their written order (``record.GameRecord`` reads it)."""
    return {"format": FORMAT, "config": config.to_dict(), "seed": seed, "data_digest": digest,
            "names": list(names), "meta": {} if meta is None else meta, "actions": list(actions)}
