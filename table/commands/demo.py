"""``applejack-table demo``: bots play whole games — on the kiosk screen, or printed as text.

On a screen (the kiosk's attract mode) the games run endlessly with paced animation while the
trough LEDs mirror the troughs; any touch, key or trough button hands the same screen over to
``play`` (the companion's setup screen) — or, with ``--on-input exit``, exits with status
:data:`EXIT_PLAY` so a kiosk wrapper can start ``play`` itself. Without a display (``--text``,
``--display none``, or ``auto`` when there is none) the games are printed as text.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from table.commands.inputs import demo_pace, pin_choice, window_size
from table.display.handover import EXIT_PLAY  # the exit status of ``demo --on-input exit``
from table.display.power import add_arguments as add_screen_arguments

log = logging.getLogger("applejack.demo")

__all__ = ["EXIT_PLAY", "add_arguments", "build_args", "play_after_demo", "run", "run_idle_demo"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true", help="print the games as text instead of the screen demo")
    parser.add_argument("--games", type=int, default=None,
                        help="games to play; 0 = endless (default: 1 as text, endless on the screen)")
    parser.add_argument("--game", choices=("applejack", "zankapfel", "draftcider", "waldgaertner", "mixed"),
                        default="applejack",
                        help="whose games the bots play: applejack (default), zankapfel, draftcider or waldgaertner "
                             "(their random and greedy bots, on that game's own companion screen), or mixed "
                             "(Applejack and Zankapfel in turn)")
    parser.add_argument("--players", type=int, choices=(1, 2, 3, 4, 5, 6, 7), default=None,
                        help="seats per game (Applejack 1-4, Zankapfel 3-6, Waldgärtner 2-7; default: varies from "
                             "game to game)")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bots by seat (random, greedy, strong); default: a varied line-up")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="text: seconds to wait after each bot action (default 0)")
    parser.add_argument("--data", default=None, help="a data-set directory (default: the shipped data)")
    parser.add_argument("--pace", type=demo_pace, default=1.2, metavar="SECONDS",
                        help="screen: seconds per bot move, 1.2 or 1200ms (announcements stay 3x, the final "
                             "scoring 8x, supply draws 1/4; default 1.2; 0 = as fast as it draws). A bare number "
                             "above 60 is the old form in milliseconds: converted, with a note")
    parser.add_argument("--display", choices=("auto", "window", "fullscreen", "none"), default="auto",
                        help="auto: fullscreen kiosk on a Pi console, a window under X/Wayland, text without "
                             "a display (default)")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH", help="window size (default 800x480)")
    parser.add_argument("--pins", type=pin_choice, default="auto", metavar="NAME",
                        help="GPIO pin factory for the trough LEDs and buttons (as for play; none: no GPIO)")
    parser.add_argument("--on-input", choices=("play", "exit"), default="play",
                        help=f"when someone touches the screen or presses a button: start play on the same "
                             f"screen (default), or exit with status {EXIT_PLAY}")
    parser.add_argument("--state-dir", default=None, metavar="DIR", help="play's journal directory (see play)")
    parser.add_argument("--language", default=None, metavar="CODE",
                        help="the language of the demo's words: en, de, fr or ja (default: the one last chosen at "
                             "the table, kept in the state dir; else $APPLEJACK_LANGUAGE; else en)")
    add_screen_arguments(parser)  # --dim-after, --schedule (display/power.py)


def build_args(argv: list[str]) -> argparse.Namespace:
    """The demo's arguments from ``argv`` (tests, and wrappers that build a demo in-process)."""
    parser = argparse.ArgumentParser(prog="applejack-table demo")
    add_arguments(parser)
    return parser.parse_args(argv)


