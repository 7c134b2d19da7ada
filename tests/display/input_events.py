"""pygame input events as a person makes them, for the app tests: a key, a touch on a target."""

from __future__ import annotations

from typing import Any

import pygame


def key(k: int, uni: str = "") -> pygame.event.Event:
    """A key press (``uni``: the character it types)."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni)


def touch(app: Any, name: str) -> pygame.event.Event:
    """A finger on the middle of the app's touch target ``name`` (SDL's 0..1 coordinates)."""
    rect = next(r for r, n in app.view.targets if n == name)
    w, h = app.surface.get_size()
    return pygame.event.Event(pygame.FINGERDOWN, x=rect.centerx / w, y=rect.centery / h, finger_id=0, touch_id=0)
