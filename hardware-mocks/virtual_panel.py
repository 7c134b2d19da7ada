"""A virtual lid panel: the trough LEDs drawn with pygame, the buttons clickable or on keys.

For development without a Pi. It is wired to the *mock pins* of a real
:class:`table.hardware.panel.Panel`: each frame it reads the LED pins' states (PWM duty 0..1),
and a click or key drives the button's pin low (pressed) and high again (released), exactly
as a finger on the real button would. So the app under development sees the very same
``ButtonPress`` events and its LED calls show up on screen.

Keys: 1..7 trough buttons, B blind, Enter or C confirm, U or Backspace undo, Esc quits.

Run the demo (trough buttons toggle their LED, blind runs the chase, confirm blinks the lit
troughs in order, undo puts all out)::

    python hardware-mocks/virtual_panel.py [--pins my_pins.toml]
"""

from __future__ import annotations

import argparse
import os
import queue
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

try:
    from table.hardware.panel import Panel
except ModuleNotFoundError:  # run as a script from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from table.hardware.panel import Panel

from table.hardware.pinmap import TROUGHS

SIZE = (780, 330)
BACKGROUND = (34, 30, 28)
LED_OFF = (70, 40, 20)
LED_ON = (255, 170, 40)
BUTTON_UP = (90, 90, 100)
BUTTON_DOWN = (200, 200, 215)
TEXT = (235, 230, 220)

KEYS: dict[int, str] = {
    **{getattr(pygame, f"K_{n}"): f"trough{n}" for n in range(1, TROUGHS + 1)},
    pygame.K_b: "blind",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_c: "confirm",
    pygame.K_u: "undo",
    pygame.K_BACKSPACE: "undo",
}