def _set_language(args: argparse.Namespace) -> bool:
    """The demo's language, as ``play`` chooses it (``--language``, the table's saved choice, the
    env file, English); False after one line for a bad ``--language``."""
    from table.companion.journal import default_state_dir
    from table.companion.language import starting_language
    from table.companion.statedir import StateDirRefused
    from table.i18n import UnknownLanguage, set_language

    try:
        state_dir: Path | None = Path(args.state_dir) if args.state_dir is not None else default_state_dir()
    except StateDirRefused:  # play says so when it starts; the demo just has no saved choice
        state_dir = None
    try:
        set_language(starting_language(state_dir, getattr(args, "language", None)))
    except UnknownLanguage as exc:
        print(f"demo: --language: {exc}", file=sys.stderr)
        return False
    return True


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the text demos import pygame's views too
    games = args.games
    if (games is not None and games < 0) or not 0 <= args.delay <= 3600 or args.pace < 0:
        print("demo: --games, --delay and --pace must not be negative (--delay at most 3600 s)", file=sys.stderr)
        return 2
    if args.state_dir is not None:  # play's journal directory, for the hand-over: refused up front like play's
        from table.companion.statedir import StateDirRefused, check_state_dir

        try:
            check_state_dir(args.state_dir)
        except StateDirRefused as exc:
            print(f"demo: {exc}", file=sys.stderr)
            return 2
    if not _set_language(args):
        return 2
    game = getattr(args, "game", "applejack")
    if game in MODULE_DEMOS:
        return _run_module_demo(args, game)
    if game == "mixed" and (args.players is not None or args.bots):
        print("demo: --game mixed takes neither --players nor --bots (each game varies them)", file=sys.stderr)
        return 2
    if args.players is not None and args.players > 4:
        print("demo: Applejack is for 1 to 4 players", file=sys.stderr)
        return 2
    from table.games.applejack.bots.base import BOT_NAMES
    from table.games.applejack.files import load_dataset

    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else None
    if bots is not None and (not bots or any(b not in BOT_NAMES for b in bots)):
        print(f"demo: bots are {', '.join(BOT_NAMES)}", file=sys.stderr)
        return 2
    from table.engine.errors import DataError

    try:
        data = load_dataset(args.data)
    except DataError as exc:
        print(f"demo: bad data set {args.data}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    if not args.text and args.display != "none":
        from table.display.detect import display_available

        if args.display != "auto" or display_available():
            result = _run_screen(data, args, bots)
            if result is not None:
                return result
    return _run_text(data, args, bots)


def _run_module_demo(args: argparse.Namespace, game: str) -> int:
    """Zankapfel's, Draft Cider's or Waldgärtner's demo: bots' games entered into the table
    companion, on its screen or as its lines."""
    import time

    from table.games import load_game

    info = load_game(game)
    title, bot_names, low, high = info.title, info.bots, min(info.players), max(info.players)
    steps = info.part("demo_steps")
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip()) if args.bots else ("greedy", "random")
    if not bots or any(b not in bot_names for b in bots):
        print(f"demo: {title}'s bots are {', '.join(bot_names)}", file=sys.stderr)
        return 2
    if args.players is not None and not low <= args.players <= high:
        print(f"demo: {title} is for {low} to {high} players", file=sys.stderr)
        return 2
    if not args.text and args.display != "none":
        from table.display.detect import display_available

        if args.display != "auto" or display_available():
            result = _run_screen(None, args, list(bots))
            if result is not None:
                return result
    for ctl in steps(games=1 if args.games is None else args.games, players=args.players, seed=args.seed, bots=bots):
        for line in ctl.new_lines():
            print(line, flush=args.delay > 0)
        if args.delay:
            time.sleep(args.delay)
    return 0


MODULE_DEMOS: tuple[str, ...] = ("zankapfel", "draftcider", "waldgaertner")
"""The games whose demo is their own companion module played by bots (``display/<game>_demo.py``)."""


def _run_text(data: Any, args: argparse.Namespace, bots: list[str] | None) -> int:
    from table.games.applejack.bots.demo import run_text_demo

    def write(line: str) -> None:
        print(line, flush=args.delay > 0)

    if getattr(args, "game", "applejack") == "mixed":  # Applejack, then Zankapfel, in turn
        import copy

        games = 2 if args.games is None else args.games
        i = 0
        while games == 0 or i < games:
            if i % 2 == 0:
                run_text_demo(data, write, games=1, players=None, seed=args.seed + i, delay=args.delay, bots=None)
            else:
                zargs = copy.copy(args)
                zargs.game, zargs.games, zargs.seed, zargs.text = "zankapfel", 1, args.seed + i, True
                _run_module_demo(zargs, "zankapfel")
            i += 1
        return 0
    games = 1 if args.games is None else args.games
    run_text_demo(data, write, games=games, players=args.players, seed=args.seed, delay=args.delay, bots=bots)
    return 0


