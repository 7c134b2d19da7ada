"""The screen-power backends: the dimmed, dark and orbiting frame in pygame, and the backlight.

:class:`ScreenSaver` sits between a front end (the companion's :class:`~table.display.app.App`
or a demo screen) and the display. :meth:`ScreenSaver.attach` lets the front end draw its frames
onto an off-screen surface of the display's size and format and wraps its GPIO input queue;
:meth:`ScreenSaver.present` then puts the frame on the display shifted by the burn-in orbit
(:func:`~table.display.power.orbit_offset`, a few pixels, a step a minute), under a dark veil
with a slowly drifting hint while ``DIM``, or black while ``OFF`` — and only when the frame, the
state, the orbit step or the hint's position changed. :meth:`ScreenSaver.awake` drops the touch
or key that wakes the screen (and maps the others' positions back through the orbit shift);
:class:`WakingInputs` does the same for the lid's buttons, and :class:`NightIndicators` keeps
the trough LEDs dark while the screen is dark. The veil always works (HDMI screens
have no backlight to dim); a :class:`Backlight` (``/sys/class/backlight/NAME``) is used as well
when one is there and writable.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from table.companion.kept import follow_kept_schedule
from table.companion.leds import LedState
from table.display.fonts import Fonts
from table.display.power import ScreenPower, ScreenState, drift_position, orbit_offset, settings
from table.i18n import N_, _

log = logging.getLogger("applejack.screen")

BACKLIGHT_ENV = "APPLEJACK_BACKLIGHT"
BACKLIGHT_ROOT = Path("/sys/class/backlight")
DIM_ALPHA = 200
"""How dark the veil over a dimmed frame is (0-255)."""
DIM_LEVEL = 0.3
"""The backlight while dimmed, as a fraction of ``max_brightness``."""
HINT_COLOUR = (165, 171, 180)
HINT_BOX = (18, 22, 28)
WAKE_HINT = N_("Touch the screen or press a button")
INPUT_TYPES = (pygame.KEYDOWN, pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN)
"""The events that mean someone is at the table (and wake the screen)."""


class Backlight:
    """A sysfs backlight folder (``/sys/class/backlight/NAME``): ``brightness`` 0..``max_brightness``
    and, where the driver has it, ``bl_power`` (0 on, 4 powered down). ``ON`` is full brightness,
    ``DIM`` :data:`DIM_LEVEL` of it, ``OFF`` ``bl_power`` 4 (else brightness 0). Writes only on a
    change; the first failure is one log line, later ones are silent (the veil still dims)."""

    def __init__(self, folder: Path, *, dim_level: float = DIM_LEVEL) -> None:
        self.folder = Path(folder)
        self.max = int((self.folder / "max_brightness").read_text().strip())  # OSError/ValueError: not a backlight
        if self.max <= 0:
            raise ValueError(f"{self.folder}: max_brightness is {self.max}")
        self.dim = max(1, round(self.max * dim_level))
        self.shown: ScreenState | None = None
        self.failed = False

    def writes(self, state: ScreenState) -> list[tuple[str, int]]:
        has_power = (self.folder / "bl_power").exists()
        if state is ScreenState.OFF:
            return [("bl_power", 4)] if has_power else [("brightness", 0)]
        level = self.max if state is ScreenState.ON else self.dim
        return ([("bl_power", 0)] if has_power else []) + [("brightness", level)]

    def show(self, state: ScreenState) -> bool:
        """Put the backlight in ``state``; False when a write failed."""
        if state == self.shown:
            return True
        self.shown = state
        for name, value in self.writes(state):
            try:
                with open(self.folder / name, "w", encoding="ascii") as fp:
                    fp.write(f"{value}\n")
            except OSError as exc:
                if not self.failed:
                    self.failed = True
                    log.warning("backlight %s: cannot write %s (%s): dimming on the screen only", self.folder,
                                name, exc.strerror or exc)
                return False
        return True

    def close(self) -> None:
        """Back to full brightness (the process ends: never leave the panel dark)."""
        self.show(ScreenState.ON)


def find_backlight(root: Path = BACKLIGHT_ROOT) -> Path | None:
    """The first backlight under ``root`` (sorted by name) with ``brightness`` and ``max_brightness``."""
    try:
        folders = sorted(root.iterdir())
    except OSError:
        return None
    for folder in folders:
        if (folder / "brightness").is_file() and (folder / "max_brightness").is_file():
            return folder
    return None


def backlight_from_env(environ: Mapping[str, str], root: Path = BACKLIGHT_ROOT) -> Backlight | None:
    """``APPLEJACK_BACKLIGHT``: ``auto`` (default: the first backlight this user may write, see
    ``systemd/61-applejack-backlight.rules``), ``off``, or a backlight folder. Anything unusable
    is one log line and None (the veil alone dims)."""
    raw = environ.get(BACKLIGHT_ENV, "").strip()
    if raw.lower() in ("off", "none", "no"):
        return None
    if raw.lower() in ("", "auto"):
        folder = find_backlight(root)
        if folder is None:
            return None
        if not os.access(folder / "brightness", os.W_OK):
            log.info("backlight %s is not writable by this user: dimming on the screen only "
                     "(systemd/61-applejack-backlight.rules gives it to group video)", folder)
            return None
    else:
        folder = Path(raw)
    try:
        return Backlight(folder)
    except (OSError, ValueError) as exc:
        log.warning("%s=%s is not a usable backlight (%s): dimming on the screen only", BACKLIGHT_ENV, raw, exc)
        return None


class WakingInputs:
    """A front end's GPIO queue seen through the screen power: ``get_nowait`` drops a button
    press that only wakes the screen (and calls ``on_wake``); everything else goes through."""

    def __init__(self, inputs: queue.Queue[Any], saver: ScreenSaver, clock: Callable[[], float],
                 on_wake: Callable[[], None] | None = None) -> None:
        self.inputs = inputs
        self.saver = saver
        self.clock = clock
        self.on_wake = on_wake

    def get_nowait(self) -> Any:
        while True:
            item = self.inputs.get_nowait()  # queue.Empty ends the caller's drain
            if isinstance(getattr(item, "button", None), str) and self.saver.power.touch(self.clock()):
                if self.on_wake is not None:
                    self.on_wake()
                continue
            return item

    def __getattr__(self, name: str) -> Any:  # put, empty, qsize …: the queue's own
        return getattr(self.inputs, name)


class NightIndicators:
    """A front end's trough LEDs seen through the screen power: dark while the screen is dark
    (``OFF``: the schedule's night), back to what the front end last asked for when it wakes."""

    def __init__(self, indicators: Any) -> None:
        self.indicators = indicators
        self.wanted: Any = None
        self.dark = False

    def show(self, leds: Any) -> None:
        self.wanted = leds
        if not self.dark:
            self.indicators.show(leds)

    def set_dark(self, dark: bool) -> None:
        if dark == self.dark:
            return
        self.dark = dark
        if dark:
            self.indicators.show(LedState("off"))
        elif self.wanted is not None:
            self.indicators.show(self.wanted)

    def close(self) -> None:
        self.indicators.close()

    def __getattr__(self, name: str) -> Any:  # a recording fake's ``current``, ``shown`` …
        return getattr(self.indicators, name)


class ScreenSaver:
    """Dims, darkens and orbits the frames of the front end it is attached to (see the module)."""

    def __init__(self, power: ScreenPower, *, backlight: Backlight | None = None, start: float = 0.0) -> None:
        self.power = power
        self.backlight = backlight
        self.start = start
        self.target: pygame.Surface | None = None
        self.frame: pygame.Surface | None = None
        self.offset = (0, 0)
        self.seen_frames = -1
        self.look: tuple[Any, ...] | None = None
        self.lights: NightIndicators | None = None
        self.presented = 0
        """Frames put on the display (a test counts them: nothing changed, nothing drawn)."""
        self._veil: pygame.Surface | None = None
        self._fonts: Any = None
        self._hint: tuple[tuple[str, tuple[int, int]], pygame.Surface] | None = None

    # --- wiring -----------------------------------------------------------------------------------
    def attach(self, screen: Any, on_wake: Callable[[], None] | None = None) -> Any:
        """``screen`` (``surface``, ``inputs``, ``clock``, ``frames``) draws off screen from now on,
        its button queue drops waking presses and ``screen.saver`` is this; returns ``screen``.
        Attach again to the next screen (play ↔ demo): the power state goes on."""
        target = screen.surface
        screen.saver = self
        if self.frame is not None and target is self.frame:
            return screen  # attached already
        self.target = target
        self.frame = pygame.Surface(target.get_size(), 0, target)
        self.frame.blit(target, (0, 0))
        screen.surface = self.frame
        if screen.inputs is not None and not isinstance(screen.inputs, WakingInputs):
            screen.inputs = WakingInputs(screen.inputs, self, screen.clock, on_wake)
        lights = getattr(screen, "indicators", None)
        if lights is not None and not isinstance(lights, NightIndicators):
            screen.indicators = self.lights = NightIndicators(lights)
        self.seen_frames = -1
        self.look = None
        self._veil = None
        return screen

    def awake(self, events: Iterable[pygame.event.Event], now: float,
              on_wake: Callable[[], None] | None = None) -> list[pygame.event.Event]:
        """``events`` without the touch or key that only wakes the screen (``on_wake`` is called for
        it); the other touches' positions are mapped back from the orbit-shifted display."""
        out = []
        for e in events:
            if e.type in INPUT_TYPES:
                if self.power.touch(now):
                    if on_wake is not None:
                        on_wake()
                    continue
                e = self.unshift(e)
            out.append(e)
        return out

    def unshift(self, e: pygame.event.Event) -> pygame.event.Event:
        dx, dy = self.offset
        if (dx, dy) == (0, 0) or self.target is None:
            return e
        if e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos"):
            return pygame.event.Event(e.type, {**e.dict, "pos": (e.pos[0] - dx, e.pos[1] - dy)})
        if e.type == pygame.FINGERDOWN and hasattr(e, "x"):
            w, h = self.target.get_size()
            return pygame.event.Event(e.type, {**e.dict, "x": e.x - dx / max(1, w), "y": e.y - dy / max(1, h)})
        return e

    # --- the picture ------------------------------------------------------------------------------
    def present(self, screen: Any, now: float) -> bool:
        """Tick the power state and put ``screen``'s frame on the display if the frame, the state,
        the orbit step or the dim hint's place changed. Returns whether it drew."""
        state = self.power.tick(now)
        if self.backlight is not None:
            self.backlight.show(state)
        if self.lights is not None:
            self.lights.set_dark(state is ScreenState.OFF)
        if self.target is None or self.frame is None:
            return False
        elapsed = now - self.start
        offset = orbit_offset(elapsed) if state is not ScreenState.OFF else (0, 0)
        hint = self.hint_surface() if state is ScreenState.DIM else None
        spot = None
        if hint is not None:
            w, h = self.target.get_size()
            spot = drift_position(elapsed, (w - hint.get_width(), h - hint.get_height()))
        look = (state, offset, spot)
        frames = getattr(screen, "frames", 0)
        if frames == self.seen_frames and look == self.look:
            return False
        self.seen_frames, self.look, self.offset = frames, look, offset
        target = self.target
        if state is ScreenState.OFF:
            target.fill((0, 0, 0))
        else:
            target.fill(self.frame.get_at((0, 0)))
            target.blit(self.frame, offset)
            if state is ScreenState.DIM:
                target.blit(self.veil(), (0, 0))
                if hint is not None and spot is not None:
                    target.blit(hint, spot)
        self.presented += 1
        if pygame.display.get_init() and pygame.display.get_surface() is target:
            pygame.display.flip()
        return True

    def veil(self) -> pygame.Surface:
        assert self.target is not None
        if self._veil is None or self._veil.get_size() != self.target.get_size():
            self._veil = pygame.Surface(self.target.get_size(), pygame.SRCALPHA)
            self._veil.fill((0, 0, 0, DIM_ALPHA))
        return self._veil

    def hint_surface(self) -> pygame.Surface | None:
        """The dim screen's drifting line (a moving thing: nothing stands still while dimmed)."""
        if self.target is None or not pygame.font.get_init():
            return None
        key = (_(WAKE_HINT), self.target.get_size())
        if self._hint is not None and self._hint[0] == key:
            return self._hint[1]
        if self._fonts is None:
            self._fonts = Fonts()
        w, h = self.target.get_size()
        size = max(10, h // 18)
        text: pygame.Surface = self._fonts.text(_(WAKE_HINT), size, HINT_COLOUR)
        while text.get_width() > w - 2 * size and size > 10:  # a long translation on a small screen
            size = max(10, int(size * 0.9))
            text = self._fonts.text(_(WAKE_HINT), size, HINT_COLOUR)
        pad = size // 2
        box = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + 2 * pad))
        box.fill(HINT_BOX)
        pygame.draw.rect(box, (70, 76, 86), box.get_rect(), 1)
        box.blit(text, (pad, pad))
        self._hint = (key, box)
        return box

    def close(self) -> None:
        if self.backlight is not None:
            self.backlight.close()


