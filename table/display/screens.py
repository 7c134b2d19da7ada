"""The screen models the table supports, measured on the glass: each model's pixel grid, its
active area in millimetres (so its millimetres per pixel, across and down), how it connects, the
Raspberry Pi header pins it takes and what it costs (``docs/screens.md`` says which one the guide
recommends first and why).

The fit rule (``tests/display/fit.py``) and the toolkit (``table.display.toolkit.BaseView``) read
their minimums from here in millimetres, never in pixels:

* :data:`CAP_MM` — a line a player reads from across the table (1–1.5 m) has capitals at least
  2.5 mm tall on the glass (in Japanese: its kanji);
* :data:`TOUCH_MM` — a touch target is at least 7 mm on its shorter side.

A model's pixels need not be square: the official 7" display's are 0.193 mm wide and 0.179 mm
tall, so a capital's height is measured with the pitch down (``pitch_y``) and a target's sides with
each their own. A size no model lists (a desktop window) is measured as a 7" panel of that size.
"""

from __future__ import annotations

import math
from typing import NamedTuple

CAP_MM = 2.5
"""The smallest capital (the height of "H"; in Japanese of a kanji) of a line a player must read
from across the table, in millimetres on the glass."""
TOUCH_MM = 7.0
"""The smallest side of a touch target a fingertip hits reliably, in millimetres on the glass."""


class ScreenModel(NamedTuple):
    """One supported screen: its pixel grid (``size``), its active area in millimetres
    (``area_mm``: width, height), its diagonal (inches), how it is connected, the header pins it
    takes, its price in euros (2026, a typical shop's, rounded) and whether the guide recommends it
    first."""

    key: str
    name: str
    size: tuple[int, int]
    area_mm: tuple[float, float]
    inches: float
    link: str
    pins: str
    price_eur: int
    recommended: bool = False
    laid_out_cap_mm: float = CAP_MM
    """The capital the toolkit draws a read line at, at least, on this model: :data:`CAP_MM` on
    every listed model (the 3.5" HAT too since issue 33: 17 px capitals, about 23 px type; its
    screens show less instead). A model laid out at less would be a known misfit of the games'
    legibility test (``tests/test_every_game.py``)."""

    @property
    def pitch_x(self) -> float:
        """How wide one pixel is on the glass (mm)."""
        return self.area_mm[0] / self.size[0]

    @property
    def pitch_y(self) -> float:
        """How tall one pixel is on the glass (mm): what a capital's height is measured with."""
        return self.area_mm[1] / self.size[1]

    def cap_px(self) -> int:
        """The fewest pixels a capital may stand to be :data:`CAP_MM` tall on this glass."""
        return math.ceil(CAP_MM / self.pitch_y - 1e-9)

    def floor_cap_px(self) -> int:
        """The fewest pixels the toolkit lets a read line's capital stand (:attr:`laid_out_cap_mm`)."""
        return math.ceil(self.laid_out_cap_mm / self.pitch_y - 1e-9)

    def touch_px(self) -> int:
        """The fewest pixels a touch target's side may have to be :data:`TOUCH_MM` both ways."""
        return math.ceil(TOUCH_MM / min(self.pitch_x, self.pitch_y) - 1e-9)

    def mm(self, px: float, *, down: bool = True) -> float:
        """``px`` pixels on this glass in millimetres (down, or across when ``down`` is False)."""
        return px * (self.pitch_y if down else self.pitch_x)


MODELS: tuple[ScreenModel, ...] = (
    ScreenModel("pi-touch-7", 'Raspberry Pi Touch Display 7" (800×480, DSI)', (800, 480), (154.08, 85.92), 7.0,
                "DSI ribbon; 5 V and ground from the header or USB", "none (5 V and ground only)", 65,
                recommended=True),
    ScreenModel("hdmi-7-1024", '7" HDMI panel 1024×600 (USB touch)', (1024, 600), (154.21, 85.92), 7.0,
                "HDMI and USB (touch, power)", "none", 55),
    ScreenModel("spi-3.5", '3.5" SPI touch HAT 480×320 (XPT2046)', (480, 320), (73.44, 48.96), 3.5,
                "SPI on the 40-pin header", "26 header pins covered: SPI0 (GPIO 8, 9, 10, 11), GPIO 7, 17, 24, 25",
                20),
)
"""The supported screens, the recommended one first."""

RECOMMENDED = next(m for m in MODELS if m.recommended)


def model_for(size: tuple[int, int]) -> ScreenModel:
    """The screen model of a ``size`` pixel grid: a listed one, or a 7" panel of that grid
    (16:9-ish glass 154 × 86 mm; a desktop window shows at its size)."""
    for m in MODELS:
        if m.size == tuple(size):
            return m
    w, h = size
    diag_mm = 7.0 * 25.4
    scale = diag_mm / math.hypot(w, h)
    return ScreenModel(f"{w}x{h}", f"{w}×{h} (as a 7\" panel)", (w, h), (w * scale, h * scale), 7.0, "", "", 0)
