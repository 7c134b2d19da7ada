"""Waldgärtner's digital score pad: ``applejack-table score --game waldgaertner PAD.json [--json]``
for a table that played without the companion (the pad's format: ``table.games.waldgaertner.pad``).
"""

from __future__ import annotations

import io
import json
import sys
import unicodedata
from pathlib import Path

from table.engine.errors import DataError, ScorePadError
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.pad import PadScore, score_pad, winners
from table.i18n import _
from table.regularfile import NotRegularFile, open_regular

MAX_PAD_BYTES = 1_000_000
"""A pad for 7 players × 21 plants is a few kB; anything this big is not a pad."""
PROG = "applejack-table score"


def _fail(path: Path, msg: str) -> int:
    print(f"{PROG}: {path}: {msg}", file=sys.stderr)
    return 2


def _read(path: Path) -> str:
    if str(path) == "-":
        text = sys.stdin.read(MAX_PAD_BYTES + 1)
    else:
        with io.TextIOWrapper(open_regular(path), encoding="utf-8-sig") as f:  # a named pipe is refused
            text = f.read(MAX_PAD_BYTES + 1)
    if len(text) > MAX_PAD_BYTES:
        raise ScorePadError(f"larger than {MAX_PAD_BYTES} characters; not a score pad")
    return text


def _width(text: str) -> int:
    """Terminal columns of ``text`` (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def format_table(scores: tuple[PadScore, ...]) -> str:
    """The result as a plain-text table: one row per kind of points, one column per player."""
    rows = [("", *(s.name for s in scores)),
            (_("plants"), *(str(s.plants) for s in scores)),
            (_("partners"), *(str(s.partners) for s in scores)),
            (_("storage"), *(str(s.storage) for s in scores))]
    if any(s.task for s in scores):
        rows.append((_("task"), *(str(s.task) for s in scores)))
    rows.append((_("TOTAL"), *(str(s.total) for s in scores)))
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c + " " * (widths[i] - _width(c)) if i == 0 else " " * (widths[i] - _width(c)) + c
                       for i, c in enumerate(r)) for r in rows]
    won = winners(scores)
    heading = _("Winner: {names}") if len(won) == 1 else _("Winners (tie): {names}")
    return "\n".join([*lines, heading.format(names=", ".join(won))])


def run(path: Path, as_json: bool) -> int:
    """Score the pad in ``path`` ("-": standard input) and print the result (a table, or one
    JSON object with ``as_json``). Bad input: one line on stderr naming the file, exit 2."""
    path = Path(path)
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(path, f"cannot read: {getattr(exc, 'strerror', None) or exc}")
    except ScorePadError as exc:
        return _fail(path, str(exc))
    except NotRegularFile as exc:  # it names the file
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    try:
        pad = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail(path, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except (ValueError, RecursionError) as exc:
        return _fail(path, f"not a score pad: {str(exc)[:100] or type(exc).__name__}")
    try:
        cards = load_cards()
    except DataError as exc:
        return _fail(path, f"cannot check it, the shipped card file is broken: {str(exc).splitlines()[0]}")
    try:
        scores = score_pad(pad, cards)
    except ScorePadError as exc:
        return _fail(path, str(exc))
    if as_json:
        print(json.dumps({"game": "waldgaertner", "players": [s.to_dict() for s in scores],
                          "winners": winners(scores)}, ensure_ascii=False))
    else:
        print(format_table(scores))
    return 0
