"""Reading an event's JSON form back, for every game (the inverse of ``Event.to_dict``).

Each game keeps a ``{kind: class}`` table of its events; :func:`decode_event` turns
``{"type": kind, field: value, …}`` back into the frozen value (lists become tuples) and refuses
anything else with one :class:`RecordError` line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from table.engine.errors import RecordError, short_repr

E = TypeVar("E")


def decode_event(types: Mapping[str, type[E]], d: Any, game: str) -> E:
    """The event ``d`` describes, from ``types``; RecordError names ``game`` and what is wrong."""
    kind = d.get("type") if isinstance(d, dict) else None
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"not a {game} event type: {short_repr(kind if isinstance(d, dict) else d)}")
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    extra = sorted(k for k in d if k != "type" and k not in names)
    missing = sorted(n for n in names if n not in d)
    if extra or missing:
        raise RecordError(f"malformed {kind} event: " + "; ".join(
            ([f"unknown fields {', '.join(map(short_repr, extra))}"] if extra else [])
            + ([f"missing {', '.join(missing)}"] if missing else [])))
    args = {n: tuple(d[n]) if isinstance(d[n], list) else d[n] for n in names}
    try:
        return cls(**args)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"malformed {kind} event: {exc}") from None
