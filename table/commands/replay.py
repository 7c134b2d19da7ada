"""``applejack-table replay RECORD.json [--json]``: the event stream of a game record.

A full game (``applejack-record/1``) replays to its own event stream, final scoring included.
A table companion's finished game (``applejack-track/1``) shows every action — the cottage
restocks too, which change no count the track announces — and then the final scores from
the score pad it holds; a record whose stored scores or winners disagree with its pad is
refused. A solo game ends with its verdict against the marks, not a winner. Bad input of any
kind is one line on standard error naming the file, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from table.commands.inputs import InputError, load_json
from table.engine.errors import ActionParseError, DataError, EngineError, IllegalActionError, RecordError, ScorePadError
from table.games import DEFAULT_GAME, game_for_format, game_keys, load_game


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="a game record (JSON: a full game, applejack-record/1, "
                   "or a table companion's track game, applejack-track/1)")
    p.add_argument("--json", action="store_true", help="print the events as JSON lines")
    p.add_argument("--data", metavar="DIR", help="data set directory (default: the one shipped)")
    p.add_argument("--game", choices=game_keys(), default=None,
                   help="the record's game (default: read from its format; a zankapfel-record/1 is Zankapfel's, "
                        "also the table companion's finished Zankapfel games)")


def _fail(msg: str) -> int:
    print(f"applejack-table replay: {msg}", file=sys.stderr)
    return 2


# what a malformed record can make the engine's constructors raise besides RecordError
# (a 1e300 player count, an apple tile index out of range, a string where a list belongs)
MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError)


def run(args: argparse.Namespace) -> int:
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.files import load_dataset
    from table.games.applejack.rules.record import GameRecord, events_json_lines
    from table.games.applejack.rules.track import TRACK_FORMAT

    name = "standard input" if args.record == "-" else args.record
    try:
        doc = load_json(args.record, "game record")
    except InputError as exc:
        return _fail(str(exc))
    fmt = doc.get("format") if isinstance(doc, dict) else None
    by_format = game_for_format(fmt) if isinstance(fmt, str) else None
    game = getattr(args, "game", None) or (by_format.key if by_format is not None else DEFAULT_GAME)
    if not load_game(game).has_part("load_data"):  # a game without a data set replays through its rules
        return _other_game(game, doc, name, args.json)
    try:
        data = load_dataset(args.data)
    except DataError as exc:
        return _fail(f"bad data set {args.data}: {str(exc).splitlines()[0]}")
    try:
        if isinstance(doc, dict) and doc.get("format") == TRACK_FORMAT:
            events = track_events(data, doc)
        else:
            events = GameRecord.from_dict(doc).replay(data).events
        out = events_json_lines(events) if args.json else "\n".join(describe_all(events, data))
    except EngineError as exc:
        return _fail(f"{name}: {exc}")
    except MALFORMED as exc:
        return _fail(f"{name}: malformed record: {exc.__class__.__name__}: {str(exc)[:80]}")
    print(out)
    return 0


def _other_game(game: str, doc: Any, name: str, as_json: bool) -> int:
    """A record of a game without a data set (the engine's, or the table companion's finished
    record: the same actions plus what the table adds, ``history.readers.RECORD_EXTRAS``) replayed
    through that game's engine: its events as lines or JSON; stored winners or scores that
    disagree with the replay are refused."""
    from table.history.readers import engine_record  # deferred: only a record of these games needs it

    replay = load_game(game).part("rules").replay
    try:
        state = replay(engine_record(doc) if isinstance(doc, dict) else doc)
    except EngineError as exc:
        return _fail(f"{name}: {exc}")
    except MALFORMED as exc:
        return _fail(f"{name}: malformed record: {exc.__class__.__name__}: {str(exc)[:80]}")
    if isinstance(doc, dict) and state.is_terminal():
        said = _disagrees(doc, state)
        if said:
            return _fail(f"{name}: {said}")
    if as_json:
        print("\n".join(json.dumps(ev.to_dict(), sort_keys=True) for ev in state.events))
    else:
        print("\n".join(str(ev) for ev in state.events))
    return 0


def _disagrees(doc: dict[str, Any], state: Any) -> str:
    """What a finished companion record says that its actions do not (the winners, the scores): "" if nothing."""
    if isinstance(doc.get("winners"), list) and list(doc["winners"]) != list(state.winners()):
        return f"the record says seats {doc['winners']} won, its actions say {list(state.winners())}"
    totals = [s.total for s in state.scores()]
    if isinstance(doc.get("scores"), list) and doc["scores"] != totals:
        return f"the record says scores {doc['scores']}, its actions say {totals}"[:160]
    return ""


def track_events(data: Any, doc: dict[str, Any]) -> list[Any]:
    """Replay a track record action by action: the track's events with a ``CottageStocked`` for
    every restock, then — when the record holds its score pad — ``FinalScore`` per seat and
    ``Winners`` (not for a solo game), checked against the scores and winners it stored."""
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.rules.events import CottageStocked, FinalScore, Winners
    from table.games.applejack.rules.scorepad import score_record
    from table.games.applejack.rules.track import TrackAction, replay_track

    actions = doc.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of action texts")
    track = replay_track(data, {**doc, "actions": []})  # config and data digest checked
    tiles = track.config.apple_tiles
    if tiles is not None and not all(0 <= v < len(data.varieties) for v in tiles):
        raise RecordError(f"apple_tiles must be variety indexes 0..{len(data.varieties) - 1}, got {list(tiles)}"[:120])
    events = list(track.events)
    for i, text in enumerate(actions, start=1):
        seat = track.seat
        try:
            action = TrackAction.parse(text)
            caused = track.apply(action)
        except (ActionParseError, IllegalActionError) as exc:
            raise RecordError(f"action {i} ({text[:40]!r}): {exc}") from None
        if action.kind == "stock":
            events.append(CottageStocked(seat, "trough", action.a, None))
        elif action.kind == "stock-supply":
            events.append(CottageStocked(seat, "supply", None, None))
        events.extend(caused)
    if "score_pad" in doc:
        try:
            result = score_record(doc, data)
        except ScorePadError as exc:
            raise RecordError(str(exc)) from None
        if len(result.scores) != track.config.players:
            raise RecordError(f"the score pad has {len(result.scores)} player(s), the game "
                              f"{track.config.players}")
        for s, sc in enumerate(result.scores):
            events.append(FinalScore(s, sc.harvest, sc.harvest_doubled, sc.profitable_varieties,
                                     sc.variety_bonus, sc.blossoms, sc.honey, sc.total))
        if result.solo is None:
            events.append(Winners(result.winner_seats))
    return events


def describe_all(events: list[Any], data: Any) -> list[str]:
    """The events as lines for people; a solo game's result is its verdict, not a winner."""
    # deferred: Applejack's data set and rules (about 70 ms) load only for its own input
    from table.games.applejack.rules.describe import describe
    from table.games.applejack.rules.events import FinalScore, GameStarted, Winners
    from table.games.applejack.rules.scoring import solo_verdict

    players = next((e.players for e in events if isinstance(e, GameStarted)), 0)
    finals = [e for e in events if isinstance(e, FinalScore)]
    lines = []
    for ev in events:
        if players == 1 and isinstance(ev, Winners):
            continue
        lines.append(describe(ev, data))
    if players == 1 and finals:
        lines.append(f"Solo game: {solo_verdict(finals[-1].total)}")
    return lines
