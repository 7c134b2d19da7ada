"""The score pad after the last turn: per player the apples of each area per variety, blossoms
and honey, scored by ``table.games.applejack.rules.scoring.final_score``; its keys and the ``pad …`` commands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.games.applejack.labels import record_seat_name
from table.games.applejack.rules.scoring import ScoreBreakdown, final_score

PAD_FIELDS_EXTRA = ("blossoms", "honey")
EMPTY = "—"
"""What an empty blossoms or honey field shows: a forgotten field is visible (scored as 0)."""
PAD_TOTAL_LOOKING = 10
"""An area of this many apples of one variety is rare enough that the entry is more likely a total."""


@dataclass
class ScorePad:
    """The paper score pad: per player, the apple count of each area per variety, blossoms, honey.
    Blossoms and honey start empty (None, shown as :data:`EMPTY`) and score 0 while empty."""

    players: int
    varieties: int
    areas: list[list[tuple[int, ...]]] = field(default_factory=list)
    blossoms: list[int | None] = field(default_factory=list)
    honey: list[int | None] = field(default_factory=list)
    cursor: tuple[int, int] = (0, 0)  # (player, field): field < varieties → areas, then blossoms, honey
    typing: str = ""  # what is being typed into the field under the cursor
    asked: tuple[int, ...] = ()
    """The empty players ``done`` last asked about: asked once, the next ``done`` scores them as 0."""

    def __post_init__(self) -> None:
        if not self.areas:
            self.areas = [[() for _v in range(self.varieties)] for _p in range(self.players)]
            self.blossoms = [None] * self.players
            self.honey = [None] * self.players

    @property
    def fields(self) -> int:
        return self.varieties + 2

    def field_text(self, player: int, f: int) -> str:
        if f < self.varieties:
            return ",".join(map(str, self.areas[player][f]))
        value = self.blossoms[player] if f == self.varieties else self.honey[player]
        return EMPTY if value is None else str(value)

    def missing(self) -> tuple[int, ...]:
        """The players with nothing entered at all (no area, blossoms nor honey): ``done`` asks
        about them once. A single forgotten field is not asked about: it shows :data:`EMPTY`."""
        return tuple(p for p in range(self.players)
                     if self.blossoms[p] is None and self.honey[p] is None and not any(self.areas[p]))

    def first_empty(self, player: int) -> int:
        """The field the cursor goes back to for ``player``: the first empty one."""
        if not any(self.areas[player]):
            return 0
        return self.varieties if self.blossoms[player] is None else self.varieties + 1

    def breakdowns(self) -> list[ScoreBreakdown]:
        return [final_score(self.areas[p], self.blossoms[p] or 0, self.honey[p] or 0) for p in range(self.players)]

    def to_dict(self, variety_ids: tuple[str, ...]) -> dict[str, Any]:
        """The pad in the format of ``applejack-table score`` (table.games.applejack.rules.scorepad)."""
        return {"players": [{"name": record_seat_name(p),  # a file format: English in every language
                             "areas": {variety_ids[v]: list(a) for v, a in enumerate(self.areas[p]) if a},
                             "blossoms": self.blossoms[p] or 0, "honey": self.honey[p] or 0}
                            for p in range(self.players)]}
