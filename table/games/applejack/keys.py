"""Applejack's keys (the registry part ``keys``): digits are troughs (the score pad's digits on
the pad), o/k the setup's orchards and campaign, w/s teach mode, the rest the common keys."""

from __future__ import annotations

import pygame

from table.display.keys import DIGITS, KEYS
from table.games.applejack.companion.api import Controller

TEACH_KEYS = {("setup", pygame.K_w): "teach", ("play", pygame.K_s): "skip"}
"""Teach mode's keys: w turns it on/off at setup, s skips a lesson."""


def key_button(key: int, mode: str) -> str | None:
    if key in DIGITS:
        d = DIGITS[key]
        if mode == "pad":
            return d
        return f"trough{d}" if "1" <= d <= "7" else None
    if mode == "pad" and key == pygame.K_DELETE:
        return "clear"  # empties the field under the cursor
    if mode == "setup" and key in (pygame.K_o, pygame.K_k):
        return "orchards" if key == pygame.K_o else "campaign"
    if (mode, key) in TEACH_KEYS:
        return TEACH_KEYS[(mode, key)]
    return KEYS.get(key)


def applejack_key(key: int, ctl: Controller) -> str | None:
    return key_button(key, ctl.mode)
