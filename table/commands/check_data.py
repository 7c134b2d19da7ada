"""``applejack-table check-data [DIR]``: validate a data set and list every problem.

Exit status 0 when the data set is sound, 1 when it has problems (each listed on standard
error), 2 when DIR is not a directory.
"""

from __future__ import annotations

import argparse
import os
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("directory", nargs="?", help="data set directory (default: the one shipped)")


def run(args: argparse.Namespace) -> int:
    from table.datafiles import load_dataset
    from table.engine.errors import DataError

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
