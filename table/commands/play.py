"""``applejack-table play``: the table companion (kiosk screen, trough LEDs and buttons, die sensor).

Without a display (``--text``, or ``--display auto`` when there is none) the same controller
runs in the terminal: announcements as lines, one key or command per input line (stdin or
``--script FILE``). At the end of the input it exits 0; the game stays in the journal and is
offered again on the next start.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from table.commands.inputs import InputError, check_writable, pace_seconds, pin_choice, read_script, window_size
from table.companion.journal import default_state_dir
from table.companion.notifying import make_notifier
from table.display.handover import EXIT_PLAY, IDLE
from table.display.power import add_arguments as add_screen_arguments
from table.games import DEFAULT_GAME, UnknownGameError, companion_games, games, load_game
from table.storage.statedir import AlreadyRunning, StateDirRefused, check_state_dir, unsaved

if TYPE_CHECKING:  # the session makes it; the CLI's --help does not load the shell
    from table.companion.protocol import GameCompanion
    from table.companion.shell import Shell

log = logging.getLogger("applejack.play")


def _env_flag(name: str) -> bool:
    """A yes/no setting of the env file: ``1``, ``yes``, ``on``, ``true`` (any case) is yes;
    anything else, or nothing, is no."""
    return os.environ.get(name, "").strip().lower() in ("1", "yes", "on", "true")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", type=_game_arg, default=DEFAULT_GAME, metavar="KEY",
                   help=f"the game at the table: {_companion_keys()} (default {DEFAULT_GAME}; see "
                        "`applejack-table games`); an unfinished game in the journal is offered first, whichever "
                        "game it is")
    p.add_argument("--text", action="store_true", help="terminal mode (no display)")
    p.add_argument("--display", choices=("auto", "window", "fullscreen", "none"), default="auto",
                   help="auto: fullscreen kiosk on a Pi console (KMSDRM), a window under X/Wayland, "
                        "text when there is no display (default)")
    p.add_argument("--size", type=window_size, default=None, metavar="WxH", help="window size (default 800x480)")
    p.add_argument("--script", type=Path, default=None, metavar="FILE",
                   help="read inputs from FILE, one key or command per line (see --help-keys)")
    p.add_argument("--state-dir", type=_state_dir_arg, default=None, metavar="DIR",
                   help="where the journal and records live (default: $STATE_DIRECTORY, else the user data dir)")
    p.add_argument("--resume", choices=("ask", "yes", "no"), default="ask",
                   help="an unfinished game: ask on screen (default), resume it, or discard it")
    p.add_argument("--pins", type=pin_choice, default="auto", metavar="NAME",
                   help="GPIO pin factory for the trough LEDs and buttons: auto (default: "
                        "$GPIOZERO_PIN_FACTORY, else lgpio on a Pi and mock pins elsewhere), mock, lgpio, "
                        "rpigpio, or none")
    p.add_argument("--pin-map", type=_pin_map_arg, default=os.environ.get("APPLEJACK_PINS", "").strip() or None,
                   metavar="FILE",
                   help="the lid's wiring, a pin map TOML such as table/hardware/spi_screen_pins.toml (default: "
                        "$APPLEJACK_PINS, else the shipped default_pins.toml; docs/raspberry-pi.md)")
    p.add_argument("--die", default=os.environ.get("APPLEJACK_DIE_SENSOR") or "off", metavar="SOURCE",
                   help="die sensor: a serial port such as /dev/applejack-die or socket://host:port, sim "
                        "(the simulator, following the rules), or off (default: $APPLEJACK_DIE_SENSOR, else off)")
    p.add_argument("--speak", action="store_true", default=_env_flag("APPLEJACK_SPEAK"),
                   help="speak announcements with espeak-ng if installed, in the table's language (default: "
                        "$APPLEJACK_SPEAK=1/yes/on, else silent)")
    p.add_argument("--demo", type=int, nargs="?", const=1, default=None, metavar="SEED",
                   help="play a whole random game (2 players, cottage tiles; seeded) as the script: "
                        "a demonstration that needs nobody at the table")
    p.add_argument("--pace", type=pace_seconds, default=0.0, metavar="SECONDS",
                   help="on the screen, feed one script line every SECONDS (1.2, or 1200ms; default 0: all "
                        "at once)")
    p.add_argument("--screenshot", type=Path, default=None, metavar="PNG",
                   help="save the screen after the script and exit (display modes)")
    # a string default goes through ``type`` at parse time: a bad $APPLEJACK_IDLE_DEMO is a usage error
    p.add_argument("--idle-demo", type=_minutes, default=os.environ.get("APPLEJACK_IDLE_DEMO") or "0",
                   metavar="MINUTES",
                   help="on the screen: show the bots' demo after the setup or result screen was left alone "
                        "this long, back to play at the first touch or button (default: $APPLEJACK_IDLE_DEMO, "
                        "else 0 = never)")
    p.add_argument("--demo-games", type=_demo_games, default=os.environ.get("APPLEJACK_DEMO_GAMES") or "all",
                   metavar="GAMES",
                   help="which games the idle demo shows: all (one of each in turn, default), mixed, or one game's "
                        "key; a touch opens the setup of the game shown (default: $APPLEJACK_DEMO_GAMES, else all)")
    p.add_argument("--language", default=None, metavar="CODE",
                   help="the language the table speaks: en, de, fr or ja (default: the one last chosen at the "
                        "table, kept in the state dir; else $APPLEJACK_LANGUAGE; else en). At the table: the setup "
                        "screen's language button, or the command `language [CODE]`")
    p.add_argument("--web", action="store_true", default=_env_flag("APPLEJACK_WEB"),
                   help="let the phones at the table in: the kiosk answers the web server "
                        "(python -m table.web.serve) through a socket in the state dir (docs/web.md; default: "
                        "$APPLEJACK_WEB=1/yes/on, else off)")
    add_screen_arguments(p)  # --dim-after, --schedule (display/power.py)
    p.add_argument("--help-keys", action="store_true", help="list the keys and commands, then exit")


def _demo_games(text: str) -> str:
    """``--demo-games``: all, mixed or a game with a demo (argparse type; a bad
    $APPLEJACK_DEMO_GAMES is a usage error too)."""
    keys = [g.key for g in games() if g.key == DEFAULT_GAME or g.has_part("demo_screen")]
    if text not in ("all", "mixed", *keys):
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: all, mixed or one of {', '.join(keys)}")
    return text


def _companion_keys() -> str:
    return ", ".join(companion_games())


def _game_arg(text: str) -> str:
    try:
        info = load_game(text)
    except UnknownGameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not info.has("companion"):
        raise argparse.ArgumentTypeError(info.not_offered("companion", "play"))
    return info.key


def _pin_map_arg(text: str) -> Any:
    """``--pin-map`` / $APPLEJACK_PINS: the file read and checked now (a bad one is a usage error:
    one line naming the file and every problem)."""
    from table.hardware.pinmap import PinMapError, load_pinmap  # no gpiozero: TOML and checks only

    try:
        return load_pinmap(text)
    except PinMapError as exc:
        raise argparse.ArgumentTypeError(exc.one_line()) from None


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"minutes must be a number, got {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"minutes must be 0 or more, got {text!r}")
    return value


def _state_dir_arg(text: str) -> Path:
    try:
        return check_state_dir(text)
    except StateDirRefused as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _state_dir(args: argparse.Namespace) -> Path:
    if args.state_dir is not None:
        return Path(args.state_dir)
    # a demonstration journals into its own corner: it must never discard a real unfinished game
    return default_state_dir() / "demo" if args.demo is not None else default_state_dir()


def want_text(args: argparse.Namespace) -> bool:
    if args.text or args.display == "none":
        return True
    if args.display in ("window", "fullscreen"):
        return False
    # looked up when the command runs: tests swap it in table.display.detect
    from table.display.detect import display_available


    return not display_available()


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the terminal is the game's in text mode: only problems go there (warnings, one line each);
    # the kiosk's screen logs what it does to stderr (the system journal under systemd)
    quiet = not args.help_keys and want_text(args)
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, format="%(name)s: %(message)s",
                        stream=sys.stderr)
    # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
    from table import i18n

    given = getattr(args, "language", None)
    if given is not None:
        try:
            args.language = i18n.parse_language(given)
        except i18n.UnknownLanguage as exc:
            print(f"applejack-table play: --language: {exc}", file=sys.stderr)
            return 2
    if args.help_keys:
        i18n.set_language(args.language or i18n.language_from_env())
        # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
        from table.companion import text

        print(text.help_keys(load_game(args.game), games()))
        return 0

    # the kiosk's day: play; left alone, the demo; someone comes, play again (a loop, not recursion)
    while True:
        code = _run_once(args)
        if code != IDLE:
            return code
        from table.commands.attract import run_idle_demo  # the screen demo (pygame) only when left alone

        code = run_idle_demo(args)
        if code != EXIT_PLAY:
            return code


def _read_inputs(args: argparse.Namespace) -> tuple[list[str] | None, int]:
    """The script's lines (None without ``--script``) and 0, or None and the exit status after one
    line: bad input files are found before the journal is opened or a pin is touched."""
    try:
        script = read_script(args.script) if args.script is not None else None
        if args.screenshot is not None:
            check_writable(args.screenshot, "--screenshot")
    except InputError as exc:
        print(f"applejack-table play: {exc}", file=sys.stderr)
        return None, 2
    return script, 0


def _run_once(args: argparse.Namespace) -> int:
    # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
    from table.companion.session import open_session

    script, code = _read_inputs(args)
    if code:
        return code
    data = load_game(DEFAULT_GAME).part("load_data")()  # the data set of the games that read one
    try:
        state_dir = _state_dir(args)
        # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
        from table.companion.language import starting_language
        from table.i18n import set_language

        if not getattr(args, "language_set", False):  # once: back from the idle demo, the table's choice holds
            set_language(starting_language(state_dir, getattr(args, "language", None)))
            args.language_set = True
        ctl, journal = open_session(data, state_dir, games=games(), resume=args.resume, game=args.game)
    except StateDirRefused as exc:
        print(f"applejack-table play: {exc}", file=sys.stderr)
        return 2
    except AlreadyRunning as exc:
        print(f"applejack-table play: {exc}", file=sys.stderr)
        return 1
    text_mode = want_text(args)
    if journal.problem and text_mode:  # a person at a terminal: say it and stop (the kiosk retries on screen)
        print(f"applejack-table play: {journal.problem.replace('; retrying', '')} "
              "(or choose another directory with --state-dir)", file=sys.stderr)
        journal.close()
        return 2
    if journal.problem:
        log.warning("%s", journal.problem)
    if args.die != "off" and ctl.mode == "setup" and ctl.definition.has_part("die_sensor"):
        ctl.definition.part("die_sensor")(ctl.current)  # its setup screen starts with the die sensor on
    speaker = None
    if args.speak:
        # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
        from table.companion.speech import Speaker

        speaker = Speaker()
    ports = Ports(args, ctl, state_dir, journal)
    try:
        lines = script if args.demo is None else _demo_script(ctl, args.demo)
        if text_mode:
            code = _run_text(ctl, args, lines, speaker, ports.make())
        else:
            from table.display.app import DisplayUnavailable, run_app  # deferred: pygame

            try:
                # the ports after the first frame: the screen comes up first (run_app calls ports.make)
                code = run_app(ctl, args, games=games(), script=lines or [], speaker=speaker, hardware=ports.make)
            except DisplayUnavailable as exc:
                if args.display != "auto":
                    print(f"applejack-table play: no display: {exc}", file=sys.stderr)
                    return 1
                log.info("no display (%s): text mode", exc)
                code = _run_text(ctl, args, lines, speaker, ports.make())
        if journal.backlog and not journal.retry(force=True):
            print(f"applejack-table play: {unsaved(journal.backlog)} could not be saved: "
                  f"{journal.problem.split('; ')[0]}" + (" (the steps are saved: the next start ends the game again)"
                                                          if {k for k, _p in journal.backlog} == {"finished"} else ""),
                  file=sys.stderr)
            return code or 1
        return code
    finally:
        ports.close()
        journal.close()


class Ports:
    """The lid's ports (``--pins``, ``--die``) and the phones' socket (``--web``), made once on
    first use (:meth:`make`): on the screen after its first frame, in text mode at once."""

    def __init__(self, args: argparse.Namespace, ctl: Shell, state_dir: Path, journal: Any) -> None:
        self.args, self.ctl, self.state_dir, self.journal = args, ctl, state_dir, journal
        self.hw: Any = None
        self.close_web = _no_phones

    def make(self) -> Any:
        """The hardware (made the first time): every frame and line it follows the game, then
        the journal's writes that wait are tried again."""
        if self.hw is not None:
            return self.hw
        # deferred: the ports (gpiozero, pyserial) load after the screen's first frame
        from table.companion.hardware import make_hardware

        hw = self.hw = make_hardware(self.args.pins, self.args.die, getattr(self.args, "pin_map", None))
        self.close_web = _open_web(self.args, self.ctl, self.state_dir, hw, self.journal)
        follow, journal = hw.follow, self.journal

        def follow_and_retry(c: GameCompanion) -> None:  # every frame / line: writes that wait are tried again
            follow(c)
            journal.retry()

        hw.follow = follow_and_retry  # type: ignore[method-assign,assignment]
        return hw

    def close(self) -> None:
        self.close_web()
        if self.hw is not None:
            self.hw.close()