def screen_saver_for(args: Any, *, clock: Callable[[], float] = time.monotonic,
                     environ: Mapping[str, str] | None = None) -> ScreenSaver:
    """The process's one screen saver, kept on ``args`` (``args.screen_saver``) so play and the
    demo hand it to each other and the idle time and the wake go on across them. Made on first
    use from ``--dim-after``/``--schedule`` over ``APPLEJACK_DIM_AFTER``/``APPLEJACK_SCREEN_SCHEDULE``:
    a malformed value is one log line and its default. Only the screen front ends call this (text
    mode has no screen to dim)."""
    saver: ScreenSaver | None = getattr(args, "screen_saver", None)
    if saver is not None:
        return saver
    env = os.environ if environ is None else environ
    found = settings(getattr(args, "dim_after", None), getattr(args, "schedule", None), dict(env))
    for problem in found.problems:
        log.warning("%s", problem)
    now = clock()
    power = ScreenPower(found.dim_after, found.schedule, local_time=lambda: datetime.now().time(), start=now)
    follow_kept_schedule(power, args, env)  # the owner's kept hours, changed on the settings page (companion/kept.py)
    backlight = backlight_from_env(env)
    saver = ScreenSaver(power, backlight=backlight, start=now)
    if backlight is not None:
        atexit.register(backlight.close)
    args.screen_saver = saver
    return saver
