"""``applejack-table replay RECORD.json [--json]``: the event stream of a game record."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="a game record (JSON: a full game, applejack-record/1, "
                   "or a table companion's track game, applejack-track/1)")
    p.add_argument("--json", action="store_true", help="print the events as JSON lines")
    p.add_argument("--data", metavar="DIR", help="data set directory (default: the one shipped)")


def run(args: argparse.Namespace) -> int:
    from table.datafiles import load_dataset
    from table.engine.describe import describe
    from table.engine.errors import DataError, RecordError
    from table.engine.record import GameRecord, events_json_lines
    from table.engine.track import TRACK_FORMAT, replay_track

    try:
        with open(args.record, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        print(f"applejack-table replay: cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        data = load_dataset(args.data)
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        if isinstance(doc, dict) and doc.get("format") == TRACK_FORMAT:
            events = replay_track(data, doc).events
        else:
            events = GameRecord.from_dict(doc).replay(data).events
    except DataError as exc:
        print(f"applejack-table replay: bad data set:\n{exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"applejack-table replay: {args.record}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(events_json_lines(events))
    else:
        for ev in events:
            print(describe(ev, data))
    return 0
