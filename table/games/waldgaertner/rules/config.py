"""How a Waldgärtner game is set up (:class:`Config`) and what a seat scores (:class:`Score`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import ConfigError, short_repr
from table.games.waldgaertner.rules.cards import CardSet, parse_cards


@dataclass(frozen=True, slots=True)
class Config:
    """How a game is set up. ``cards``: the card set (``table.games.waldgaertner.files.load_cards()``);
    ``choice``: "EU" or "NA", see :func:`deck_continents`; ``tasks``: the "Additional tasks"
    extension; ``direct_sale``: the variant "Direct Sale"."""

    players: int
    cards: CardSet
    choice: str = "EU"
    tasks: bool = False
    direct_sale: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 7:
            raise ConfigError(f"Waldgärtner is for 2 to 7 players, not {self.players}")
        if self.choice not in ("EU", "NA"):
            raise ConfigError(f"choice is 'EU' or 'NA', not {self.choice!r}")
        if self.tasks and len(self.cards.tasks) < self.players:
            raise ConfigError(f"{len(self.cards.tasks)} tasks cannot serve {self.players} players")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "choice": self.choice, "tasks": self.tasks,
                "direct_sale": self.direct_sale, "cards": self.cards.text}

    @classmethod
    def from_dict(cls, d: Any) -> Config:
        """Read :meth:`to_dict`'s form; :class:`ConfigError` (a DataError for the card text) on
        anything else."""
        if not isinstance(d, dict) or not isinstance(d.get("cards"), str) or "players" not in d:
            raise ConfigError("a Waldgärtner config is an object with players, choice, tasks, direct_sale, cards")
        try:
            players = int(d["players"])
        except (TypeError, ValueError, OverflowError):
            raise ConfigError(f"players is a whole number, not {short_repr(d['players'])}") from None
        return cls(players=players, cards=parse_cards(d["cards"], "record"),
                   choice=str(d.get("choice", "EU")), tasks=bool(d.get("tasks", False)),
                   direct_sale=bool(d.get("direct_sale", False)))


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's final points: yield values of its plants, partner bonuses (partner present at
    the end), storage (1 point per cube value), the task's 10 points."""

    plants: int
    partners: int
    storage: int
    task: int
    total: int
