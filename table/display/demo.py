"""The kiosk's attract mode, the loop every game's demo runs: bots play whole games on the screen
until someone wants to play.

:class:`DemoScreen` is the loop body, testable without a screen (like :class:`table.display.app.App`):
``step(events)`` looks at the touch/key/mouse events and the GPIO input queue (any of them ends the
demo with ``"play"``), moves on to the next thing to show when the injected clock says the current
one has been shown long enough (``pace`` seconds times its weight), lets the LEDs show what it
shows and redraws only when it changed. A game's demo says what comes next and how to draw it
(:meth:`DemoScreen.next_shown`, :meth:`~DemoScreen.leds_now`, :meth:`~DemoScreen.draw_shown`);
:class:`ModuleDemoScreen` is the whole of it for a game whose demo is its table companion after
each entered command, drawn by the companion's own view.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

import pygame

from table.companion.demo_jobs import WAITING
from table.companion.leds import LedState
from table.companion.ports import Indicators, RecordingIndicators
from table.companion.protocol import GameCompanion
from table.display.colours import BG, OK
from table.display.toolkit import BaseView
from table.i18n import _

THINKING_S = 0.1
"""How often the demo looks again whether the bots' next game is ready (seconds)."""
PLAY = "play"
QUIT = "quit"
DONE = "done"
BANNER_H = 34
"""The demo banner's height (design px)."""


