"""Event text with the data set's names (variety names instead of indexes)."""

from __future__ import annotations

from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import Event, Harvest


def describe(event: Event, data: DataSet) -> str:
    """One line for people: like ``str(event)``, with varieties named."""
    if isinstance(event, Harvest):
        v = data.varieties[event.variety]
        s = f"HARVEST {v.name} [{v.letter}]: each area's apples − {event.pips}"
        if event.payouts is not None:
            s += f"; honey {list(event.payouts)}"
        return s
    return str(event)
