"""Where each path space of a harvest-board side lies, in millimetres: the sensor plate's layout.

The number of spaces of each side comes from ``boards.toml`` (:mod:`table.hardware.board_sides`);
the shape of the path is our reconstruction of the printed boards (``docs/data.md``: the path
spirals inwards from the start space), so the templates drawn from it are a *guide*: the builder
lays the real board on the printed template and checks each circle under its space before
gluing (``docs/die-sensor.md``, "Placing the sensors"); a board whose spaces lie elsewhere is
measured once and given as a CSV (``tools/make_plate_templates.py --centres``).

Coordinates: x to the right, y downwards, origin at the board's top-left corner, in mm (as SVG).
The board is :data:`BOARD_MM` square; the path is an Archimedean spiral around its centre,
starting at the top (12 o'clock) and turning clockwise, the spaces at equal distances along it.
On the solo side the six path spaces lie on a shorter, steeper spiral and the last space is the
middle of the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from table.hardware.board_sides import BoardSide

BOARD_MM = 280.0
"""Side of the (square) harvest board and of the sensor plate under it."""
MIN_PITCH_MM = 25.0
"""Closest two sensors may be: a die's magnet 25 mm to the side gives under 0.5 mT (docs/die-sensor.md)."""


@dataclass(frozen=True)
class Spiral:
    """An inward spiral: radius ``r_start`` (mm) at the first space, ``r_end`` after ``turns``."""

    r_start: float
    r_end: float
    turns: float


SPIRALS = {
    "bridge": Spiral(r_start=120.0, r_end=55.0, turns=1.6),
    "solo": Spiral(r_start=115.0, r_end=55.0, turns=1.25),
}
"""The 2-4 player sides share one spiral (their spaces are spread over it); the solo side has its own."""


def _points_at_equal_arc(spiral: Spiral, n: int, steps: int = 20000) -> list[tuple[float, float]]:
    """``n`` points (n >= 2) from the spiral's start to its end, equally spaced along it (mm, centred)."""
    total = spiral.turns * 2 * math.pi

    def at(theta: float) -> tuple[float, float]:
        r = spiral.r_start - (spiral.r_start - spiral.r_end) * theta / total
        return r * math.sin(theta), -r * math.cos(theta)  # 12 o'clock, then clockwise (y down)

    lengths = [0.0]
    prev = at(0.0)
    for i in range(1, steps + 1):
        p = at(total * i / steps)
        lengths.append(lengths[-1] + math.dist(prev, p))
        prev = p
    out = []
    j = 0
    for k in range(n):
        want = lengths[-1] * k / (n - 1)
        while j < steps and lengths[j + 1] < want:
            j += 1
        span = lengths[j + 1] - lengths[j] if j < steps else 1.0
        frac = 0.0 if j >= steps else (want - lengths[j]) / span
        out.append(at(total * (j + frac) / steps))
    return out


def space_centres(side: BoardSide) -> list[tuple[float, float]]:
    """The centre of each path space of ``side`` (space 1 first), mm from the board's top-left."""
    c = BOARD_MM / 2
    if side.bridge:
        points = _points_at_equal_arc(SPIRALS["bridge"], side.spaces)
    else:  # solo: the path spaces on the spiral, the last (innermost) space in the middle
        points = [*_points_at_equal_arc(SPIRALS["solo"], side.spaces - 1), (0.0, 0.0)]
    return [(round(c + x, 3), round(c + y, 3)) for x, y in points]


def pitch_mm(centres: list[tuple[float, float]]) -> float:
    """The smallest distance between two sensors (mm)."""
    return min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :])
