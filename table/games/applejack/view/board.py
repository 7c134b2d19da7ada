"""Applejack's harvest board path: where each space and printed apple stands in a w×h box."""

from __future__ import annotations

import math
from functools import lru_cache

APPLE_R = 0.62
"""A printed apple's radius on the board path, as a share of a space's."""


@lru_cache(maxsize=16)
def path_positions(n: int, w: int, h: int) -> tuple[tuple[int, int], ...]:
    """Space centres of an n-space path laid out as a serpentine in a w×h box."""
    cols = min(n, max(4, math.ceil(math.sqrt(n * w / max(1, h)))))
    rows = math.ceil(n / cols)
    cw, rh = w / cols, h / rows
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        if row % 2:
            col = cols - 1 - col
        out.append((round(cw * (col + 0.5)), round(rh * (row + 0.5))))
    return tuple(out)


def path_layout(apples_by_space: tuple[tuple[int, ...], ...], w: int, h: int, r_max: int) -> tuple[
        tuple[tuple[int, int], ...], int, list[tuple[int, tuple[float, float], float]]]:
    """The board path in a w×h box: space centres, the space radius, and every printed apple as
    (variety, centre, radius). Every apple must show between its two spaces: the spaces shrink until
    the shortest segment with apples holds both half-spaces and one apple; two apples on one segment
    stand side by side across the path."""
    n = len(apples_by_space)
    pos = path_positions(n, w, h)
    r = max(6, min(round(min(w / math.ceil(math.sqrt(n * w / max(1, h))), h / 4) * 0.28), r_max))
    segments = [math.dist(pos[i], pos[i + 1]) for i in range(n - 1) if apples_by_space[i]]
    if segments:
        r = max(6, min(r, math.floor(min(segments) / (2 + 2 * APPLE_R + 0.4))))
    ra = max(5.0, r * APPLE_R)
    out: list[tuple[int, tuple[float, float], float]] = []
    for i in range(n - 1):
        apples = apples_by_space[i]
        (x0, y0), (x1, y1) = pos[i], pos[i + 1]
        length = max(1.0, math.dist(pos[i], pos[i + 1]))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        across = (-(y1 - y0) / length, (x1 - x0) / length)
        for k, v in enumerate(apples):
            off = (k - (len(apples) - 1) / 2) * 2.15 * ra
            out.append((v, (mx + across[0] * off, my + across[1] * off), ra))
    return pos, r, out


