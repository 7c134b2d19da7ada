"""What the other games' screens share (Zankapfel, Draft Cider, Waldgärtner): one frame is the
setup (or the Names page over it), resume, play or result screen of the module's ``mode``, then
the refusal strip (``hint``) and the storage problem's red bar across the top."""

from __future__ import annotations

from typing import Any

import pygame

from table.display import players_view
from table.display.colours import BG
from table.display.toolkit import BaseView


class ModuleView(BaseView):
    """A game module's screens: subclasses draw ``draw_setup``, ``draw_play`` and ``draw_result``
    (the resume question is the toolkit's ``draw_resume``); :meth:`draw` picks and frames them."""

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
        if ctl.hint:
            self.draw_refusal(surf, ctl.hint)
        if ctl.storage_problem:
            self.draw_storage_problem(surf, ctl.storage_problem)

    def draw_setup(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError

    def draw_play(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError

    def draw_result(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError
