"""``applejack-table demo``: bots play whole games — on the kiosk screen, or printed as text.

On a screen (the kiosk's attract mode, ``commands/attract.py``) the games run endlessly with paced
animation while the trough LEDs mirror the troughs; any touch, key or trough button hands the same
screen over to ``play`` (the companion's setup screen) — or, with ``--on-input exit``, exits with
status :data:`EXIT_PLAY` so a kiosk wrapper can start ``play`` itself. Without a display
(``--text``, ``--display none``, or ``auto`` when there is none) the games are printed as text.
"""

from __future__ import annotations

import argparse
import copy
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from table.commands import play
from table.commands.attract import (
    HAND_OVER,
    add_arguments,
    build_args,
    rotation,
    run_screen,
    set_language,
)
from table.display.handover import EXIT_PLAY  # the exit status of ``demo --on-input exit``
from table.engine.errors import DataError
from table.games import GameDef, load_game
from table.storage.statedir import StateDirRefused, check_state_dir

log = logging.getLogger("applejack.demo")

__all__ = ["EXIT_PLAY", "add_arguments", "build_args", "play_after_demo", "run"]


def _usage_problem(args: argparse.Namespace) -> str | None:
    """The one line for arguments the demo refuses before anything starts, else None."""
    games = args.games
    if (games is not None and games < 0) or not 0 <= args.delay <= 3600 or args.pace < 0:
        return "demo: --games, --delay and --pace must not be negative (--delay at most 3600 s)"
    if args.state_dir is not None:  # play's journal directory, for the hand-over: refused up front like play's

        try:
            check_state_dir(args.state_dir)
        except StateDirRefused as exc:
            return f"demo: {exc}"
    return None


def _house_problem(args: argparse.Namespace, info: GameDef) -> str | None:
    """The one line for the house demo's (``--game`` without its own demo, or mixed) bad arguments."""
    if len(rotation(args.game)) > 1 and (args.players is not None or args.bots):
        return f"demo: --game {args.game} takes neither --players nor --bots (each game varies them)"
    if args.players is not None and args.players not in info.players:
        return f"demo: {info.title} is for {min(info.players)} to {max(info.players)} players"
    bots = _bots(args)
    if bots is not None and (not bots or any(b not in info.bots for b in bots)):
        return f"demo: bots are {', '.join(info.bots)}"
    return None


def _bots(args: argparse.Namespace) -> list[str] | None:
    return [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else None


def _on_screen(args: argparse.Namespace) -> bool:
    if args.text or args.display == "none":
        return False
    # looked up when the command runs: tests swap it in table.display.detect
    from table.display.detect import display_available


    return args.display != "auto" or display_available()


def _screen(data: Any, args: argparse.Namespace, bots: list[str] | None) -> int | None:
    """The screen demo and, when someone wants to play on it, ``play``; None without a display."""
    result = run_screen(data, args, bots)
    return play_after_demo(args) if result == HAND_OVER else result


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the text demos import pygame's views too
    problem = _usage_problem(args)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if not set_language(args):
        return 2
    info = load_game(rotation(args.game)[0])
    if info.has_part("demo_screen"):
        return _run_module_demo(args, info)
    if not info.has_part("load_data"):  # neither the house's board demo nor a screen of its own
        return _run_script_demo(args, info)
    problem = _house_problem(args, info)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    try:
        data = info.part("load_data")(args.data)
    except DataError as exc:
        print(f"demo: bad data set {args.data}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    if _on_screen(args):
        result = _screen(data, args, _bots(args))
        if result is not None:
            return result
    return _run_text(data, args, _bots(args))


def _run_module_demo(args: argparse.Namespace, info: GameDef) -> int:
    """The demo of a game whose demo is its companion module played by bots (Zankapfel, Draft
    Cider, Waldgärtner): on its screen or as its lines."""
    title, bot_names, low, high = info.title, info.bots, min(info.players), max(info.players)
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip()) if args.bots else ("greedy", "random")
    if not bots or any(b not in bot_names for b in bots):
        print(f"demo: {title}'s bots are {', '.join(bot_names)}", file=sys.stderr)
        return 2
    if args.players is not None and not low <= args.players <= high:
        print(f"demo: {title} is for {low} to {high} players", file=sys.stderr)
        return 2
    if _on_screen(args):  # without --bots the screen's own line-up: the strong bots (attract.py)
        result = _screen(None, args, list(bots) if args.bots else None)
        if result is not None:
            return result
    steps = info.part("demo_steps")
    for ctl in steps(games=1 if args.games is None else args.games, players=args.players, seed=args.seed, bots=bots):
        for line in ctl.new_lines():
            print(line, flush=args.delay > 0)
        if args.delay:
            time.sleep(args.delay)
    return 0


def _run_script_demo(args: argparse.Namespace, info: GameDef) -> int:
    """Any game with a companion and a ``table_script`` (the tests' games): its bots' seeded games
    typed into its companion, the lines it says printed (as text, whatever the display)."""
    from table.companion.text import handle_line  # deferred: the companion loads only for a demo

    players = args.players if args.players is not None else info.players[0]
    if players not in info.players:
        print(f"demo: {info.title} is for {info.seats_text} players", file=sys.stderr)
        return 2
    games = 1 if args.games is None else args.games
    i = 0
    while games == 0 or i < games:
        ctl = info.part("companion")(on_command=None, rng=None, data=None)
        for line in info.part("table_script")(players, args.seed + i)[0]:
            handle_line(ctl, line)
            for said in ctl.new_lines():
                print(said, flush=args.delay > 0)
            if args.delay:
                time.sleep(args.delay)
        i += 1
    return 0


def _run_text(data: Any, args: argparse.Namespace, bots: list[str] | None) -> int:
    from table.games.applejack.bots.demo import run_text_demo  # the house demo's words (Applejack's board)

    def write(line: str) -> None:
        print(line, flush=args.delay > 0)

    turn = rotation(args.game)
    if len(turn) > 1:  # one game of each, in turn
        games = len(turn) if args.games is None else args.games
        i = 0
        while games == 0 or i < games:
            other = load_game(turn[i % len(turn)])
            if not other.has_part("demo_screen"):  # the house demo's words (Applejack's board)
                run_text_demo(data, write, games=1, players=None, seed=args.seed + i, delay=args.delay, bots=None)
            else:
                zargs = copy.copy(args)
                zargs.game, zargs.games, zargs.seed, zargs.text = other.key, 1, args.seed + i, True
                _run_module_demo(zargs, other)
            i += 1
        return 0
    games = 1 if args.games is None else args.games
    run_text_demo(data, write, games=games, players=args.players, seed=args.seed, delay=args.delay, bots=bots)
    return 0


def play_after_demo(args: argparse.Namespace) -> int:
    """``play`` with its defaults and the demo's display, size, pins and state directory."""
    parser = argparse.ArgumentParser(prog="applejack-table play")
    play.add_arguments(parser)
    game = getattr(args, "shown_game", None) or rotation(args.game)[0]  # the game the demo showed
    pargs = parser.parse_args(["--game", game])  # the shell's game tab changes it
    pargs.display = args.display
    pargs.size = args.size
    pargs.pins = args.pins
    for name in ("dim_after", "schedule", "screen_saver"):  # and back in play
        setattr(pargs, name, getattr(args, name, None))
    if args.state_dir is not None:
        pargs.state_dir = Path(args.state_dir)
    log.info("someone wants to play: starting the companion")
    code: int = play.run(pargs)
    return code
