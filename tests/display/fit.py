"""The rule every screen of every game is held to (issue 21, "legible and touchable on the smallest
screen"), read from what the renderer recorded (``BaseView.drawn`` and ``BaseView.targets``), not
from pixels.

Physical assumptions (one panel per supported size):

* 480×320 is a 3.5" panel: 576.9 px on an 88.9 mm diagonal, a pixel 0.154 mm wide;
* 800×480 is the official 7" display: 933 px on 177.8 mm, 0.191 mm;
* 1024×600 is a 7" panel too: 1186.8 px on 177.8 mm, 0.150 mm.

**Text a player must read** is drawn at a font size (em) of at least ``MIN_TEXT_PX``: 14 px at
480×320 and 16 px at 800×480 (the figures of issue 21), and at 1024×600 the size that stands as
tall on its 7" glass as 16 px does on the 800×480 one: 16 × 0.191 / 0.150 = 20.3 → 20 px (which is
also the design's 16 px at the 1024×600 scale 1.25). On the glass that is an em of 2.2 mm on the
3.5" panel and 3.0 mm on the 7" ones; DejaVu's capital "H" stands 0.73 em, so the capitals are
1.6 mm and 2.2 mm tall — the issue's "about 2.5 mm cap height" is met on the 7" panels and not
quite on the 3.5" one, where 2.5 mm would take a 22 px font (the recorded cap heights are in
every failure message; raise ``MIN_TEXT_PX`` to tighten the rule).

**A touch target** is at least 7 mm on its shorter side: 7 / 0.154 = 45 px at 480×320,
38 px at 800×480 (the issue's figure; 7 / 0.191 = 36.7) and 7 / 0.150 = 47 px at 1024×600.

**Nothing is clipped or overlapping**: no line cut with "…" or squeezed to fit, no line or
target leaving the screen or its button, no two lines over each other, no line over a target it
does not label (a line wholly inside a target is its label), no two targets over each other.
What does not fit moves to a second page or is left out at that size, on purpose.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from table.display.toolkit import DrawnText

MIN_TEXT_PX = {(480, 320): 14, (800, 480): 16, (1024, 600): 20}
"""The smallest font size (em, real pixels) of a line a player must read, per screen size."""
MIN_TOUCH_PX = {(480, 320): 45, (800, 480): 38, (1024, 600): 47}
"""The smallest side of a touch target (real pixels), per screen size."""
SLACK = 1
"""Pixels two neighbours' boxes may share (antialiased edges of rects that touch)."""


def _over(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.w > SLACK and clip.h > SLACK


def text_problems(drawn: Iterable[DrawnText], size: tuple[int, int]) -> list[str]:
    """What breaks the rule among the recorded lines alone (size, clipping, leaving their room)."""
    screen = pygame.Rect((0, 0), size)
    bad = []
    for d in drawn:
        if d.read and d.px < MIN_TEXT_PX[size]:
            bad.append(f"{d.text!r} is {d.px} px (cap {d.cap} px), under {MIN_TEXT_PX[size]}")
        if d.clipped:
            bad.append(f"{d.text!r} is cut or squeezed to fit {d.max_w} px")
        if not screen.contains(d.rect):
            bad.append(f"{d.text!r} leaves the screen: {d.rect}")
        if d.box is not None and not d.box.contains(d.rect):
            bad.append(f"{d.text!r} sticks out of its button {d.box}: {d.rect}")
    return bad


def target_problems(targets: Iterable[tuple[pygame.Rect, str]], size: tuple[int, int]) -> list[str]:
    """Touch targets too small, off the screen, or over each other."""
    screen = pygame.Rect((0, 0), size)
    rows = list(targets)
    bad = []
    for i, (rect, name) in enumerate(rows):
        if min(rect.w, rect.h) < MIN_TOUCH_PX[size]:
            bad.append(f"target {name} is {rect.w}×{rect.h} px, under {MIN_TOUCH_PX[size]}")
        if not screen.contains(rect):
            bad.append(f"target {name} leaves the screen: {rect}")
        bad += [f"targets {name} and {other} overlap" for r, other in rows[i + 1:] if _over(rect, r)]
    return bad


def overlap_problems(drawn: list[DrawnText], targets: list[tuple[pygame.Rect, str]]) -> list[str]:
    """Lines over each other, and lines over a target they do not label."""
    bad = []
    for i, d in enumerate(drawn):
        bad += [f"{d.text!r} and {e.text!r} overlap" for e in drawn[i + 1:] if _over(d.rect, e.rect)]
        for rect, name in targets:
            if _over(d.rect, rect) and not rect.contains(d.rect) and d.box != rect:
                bad.append(f"{d.text!r} lies over target {name} without fitting in it")
    return bad


def fit_problems(drawn: list[DrawnText], targets: list[tuple[pygame.Rect, str]], size: tuple[int, int]) -> list[str]:
    """Everything on one frame that breaks the rule (empty: the frame fits)."""
    return text_problems(drawn, size) + target_problems(targets, size) + overlap_problems(drawn, targets)
