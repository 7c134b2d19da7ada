"""``applejack-table run``: the embedded default, what the README's run command starts.

The table companion (``play``) on mock pins with the simulated die sensor: a window when
there is a display, text in the terminal when there is not. With nobody to type (standard
input is not a terminal and there is no display) it plays a seeded demonstration game, so
the command always shows something and ends.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=2022, help="seed of the demonstration game (default 2022)")
    p.add_argument("--state-dir", metavar="DIR", help="where the journal lives (default: the user data dir)")
    p.add_argument("--language", metavar="CODE", default=None,
                   help="en, de, fr or ja (default: as play chooses: the saved choice, $APPLEJACK_LANGUAGE, en)")


def play_argv(args: argparse.Namespace, interactive: bool, display: bool) -> list[str]:
    argv = ["--pins", "mock", "--die", "sim"]
    if args.state_dir:
        argv += ["--state-dir", args.state_dir]
    if getattr(args, "language", None):
        argv += ["--language", args.language]
    if not interactive and not display:
        argv += ["--text", "--demo", str(args.seed)]
    return argv


def run(args: argparse.Namespace) -> int:
    # deferred: play's imports load only when run starts it
    # looked up when the command runs: tests swap it in table.display.detect
    from table.commands import play
    from table.display.detect import display_available

    parser = argparse.ArgumentParser(prog="applejack-table play")
    play.add_arguments(parser)
    argv = play_argv(args, sys.stdin.isatty(), display_available())
    print(f"applejack-table run: play {' '.join(argv)}", file=sys.stderr)
    return int(play.run(parser.parse_args(argv)) or 0)
