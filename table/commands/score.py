"""``applejack-table score PAD.json [--json]``: the digital score pad."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("pad", help='score pad JSON ("-" for standard input), e.g. '
                   '{"players": [{"name": "Ada", "areas": {"1": [5], "4": [6, 2]}, "blossoms": 12, "honey": 62}]}')
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--data", metavar="DIR", help="data set directory (default: the one shipped)")


def _fail(msg: str) -> int:
    print(f"applejack-table score: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from table.datafiles import load_dataset
    from table.engine.errors import DataError, ScorePadError
    from table.engine.scorepad import score_pad

    try:
        if args.pad == "-":
            text = sys.stdin.read()
        else:
            with open(args.pad, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read {args.pad}: {getattr(exc, 'strerror', None) or exc}")
    try:
        pad = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail(f"{args.pad} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    try:
        data = load_dataset(args.data)
    except DataError as exc:
        return _fail(f"bad data set: {str(exc).splitlines()[0]}")
    try:
        result = score_pad(pad, data)
    except ScorePadError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    rows = [("", *result.names)]
    labels = [("harvest", "Final harvest (−3 each area)"), ("harvest_doubled", "Harvest doubled"),
              ("profitable_varieties", "Profitable varieties"), ("variety_bonus", "Variety bonus"),
              ("blossoms", "Blossoms"), ("honey", "Honey in supply"), ("total", "TOTAL")]
    for field, label in labels:
        rows.append((label, *(str(getattr(s, field)) for s in result.scores)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)))
    print(("Winner: " if len(result.winners) == 1 else "Winners (tie): ") + ", ".join(result.winners))
    return 0
