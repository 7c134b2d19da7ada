"""``applejack-table check-data [DIR]``: validate a data set and list every problem.

``--game draftcider [DECK.toml]`` validates a Draft Cider deck, ``--game waldgaertner
[CARDS.toml]`` a Waldgärtner card file (default: the shipped one). Exit status 0 when the data
is sound, 1 when it has problems (each listed on standard error), 2 when the path is not what
was asked for (no such directory or file, not a regular file, too large to be a data file).
"""

from __future__ import annotations

import argparse
import os
import sys

from table.engine.errors import DataError
from table.games import DEFAULT_GAME, games


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("directory", nargs="?", metavar="PATH",
                   help="Applejack: a data set directory; Draft Cider / Waldgärtner: a deck or card file "
                        "(default: the one shipped)")

    keys = [DEFAULT_GAME] + [g.key for g in games() if g.has_part("check_file")]
    p.add_argument("--game", choices=keys, default=DEFAULT_GAME,
                   help=f"whose data: {DEFAULT_GAME} (default, a data set directory) or a game's data file")


MAX_FILE_BYTES = 4_000_000
"""A deck or card file is a few hundred kB at most; a bigger 'file' (or /dev/zero) is refused unread."""


def _other_game(args: argparse.Namespace) -> int:
    path = args.directory
    if path is not None:
        what = ("no such file" if not os.path.exists(path) else "is not a regular file" if not os.path.isfile(path)
                else f"is larger than {MAX_FILE_BYTES} bytes" if os.path.getsize(path) > MAX_FILE_BYTES else "")
        if what:
            print(f"applejack-table check-data: {path}: {what}", file=sys.stderr)
            return 2
    try:
        # deferred: the games' registry loads only when the command runs, not for --help
        from table.games import load_game

        summary = load_game(args.game).part("check_file")(path)
    except DataError as exc:
        print(f"{len(exc.problems)} problem(s) in {path or 'the shipped ' + args.game + ' data'}:", file=sys.stderr)
        for p in exc.problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    print(f"{path or 'the shipped ' + args.game + ' data'}: OK — {summary}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.game != DEFAULT_GAME:
        return _other_game(args)
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.files import load_dataset

    if args.directory is not None and not os.path.isdir(args.directory):  # a usage error, not a verdict
        what = "is not a directory" if os.path.exists(args.directory) else "no such directory"
        print(f"applejack-table check-data: {args.directory}: {what}", file=sys.stderr)
        return 2
    try:
        ds = load_dataset(args.directory)
    except DataError as exc:
        print(f"{len(exc.problems)} problem(s) in {args.directory or 'the default data'}:", file=sys.stderr)
        for p in exc.problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    boards = ", ".join(f"{b.id} ({p}p, {len(b.spaces)} spaces)" for p, b in sorted(ds.boards.items()))
    print(f"{ds.source}: OK — {len(ds.varieties)} varieties, {len(ds.tiles)} tiles, "
          f"{len(ds.orchards)} orchards, boards: {boards}")
    return 0
