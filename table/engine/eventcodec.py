"""Reading an event's JSON form back, for every game (the inverse of ``Event.to_dict``).

Each game keeps a ``{kind: class}`` table of its events; :func:`decode_event` turns
``{"type": kind, field: value, …}`` back into the frozen value (lists become tuples) and refuses
anything else with one :class:`RecordError` line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from table.engine.errors import RecordError

E = TypeVar("E")


def _short(value: Any, limit: int = 40) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a huge number"
    text = repr(value) if isinstance(value, str | int | float | bool) or value is None else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decode_event(types: Mapping[str, type[E]], d: Any, game: str) -> E:
    """The event ``d`` describes, from ``types``; RecordError names ``game`` and what is wrong."""
    kind = d.get("type") if isinstance(d, dict) else None
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"not a {game} event type: {_short(kind if isinstance(d, dict) else d)}")
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    extra = sorted(k for k in d if k != "type" and k not in names)
    missing = sorted(n for n in names if n not in d)
    if extra or missing:
        raise RecordError(f"malformed {kind} event: " + "; ".join(
            ([f"unknown fields {', '.join(map(_short, extra))}"] if extra else [])
            + ([f"missing {', '.join(missing)}"] if missing else [])))
    args = {n: tuple(d[n]) if isinstance(d[n], list) else d[n] for n in names}
    try:
        return cls(**args)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"malformed {kind} event: {exc}") from None
