"""The attract mode's Zankapfel games: bots play (``table.games.zankapfel.bots``), their moves are entered
into the table companion as a table would enter them (``table_script``), and the companion's own
screen (:class:`~table.games.zankapfel.view.ZankapfelView`) shows each step; the lid's lamps
show whose turn it is. Same loop body as :class:`table.display.demo.DemoScreen` (``step(events)``
returns ``"play"`` at the first touch, key or button), so ``run_demo_screen`` runs it.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from table.companion.leds import LedState
from table.companion.ports import Indicators, RecordingIndicators
from table.display.demo import DONE, PLAY, DemoScreen
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from table.games.zankapfel.view import ZankapfelView

__all__ = ["DONE", "PLAY", "ZankapfelDemoScreen", "zankapfel_steps"]


def zankapfel_steps(*, games: int = 0, players: int | None = None, seed: int = 0,
                    bots: tuple[str, ...] = ("greedy", "random")) -> Iterator[ZankapfelCompanion]:
    """The companion after every entered command, game after game (0 = endless); only the game
    in progress is kept. Players vary 3-6 from game to game unless given."""
    i = 0
    while games == 0 or i < games:
        n = players or 3 + (seed + i) % 4
        script, _final = table_script(n, seed + i, bots)
        ctl = ZankapfelCompanion()
        for line in script:
            ctl.do(line)
            yield ctl
        i += 1


class ZankapfelDemoScreen(DemoScreen):
    """Bots' Zankapfel games on the companion's screen, one entered command per ``pace`` seconds
    (the setup and the result stay longer)."""

    def __init__(self, surface: pygame.Surface, steps: Iterator[ZankapfelCompanion], *, pace: float = 1.2,
                 indicators: Indicators | None = None, inputs: queue.Queue[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, notifier: Any = None) -> None:
        self.surface = surface
        self.zview = ZankapfelView(surface.get_size())
        self.zsteps = steps
        self.pace = pace
        self.indicators = indicators if indicators is not None else RecordingIndicators(keep=16)
        self.inputs = inputs
        self.clock = clock
        self.notifier = notifier
        self.zcurrent: ZankapfelCompanion | None = None
        self.next_at = 0.0
        self.version = 0
        self.drawn_version = -1
        self.frames = 0
        self.games = 0
        self.leds: LedState | None = None
        self.current = None  # DemoScreen's Applejack step: unused here

    def advance(self, now: float) -> bool:
        ctl = next(self.zsteps, None)
        if ctl is None:
            return False
        self.zcurrent = ctl  # the text cache is bounded by render.Fonts (2000 strings)
        self.version += 1
        dwell = 8.0 if ctl.mode == "result" else 2.0 if ctl.mode == "setup" else 1.0
        if ctl.mode == "result":
            self.games += 1
        self.next_at = now + self.pace * dwell
        return True

    def shown(self) -> Any:
        return self.zcurrent

    def leds_now(self) -> LedState:
        assert self.zcurrent is not None
        return self.zcurrent.leds()

    def draw_shown(self) -> None:
        assert self.zcurrent is not None
        self.zview.draw(self.surface, self.zcurrent)
