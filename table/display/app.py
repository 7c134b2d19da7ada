"""The pygame front end: event → controller → draw, and only when something changed.

:class:`App` is the loop body, testable without a screen: ``step(events)`` hands pygame events
and hardware inputs to the controller, updates the LEDs, expires hints on the injected clock
and redraws when the controller's ``version`` moved. :func:`run_app` opens the display
(fullscreen kiosk without a cursor on a Pi console via KMSDRM, a window elsewhere) and loops.
"""

from __future__ import annotations

import logging
import os
import queue
import signal
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from table.companion.coach import CoachWorker
from table.companion.controller import Controller, LedState
from table.companion.hardware import Hardware
from table.companion.hints import HintWorker
from table.companion.notifying import make_notifier
from table.companion.ports import Indicators, RecordingIndicators, drain
from table.companion.text import handle_line
from table.display.detect import display_available  # noqa: F401 - re-exported
from table.display.handover import IDLE
from table.display.players_view import covers_setup, players_key
from table.display.render import View
from table.i18n import _

log = logging.getLogger("applejack.display")

HINT_SECONDS = 4.0
IDLE_MODES = ("setup", "result")
"""The screens that hand over to the demo when idle (never a game in progress or its resume question)."""
CONSOLE_DRIVERS = ("kmsdrm", "fbcon", "directfb")
"""SDL video drivers that own the whole screen: the kiosk is fullscreen without a cursor."""
SIZES = ((480, 320), (800, 480), (1024, 600))

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
TEACH_KEYS = {("setup", pygame.K_w): "teach", ("play", pygame.K_s): "skip"}
"""Teach mode's keys (``companion/applejack/teach.py``): w turns it on/off at setup, s skips a lesson."""
DIGITS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
DIGITS |= {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}


Z_LETTERS = {pygame.K_r: "r", pygame.K_y: "y", pygame.K_g: "g", pygame.K_j: "j", pygame.K_l: "confirm",
             pygame.K_p: "pass"}


class DisplayUnavailable(RuntimeError):
    pass


def view_for(ctl: Any, size: tuple[int, int]) -> View:
    """The per-game view: ``ctl.game`` picks it (Applejack's ``render.View`` by default)."""
    if getattr(ctl, "game", "applejack") == "zankapfel":
        from table.display.zankapfel_view import ZankapfelView

        return ZankapfelView(size)
    if getattr(ctl, "game", "applejack") == "draftcider":
        from table.display.draftcider_view import DraftCiderView

        return DraftCiderView(size)
    if getattr(ctl, "game", "applejack") == "waldgaertner":
        from table.display.waldgaertner_view import WaldgaertnerView

        return WaldgaertnerView(size)
    return View(size)


def zankapfel_key(key: int, ctl: Any) -> str | None:
    """Zankapfel's keys: digits are card values and die faces (else seats), r y g b j colours
    (b buys in phase 1), l lays, p passes, arrows move the grid cursor."""
    stage = ctl.stage() if ctl.mode == "play" else ""
    if key in DIGITS:
        d = DIGITS[key]
        return d if stage == "card" else f"trough{d}" if "1" <= d <= "7" else None
    if key == pygame.K_b:
        return "blind" if stage == "bid" else "b"
    if key in Z_LETTERS:
        return Z_LETTERS[key]
    if key in (pygame.K_UP, pygame.K_DOWN):
        return "up" if key == pygame.K_UP else "down"
    if key in (pygame.K_u, pygame.K_BACKSPACE, pygame.K_DELETE):
        return "undo"
    return KEYS.get(key)


def waldgaertner_key(key: int, ctl: Any) -> str | None:
    """Waldgärtner's keys: digits are trough buttons (die choices), or a card id's digits where one
    is asked; s special, b sells/declines, u undo."""
    if key in DIGITS:
        stage = ctl.stage() if ctl.mode == "play" else ""
        d = DIGITS[key]
        return d if stage in ("draw", "reveal", "bdraw", "sdeal", "bchoose", "achoose", "schoose") else f"trough{d}"
    if key == pygame.K_s:
        return "trough7"
    if key in (pygame.K_u, pygame.K_DELETE):
        return "undo"
    return KEYS.get(key)


def draftcider_key(key: int, ctl: Any) -> str | None:
    """Draft Cider's keys (``display/draftcider_view.py``)."""
    from table.display.draftcider_view import draftcider_key as keys

    return keys(key, ctl)


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