def _no_phones() -> None:
    """Nothing to close: the phones were not let in."""


def _open_web(args: argparse.Namespace, ctl: Shell, state_dir: Path, hw: Any, journal: Any = None) -> Any:
    """``--web``: the phones' socket in the state dir, answered every frame (``table/web/``);
    returns what closes it. A socket that cannot be opened is one log line: the lid plays on.
    ``journal``: its id of the game on the table binds the tokens kept across a restart."""
    if not getattr(args, "web", False):
        return _no_phones
    from table.web.kiosk import open_web  # deferred: the phones only with --web

    try:
        return open_web(ctl, state_dir, hw, (lambda: journal.game) if journal is not None else None)
    except OSError as exc:
        log.warning("phones: not let in: %s", exc)
        return _no_phones


def _demo_script(ctl: Shell, seed: int) -> list[str]:
    """``play --demo SEED``: a new game (an unfinished one is discarded: the demonstration has its
    own corner of the state dir) and the game's whole seeded game as the script (4 seats where the
    game takes them)."""
    if ctl.mode == "resume":
        ctl.do("discard")
        if ctl.mode == "resume":
            ctl.do("discard")  # Zankapfel asks twice, as its resume screen does
    lines: list[str] = ctl.definition.part("table_script")(4, seed)[0]
    return lines


def _run_text(ctl: Shell, args: argparse.Namespace, lines: list[str] | None, speaker: Any, hw: Any) -> int:
    """The terminal front end, with the same LEDs, buttons and die sensor between input lines."""
    # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
    from table.companion.ports import drain
    from table.companion.text import run_text

    notifier = make_notifier()
    shown: list[Any] = [None]

    def after_each() -> None:
        drain(ctl, hw.events)
        hw.follow(ctl)
        leds = ctl.leds()
        if leds != shown[0]:
            hw.indicators.show(leds)
            shown[0] = leds
        if speaker is not None:
            speaker.say_all(ctl.log)
        if notifier is not None:
            notifier.watchdog()

    after_each()
    if notifier is not None:
        notifier.ready()
    source = lines if lines is not None else ([] if sys.stdin is None or sys.stdin.closed else sys.stdin)
    # with real input devices, keep taking button presses and die readings while waiting for a line
    # (and with --web: the phones' requests are answered between two lines too)
    idle = 0.05 if hw.panel is not None or hw.sensor is not None or getattr(args, "web", False) else None
    return run_text(ctl, source, sys.stdout, echo=args.script is not None, after_each=after_each, idle_s=idle)
