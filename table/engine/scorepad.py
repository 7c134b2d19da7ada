"""The digital score pad: final scoring from what players count off their orchards.

Input (JSON data)::

    {"players": [{"name": "Ada", "areas": {"1": [5], "4": [6, 2]}, "blossoms": 12, "honey": 62}]}

``areas`` maps a variety — its id from the data set or its number 1-7 in final-harvest order —
to the apple count of each separate area of that variety. The scoring is
:func:`table.engine.scoring.final_score`, the same the full game uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.data import DataSet
from table.engine.errors import ScorePadError
from table.engine.scoring import ScoreBreakdown, final_score, winners

FIELDS = ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey", "total")


@dataclass(frozen=True)
class PadResult:
    names: tuple[str, ...]
    scores: tuple[ScoreBreakdown, ...]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [{"name": n, **{f: getattr(s, f) for f in FIELDS}} for n, s in zip(self.names, self.scores,
                                                                                          strict=True)],
            "winners": list(self.winners),
        }


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScorePadError(f"{where} must be a whole number, got {value!r}")
    if value < 0:
        raise ScorePadError(f"{where} must not be negative, got {value}")
    return value


def score_pad(pad: Any, data: DataSet) -> PadResult:
    """Score a pad; raises :class:`ScorePadError` with one clear line on bad input."""
    if not isinstance(pad, dict) or "players" not in pad:
        raise ScorePadError('the pad must be an object with a "players" list')
    players = pad["players"]
    if not isinstance(players, list) or not players:
        raise ScorePadError('"players" must be a non-empty list')
    names: list[str] = []
    scores: list[ScoreBreakdown] = []
    for i, p in enumerate(players, start=1):
        where = f"player {i}"
        if not isinstance(p, dict):
            raise ScorePadError(f"{where} must be an object")
        for key in ("name", "areas", "blossoms", "honey"):
            if key not in p:
                raise ScorePadError(f'{where} is missing "{key}"')
        name = p["name"]
        if not isinstance(name, str) or not name.strip():
            raise ScorePadError(f"{where}: name must be a non-empty string")
        where = f"player {name!r}"
        areas_raw = p["areas"]
        if not isinstance(areas_raw, dict):
            raise ScorePadError(f"{where}: areas must be an object mapping a variety to a list of area sizes")
        by_variety: list[list[int]] = [[] for _ in data.varieties]
        seen: dict[int, str] = {}
        for key, sizes in areas_raw.items():
            try:
                v = data.variety(key)
            except KeyError as exc:
                raise ScorePadError(f"{where}: {exc.args[0]}") from None
            if v.index in seen:
                raise ScorePadError(f"{where}: variety {v.id} given twice ({seen[v.index]!r} and {key!r})")
            seen[v.index] = key
            if not isinstance(sizes, list):
                raise ScorePadError(f"{where}: areas[{key!r}] must be a list of apple counts, got {sizes!r}")
            by_variety[v.index] = [_count(n, f"{where}: areas[{key!r}] entry") for n in sizes]
        blossoms = _count(p["blossoms"], f"{where}: blossoms")
        honey = _count(p["honey"], f"{where}: honey")
        names.append(name)
        scores.append(final_score(by_variety, blossoms, honey))
    if len(set(names)) != len(names):
        raise ScorePadError("player names must differ")
    best = winners([s.total for s in scores])
    return PadResult(tuple(names), tuple(scores), tuple(names[i] for i in best))