def mix(a: tuple[int, int, int], b: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    f = min(1.0, max(0.0, f))
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


class VirtualPanel:
    """Draws ``panel``'s LEDs and turns clicks/keys into presses on its mock button pins."""

    def __init__(self, panel: Panel) -> None:
        self.panel = panel
        self.led_centres: dict[int, tuple[int, int]] = {}
        self.button_rects: dict[str, pygame.Rect] = {}
        for i in range(TROUGHS):
            x = 70 + i * 106
            self.led_centres[i + 1] = (x, 90)
            self.button_rects[f"trough{i + 1}"] = pygame.Rect(x - 34, 140, 68, 44)
        for j, name in enumerate(("blind", "confirm", "undo")):
            self.button_rects[name] = pygame.Rect(170 + j * 160, 240, 120, 50)
        self.status_centre = (SIZE[0] - 70, 265)
        self.held: set[str] = set()
        self._font: Any = None

    # -- input ---------------------------------------------------------------------------------
    def press(self, name: str) -> None:
        """Press button ``name``: its mock pin goes to the active level."""
        pin = self.panel.button_pin(name)
        if self.panel.pinmap.buttons_pull_up:
            pin.drive_low()
        else:
            pin.drive_high()
        self.held.add(name)

    def release(self, name: str) -> None:
        pin = self.panel.button_pin(name)
        if self.panel.pinmap.buttons_pull_up:
            pin.drive_high()
        else:
            pin.drive_low()
        self.held.discard(name)

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.button_rects.items():
            if rect.collidepoint(pos):
                return name
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one pygame event; False when the window should close."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self.button_at(event.pos)
            if name is not None:
                self.press(name)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name in sorted(self.held):
                self.release(name)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False
            if event.key in KEYS:
                self.press(KEYS[event.key])
        elif event.type == pygame.KEYUP and event.key in KEYS and KEYS[event.key] in self.held:
            self.release(KEYS[event.key])
        return True

    # -- output --------------------------------------------------------------------------------
    def brightness(self, pin: Any) -> float:
        """0..1 light output of an LED pin (mock pin state, PWM duty), honouring active-low wiring."""
        level = float(pin.state)
        return level if self.panel.pinmap.leds_active_high else 1.0 - level

    def draw(self, surface: pygame.Surface) -> None:
        if self._font is None:
            pygame.font.init()
            self._font = pygame.font.Font(None, 22)
        surface.fill(BACKGROUND)
        for trough, centre in self.led_centres.items():
            level = self.brightness(self.panel.led_pin(trough))
            if level > 0:
                pygame.draw.circle(surface, mix(BACKGROUND, LED_ON, level * 0.35), centre, 36)
            pygame.draw.circle(surface, mix(LED_OFF, LED_ON, level), centre, 24)
            self._label(surface, f"trough {trough}", (centre[0], 40))
        for name, rect in self.button_rects.items():
            pygame.draw.rect(surface, BUTTON_DOWN if name in self.held else BUTTON_UP, rect, border_radius=8)
            self._label(surface, name.replace("trough", ""), rect.center, dark=name in self.held)
        if self.panel.status is not None:
            level = self.brightness(self.panel.status.pin)
            pygame.draw.circle(surface, mix((20, 50, 20), (60, 240, 90), level), self.status_centre, 9)
            self._label(surface, "status", (self.status_centre[0], self.status_centre[1] + 22))

    def _label(self, surface: pygame.Surface, text: str, centre: tuple[int, int], dark: bool = False) -> None:
        img = self._font.render(text, True, BACKGROUND if dark else TEXT)
        surface.blit(img, img.get_rect(center=centre))

    def run(self, max_frames: int | None = None, fps: int = 30, on_frame: Any = None) -> None:
        """Open a window and run until closed (or ``max_frames``); ``on_frame()`` runs each frame."""
        pygame.display.init()
        try:
            screen = pygame.display.set_mode(SIZE)
            pygame.display.set_caption("Applejack Table: virtual lid panel")
            clock = pygame.time.Clock()
            frames = 0
            running = True
            while running and (max_frames is None or frames < max_frames):
                for event in pygame.event.get():
                    running = self.handle_event(event) and running
                if on_frame is not None:
                    on_frame()
                self.draw(screen)
                pygame.display.flip()
                clock.tick(fps)
                frames += 1
        finally:
            pygame.display.quit()


class Demo:
    """A toy app on the panel events, so the virtual panel can be tried alone."""

    def __init__(self, panel: Panel) -> None:
        self.panel = panel
        self.lit: list[int] = []

    def step(self) -> None:
        while True:
            try:
                event = self.panel.events.get_nowait()
            except queue.Empty:
                return
            print(event, flush=True)
            trough = getattr(event, "trough", None)
            if trough is not None:
                self.lit = [t for t in self.lit if t != trough] if trough in self.lit else [*self.lit, trough]
                self.panel.leds.set_open(self.lit)
            elif event.button == "blind":
                self.panel.leds.chase()
            elif event.button == "confirm" and self.lit:
                self.panel.leds.blink_sequence(self.lit)
            elif event.button == "undo":
                self.lit = []
                self.panel.leds.all_off()


def main(argv: Sequence[str] | None = None) -> int:
    from table.hardware.factory import make_pin_factory
    from table.hardware.pinmap import PinMapError, load_pinmap

    parser = argparse.ArgumentParser(description="Virtual lid panel on mock pins.")
    parser.add_argument("--pins", help="pin map TOML (default: the shipped wiring)")
    parser.add_argument("--frames", type=int, help="stop after this many frames (for smoke tests)")
    args = parser.parse_args(argv)
    try:
        pinmap = load_pinmap(args.pins)
    except PinMapError as exc:
        print(exc, file=sys.stderr)
        return 2
    with Panel(pinmap, pin_factory=make_pin_factory("mock")) as panel:
        panel.set_status("on")
        demo = Demo(panel)
        VirtualPanel(panel).run(max_frames=args.frames, on_frame=demo.step)
    return 0


if __name__ == "__main__":
    sys.exit(main())
