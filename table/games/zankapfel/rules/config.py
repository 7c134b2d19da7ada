"""How a Zankapfel game is set up (:class:`Config`, rulings Z1 and Z2) and what a seat scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import ConfigError

DEFAULT_TRACK = 40
"""Ruling Z1: points needed to reach the finish (the printed path's length is not given)."""
BOX_DECK = (10, 10, 10, 10, 10)
"""Ruling Z2: the 50 apple cards — red, yellow, green, blue, joker — as a published German review
of the box counts them (10 of each colour and 10 jokers; the rule text gives no split)."""
LEGACY_DECK = (11, 11, 11, 11, 6)
"""The split every game used before issue 20 (11 of each colour, 6 jokers): a config or a
journalled setup that names no deck was played with it and replays with it."""
DEFAULT_DECK = BOX_DECK
HAND_SIZE = 4
MAX_PER_KIND = 1000
"""More apple cards of one kind than any box, file or grown box could hold: not a deck."""


@dataclass(frozen=True, slots=True)
class Config:
    """How a game is set up. ``track_length``: points from start to finish (ruling Z1);
    ``deck``: apple cards per kind (red, yellow, green, blue, joker; ruling Z2);
    ``bribery``: the optional rule "Corruption"; ``open_order``: a discord's dice and the bribes
    are bought and offered in any order, as the text says (rulings Z11, Z14); False is the seat
    order of the rulings before issue 20, which a config without the key (an old record) keeps."""

    players: int
    track_length: int = DEFAULT_TRACK
    deck: tuple[int, int, int, int, int] = DEFAULT_DECK
    bribery: bool = False
    open_order: bool = True

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise ConfigError(f"Zankapfel is for 3 to 6 players, not {self.players}")
        if self.track_length < 1:
            raise ConfigError(f"track_length must be at least 1, not {self.track_length}")
        if len(self.deck) != 5 or any(not 0 <= n <= MAX_PER_KIND for n in self.deck):
            raise ConfigError(f"deck is five counts (red, yellow, green, blue, joker) of 0 to {MAX_PER_KIND}, "
                              f"not {str(self.deck)[:80]}")
        if sum(self.deck) < self.players * HAND_SIZE + 1:
            raise ConfigError(f"a deck of {sum(self.deck)} cards cannot deal {HAND_SIZE} to {self.players} players")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"players": self.players, "track_length": self.track_length, "deck": list(self.deck),
                             "bribery": self.bribery}
        if self.open_order:  # absent in the records from before: they keep the seat order
            d["open_order"] = True
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Config:
        """Read :meth:`to_dict`'s form; :class:`ConfigError` on anything else."""
        if not isinstance(d, dict) or "players" not in d:
            raise ConfigError("a Zankapfel config is an object with players, track_length, deck, bribery")
        try:
            deck = tuple(int(n) for n in d.get("deck", LEGACY_DECK))  # no deck: a record from before
            if len(deck) != 5:
                raise ConfigError(f"deck is five counts, not {list(deck)}")
            return cls(players=int(d["players"]), track_length=int(d.get("track_length", DEFAULT_TRACK)),
                       deck=(deck[0], deck[1], deck[2], deck[3], deck[4]), bribery=bool(d.get("bribery", False)),
                       open_order=d.get("open_order") is True)
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
