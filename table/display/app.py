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
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from table.companion.gamedef import GameDef
from table.companion.hardware import Hardware, make_hardware
from table.companion.leds import LedState
from table.companion.notifying import make_notifier
from table.companion.ports import Indicators, RecordingIndicators, drain
from table.companion.protocol import GameCompanion, TableShell
from table.companion.shell import choosing, game_module
from table.companion.text import handle_line
from table.display.handover import IDLE
from table.display.help_view import MORE, draw_help_button, draw_help_page
from table.display.players_view import covers_setup, players_key
from table.display.screensaver import screen_saver_for
from table.display.toolkit import PAGE, BaseView
from table.hardware.errors import HardwareError

log = logging.getLogger("applejack.display")

HINT_SECONDS = 4.0
IDLE_MODES = ("setup", "result")
"""The screens that hand over to the demo when idle (never a game in progress or its resume question)."""
CONSOLE_DRIVERS = ("kmsdrm", "fbcon", "directfb")
"""SDL video drivers that own the whole screen: the kiosk is fullscreen without a cursor."""
SIZES = ((480, 320), (800, 480), (1024, 600))


class DisplayUnavailable(HardwareError, RuntimeError):
    pass


class Worker(Protocol):
    """A game's job off the UI thread (a GameDef's part ``workers``: Applejack's hints and coach):
    ``poll`` once a frame starts work and brings its results back to the controller."""

    def poll(self, ctl: GameCompanion) -> object: ...

    def close(self) -> None: ...


def screen_workers(games: Sequence[GameDef]) -> list[Worker]:
    """The workers of every game the table may switch to (the part ``workers``, if a game has one)."""
    return [w for g in games if g.has_part("workers") for w in g.part("workers")()]


