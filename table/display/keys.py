"""The keyboard's common words: the keys every game's key map falls back on (pygame key → button).

A game's own map is its registry part ``keys`` — ``key(pygame_key, ctl) -> button | None`` —
which the app calls for every key it does not take itself (``:`` entry, ``g`` game, ``l``
language, Ctrl+Q).
"""

from __future__ import annotations

import pygame

from table.companion.protocol import GameCompanion

KEYS: dict[int, str] = {
    pygame.K_SPACE: "blind", pygame.K_b: "blind",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_BACKSPACE: "backspace", pygame.K_u: "undo", pygame.K_DELETE: "undo",
    pygame.K_c: "cottage", pygame.K_m: "middle", pygame.K_f: "correct",
    pygame.K_ESCAPE: "escape", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_TAB: "next", pygame.K_RIGHT: "next", pygame.K_LEFT: "prev",
    pygame.K_COMMA: "comma", pygame.K_PLUS: "up", pygame.K_EQUALS: "up", pygame.K_KP_PLUS: "up",
    pygame.K_MINUS: "down", pygame.K_KP_MINUS: "down", pygame.K_d: "done",
    pygame.K_h: "hint", pygame.K_t: "tracked",
}
DIGITS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
DIGITS |= {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}


def module_key(key: int, ctl: GameCompanion) -> str | None:
    """The keys Zankapfel, Draft Cider and Waldgärtner share beyond :data:`KEYS`: ``w`` turns
    teach mode on or off on the setup screen, as in Applejack (the README's key)."""
    if key == pygame.K_w and ctl.mode == "setup":
        return "teach"
    return KEYS.get(key)
