"""``applejack-table check-data [DIR]``: validate a data set and list every problem."""

from __future__ import annotations

import argparse
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("directory", nargs="?", help="data set directory (default: the one shipped)")


def run(args: argparse.Namespace) -> int:
    from table.datafiles import load_dataset
    from table.engine.errors import DataError

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
