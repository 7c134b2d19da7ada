"""Is there a screen? (No pygame import: ``play`` and ``run`` ask before choosing text or window.)"""

from __future__ import annotations

import glob
import os


def display_available() -> bool:
    """A screen to draw on: an explicit SDL video driver, X/Wayland, or a DRM device (Pi console)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    return any(os.access(p, os.R_OK | os.W_OK) for p in glob.glob("/dev/dri/card*"))
