"""The digital score pad: final scoring from what players count off their orchards.

Input (JSON data)::

    {"players": [{"name": "Ada", "areas": {"1": [5], "4": [6, 2]}, "blossoms": 12, "honey": 62}]}

``areas`` maps a variety — its id (``lightgreen``), its name as people type it (``Light green``,
``light-green``; case, spaces, ``-`` and ``_`` do not matter) or its number 1-7 in final-harvest
order — to the apple count of each separate area of that variety. The scoring is
:func:`table.games.applejack.rules.scoring.final_score`, the same the full game uses. One player is a solo
game: no winner, the result against the rulebook's marks (:func:`~table.games.applejack.rules.scoring.solo_verdict`).

A finished table-companion record (``applejack-track/1``) holds its pad under ``score_pad`` and
the scores and winners it showed; :func:`score_record` scores the pad again and refuses a record
whose stored scores or winners disagree.

Bounds (so that a typo or a hostile file gives one clear error, not a 5,000-digit total): at most
one player per seat of the largest board, names of at most :data:`MAX_NAME` printable characters,
counts 0..:data:`MAX_COUNT`, at most :data:`MAX_AREAS` areas per variety.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.engine.errors import ScorePadError
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.scoring import ScoreBreakdown, final_score, solo_verdict, winners

FIELDS = ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey", "total")
MAX_NAME = 40
MAX_COUNT = 9999
MAX_AREAS = 64


@dataclass(frozen=True)
class PadResult:
    """A scored pad. ``winners`` names every player with the best total (ties share);
    ``winner_seats`` are their indexes. A solo game (one player) has no winner: ``solo`` is its
    verdict against the marks, and ``to_dict`` gives ``"solo"`` instead of ``"winners"``."""

    names: tuple[str, ...]
    scores: tuple[ScoreBreakdown, ...]
    winners: tuple[str, ...]
    winner_seats: tuple[int, ...] = ()

    @property
    def solo(self) -> str | None:
        return solo_verdict(self.scores[0].total) if len(self.scores) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": [{"name": n, **{f: getattr(s, f) for f in FIELDS}} for n, s in zip(self.names, self.scores,
                                                                                          strict=True)],
        }
        if self.solo is not None:
            out["solo"] = self.solo
        else:
            out["winners"] = list(self.winners)
        return out


def _norm(key: str) -> str:
    return "".join(c for c in key.casefold() if c not in " -_\t")


def find_variety(data: DataSet, key: Any) -> int:
    """The index of the variety ``key`` names: an id, a name as typed (``Light green``,
    ``light-green``, ``LIGHTGREEN``) or a number 1-7 (digits 0-9); KeyError with a clear text."""
    n = len(data.varieties)
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit():
        number = int(key.strip()) if len(key.strip()) <= 3 else 0
        if 1 <= number <= n:
            return number - 1
        raise KeyError(f"variety number must be 1..{n}, got {key.strip()[:8]}")
    if isinstance(key, str) and _norm(key):
        wanted = _norm(key)
        for v in data.varieties:
            if wanted in (_norm(v.id), _norm(v.name)):
                return v.index
    shown = repr(key[:40]) if isinstance(key, str) else repr(key)[:40]
    raise KeyError(f"unknown variety {shown}; "
                   f"known: {', '.join(v.id for v in data.varieties)} (or 1..{n})")


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value) if not isinstance(value, (list, dict, str)) else type(value).__name__
        raise ScorePadError(f"{where} must be a whole number, got {shown}")
    if value < 0:
        raise ScorePadError(f"{where} must not be negative, got {value}")
    if value > MAX_COUNT:
        raise ScorePadError(f"{where} must be at most {MAX_COUNT}, got {str(value)[:12]}")
    return value


def score_pad(pad: Any, data: DataSet) -> PadResult:
    """Score a pad; raises :class:`ScorePadError` with one clear line on bad input."""
    if not isinstance(pad, dict) or "players" not in pad:
        raise ScorePadError('the pad must be an object with a "players" list')
    players = pad["players"]
    if not isinstance(players, list) or not players:
        raise ScorePadError('"players" must be a non-empty list')
    most = max(data.boards) if data.boards else 4
    if len(players) > most:
        raise ScorePadError(f"Applejack has 1..{most} players, this pad has {len(players)}")
    names: list[str] = []
    scores: list[ScoreBreakdown] = []
    for i, p in enumerate(players, start=1):
        name, score = _pad_player(p, f"player {i}", data)
        names.append(name)
        scores.append(score)
    if len(set(names)) != len(names):
        raise ScorePadError("player names must differ")
    best = winners([s.total for s in scores])
    return PadResult(tuple(names), tuple(scores), tuple(names[i] for i in best), best)


def _pad_player(p: Any, where: str, data: DataSet) -> tuple[str, ScoreBreakdown]:
    """One player's line of the pad: their name and final score."""
    if not isinstance(p, dict):
        raise ScorePadError(f"{where} must be an object")
    for key in ("name", "areas", "blossoms", "honey"):
        if key not in p:
            raise ScorePadError(f'{where} is missing "{key}"')
    name = p["name"]
    if not isinstance(name, str) or not name.strip():
        raise ScorePadError(f"{where}: name must be a non-empty string")
    if len(name) > MAX_NAME or not name.isprintable():
        raise ScorePadError(f"{where}: name must be at most {MAX_NAME} printable characters, got {name[:50]!r}")
    where = f"player {name!r}"
    by_variety = _pad_areas(p["areas"], where, data)
    blossoms = _count(p["blossoms"], f"{where}: blossoms")
    honey = _count(p["honey"], f"{where}: honey")
    return name, final_score(by_variety, blossoms, honey)


