"""``applejack-table simulate``: many seeded bot games in parallel, and their summary."""

from __future__ import annotations

import argparse
import sys

from table.commands.inputs import InputError, check_writable
from table.engine.errors import DataError
from table.games import DEFAULT_GAME, GameDef, UnknownGameError, game_keys, load_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=DEFAULT_GAME, metavar="GAME",
                        help=f"{', '.join(game_keys())} (default {DEFAULT_GAME}; see `games`)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game (default 2; Zankapfel 3); the game's range, see `games`")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--bots", default="greedy",
                        help="comma-separated bots by seat, repeated to fill the seats: random, greedy, strong "
                             "(default greedy)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    parser.add_argument("--data", default=None, help="a data-set directory (default: the shipped data)")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game and seat")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the score distributions to a PNG")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


MAX_GAMES = 1_000_000
"""Every game's result is kept for the summary; a million is days of play and well under 1 GB."""
MAX_JOBS = 256
"""More worker processes than this is a typo (each one holds a copy of the data set)."""


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _other_game(args: argparse.Namespace, info: GameDef, names: list[str]) -> int:
    """Zankapfel, Draft Cider, Waldgärtner: seeded games in this process, the game's own summary."""
    for flag, given in (("--csv", args.csv), ("--plot", args.plot), ("--data", args.data)):
        if given:
            print(f"simulate: {flag} is offered for Applejack only, not for {info.title}", file=sys.stderr)
            return 2
    seats = [names[i % len(names)] for i in range(args.players)]
    print(f"{args.games} game(s) of {info.title}, {args.players} player(s), seeds {args.seed}.."
          f"{args.seed + args.games - 1}, one process")
    print(info.part("simulate")(args.players, args.games, args.seed, seats))
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        info = load_game(args.game)
    except UnknownGameError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    if not info.has("simulate"):
        print(info.not_offered("bots to simulate", "simulate"), file=sys.stderr)
        return 2
    if args.players is None:
        args.players = 2 if 2 in info.players else info.players[0]
    if args.players not in info.players:
        print(f"simulate: {info.title} is for {info.players[0]}-{info.players[-1]} players, not {args.players}",
              file=sys.stderr)
        return 2
    if info.has_part("simulate"):  # the game's own seeded bot games (the house's below: Applejack's)
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        unknown = [n for n in names if n not in info.bots]
        if not names or unknown:
            print(f"simulate: unknown {info.title} bot(s) {', '.join(unknown) or '(none given)'}; "
                  f"known: {', '.join(info.bots)}", file=sys.stderr)
            return 2
        if not 1 <= args.games <= MAX_GAMES:
            print(f"simulate: --games must be 1..{MAX_GAMES}", file=sys.stderr)
            return 2
        return _other_game(args, info, names)
    return _applejack(args)


def _applejack(args: argparse.Namespace) -> int:
    # deferred: the bots' search loads only when bots play
    from table.games.applejack.bots.base import BOT_NAMES
    from table.games.applejack.bots.simulate import format_summary, plot_scores, run_games, write_csv

    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOT_NAMES]
    if not names or unknown:
        print(f"simulate: unknown bot(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(BOT_NAMES)}",
              file=sys.stderr)
        return 2
    if not 1 <= args.games <= MAX_GAMES or not 1 <= args.jobs <= MAX_JOBS:
        print(f"simulate: --games must be 1..{MAX_GAMES} and --jobs 1..{MAX_JOBS}", file=sys.stderr)
        return 2
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.files import load_dataset

    # everything that can fail is checked before the games run, not after an hour of them
    try:
        load_dataset(args.data)
        if args.csv:
            check_writable(args.csv, "--csv")
        if args.plot:
            check_writable(args.plot, "--plot")
    except DataError as exc:
        print(f"simulate: bad data set {args.data}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    results = run_games(args.players, args.games, names, args.seed, args.jobs, args.data,
                        None if args.quiet else _progress_bar)
    print(f"{args.games} game(s), {args.players} player(s), seeds {args.seed}..{args.seed + args.games - 1}")
    print(format_summary(results))
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            write_csv(results, f)
        print(f"wrote {args.csv}")
    if args.plot:
        plot_scores(results, args.plot)
        print(f"wrote {args.plot}")
    return 0
