"""How a Zankapfel game is set up (:class:`Config`, rulings Z1 and Z2) and what a seat scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import ConfigError

DEFAULT_TRACK = 40
"""Ruling Z1: points needed to reach the finish (the printed path's length is not given)."""
DEFAULT_DECK = (11, 11, 11, 11, 6)
"""Ruling Z2: the 50 apple cards — red, yellow, green, blue, joker."""
HAND_SIZE = 4


@dataclass(frozen=True, slots=True)
class Config:
    """How a game is set up. ``track_length``: points from start to finish (ruling Z1);
    ``deck``: apple cards per kind (red, yellow, green, blue, joker; ruling Z2);
    ``bribery``: the optional rule "Corruption"."""

    players: int
    track_length: int = DEFAULT_TRACK
    deck: tuple[int, int, int, int, int] = DEFAULT_DECK
    bribery: bool = False

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise ConfigError(f"Zankapfel is for 3 to 6 players, not {self.players}")
        if self.track_length < 1:
            raise ConfigError(f"track_length must be at least 1, not {self.track_length}")
        if len(self.deck) != 5 or any(n < 0 for n in self.deck):
            raise ConfigError(f"deck is five counts (red, yellow, green, blue, joker), not {self.deck}")
        if sum(self.deck) < self.players * HAND_SIZE + 1:
            raise ConfigError(f"a deck of {sum(self.deck)} cards cannot deal {HAND_SIZE} to {self.players} players")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "track_length": self.track_length, "deck": list(self.deck),
                "bribery": self.bribery}

    @classmethod
    def from_dict(cls, d: Any) -> Config:
        """Read :meth:`to_dict`'s form; :class:`ConfigError` on anything else."""
        if not isinstance(d, dict) or "players" not in d:
            raise ConfigError("a Zankapfel config is an object with players, track_length, deck, bribery")
        try:
            deck = tuple(int(n) for n in d.get("deck", DEFAULT_DECK))
            if len(deck) != 5:
                raise ConfigError(f"deck is five counts, not {list(deck)}")
            return cls(players=int(d["players"]), track_length=int(d.get("track_length", DEFAULT_TRACK)),
                       deck=(deck[0], deck[1], deck[2], deck[3], deck[4]), bribery=bool(d.get("bribery", False)))
        except ConfigError:
            raise
        except (TypeError, ValueError, OverflowError) as exc:
            raise ConfigError(f"players, track_length and deck are whole numbers ({exc})") from None


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's points (its pawn's distance from the start): harvests, apple cards bought
    (negative), dice bought (negative), bribes (paid negative, received positive)."""

    harvest: int
    cards: int
    dice: int
    bribes: int
    total: int