def _pad_areas(areas_raw: Any, where: str, data: DataSet) -> list[list[int]]:
    """A player's areas: the apple counts of each variety's areas, in variety order."""
    if not isinstance(areas_raw, dict):
        raise ScorePadError(f"{where}: areas must be an object mapping a variety to a list of area sizes")
    by_variety: list[list[int]] = [[] for _ in data.varieties]
    seen: dict[int, str] = {}
    for key, sizes in areas_raw.items():
        try:
            index = find_variety(data, key)
        except KeyError as exc:
            raise ScorePadError(f"{where}: {exc.args[0]}") from None
        vid = data.varieties[index].id
        if index in seen:
            raise ScorePadError(f"{where}: variety {vid} given twice ({seen[index]!r} and {key!r})")
        seen[index] = key
        if not isinstance(sizes, list):
            raise ScorePadError(f"{where}: areas[{key!r}] must be a list of apple counts, "
                                f"got {type(sizes).__name__}")
        if len(sizes) > MAX_AREAS:
            raise ScorePadError(f"{where}: areas[{key!r}] lists {len(sizes)} areas, at most {MAX_AREAS}")
        by_variety[index] = [_count(n, f"{where}: areas[{key!r}] entry") for n in sizes]
    return by_variety


def score_record(record: Any, data: DataSet) -> PadResult:
    """Score the pad a finished table-companion record holds (``score_pad``) and check the
    scores and winners the record stored (``scores``, ``winners``: seat indexes) against it.

    Raises :class:`ScorePadError` when there is no pad, the pad is bad, or the stored result
    disagrees with the pad — one line saying where."""
    if not isinstance(record, dict) or "score_pad" not in record:
        raise ScorePadError("this record holds no score pad (the game was not scored to the end)")
    try:
        result = score_pad(record["score_pad"], data)
    except ScorePadError as exc:
        raise ScorePadError(f"its score pad: {exc}") from None
    stored = record.get("scores")
    if stored is not None:
        if not isinstance(stored, list) or len(stored) != len(result.scores):
            raise ScorePadError(f"stored scores must be a list of {len(result.scores)} player score(s)")
        for name, got, want in zip(result.names, stored, result.scores, strict=True):
            if not isinstance(got, dict):
                raise ScorePadError(f"stored scores of {name!r} must be an object")
            for f in (*FIELDS, "per_variety"):
                if f not in got:
                    continue
                expect: Any = getattr(want, f)
                if f == "per_variety":
                    expect = list(expect)
                if got[f] != expect or isinstance(got[f], bool):
                    raise ScorePadError(f"stored scores disagree with the score pad: {name!r} {f} is "
                                        f"{str(got[f])[:20]} in the record, the pad gives {expect}")
    stored_winners = record.get("winners")
    if stored_winners is not None and stored_winners != list(result.winner_seats):
        shown = str(stored_winners)[:40]
        raise ScorePadError(f"stored winners disagree with the score pad: the record says seat(s) {shown}, "
                            f"the pad gives {', '.join(result.winners)}")
    return result