def _run_screen(data: Any, args: argparse.Namespace, bots: list[str] | None) -> int | None:
    """The screen demo; None when there is no display after all (``auto``: text instead)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s", stream=sys.stderr)
    import pygame

    from table.companion.hardware import make_hardware
    from table.companion.notifying import make_notifier
    from table.display.app import DisplayUnavailable, open_display
    from table.display.demo import PLAY, run_demo_screen
    from table.games.applejack.bots.demo import demo_steps
    from table.games.applejack.view.demo import ApplejackDemoScreen

    try:
        surface, _kiosk = open_display(args.display, args.size)
    except DisplayUnavailable as exc:
        if args.display != "auto":
            print(f"applejack-table demo: no display: {exc}", file=sys.stderr)
            return 1
        log.info("no display (%s): text demo", exc)
        return None
    running = [True]

    def stop(signum: int, frame: object) -> None:  # systemctl stop
        running[0] = False

    signal.signal(signal.SIGTERM, stop)
    hw = make_hardware(args.pins, "off")
    from table.display.demo import DONE
    from table.games.zankapfel.demo import ZankapfelDemoScreen, zankapfel_steps

    notifier = make_notifier()
    from table.display.screensaver import screen_saver_for

    saver = screen_saver_for(args)  # dims, darkens and orbits the demo's frames

    def screen_for(game: str, games: int, seed: int) -> Any:
        if game == "draftcider":
            from table.games.draftcider.demo import DraftCiderDemoScreen, draftcider_steps

            dsteps = draftcider_steps(games=games, players=args.players, seed=seed,
                                      bots=tuple(bots or ("greedy", "random")))
            return DraftCiderDemoScreen(surface, dsteps, pace=args.pace, indicators=hw.indicators, inputs=hw.events,
                                        notifier=notifier)
        if game == "waldgaertner":
            from table.games.waldgaertner.demo import demo_screen

            return demo_screen(surface, args, games, seed, hw, notifier)
        if game == "zankapfel":
            zsteps = zankapfel_steps(games=games, players=args.players, seed=seed,
                                     bots=tuple(bots or ("greedy", "random")))
            return ZankapfelDemoScreen(surface, zsteps, pace=args.pace, indicators=hw.indicators, inputs=hw.events,
                                       notifier=notifier)
        steps = demo_steps(data, games=games, players=args.players, seed=seed, bots=bots)
        return ApplejackDemoScreen(data, surface, steps, pace=args.pace, indicators=hw.indicators,
                                   inputs=hw.events, notifier=notifier)

    try:
        game = getattr(args, "game", "applejack")
        if game == "mixed":  # one Applejack game, one Zankapfel game, in turn
            i, result = 0, DONE
            while result == DONE and running[0] and (not args.games or i < args.games):
                screen = saver.attach(screen_for("applejack" if i % 2 == 0 else "zankapfel", 1, args.seed + i))
                result = run_demo_screen(screen, running=lambda: running[0])
                i += 1
        else:
            screen = saver.attach(screen_for(game, args.games or 0, args.seed))
            result = run_demo_screen(screen, running=lambda: running[0])
    finally:
        hw.close()  # LEDs off and the GPIO pins free for play's panel
    if result != PLAY or not running[0]:
        pygame.display.quit()
        return 0
    if args.on_input == "exit":
        pygame.display.quit()
        return EXIT_PLAY
    pygame.event.clear()  # the touch that woke us is not a press on play's setup screen
    return play_after_demo(args)


def run_idle_demo(play_args: argparse.Namespace) -> int:
    """The screen demo for ``play --idle-demo``: :data:`EXIT_PLAY` when someone wants to play
    (play's loop goes on), 0 when it was stopped (SIGTERM, Ctrl+Q) or there is no display."""
    from table.games.applejack.files import load_dataset

    argv = ["--on-input", "exit", "--display", play_args.display, "--pins", play_args.pins,
            "--game", getattr(play_args, "game", "applejack")]
    if play_args.size:
        argv += ["--size", play_args.size]
    args = build_args(argv)
    for name in ("dim_after", "schedule", "screen_saver"):  # the screen's power state goes on in the demo
        setattr(args, name, getattr(play_args, name, None))
    result = _run_screen(load_dataset(), args, None)
    return 0 if result is None else result


def play_after_demo(args: argparse.Namespace) -> int:
    """``play`` with its defaults and the demo's display, size, pins and state directory."""
    from table.commands import play

    parser = argparse.ArgumentParser(prog="applejack-table play")
    play.add_arguments(parser)
    game = getattr(args, "game", "applejack")
    pargs = parser.parse_args(["--game", "applejack" if game == "mixed" else game])  # the shell's game tab changes it
    pargs.display = args.display
    pargs.size = args.size
    pargs.pins = args.pins
    for name in ("dim_after", "schedule", "screen_saver"):  # and back in play
        setattr(pargs, name, getattr(args, name, None))
    if args.state_dir is not None:
        from pathlib import Path

        pargs.state_dir = Path(args.state_dir)
    log.info("someone wants to play: starting the companion")
    code: int = play.run(pargs)
    return code
