"""The screen demo (the kiosk's attract mode): bots' games on the screen, the trough LEDs mirroring
them, until someone touches the screen or presses a button. ``demo`` runs it (and then hands the
screen to ``play``), and ``play --idle-demo`` runs it when the table was left alone; neither of
those commands is imported here, so they do not import each other.
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from table.commands.inputs import demo_pace, pin_choice, window_size
from table.companion.journal import default_state_dir
from table.companion.kept import default_dir, idle_demo_turn
from table.companion.language import starting_language
from table.companion.notifying import make_notifier
from table.display.handover import EXIT_PLAY  # the exit status of ``demo --on-input exit``
from table.display.power import add_arguments as add_screen_arguments
from table.games import DEFAULT_GAME, games, load_game
from table.storage.statedir import StateDirRefused

log = logging.getLogger("applejack.demo")

MIXED = "mixed"
"""``--game mixed``: one game of each of :func:`mixed_games`, in turn."""
ALL = "all"
"""``--game all``: one game of each game with a demo, in turn (the kiosk's idle demo by default)."""

HAND_OVER = -1
"""What :func:`run_screen` returns when someone wants to play on this screen (``--on-input play``)."""


def mixed_games() -> tuple[str, str]:
    """The two games ``--game mixed`` shows in turn: the house's default and the first game whose
    demo is its own companion module."""
    other = next(g.key for g in games() if g.has_part("demo_screen"))
    return DEFAULT_GAME, other


def demo_games() -> tuple[str, ...]:
    """Every game with a demo on the screen (the house's board demo, and each game whose demo is
    its companion played by bots), in the registry's order."""
    return tuple(g.key for g in games() if g.key == DEFAULT_GAME or g.has_part("demo_screen"))


def rotation(choice: str) -> tuple[str, ...]:
    """The games a ``--game`` choice shows in turn: every game (``all``), the two of ``mixed``,
    or the one game."""
    if choice == ALL:
        return demo_games()
    return mixed_games() if choice == MIXED else (choice,)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true", help="print the games as text instead of the screen demo")
    parser.add_argument("--games", type=int, default=None,
                        help="games to play; 0 = endless (default: 1 as text, endless on the screen)")
    keys = tuple(g.key for g in games() if g.has("engine"))  # the registry's: every count and choice below too
    first, second = mixed_games()
    parser.add_argument("--game", choices=(*keys, MIXED, ALL), default=DEFAULT_GAME,
                        help=f"whose games the bots play: {', '.join(keys)} (default {DEFAULT_GAME}; "
                             "on the screen the strong bots play, each game on its own screen), mixed "
                             f"({load_game(first).title} and {load_game(second).title} in turn), or all (one game "
                             "of each in turn)")
    shown = [g for g in games() if g.has("engine")]
    parser.add_argument("--players", type=int, choices=sorted({n for g in shown for n in g.players}), default=None,
                        help=f"seats per game ({', '.join(f'{g.title} {g.seats_text}' for g in shown)}; "
                             "default: varies from game to game)")
    bots = list(dict.fromkeys(b for g in shown for b in g.bots))
    parser.add_argument("--bots", default=None,
                        help=f"comma-separated bots by seat ({', '.join(bots)}); default: a varied line-up")
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


def set_language(args: argparse.Namespace) -> bool:
    """The demo's language, as ``play`` chooses it (``--language``, the table's saved choice, the
    env file, English); False after one line for a bad ``--language``."""
    # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
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


def run_screen(data: Any, args: argparse.Namespace, bots: list[str] | None) -> int | None:
    """The screen demo; None when there is no display after all (``auto``: text instead), else the
    exit status, or :data:`HAND_OVER` when someone wants to play on this screen (``--on-input play``:
    the ``demo`` command starts ``play``)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s", stream=sys.stderr)
    # deferred: pygame and the screen load only when a window opens
    # deferred: the companion loads only when the command runs (the CLI's --help stays quick)
    import pygame

    from table.companion.demo_jobs import DEMO_BOTS, ahead_steps, process_worker
    from table.companion.hardware import make_hardware
    from table.display.app import DisplayUnavailable, open_display
    from table.display.demo import PLAY
    from table.games.applejack.bots.demo import demo_steps  # the house demo (Applejack's board)
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
    # deferred: pygame and the screen load only when a window opens
    from table.display.demo import DONE

    notifier = make_notifier()
    # deferred: pygame and the screen load only when a window opens
    from table.display.screensaver import screen_saver_for

    saver = screen_saver_for(args)  # dims, darkens and orbits the demo's frames

    def screen_for(game: str, games: int, seed: int) -> Any:
        info = load_game(game)
        kw = dict(pace=args.pace, indicators=hw.indicators, inputs=hw.events, notifier=notifier)
        if info.has_part("demo_screen"):  # a game whose demo is its companion module played by bots
            # the strong bots, thinking in a worker process while the screen goes on (companion/demo_jobs.py)
            steps = info.part("demo_steps")(games=games, players=args.players, seed=seed,
                                            bots=tuple(bots or DEMO_BOTS), worker=process_worker())
            return info.part("demo_screen")(surface, steps, **kw)
        # the strong bots at the Pi budget in every seat, choosing on a worker thread (demo_jobs.py)
        steps = ahead_steps(functools.partial(demo_steps, data, games=games, players=args.players, seed=seed,
                                              bots=bots, every_seat="strong", strong={}))
        return ApplejackDemoScreen(data, surface, steps, **kw)

    try:
        turn = getattr(args, "turn", None) or rotation(args.game)  # the idle demo's: the owner's kept games
        if len(turn) > 1:  # one game of each, in turn
            i, result = 0, DONE
            while result == DONE and running[0] and (not args.games or i < args.games):
                args.shown_game = turn[i % len(turn)]
                screen = saver.attach(screen_for(args.shown_game, 1, args.seed + i))
                result = _shown(screen, running)
                i += 1
        else:
            args.shown_game = turn[0]
            screen = saver.attach(screen_for(turn[0], args.games or 0, args.seed))
            result = _shown(screen, running)
    finally:
        hw.close()  # LEDs off and the GPIO pins free for play's panel
    if result != PLAY or not running[0]:
        pygame.display.quit()
        return 0
    if args.on_input == "exit":
        pygame.display.quit()
        return EXIT_PLAY
    pygame.event.clear()  # the touch that woke us is not a press on play's setup screen
    return HAND_OVER


def _shown(screen: Any, running: list[bool]) -> str:
    """Run one demo screen to its end; then its bots' worker stops (a game thought ahead is dropped)."""
    # deferred: pygame and the screen load only when a window opens
    from table.display.demo import run_demo_screen

    try:
        return run_demo_screen(screen, running=lambda: running[0])
    finally:
        close = getattr(screen, "close", None)
        if close is not None:
            close()


def run_idle_demo(play_args: argparse.Namespace) -> int:
    """The screen demo for ``play --idle-demo``: :data:`EXIT_PLAY` when someone wants to play
    (play's loop goes on with the setup of the game the demo showed), 0 when it was stopped
    (SIGTERM, Ctrl+Q) or there is no display. Which games it shows: play's ``--demo-games``
    (default ``all``: every game in turn)."""
    argv = ["--on-input", "exit", "--display", play_args.display, "--pins", play_args.pins,
            "--game", getattr(play_args, "demo_games", None) or ALL]
    if play_args.size:
        argv += ["--size", play_args.size]
    args = build_args(argv)
    args.turn = idle_demo_turn(args.game, rotation(args.game), demo_games(), default_dir(play_args.state_dir))  # kept
    for name in ("dim_after", "schedule", "screen_saver"):  # the screen's power state goes on in the demo
        setattr(args, name, getattr(play_args, name, None))
    result = run_screen(load_game(DEFAULT_GAME).part("load_data")(), args, None)
    if result == EXIT_PLAY and load_game(args.shown_game).has("companion"):
        play_args.game = args.shown_game  # a touch opens the setup of the game the demo showed
    return 0 if result is None else result
