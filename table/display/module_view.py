"""What the other games' screens share (Zankapfel, Draft Cider, Waldgärtner): one frame is the
setup (or the Names page over it), resume, play or result screen of the module's ``mode``, then
the refusal strip (``refusal``) and the storage problem's red bar across the top."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from table.display import players_view
from table.display.colours import BG, DIM, LIT, Colour
from table.display.toolkit import BaseView
from table.i18n import _

ButtonItem = tuple[str, str, Colour | None]
"""A button of a game's bottom row: its label, its touch target, its colour (None: the panel's)."""


class ModuleView(BaseView):
    """A game module's screens: subclasses draw ``draw_setup``, ``draw_play`` and ``draw_result``
    (the resume question is the toolkit's ``draw_resume``); :meth:`draw` picks and frames them."""

    def draw(self, surf: pygame.Surface, ctl: Any) -> None:
        self.new_frame()
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
            self.draw_refusal(surf, ctl.refusal)
        if ctl.storage_problem:
            self.draw_storage_problem(surf, ctl.storage_problem)

    def draw_setup(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError

    def draw_play(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError

    def draw_result(self, surf: pygame.Surface, ctl: Any) -> None:
        raise NotImplementedError

    # --- what the games' screens draw alike ---------------------------------------------------------
    def players_choice(self, surf: pygame.Surface, ctl: Any, title: str, label: str, counts: Sequence[int], *,
                       top: tuple[float, float, float, float], button: tuple[float, float, float, float],
                       words: Callable[[int], str] = str) -> None:
        """The setup's heading: the game's title at ``top[0]``, the players label at (``top[2]``,
        ``top[1]``), then a button for each count in ``counts`` (target ``players:<n>``, lit when
        chosen) of ``button`` = (width, height, gap, label size), the row at y ``top[3]``."""
        title_y, label_y, x, y = top
        width, height, gap, size = button
        self.text(surf, title, 40, (self.w // 2, self.px(title_y)), bold=True, anchor="center")
        self.text(surf, label, 22, (self.px(x), self.px(label_y)), DIM)
        bw, bh = self.px(width), self.px(height)
        for i, n in enumerate(counts):
            r = pygame.Rect(self.px(x) + i * (bw + self.px(gap)), self.px(y), bw, bh)
            self.button(surf, r, words(n), f"players:{n}", lit=ctl.setup.players == n, size=size)

    def draw_prompt(self, surf: pygame.Surface, ask: str, said: Sequence[str], y: int, *, margin: float,
                    size: float, min_size: float) -> None:
        """Under the play area: what the table must enter now (lit, two lines at most), then the
        last thing the companion said (not on a small screen), ``margin`` in from each side."""
        x, w = self.px(margin), self.w - self.px(2 * margin)
        y = self.wrapped(surf, ask, size, (x, y), w, LIT, bold=True, max_lines=2, min_size=min_size)
        if said and not self.small:
            self.wrapped(surf, said[-1], size - 4, (x, y), w, DIM, max_lines=1, min_size=12)

    def button_row(self, surf: pygame.Surface, items: Sequence[ButtonItem], *, x: int, y: int, h: int, gap: int,
                   size: float) -> None:
        """The bottom row: ``items`` and Undo, each at most 150 px of the design wide."""
        row = [*items, (_("Undo"), "undo", None)]
        w = min(self.px(150), (self.w - 2 * x) // max(1, len(row)))
        for i, (label, name, colour) in enumerate(row):
            self.button(surf, pygame.Rect(x + i * w, y, w - gap, h), label, name, colour=colour, size=size)