def draw_banner(view: BaseView[Any], surface: pygame.Surface) -> pygame.Rect:
    """Every game's demo banner, "Demo — touch to play", over the top right of the frame (the
    right half; no touch target: any touch leaves the demo). Returns its rectangle."""
    rect = pygame.Rect(view.w // 2 + view.px(10), view.px(4), view.w // 2 - view.px(16), view.px(BANNER_H))
    pygame.draw.rect(surface, BG, rect, border_radius=view.px(8))
    pygame.draw.rect(surface, OK, rect, view.px(2), border_radius=view.px(8))
    view.text(surface, _("Demo — touch to play"), 20, rect.center, OK, bold=True, anchor="center",
              max_w=rect.w - view.px(12))
    return rect


def is_press(item: Any) -> bool:
    """A hardware input that means "someone is here": a button press (not a die reading)."""
    return isinstance(getattr(item, "button", None), str)


Shown = TypeVar("Shown")
"""What a demo screen shows a step at a time (a companion module; Applejack's: its bots' steps)."""


class DemoScreen(Generic[Shown]):
    """The demo's loop body: inputs → (maybe) the next thing shown → LEDs → draw if it changed.

    ``step`` returns None while the demo goes on, :data:`PLAY` when someone touched the screen,
    pressed a key or a trough button, :data:`QUIT` on a window close, :data:`DONE` when the
    ``steps`` ran out."""

    def __init__(self, surface: pygame.Surface, view: BaseView[Any], *, pace: float = 1.2,
                 indicators: Indicators | None = None, inputs: queue.Queue[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, notifier: Any = None) -> None:
        self.surface = surface
        self.view = view
        self.pace = pace
        self.indicators: Indicators = indicators if indicators is not None else RecordingIndicators(keep=16)
        self.inputs = inputs
        self.clock = clock
        self.notifier = notifier
        self.current: Shown | None = None
        """What the screen shows now (None before the first step)."""
        self.next_at = 0.0
        self.version = 0
        self.drawn_version = -1
        self.frames = 0
        self.games = 0  # games shown to the end
        self.leds: LedState | None = None

    # --- what a game's demo says ----------------------------------------------------------------
    def next_shown(self) -> tuple[Any, float] | None:
        """The next thing to show and how many paces it stays (None: the games ran out); counts
        ``games`` when one was shown to its end."""
        raise NotImplementedError

    def leds_now(self) -> LedState:
        """The LEDs for what is shown."""
        raise NotImplementedError

    def draw_shown(self) -> None:
        """Draw what is shown on the surface."""
        raise NotImplementedError

    def close(self) -> None:
        """End the demo's steps (a generator: ``steps``), and with them the worker thinking ahead
        for them (``companion/demo_jobs.py``)."""
        close = getattr(getattr(self, "steps", None), "close", None)
        if close is not None:
            close()

    def handle(self, e: pygame.event.Event) -> str | None:
        if e.type == pygame.QUIT:
            return QUIT
        if e.type == pygame.KEYDOWN:
            return QUIT if e.key == pygame.K_q and e.mod & pygame.KMOD_CTRL else PLAY
        if e.type in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN):
            return PLAY  # a touch arrives as a finger and as its mouse twin: either leaves once
        if e.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.drawn_version = -1
        return None

    def pressed(self) -> bool:
        """Drain the GPIO queue; True when a button was pressed."""
        if self.inputs is None:
            return False
        press = False
        while True:
            try:
                item = self.inputs.get_nowait()
            except queue.Empty:
                return press
            press = press or is_press(item)

    def advance(self, now: float) -> bool:
        shown = self.next_shown()
        if shown is None:
            return False
        if shown is WAITING:  # the bots think off the UI thread: the screen stays, inputs are handled
            self.next_at = now + THINKING_S
            return True
        self.current, paces = shown
        self.version += 1
        self.next_at = now + self.pace * paces
        return True

    def step(self, events: Iterable[pygame.event.Event] = ()) -> str | None:
        result = None
        for e in events:
            result = result or self.handle(e)
        if self.pressed():
            result = result or PLAY
        if result is not None:
            return result
        now = self.clock()
        if (self.shown() is None or now >= self.next_at) and not self.advance(now):
            return DONE
        if self.shown() is None:  # the bots still think on the first step (WAITING): nothing to light or draw yet
            return None
        leds = self.leds_now()
        if leds != self.leds:
            self.indicators.show(leds)
            self.leds = leds
        self.draw_if_changed()
        if self.notifier is not None:
            self.notifier.watchdog()
        return None

    def shown(self) -> Any:
        """What the screen shows now (None before the first step)."""
        return self.current

    def draw_if_changed(self) -> bool:
        if self.shown() is None or self.version == self.drawn_version:
            return False
        self.draw_shown()
        draw_banner(self.view, self.surface)  # the same in every game's demo
        self.drawn_version = self.version
        self.frames += 1
        if pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            pygame.display.flip()
        if self.frames == 1 and self.notifier is not None:
            self.notifier.ready()
        return True

    def wait_ms(self) -> int:
        """How long the loop may sleep in ``pygame.event.wait``: until the next step, at most 100 ms,
        at least 1 (``wait(0)`` would wait for ever)."""
        if self.shown() is None:
            return 1
        return max(1, min(100, round((self.next_at - self.clock()) * 1000)))


def run_demo_screen(screen: DemoScreen[Any], *, running: Callable[[], bool] = lambda: True) -> str:
    """Loop ``screen`` on the open display until someone wants to play (:data:`PLAY`), the window
    closes (:data:`QUIT`), ``running()`` turns False (:data:`QUIT`, e.g. SIGTERM) or the games end
    (:data:`DONE`). A screen saver attached to it (``display/screensaver.py``) dims, darkens and
    orbits the frames; the touch or button that wakes a dim screen only wakes it (the next one plays)."""
    saver = getattr(screen, "saver", None)
    result = screen.step()
    while result is None and running():
        if saver is not None:
            saver.present(screen, screen.clock())
        first = pygame.event.wait(screen.wait_ms())
        events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
        if saver is not None:
            events = saver.awake(events, screen.clock())
        result = screen.step(events)
    return result if result is not None else QUIT


class ModuleDemoScreen(DemoScreen[GameCompanion]):
    """A game's table companion after each entered command (``steps``), drawn by its own view
    (``view_class``), one command per ``pace`` seconds (the setup and the result stay longer); the
    lid's lamps show what the companion's lamps show."""

    view_class: Callable[[tuple[int, int]], BaseView[Any]]

    def __init__(self, surface: pygame.Surface, steps: Iterator[Any], *, pace: float = 1.2,
                 indicators: Indicators | None = None, inputs: queue.Queue[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, notifier: Any = None) -> None:
        super().__init__(surface, self.view_class(surface.get_size()), pace=pace, indicators=indicators,
                         inputs=inputs, clock=clock, notifier=notifier)
        self.steps = steps

    def next_shown(self) -> tuple[Any, float] | None:
        ctl = next(self.steps, None)
        if ctl is None:
            return None  # the text cache is bounded by Fonts (2000 strings)
        if ctl is WAITING:  # ``companion.demo_jobs.worked_steps``: the bots still think
            waiting: tuple[Any, float] = WAITING
            return waiting
        if ctl.mode == "result":
            self.games += 1
        return ctl, 8.0 if ctl.mode == "result" else 2.0 if ctl.mode == "setup" else 1.0

    def leds_now(self) -> LedState:
        assert self.current is not None
        led: LedState = self.current.leds()
        return led

    def draw_shown(self) -> None:
        assert self.current is not None
        self.view.draw(self.surface, self.current)
