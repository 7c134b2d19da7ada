"""The display toolkit's colours: one palette for every game's screens."""

from __future__ import annotations

Colour = tuple[int, int, int]
BG: Colour = (18, 22, 28)
PANEL: Colour = (38, 44, 54)
FG: Colour = (240, 240, 235)
DIM: Colour = (150, 156, 165)
LIT: Colour = (255, 214, 0)
WARN: Colour = (230, 70, 60)
OK: Colour = (70, 190, 110)


def hex_colour(s: str) -> Colour:
    return int(s[1:3], 16), int(s[3:5], 16), int(s[5:7], 16)


def contrast(c: Colour) -> Colour:
    return (0, 0, 0) if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 140 else (255, 255, 255)

