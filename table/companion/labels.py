"""How the companion names things for people (shared by the controller, orchard tracking and hints)."""

from __future__ import annotations

from table.engine.data import SEAT_GLYPHS, SEAT_SYMBOLS


def seat_label(seat: int) -> str:
    """``△ Triangle``: a seat by its symbol (the harvest board shows symbols, not numbers)."""
    return f"{SEAT_GLYPHS[SEAT_SYMBOLS[seat]]} {SEAT_SYMBOLS[seat].capitalize()}"
