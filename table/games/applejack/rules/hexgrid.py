"""The orchard's hex grid: 19 spaces in a hexagon of radius 2.

Coordinates are axial ``(q, r)`` on a pointy-top grid. Edges and directions are numbered
0..5 counter-clockwise starting east: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE. Edge ``e`` of a
space faces edge ``(e + 3) % 6`` of its neighbour. Rotating a tile by ``k`` turns its edge
``e`` to ``(e + k) % 6``.

Spaces are numbered 1..19 for people, row by row from the top, left to right::

          1   2   3
        4   5   6   7
      8   9  10  11  12
       13  14  15  16
         17  18  19

Internally a space is its index 0..18 (number − 1).
"""

from __future__ import annotations

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
RADIUS = 2


def _cells() -> tuple[tuple[int, int], ...]:
    cells = []
    for r in range(-RADIUS, RADIUS + 1):
        for q in range(-RADIUS, RADIUS + 1):
            if max(abs(q), abs(r), abs(q + r)) <= RADIUS:
                cells.append((q, r))
    return tuple(cells)


CELLS: tuple[tuple[int, int], ...] = _cells()
"""Axial coordinates by index (row by row from the top, left to right)."""
CELL_COUNT = len(CELLS)
INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(CELLS)}


def _neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for q, r in CELLS:
        row = []
        for dq, dr in DIRECTIONS:
            row.append(INDEX.get((q + dq, r + dr), OFF_BOARD))
        table.append(tuple(row))
    return tuple(table)


OFF_BOARD = -1
NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()
"""``NEIGHBOURS[i][e]``: the index across edge ``e`` of space ``i``, or −1 (:data:`OFF_BOARD`) off the board."""
ADJACENT: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in row if n != OFF_BOARD) for row in NEIGHBOURS)
"""``ADJACENT[i]``: the spaces next to space ``i`` (on the board), in edge order."""

CORNER_NAMES: tuple[str, ...] = DIRECTION_NAMES
"""The six corners of the orchard are named by the direction they point to from the centre."""
CORNER_CELL: dict[str, int] = {
    name: INDEX[(RADIUS * dq, RADIUS * dr)] for name, (dq, dr) in zip(CORNER_NAMES, DIRECTIONS, strict=True)
}
"""The corner space of each corner; its corner feature sits across the edge of the same number."""
CORNER_EDGE: dict[str, int] = {name: i for i, name in enumerate(CORNER_NAMES)}


def rotate_mask(mask: int, k: int) -> int:
    """Rotate a 6-bit edge mask by ``k`` steps (edge e → e + k)."""
    k %= 6
    return ((mask << k) | (mask >> (6 - k))) & 0b111111


MASK_EDGES: tuple[tuple[int, ...], ...] = tuple(tuple(e for e in range(6) if m >> e & 1) for m in range(64))
"""The edges (0-5) set in each 6-bit edge mask, in order: ``MASK_EDGES[mask]``."""


EDGE_LINKS: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...] = tuple(
    tuple(tuple((e, NEIGHBOURS[cell][e], (e + 3) % 6) for e in MASK_EDGES[mask]) for mask in range(64))
    for cell in range(CELL_COUNT))
"""``EDGE_LINKS[cell][mask]``: for each edge ``e`` set in ``mask``, ``(e, the space across it or
OFF_BOARD, the edge of that space facing back)`` — where a tile's beehives on ``cell`` can link."""


def mask_edges(mask: int) -> tuple[int, ...]:
    """The edges (0-5) a 6-bit edge mask has a beehive on, in order."""
    return MASK_EDGES[mask]


def has_edge(mask: int, edge: int) -> bool:
    """A beehive on ``edge`` (0-5) of a 6-bit edge mask."""
    return bool(mask >> edge & 1)


def distinct_rotations(mask: int) -> tuple[int, ...]:
    """The rotations 0..5 that give distinct edge masks (first of each kind)."""
    seen: set[int] = set()
    out = []
    for k in range(6):
        m = rotate_mask(mask, k)
        if m not in seen:
            seen.add(m)
            out.append(k)
    return tuple(out)


def space_index(number: int) -> int:
    if not 1 <= number <= CELL_COUNT:
        raise ValueError(f"orchard space must be 1..{CELL_COUNT}, got {number}")
    return number - 1
