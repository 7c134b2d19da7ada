"""An orchard cell's value: the one place that knows how a placed tile is packed into an int.

``GameState.cells[seat][cell]`` (cell = orchard space − 1, 0..18) holds :data:`EMPTY` or
``tile * 8 + rotation``: rotation 0-5 steps clockwise for a tree tile, :data:`PASTURE_ROT` (7)
for a tile laid pasture side up. Bots, the companion and the screens read cells through these
helpers only, so the packing may change without them.
"""

from __future__ import annotations

from dataclasses import dataclass

EMPTY = -1
"""An empty cell (also "no tile" elsewhere in the game state: the hand, a cottage)."""
PASTURE_ROT = 7
"""The rotation that marks a tile laid pasture side up."""
_ROT_BITS = 3
_ROT_MASK = 7


def cell_value(tile: int, rotation: int) -> int:
    """The value of ``tile`` placed tree side up, turned ``rotation`` (0-5) steps."""
    return tile << _ROT_BITS | rotation


def pasture_value(tile: int) -> int:
    """The value of ``tile`` laid pasture side up."""
    return tile << _ROT_BITS | PASTURE_ROT


def tile_of(value: int) -> int:
    """The tile id on a cell (not :data:`EMPTY`)."""
    return value >> _ROT_BITS


def rotation_of(value: int) -> int:
    """The rotation of a cell's tile (:data:`PASTURE_ROT` for a pasture)."""
    return value & _ROT_MASK


def is_tree(value: int) -> bool:
    """A tile lies tree side up on the cell."""
    return value != EMPTY and value & _ROT_MASK != PASTURE_ROT


def is_pasture(value: int) -> bool:
    """A tile lies pasture side up on the cell."""
    return value != EMPTY and value & _ROT_MASK == PASTURE_ROT


@dataclass(frozen=True, slots=True)
class Cell:
    """A placed tile as a value: its id, rotation (0 for a pasture) and side."""

    tile: int
    rotation: int
    pasture: bool

    def __str__(self) -> str:
        return f"tile {self.tile} " + ("pasture" if self.pasture else f"turned {self.rotation}")


def decode_cell(value: int) -> Cell | None:
    """The tile on a cell, or None for an empty one."""
    if value == EMPTY:
        return None
    if value & _ROT_MASK == PASTURE_ROT:
        return Cell(value >> _ROT_BITS, 0, True)
    return Cell(value >> _ROT_BITS, value & _ROT_MASK, False)
