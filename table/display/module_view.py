"""What the other games' screens share (Zankapfel, Draft Cider, Waldgärtner): one frame is the
setup (or the Names page over it), resume, play or result screen of the module's ``mode``, then
the refusal strip (``refusal``) and the storage problem's red bar across the top."""

from __future__ import annotations

from typing import Any

import pygame

from table.display import players_view
from table.display.render import BG, FG, View


class ModuleView(View):
    """A game module's screens: subclasses draw ``draw_setup``, ``draw_resume``, ``draw_play`` and
    ``draw_result``; :meth:`draw` picks and frames them (the refusal strip is ``View``'s)."""

    def draw(self, surf: pygame.Surface, ctl: Any) -> None:
        self.targets = []
        surf.fill(BG)
        if ctl.mode == "setup":
            if not players_view.draw_setup_overlay(self, surf, ctl):  # the Names page, a name's keyboard
                self.draw_setup(surf, ctl)
        elif ctl.mode == "resume":
            self.draw_resume(surf, ctl)
        elif ctl.mode == "result":
            self.draw_result(surf, ctl)
        else:
            self.draw_play(surf, ctl)
        if ctl.refusal:
            self.draw_hint(surf, ctl.refusal)
        if ctl.storage_problem:
            rect = pygame.Rect(0, 0, self.w, self.px(30))
            pygame.draw.rect(surf, (120, 20, 20), rect)
            self.text(surf, ctl.storage_problem, 16, rect.center, FG, anchor="center", max_w=self.w - self.px(12))

