"""Where a turn stands: the one :class:`Phase` both faces of Applejack use.

The physical-table face (``track``) knows three of them (``TAKE``, ``STOCK``, ``OVER``); the full
game (``game``) all nine, its chance nodes (``SETUP``, ``BLIND_DRAW``, ``STOCK_DRAW``,
``REFILL``) included. A ``StrEnum``: each phase is its own text (``Phase.TAKE == "take"``), so
the JSON forms and the words people read stay what they were.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SETUP = "setup"
    """Full game: the setup draws (troughs, middle trees, cottages) — chance."""
    TAKE = "take"
    """A tile is chosen: a trough, the middle trees (solo), the cottage or blind."""
    BLIND_DRAW = "blind-draw"
    """Full game: the blind tile comes out of the supply — chance."""
    PAY = "pay"
    """Full game: pay the price or turn the tile to pasture."""
    PLACE = "place"
    """Full game: the tile goes on an orchard space."""
    STOCK = "stock"
    """The cottage tile was taken: restock it from a trough or the supply."""
    STOCK_DRAW = "stock-draw"
    """Full game: the cottage's new tile comes out of the supply — chance."""
    REFILL = "refill"
    """Full game: the refill draws after the die moved — chance."""
    OVER = "over"
    """The game has ended."""

    @property
    def is_chance(self) -> bool:
        """The supply gives the next tile (a chance node of the full game)."""
        return self in _CHANCE

    @property
    def word(self) -> str:
        """The full game's word for it in summaries and messages (``select`` for ``TAKE``, as
        every summary so far has said)."""
        return "select" if self is Phase.TAKE else self.value


_CHANCE = frozenset((Phase.SETUP, Phase.BLIND_DRAW, Phase.STOCK_DRAW, Phase.REFILL))
