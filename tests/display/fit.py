"""The rule every screen of every game is held to (issue 21, "legible and touchable on the smallest
screen"), read from what the renderer recorded (``BaseView.drawn`` and ``BaseView.targets``), not
from pixels.

Measured in millimetres on each supported screen model's glass (``table.display.screens``:
each model's active area and pixel grid, so its millimetres per pixel across and down):

* **a line a player must read** from across the table has capitals (the height of "H" in its
  font, recorded by the toolkit as ``DrawnText.cap``) at least ``CAP_MM`` = 2.5 mm tall:
  14 px on the recommended 7" 800×480 display (0.179 mm a pixel down), 18 px on a 7" 1024×600
  panel (0.143 mm), 17 px on a 3.5" 480×320 HAT (0.153 mm);
* **a touch target** is at least ``TOUCH_MM`` = 7 mm on both sides: 40 px on the 7" 800×480
  display, 49 px on the 1024×600 panel, 46 px on the 3.5" HAT.

**Nothing is clipped or overlapping**: no line cut with "…" or squeezed to fit, no line or
target leaving the screen or its button, no two lines over each other, no line over a target it
does not label (a line wholly inside a target is its label), no two targets over each other.
What does not fit moves to a second page or is left out at that size, on purpose.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from table.display.screens import CAP_MM, MODELS, TOUCH_MM, model_for
from table.display.toolkit import DrawnText

MIN_CAP_PX = {m.size: m.cap_px() for m in MODELS}
"""The smallest capital (real pixels) of a line a player must read, per screen size (2.5 mm)."""
MIN_TOUCH_PX = {m.size: m.touch_px() for m in MODELS}
"""The smallest side of a touch target (real pixels), per screen size (7 mm)."""
SLACK = 1
"""Pixels two neighbours' boxes may share (antialiased edges of rects that touch)."""


def _over(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.w > SLACK and clip.h > SLACK


def text_problems(drawn: Iterable[DrawnText], size: tuple[int, int], *, strict: bool = True) -> list[str]:
    """What breaks the rule among the recorded lines alone (size, clipping, leaving their room).
    ``strict``: capitals of ``CAP_MM``; else of what the screen model is laid out at
    (``ScreenModel.laid_out_cap_mm``: the same on every listed model, the 3.5" HAT too)."""
    screen = pygame.Rect((0, 0), size)
    model = model_for(size)
    cap_mm = CAP_MM if strict else model.laid_out_cap_mm
    bad = []
    for d in drawn:
        if d.read and model.mm(d.cap) < cap_mm - 1e-6:
            bad.append(f"{d.text!r} has {model.mm(d.cap):.2f} mm capitals ({d.cap} px at {d.px} px), "
                       f"under {cap_mm} mm")
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
    model = model_for(size)
    rows = list(targets)
    bad = []
    for i, (rect, name) in enumerate(rows):
        w_mm, h_mm = model.mm(rect.w, down=False), model.mm(rect.h)
        if min(w_mm, h_mm) < TOUCH_MM - 1e-6:
            bad.append(f"target {name} is {rect.w}×{rect.h} px ({w_mm:.1f}×{h_mm:.1f} mm), under {TOUCH_MM} mm")
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


def fit_problems(drawn: list[DrawnText], targets: list[tuple[pygame.Rect, str]], size: tuple[int, int], *,
                 strict: bool = False) -> list[str]:
    """Everything on one frame that breaks the rule (empty: the frame fits). ``strict``: the
    capitals measured against the rule's 2.5 mm on every model (the games' legibility test,
    ``tests/test_every_game.py``, where a game whose 3.5" screens do not fit yet is a known
    misfit); else against what each model is laid out at (the same 2.5 mm on every listed model
    since issue 33)."""
    return (text_problems(drawn, size, strict=strict) + target_problems(targets, size)
            + overlap_problems(drawn, targets))