class App:
    """The loop body for ``ctl`` (a game's table companion, or the shell over every game in
    ``games``): the view, the key map and the workers come from the game's definition."""

    def __init__(self, ctl: GameCompanion, surface: pygame.Surface, *, games: Sequence[GameDef],
                 indicators: Indicators | None = None, inputs: queue.Queue[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, speaker: Any = None, notifier: Any = None,
                 after_step: Callable[[Any], None] | None = None, workers: Sequence[Worker] = ()) -> None:
        self.ctl = ctl
        self.surface = surface
        self.games = {g.key: g for g in games}
        """The games by key: ``ctl.game`` picks the view and the key map."""
        self.view_game = ctl.game
        self.view: BaseView[Any] = self.view_for(self.view_game)
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
        self.workers = list(workers)
        """Jobs off the UI thread, polled once a frame (Applejack's hints and coach); closed at the end."""
        self.entry: str | None = None
        """The one-line command entry (``:``), None while closed; a line goes to ``handle_line``."""
        self.help_open = False
        """The help page is up (display/help_view.py): drawn over the game until a press closes it."""
        self.help_page = 0
        """Which page of the help is shown (its **More ▸** turns)."""
        self.phones_page: int | None = None
        self.owner_open = False
        """The owner's settings screen (display/owner_view.py, ``play --web``) is up."""
        """The phones' codes page (display/phones_view.py, ``play --web``): which code, None while closed."""
        self.last_input = clock()
        """When someone last pressed a key, a button or the screen (clock seconds)."""
        self.saver: Any = None
        """Screen power (``display/screensaver.py``): dims, darkens and orbits the frame; None: none."""

    def view_for(self, game: str) -> BaseView[Any]:
        """The view of ``game`` (its part ``view``) at the surface's size."""
        view: BaseView[Any] = self.games[game].part("view")(self.surface.get_size())
        return view

    def touched(self) -> None:
        self.last_input = self.clock()

    def idle(self, seconds: float) -> bool:
        """Nobody has touched the setup or result screen for ``seconds`` (0: never idle)."""
        return (seconds > 0 and self.ctl.mode in IDLE_MODES and self.entry is None
                and self.clock() - self.last_input >= seconds)

    def press(self, button: str | None) -> None:
        if self.owner_open or (button == "owner" and self.help_open):  # the owner's screen: any press closes it
            self.owner_open, self.help_open, self.drawn_version = not self.owner_open, False, -1
            page = self.ctl.owner_page if isinstance(self.ctl, TableShell) else None
            if self.owner_open and page is not None:
                page.show()  # play --web: a new owner's code each time the screen opens (table/web/owner.py)
            return
        if self.phones_page is not None or (button == "phones" and self.help_open):
            self.phones(button)
            return
        if button is None and not self.help_open:  # the help page: a touch anywhere closes it
            return
        if self.help_open and button == MORE:  # the help page's next page
            self.help_page += 1
            self.drawn_version = -1
            return
        if button == "help" or self.help_open:  # the help page (display/help_view.py): any press closes it
            self.help_open = not self.help_open and button == "help"
            self.help_page = 0
            self.drawn_version = -1
            return
        if button == PAGE:  # the view's own: a screen split over pages on a small screen
            self.view.turn_page(game_module(self.ctl))
            self.drawn_version = -1
            return
        if button is not None:
            self.ctl.press(button)

    def phones(self, button: str | None) -> None:
        """The phones' codes page: opened from the help page, **Next ▸** turns, anything else closes it."""
        from table.display.phones_view import NEXT  # deferred: only with the phones let in (play --web)

        if self.phones_page is None:
            self.phones_page, self.help_open = 0, False
        elif button == NEXT:
            self.phones_page += 1
        else:
            self.phones_page = None
        self.drawn_version = -1

    def handle(self, e: pygame.event.Event) -> None:
        if e.type in (pygame.KEYDOWN, pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN):
            self.touched()
        if e.type == pygame.QUIT:
            self.running = False
        elif e.type == pygame.KEYDOWN:
            self.handle_key(e)
        elif e.type == pygame.FINGERDOWN:
            w, h = self.surface.get_size()
            self.press(self.view.hit((int(e.x * w), int(e.y * h))))
        elif e.type == pygame.MOUSEBUTTONDOWN:
            if getattr(e, "touch", False) or e.button != 1:
                return  # SDL's mouse twin of a touch: the FINGERDOWN was handled
            self.press(self.view.hit(e.pos))
        elif e.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.drawn_version = -1

    def handle_key(self, e: pygame.event.Event) -> None:
        """A key: Ctrl+Q, the command entry, a name typed or the history, the help page (F1,
        ``?``), ``:`` opens the entry, ``g`` the next game, ``l`` the next language, else the game's key."""
        if e.key == pygame.K_q and e.mod & pygame.KMOD_CTRL:
            self.running = False
        elif self.entry is not None:
            self.type_key(e)
        elif players_key(self.ctl, e, self.view.names_page) is not None:  # a name typed, the history
            self.press(players_key(self.ctl, e, self.view.names_page))
        elif e.key == pygame.K_F1 or getattr(e, "unicode", "") == "?" or self.help_open:
            self.press("help")
        elif getattr(e, "unicode", "") == ":":
            self.entry = ""
            self.drawn_version = -1
        elif e.key == pygame.K_g and choosing(self.ctl):
            self.press("game")
        elif e.key == pygame.K_l and self.ctl.mode == "setup":  # every game's setup: the next language
            self.press("language")
        else:
            self.press(self.games[self.ctl.game].part("keys")(e.key, game_module(self.ctl)))

    def type_key(self, e: pygame.event.Event) -> None:
        """A key while the command entry is open: enter submits the line, escape closes it."""
        assert self.entry is not None
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line, self.entry = self.entry.strip(), None
            if line:
                refused = handle_line(self.ctl, line)
                if refused:
                    self.ctl.refusal = refused
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
        for worker in self.workers:
            worker.poll(self.ctl)
        now = self.clock()
        if self.ctl.refusal:
            if self.hint_since is None:
                self.hint_since = now
            elif now - self.hint_since >= HINT_SECONDS:
                self.ctl.refusal = ""
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
        game = self.ctl.game
        if game != self.view_game:  # the shell switched games on the setup screen
            self.view, self.view_game = self.view_for(game), game
        draw_frame(self.view, self.surface, self.ctl, self.games, entry=self.entry,
                   choosing=choosing(self.ctl), help_open=self.help_open,
                   help_page=self.help_page, phones_page=self.phones_page, owner_open=self.owner_open)
        self.drawn_version = self.ctl.version
        self.frames += 1
        if pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            pygame.display.flip()
        if self.frames == 1 and self.notifier is not None:
            self.notifier.ready()  # systemd: started once the first frame is up
        return True


def draw_frame(view: BaseView[Any], surface: pygame.Surface, ctl: GameCompanion, games: Mapping[str, GameDef], *,
               entry: str | None = None, choosing: bool = False, help_open: bool = False,
               help_page: int = 0, phones_page: int | None = None, owner_open: bool = False) -> None:
    """One whole frame as the table sees it: the game's view, then what the app lays over it (a
    setup screen's language button when the view has none, the game tab while the game may be
    changed — ``choosing`` —, the phones' strip of who is done (``play --web``), the help button or
    the help page, the command entry); or the
    phones' codes page (``phones_page``: which code). The help page and the phones' page cover the
    whole screen: the game's view is not drawn under them (nor under the owner's settings screen)."""
    if owner_open:
        from table.display.owner_view import draw_owner_page  # deferred: only with play --web

        draw_owner_page(view, surface, ctl)
        return
    if phones_page is not None:
        from table.display.phones_view import draw_phones_page  # deferred: only with play --web

        draw_phones_page(view, surface, ctl, phones_page)
        return
    if help_open:
        draw_help_page(view, surface, ctl, help_page, extra=_phones_button(ctl))
        if entry is not None:
            view.draw_entry(surface, entry)
        return
    view.result_link = ctl.result_link if isinstance(ctl, TableShell) else None  # play --web: the QR page's short link
    view.draw(surface, game_module(ctl))  # the game's view draws the game's own module
    first = view.shown_page(game_module(ctl)) == 0  # a screen split over pages: the game and language on the first
    if ctl.mode == "setup" and first and not covers_setup(ctl) and \
            "language" not in (name for _rect, name in view.targets):
        # a game's setup view without one of its own: the top right corner
        view.language_button(surface, pygame.Rect(view.w - view.px(200), view.px(6), view.px(190), view.px(38)))
    if choosing and first and not covers_setup(ctl):
        draw_game_tab(view, surface, ctl.game, games)
    if isinstance(ctl, TableShell) and ctl.phones_progress is not None:  # play --web: who is done on the phones
        from table.display.phones_strip import draw as draw_phones_strip  # deferred: only with the phones

        draw_phones_strip(view, surface, ctl)
    if not covers_setup(ctl):
        draw_help_button(view, surface, ctl)
    if entry is not None:
        view.draw_entry(surface, entry)


def _phones_button(ctl: GameCompanion) -> list[tuple[str, str]] | None:
    """The help page's **Phones ▸** (the codes) on the setup and result screens with the phones let
    in, and **Settings ▸** (the owner's code) on the setup screen."""
    if not isinstance(ctl, TableShell) or ctl.phones is None:
        return None
    from table.display.owner_view import help_button as owner_button  # deferred: only with play --web
    from table.display.phones_view import help_button  # deferred: only with play --web

    return [b for b in (help_button(ctl), owner_button(ctl)) if b is not None]


def draw_game_tab(v: BaseView[Any], surface: pygame.Surface, game: str, games: Mapping[str, GameDef]) -> None:
    """The setup screen's first choice, the game: a tab at the bottom left (touch, key g, or the
    lid's BLIND button go to the next game); the game's name, the others come one per press."""
    title = games[game].title
    v.button(surface, v.game_tab_rect(title), v.game_tab_label(title), "game", size=20)


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


def run_app(ctl: GameCompanion, args: Any, *, games: Sequence[GameDef], script: Sequence[str] = (), speaker: Any = None,
            hardware: Hardware | Callable[[], Hardware] | None = None) -> int:
    """Open the display (DisplayUnavailable when there is none) and run the loop until quit/SIGTERM
    (0), or until the setup or result screen was left alone for ``args.idle_demo`` minutes
    (:data:`IDLE`; never with a script). ``games``: every game ``ctl`` may show (the CLI hands
    them down from the registry). ``hardware``: the lid's ports, or what makes them (called once
    the first frame is up); closed by the caller when given, else made here from ``args`` and
    closed here.

    The first frame comes first (:func:`first_frame`: systemd hears READY then); the ports, the
    games' workers and the screen saver are made after it."""
    surface, _kiosk = open_display(getattr(args, "display", "auto"), getattr(args, "size", None))
    app = first_frame(ctl, surface, games=games, speaker=speaker)
    if hardware is None:
        hw = make_hardware(getattr(args, "pins", "none"), getattr(args, "die", "off"), getattr(args, "pin_map", None))
    else:
        hw = hardware() if callable(hardware) else hardware
    app.indicators, app.inputs, app.after_step = hw.indicators, hw.events, hw.follow
    app.workers = screen_workers(games)
    screen_saver_for(args, clock=app.clock).attach(app, on_wake=app.touched)

    def stop(signum: int, frame: object) -> None:  # systemctl stop: leave the loop, clean up below
        app.running = False

    signal.signal(signal.SIGTERM, stop)
    try:
        return _loop(app, surface, args, script)
    finally:
        for worker in app.workers:
            worker.close()
        if app.notifier is not None and hasattr(app.notifier, "stopping"):
            app.notifier.stopping()
        if hardware is None:
            hw.close()
        else:
            hw.indicators.show(LedState("off"))
        pygame.display.quit()


def first_frame(ctl: GameCompanion, surface: pygame.Surface, *, games: Sequence[GameDef], speaker: Any = None) -> App:
    """The app for ``ctl`` with its first frame on ``surface`` (flipped onto the display, and
    systemd told READY): before the lid's ports, the workers or the script, which the caller
    attaches to the returned app. Until then the LEDs are only recorded and no input is read."""
    app = App(ctl, surface, games=games, speaker=speaker, notifier=make_notifier())
    app.draw_if_changed()
    return app


def _loop(app: App, display: pygame.Surface, args: Any, script: Sequence[str]) -> int:
    """The script (at once, or a line every ``args.pace`` seconds), then the loop: 0 when it is left,
    :data:`IDLE` when nobody touched the setup or result screen for ``args.idle_demo`` minutes;
    ``args.screenshot``: the first frame on ``display`` saved to that file instead."""
    shot = getattr(args, "screenshot", None)
    pace = 0.0 if shot is not None else float(getattr(args, "pace", 0.0) or 0.0)
    todo = [line for line in script if not line.strip().startswith("#")]
    idle_s = 0.0 if script else 60.0 * float(getattr(args, "idle_demo", 0.0) or 0.0)
    if pace <= 0:  # the whole script at once, then the screen
        for line in todo:
            handle_line(app.ctl, line)
        todo = []
    app.step()
    if shot is not None:
        pygame.image.save(display, str(shot))
        return 0
    next_at = app.clock() + pace
    while app.running:
        first = pygame.event.wait(50)
        events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
        if todo and app.clock() >= next_at:  # --pace: one script line every PACE seconds
            handle_line(app.ctl, todo.pop(0))
            next_at = app.clock() + pace
        app.step(events)
        if app.idle(idle_s):
            log.info("nobody at the table for %.0f min: the demo until someone comes", idle_s / 60)
            return IDLE
    return 0
