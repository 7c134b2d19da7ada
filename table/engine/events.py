"""The one base of every game's events (issue 19: no game's events subclass another game's).

An event is a small frozen value with a one-line text form (``str(event)``) and a JSON form:
``to_dict()`` gives ``{"type": kind, field: value, …}`` (tuples as lists) and
``table.engine.eventcodec.decode_event`` reads it back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Subclasses are frozen dataclasses with a ``kind`` (their JSON ``type``) and ``__str__``."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d
