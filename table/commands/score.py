"""``applejack-table score PAD.json [--json]``: the digital score pad.

Reads a pad (see :mod:`table.games.applejack.rules.scorepad`) or a finished table-companion record, which
holds its pad; a record whose stored scores or winners disagree with its pad is refused. One
player is a solo game: no winner, the result against the rulebook's marks. Bad input of any
kind is one line on standard error naming the file, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from table.commands.inputs import InputError, load_json
from table.engine.errors import DataError, ScorePadError
from table.games import DEFAULT_GAME, UnknownGameError, games, load_game


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("pad", help='score pad JSON ("-" for standard input), e.g. '
                   '{"players": [{"name": "Ada", "areas": {"Light green": [5], "4": [6, 2]}, "blossoms": 12, '
                   '"honey": 62}]}, or a finished game record of the table companion (it holds the pad)')
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--game", default=DEFAULT_GAME, metavar="GAME",
                   help=f"{' or '.join(g.key for g in games() if g.has('score'))} (default {DEFAULT_GAME}; "
                        "Draft Cider's pad: docs/draftcider.md); see `games`")
    p.add_argument("--data", metavar="DIR", help="data set directory (default: the one shipped)")


def _fail(msg: str) -> int:
    print(f"applejack-table score: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        info = load_game(args.game)
    except UnknownGameError as exc:
        return _fail(str(exc))
    if not info.has("score"):
        print(info.not_offered("score pad", "applejack-table score"), file=sys.stderr)
        return 2
    if info.has_part("score_pad"):
        if args.data:
            return _fail(f"--data is Applejack's data set; {info.title}'s data is the shipped one")

        return int(info.part("score_pad")(Path(args.pad), args.json))
    return _applejack(args)


def _applejack(args: argparse.Namespace) -> int:
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.files import load_dataset
    from table.games.applejack.rules.config import FORMAT as GAME_FORMAT
    from table.games.applejack.rules.scorepad import score_pad, score_record
    from table.games.applejack.rules.track import TRACK_FORMAT

    name = "standard input" if args.pad == "-" else args.pad
    try:
        pad = load_json(args.pad, "score pad")
    except InputError as exc:
        return _fail(str(exc))
    try:
        data = load_dataset(args.data)
    except DataError as exc:
        return _fail(f"bad data set {args.data}: {str(exc).splitlines()[0]}")
    kind = pad.get("format") if isinstance(pad, dict) else None
    try:
        if kind == TRACK_FORMAT:
            result = score_record(pad, data)
        elif kind == GAME_FORMAT:
            return _fail(f"{name}: a full game record has no score pad; `applejack-table replay {args.pad}` "
                         "shows its final scoring")
        else:
            result = score_pad(pad, data)
    except ScorePadError as exc:
        return _fail(f"{name}: {exc}")
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
    if result.solo is not None:
        print(f"Solo game: {result.solo}")
    else:
        print(("Winner: " if len(result.winners) == 1 else "Winners (tie): ") + ", ".join(result.winners))
    return 0
