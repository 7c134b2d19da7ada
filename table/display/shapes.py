"""The display toolkit's marks and tokens: every seat symbol and variety mark as a polygon (or a
circle), a variety token, a die face."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from table.display.colours import FG, Colour, contrast, hex_colour

Points = list[tuple[float, float]]


def _triangle(x: float, y: float, r: float) -> Points:
    return [(x, y - r), (x + r * 0.9, y + r * 0.7), (x - r * 0.9, y + r * 0.7)]


def _square(x: float, y: float, r: float) -> Points:
    k = r * 0.8
    return [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]


def _diamond(x: float, y: float, r: float) -> Points:
    return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]


def _star(x: float, y: float, r: float) -> Points:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return pts


def _hexagon(x: float, y: float, r: float) -> Points:
    return [(x + r * math.cos(math.pi / 3 * i), y + r * math.sin(math.pi / 3 * i)) for i in range(6)]


def _plus_points(r: float) -> Points:
    k, w = r, r * 0.35
    return [(-w, -k), (w, -k), (w, -w), (k, -w), (k, w), (w, w), (w, k), (-w, k), (-w, w), (-k, w), (-k, -w),
            (-w, -w)]


def _plus(x: float, y: float, r: float) -> Points:
    return [(x + px, y + py) for px, py in _plus_points(r)]


def _cross(x: float, y: float, r: float) -> Points:
    """The plus turned by 45°."""
    s = math.sqrt(0.5)
    return [(x + px, y + py) for px, py in ((px * s - py * s, px * s + py * s) for px, py in _plus_points(r))]


def _moon(x: float, y: float, r: float) -> Points:
    """A crescent opening to the right."""
    outer = [(x + r * math.cos(a), y + r * math.sin(a))
             for a in (math.pi / 3 + i * (4 * math.pi / 3) / 16 for i in range(17))]
    cx, ri = x + 0.5 * r, r * math.sqrt(0.75)
    inner = [(cx + ri * math.cos(a), y + ri * math.sin(a))
             for a in (3 * math.pi / 2 - i * math.pi / 12 for i in range(1, 12))]
    return outer + inner


def _drop(x: float, y: float, r: float) -> Points:
    """A raindrop: the point up, round below."""
    pts = []
    for i in range(28):
        t = 2 * math.pi * i / 28
        pts.append((x + 1.1 * r * math.sin(t) * math.sin(t / 2), y - r * math.cos(t)))
    return pts


def _heart(x: float, y: float, r: float) -> Points:
    pts = []
    for i in range(24):
        t = 2 * math.pi * i / 24
        hx = 16 * math.sin(t) ** 3
        hy = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x + hx * r / 17, y + hy * r / 17 + r * 0.1))
    return pts


SHAPES: dict[str, Callable[[float, float, float], Points]] = {
    "triangle": _triangle, "square": _square, "diamond": _diamond, "star": _star, "hexagon": _hexagon,
    "cross": _cross, "plus": _plus, "moon": _moon, "drop": _drop, "heart": _heart,
}
"""Every mark drawn as a polygon, by name (centre x, y and radius r); any other mark is a circle."""


def shape_points(mark: str, c: tuple[float, float], r: float) -> Points | None:
    """The polygon of ``mark`` around ``c``; None for a circle."""
    shape = SHAPES.get(mark)
    return None if shape is None else shape(c[0], c[1], r)


def draw_mark(surf: pygame.Surface, mark: str, c: tuple[float, float], r: float, fill: Colour,
              outline: Colour | None = None) -> None:
    pts = shape_points(mark, c, r)
    width = max(1, round(r / 8))
    if pts is None:
        pygame.draw.circle(surf, fill, (round(c[0]), round(c[1])), round(r))
        if outline:
            pygame.draw.circle(surf, outline, (round(c[0]), round(c[1])), round(r), width)
    else:
        pygame.draw.polygon(surf, fill, pts)
        if outline:
            pygame.draw.polygon(surf, outline, pts, width)


def draw_variety(surf: pygame.Surface, colour: str, mark: str, c: tuple[float, float], r: float) -> None:
    """A variety token: a disc of its colour with its mark in the contrasting colour."""
    col = hex_colour(colour)
    pygame.draw.circle(surf, col, (round(c[0]), round(c[1])), round(r))
    pygame.draw.circle(surf, FG, (round(c[0]), round(c[1])), round(r), max(1, round(r / 10)))
    draw_mark(surf, mark, c, r * 0.68, contrast(col))


def draw_die(surf: pygame.Surface, rect: pygame.Rect, pips: int) -> None:
    pygame.draw.rect(surf, (250, 250, 250), rect, border_radius=max(2, rect.w // 6))
    pygame.draw.rect(surf, (0, 0, 0), rect, max(1, rect.w // 16), border_radius=max(2, rect.w // 6))
    r = max(2, rect.w // 10)
    cx, cy, d = rect.centerx, rect.centery, rect.w // 4
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)]}.get(pips, [(0, 0)])
    for dx, dy in spots:
        pygame.draw.circle(surf, (0, 0, 0), (cx + dx * d, cy + dy * d), r)


