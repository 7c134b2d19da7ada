"""``applejack-table demo --text``: bots play whole games, printed as text."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true",
                        help="print the games as text (the on-screen demo is started by the kiosk)")
    parser.add_argument("--games", type=int, default=1, help="games to play; 0 = endless (default 1)")
    parser.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=None,
                        help="seats per game (default: varies from game to game)")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bots by seat (random, greedy, strong); default: a varied line-up")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait after each bot action (default 0)")
    parser.add_argument("--data", default=None, help="a data-set directory (default: the shipped data)")


def run(args: argparse.Namespace) -> int:
    if not args.text:
        print("demo: only the text demo runs from the command line; use --text", file=sys.stderr)
        return 2
    if args.games < 0 or args.delay < 0:
        print("demo: --games and --delay must not be negative", file=sys.stderr)
        return 2
    from table.bots.base import BOT_NAMES
    from table.bots.demo import run_text_demo
    from table.engine.data import load_dataset

    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else None
    if bots is not None and (not bots or any(b not in BOT_NAMES for b in bots)):
        print(f"demo: bots are {', '.join(BOT_NAMES)}", file=sys.stderr)
        return 2

    def write(line: str) -> None:
        print(line, flush=args.delay > 0)

    run_text_demo(load_dataset(args.data), write, games=args.games, players=args.players, seed=args.seed,
                  delay=args.delay, bots=bots)
    return 0