class App:
    def __init__(self, ctl: Controller, surface: pygame.Surface, *, indicators: Indicators | None = None,
                 inputs: queue.Queue[Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 speaker: Any = None, notifier: Any = None,
                 after_step: Callable[[Controller], None] | None = None, hints: HintWorker | None = None) -> None:
        self.ctl = ctl
        self.surface = surface
        self.view = view_for(ctl, surface.get_size())
        self.view_game = getattr(ctl, "game", "applejack")
        self.indicators: Indicators = indicators if indicators is not None else RecordingIndicators()
        self.inputs = inputs
        self.clock = clock
        self.speaker = speaker
        self.notifier = notifier
        self.drawn_version = -1
        self.frames = 0
        self.leds: LedState | None = None
        self.hint_since: float | None = None
        self.running = True
        self.after_step = after_step
        self.hints = hints
        """Computes hints off the UI thread (None: no hints are computed)."""
        self.coach: CoachWorker | None = None  # the result's fair target and coach, off the UI thread
        self.entry: str | None = None
        """The one-line command entry (``:``), None while closed; a line goes to ``handle_line``."""
        self.last_input = clock()
        """When someone last pressed a key, a button or the screen (clock seconds)."""
        self.saver: Any = None
        """Screen power (``display/screensaver.py``): dims, darkens and orbits the frame; None: none."""

    def touched(self) -> None:
        self.last_input = self.clock()

    def idle(self, seconds: float) -> bool:
        """Nobody has touched the setup or result screen for ``seconds`` (0: never idle)."""
        return (seconds > 0 and self.ctl.mode in IDLE_MODES and self.entry is None
                and self.clock() - self.last_input >= seconds)

    def press(self, button: str | None) -> None:
        if button is not None:
            self.ctl.press(button)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type in (pygame.KEYDOWN, pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN):
            self.touched()
        if e.type == pygame.QUIT:
            self.running = False
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_q and e.mod & pygame.KMOD_CTRL:
                self.running = False
            elif self.entry is not None:
                self.type_key(e)
            elif players_key(self.ctl, e) is not None:  # a name typed, the history (players_view)
                self.press(players_key(self.ctl, e))
            elif getattr(e, "unicode", "") == ":":
                self.entry = ""
                self.drawn_version = -1
            elif e.key == pygame.K_g and getattr(self.ctl, "choosing", lambda: False)():
                self.press("game")
            elif e.key == pygame.K_l and self.ctl.mode == "setup":  # every game's setup: the next language
                self.press("language")
            else:
                game = getattr(self.ctl, "game", "applejack")
                keys = {"applejack": None, "waldgaertner": waldgaertner_key, "draftcider": draftcider_key}.get(
                    game, zankapfel_key)
                self.press(key_button(e.key, self.ctl.mode) if keys is None else keys(e.key, self.ctl))
        elif e.type == pygame.FINGERDOWN:
            w, h = self.surface.get_size()
            self.press(self.view.hit((int(e.x * w), int(e.y * h))))
        elif e.type == pygame.MOUSEBUTTONDOWN:
            if getattr(e, "touch", False) or e.button != 1:
                return  # SDL's mouse twin of a touch: the FINGERDOWN was handled
            self.press(self.view.hit(e.pos))
        elif e.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.drawn_version = -1

    def type_key(self, e: pygame.event.Event) -> None:
        """A key while the command entry is open: enter submits the line, escape closes it."""
        assert self.entry is not None
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line, self.entry = self.entry.strip(), None
            if line:
                refused = handle_line(self.ctl, line)
                if refused:
                    self.ctl.hint = refused
                    self.ctl.version += 1
        elif e.key == pygame.K_ESCAPE:
            self.entry = None
        elif e.key == pygame.K_BACKSPACE:
            self.entry = self.entry[:-1]
        elif getattr(e, "unicode", "") and e.unicode.isprintable() and len(self.entry) < 80:
            self.entry += e.unicode
        self.drawn_version = -1

    def step(self, events: Iterable[pygame.event.Event] = ()) -> bool:
        if self.saver is not None:  # the touch or key that wakes a dim or dark screen only wakes it
            events = self.saver.awake(events, self.clock(), on_wake=self.touched)
        for e in events:
            self.handle(e)
        if self.inputs is not None:
            drain(self.ctl, self.inputs, on_press=self.touched)
        if self.hints is not None:
            drain(self.ctl, self.hints.results)  # hints computed off the UI thread; stale ones are dropped
            self.hints.poll(self.ctl)
        if self.coach is not None:
            self.coach.poll(self.ctl)  # starts the job after a tracked game, brings back its results
        now = self.clock()
        if self.ctl.hint:
            if self.hint_since is None:
                self.hint_since = now
            elif now - self.hint_since >= HINT_SECONDS:
                self.ctl.hint = ""
                self.ctl.version += 1
                self.hint_since = None
        else:
            self.hint_since = None
        if self.after_step is not None:
            self.after_step(self.ctl)
        leds = self.ctl.leds()
        if leds != self.leds:
            self.indicators.show(leds)
            self.leds = leds
        if self.speaker is not None:
            self.speaker.say_all(self.ctl.log)
        self.draw_if_changed()
        if self.saver is not None:  # the frame onto the display: orbit-shifted, dimmed or dark
            self.saver.present(self, self.clock())
        if self.notifier is not None:
            self.notifier.watchdog()
        return self.running

    def draw_if_changed(self) -> bool:
        if self.ctl.version == self.drawn_version:
            return False
        game = getattr(self.ctl, "game", "applejack")
        if game != self.view_game:  # the shell switched games on the setup screen
            self.view, self.view_game = view_for(self.ctl, self.surface.get_size()), game
        self.view.draw(self.surface, self.ctl)
        if self.ctl.mode == "setup" and not covers_setup(self.ctl) and \
                "language" not in (name for _rect, name in self.view.targets):
            v = self.view  # a game's setup view without one of its own: the top right corner
            v.language_button(self.surface, pygame.Rect(v.w - v.px(200), v.px(6), v.px(190), v.px(38)))
        if getattr(self.ctl, "choosing", lambda: False)() and not covers_setup(self.ctl):
            self.draw_game_tab()
        if self.entry is not None:
            self.view.draw_entry(self.surface, self.entry)
        self.drawn_version = self.ctl.version
        self.frames += 1
        if pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            pygame.display.flip()
        if self.frames == 1 and self.notifier is not None:
            self.notifier.ready()  # systemd: started once the first frame is up
        return True


    def draw_game_tab(self) -> None:
        """The setup screen's first choice, the game: a tab at the bottom left (touch, key g, or
        the lid's BLIND button go to the next game)."""
        from table.companion.shell import companion_games
        from table.games import game_info

        v = self.view
        titles = " · ".join(game_info(k).title for k in companion_games())
        rect = pygame.Rect(v.px(8), self.surface.get_height() - v.px(44), v.px(300), v.px(36))
        v.button(self.surface, rect, _("Game: {title} ▸").format(title=game_info(self.ctl.game).title), "game",
                 size=18)
        if not v.small:
            v.text(self.surface, _("({titles}; key g)").format(titles=titles), 14, (rect.right + v.px(8), rect.centery),
                   anchor="midleft", max_w=v.w - v.px(366) - rect.right)  # up to the language button


def parse_size(text: str | None) -> tuple[int, int]:
    if not text:
        return 800, 480
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def open_display(mode: str, size: str | None) -> tuple[pygame.Surface, bool]:
    """``mode``: auto / window / fullscreen. Returns the surface and whether it is a kiosk."""
    desktop = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    console = driver in CONSOLE_DRIVERS or (not driver and not desktop)
    kiosk = mode == "fullscreen" or (mode == "auto" and console)
    if kiosk and not os.environ.get("SDL_VIDEODRIVER"):
        os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
    try:
        pygame.display.init()
        pygame.font.init()
        if kiosk:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surface = pygame.display.set_mode(parse_size(size))
    except pygame.error as exc:
        raise DisplayUnavailable(str(exc)) from None
    pygame.display.set_caption("Applejack Table")  # the lid's name, whichever game is on the table
    pygame.mouse.set_visible(not kiosk)
    pygame.event.set_blocked([pygame.MOUSEMOTION, pygame.FINGERMOTION, pygame.MOUSEWHEEL])
    return surface, kiosk


def run_app(ctl: Controller, args: Any, *, script: Sequence[str] = (), speaker: Any = None,
            hardware: Hardware | None = None) -> int:
    """Open the display (DisplayUnavailable when there is none) and run the loop until quit/SIGTERM
    (0), or until the setup or result screen was left alone for ``args.idle_demo`` minutes
    (:data:`IDLE`; never with a script). ``hardware`` is closed by the caller when given, else
    made here from ``args`` and closed here."""
    from table.companion.hardware import make_hardware

    surface, _kiosk = open_display(getattr(args, "display", "auto"), getattr(args, "size", None))
    hw = hardware if hardware is not None else make_hardware(getattr(args, "pins", "none"), getattr(args, "die", "off"))
    app = App(ctl, surface, indicators=hw.indicators, inputs=hw.events, speaker=speaker, notifier=make_notifier(),
              after_step=hw.follow, hints=HintWorker())
    app.coach = CoachWorker()
    from table.display.screensaver import screen_saver_for

    screen_saver_for(args, clock=app.clock).attach(app, on_wake=app.touched)

    def stop(signum: int, frame: object) -> None:  # systemctl stop: leave the loop, clean up below
        app.running = False

    signal.signal(signal.SIGTERM, stop)
    shot = getattr(args, "screenshot", None)
    pace = 0.0 if shot is not None else float(getattr(args, "pace", 0.0) or 0.0)
    todo = [line for line in script if not line.strip().startswith("#")]
    idle_s = 0.0 if script else 60.0 * float(getattr(args, "idle_demo", 0.0) or 0.0)
    try:
        if pace <= 0:  # the whole script at once, then the screen
            for line in todo:
                handle_line(ctl, line)
            todo = []
        app.step()
        if shot is not None:
            pygame.image.save(surface, str(shot))
            return 0
        next_at = app.clock() + pace
        while app.running:
            first = pygame.event.wait(50)
            events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
            if todo and app.clock() >= next_at:  # --pace: one script line every PACE seconds
                handle_line(ctl, todo.pop(0))
                next_at = app.clock() + pace
            app.step(events)
            if app.idle(idle_s):
                log.info("nobody at the table for %.0f min: the demo until someone comes", idle_s / 60)
                return IDLE
        return 0
    finally:
        if app.hints is not None:
            app.hints.close()
        if app.coach is not None:
            app.coach.close()
        if app.notifier is not None and hasattr(app.notifier, "stopping"):
            app.notifier.stopping()
        if hardware is None:
            hw.close()
        else:
            hw.indicators.show(LedState("off"))
        pygame.display.quit()
