"""Waldgärtner's score pad for a table that played without the companion: each player's garden and
cubes, scored as the text's end of game says — the yield values of the plants, each partner bonus
(⊕X) whose partner grows in the same garden, 1 point per value of the cubes in storage, and with
the additional tasks 10 points for strictly the most plants of one's task.

The pad (JSON)::

    {"players": [
      {"name": "Ada", "garden": ["crab apple", "Malus sylvestris", "hazel", "Yew female", "yew male"],
       "cubes": 7},
      {"name": "Ben", "garden": ["Corylus avellana", "sweet chest"], "cubes": {"light": 3, "dark": 2},
       "task": "most nitrogen fixers"}
    ]}

A plant is named as the card shows it: its name in the table's language or in Latin, a few
letters suffice (``naming.species_for``), ♂/♀ or male/female for a dioecious plant's card.
``cubes`` is the storage's value, or its light (1) and dark (2) cubes. Every refusal is one line
naming the player and the card (:class:`~table.engine.errors.ScorePadError`). A garden holds what
its rows can (row r: its capacity and one additional plant; a second additional large tree in row
6); a plant the file holds fewer copies of is scored as it is — the table is the truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from table.companion.protocol import CommandError
from table.engine.errors import ScorePadError
from table.games.waldgaertner.names import size_plural
from table.games.waldgaertner.naming import plant_key, species_for
from table.games.waldgaertner.rules.cards import Card, CardSet
from table.games.waldgaertner.rules.position import ROW_CAPACITY, TASK_POINTS
from table.i18n import _

MAX_PLAYERS = 7
MAX_PLANTS = 21
"""15 planting areas, one additional plant per row and row 6."""
_PLAYER_KEYS = ("name", "garden", "cubes", "task")


@dataclass(frozen=True, slots=True)
class PadScore:
    """One player's points: ``plants`` (yield values), ``partners`` (bonuses with the partner
    present), ``storage`` (cube value), ``task`` (10 or 0), ``total``; ``cards`` the plants read."""

    name: str
    cards: tuple[Card, ...]
    plants: int
    partners: int
    storage: int
    task: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "garden": [c.name + {"male": " ♂", "female": " ♀"}.get(c.sex, "")
                                              for c in self.cards],
                "plants": self.plants, "partners": self.partners, "storage": self.storage, "task": self.task,
                "total": self.total}


def _player(i: int, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ScorePadError(_("player {n}: an object with name, garden and cubes").format(n=i + 1))
    name = raw.get("name", f"Player {i + 1}")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ScorePadError(_("player {n}: a name of 1-40 characters").format(n=i + 1))
    extra = sorted(set(raw) - set(_PLAYER_KEYS))
    if extra:
        raise ScorePadError(_("{name}: unknown key {key!r} (name, garden, cubes, task)").format(
            name=name.strip(), key=extra[0]))
    return {**raw, "name": name.strip()}


def _garden(name: str, raw: Any, cards: CardSet) -> tuple[Card, ...]:
    """The plants of ``name``'s garden, each by its name; the rows' capacity checked."""
    if not isinstance(raw, list) or len(raw) > MAX_PLANTS:
        raise ScorePadError(_("{name}: the garden is a list of at most {n} plant names").format(
            name=name, n=MAX_PLANTS))
    out: list[Card] = []
    for k, entry in enumerate(raw):
        if not isinstance(entry, str) or not entry.strip():
            raise ScorePadError(_("{name}: plant {k} is not a name").format(name=name, k=k + 1))
        try:
            key = species_for(cards, entry)
        except CommandError as exc:
            raise ScorePadError(f"{name}: {exc}") from None
        out.append(next(c for c in cards.cards if plant_key(c) == key))
    check_rows(name, out)
    return tuple(out)


def check_rows(name: str, garden: Sequence[Card]) -> None:
    """ScorePadError when ``name``'s garden holds more plants of a size class than its row can
    (its capacity, one additional plant, a second additional large tree in row 6)."""
    for row, cap in ROW_CAPACITY.items():
        have = sum(1 for c in garden if c.size == row)
        room = cap + 1 + (1 if row == 5 else 0)
        if have > room:
            raise ScorePadError(_("{name}: {have} {size}, a garden holds at most {room}").format(
                name=name, have=have, size=size_plural(row), room=room))


def _cubes(name: str, raw: Any) -> int:
    """The storage's value: a number, or {"light": n, "dark": m}."""
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 999:
        return raw
    if isinstance(raw, dict) and set(raw) <= {"light", "dark"} and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999 for v in raw.values()):
        return int(raw.get("light", 0)) + 2 * int(raw.get("dark", 0))
    raise ScorePadError(_("{name}: cubes is the storage's value (0-999) or {{\"light\": N, \"dark\": N}}, not "
                          "{value}").format(name=name, value=repr(raw)[:40]))


def _partners(garden: tuple[Card, ...]) -> int:
    """The partner bonuses whose partner grows in the garden (another card, not female: W8)."""
    return sum(c.bonus for c, found in partner_bonuses(garden) if found)


def partner_bonuses(garden: Sequence[Card]) -> list[tuple[Card, bool]]:
    """Each plant of ``garden`` with a partner bonus (⊕X), and whether its partner grows there
    (another card, not female: W8)."""
    return [(c, any(j != i and o.sex != "female" and o.is_taxon(c.partner) for j, o in enumerate(garden)))
            for i, c in enumerate(garden) if c.bonus]


def score_pad(pad: Any, cards: CardSet) -> tuple[PadScore, ...]:
    """Every player's points; ScorePadError (one line naming the player and the card) otherwise."""
    players = pad.get("players") if isinstance(pad, dict) else None
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise ScorePadError(_("a pad is {{\"players\": [...]}} with 2-7 players"))
    rows = [_player(i, raw) for i, raw in enumerate(players)]
    names = [r["name"] for r in rows]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise ScorePadError(_("{name} is named twice").format(name=twice))
    gardens = [_garden(r["name"], r.get("garden", []), cards) for r in rows]
    return tuple(_scored(r, garden, gardens, cards) for r, garden in zip(rows, gardens, strict=True))


def _scored(row: dict[str, Any], garden: tuple[Card, ...], gardens: list[tuple[Card, ...]],
            cards: CardSet) -> PadScore:
    """One player's points (``gardens``: every player's, for the task's strict majority)."""
    tasks = {t.name: t for t in cards.tasks}
    task = row.get("task")
    if task is not None and task not in tasks:
        raise ScorePadError(_("{name}: no task {task!r} ({tasks})").format(
            name=row["name"], task=task, tasks=", ".join(tasks)))
    won = task is not None and all(
        sum(tasks[task].matches(c) for c in garden) > sum(tasks[task].matches(c) for c in other)
        for other in gardens if other is not garden)
    plants, partners = sum(c.value for c in garden), _partners(garden)
    storage = _cubes(row["name"], row.get("cubes", 0))
    points = TASK_POINTS if won else 0
    return PadScore(row["name"], garden, plants, partners, storage, points, plants + partners + storage + points)


def winners(scores: tuple[PadScore, ...]) -> list[str]:
    """The names with the most points (equal totals share the win)."""
    best = max(s.total for s in scores)
    return [s.name for s in scores if s.total == best]
