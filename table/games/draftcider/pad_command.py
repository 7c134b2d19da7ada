"""Draft Cider's digital score pad: ``applejack-table score --game draftcider PAD.json [--json]``.

The lead wires the ``score`` command's ``--game draftcider`` to :func:`run`. The pad format is
in ``table.games.draftcider.rules.pad``; cards are also checked against the shipped deck (no card
played more often than the deck holds it).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from table.engine.errors import DataError, ScorePadError
from table.games.draftcider.files import load_deck
from table.games.draftcider.rules.pad import score_pad
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.text import columns
from table.games.draftcider.words import batch_title
from table.i18n import _
from table.regularfile import NotRegularFile, open_regular

MAX_PAD_BYTES = 1_000_000
"""A pad for 6 players × 12 cards is a few kB; anything this big is not a pad."""
PROG = "applejack-table score"


def _fail(path: Path, msg: str) -> int:
    print(f"{PROG}: {path}: {msg}", file=sys.stderr)
    return 2


def _read(path: Path) -> str:
    if str(path) == "-":
        text = sys.stdin.read(MAX_PAD_BYTES + 1)
    else:
        with io.TextIOWrapper(open_regular(path), encoding="utf-8") as f:  # a named pipe is refused, never waited on
            text = f.read(MAX_PAD_BYTES + 1)
    if len(text) > MAX_PAD_BYTES:
        raise ScorePadError(f"larger than {MAX_PAD_BYTES} characters; not a score pad")
    return text


def format_table(result: dict[str, object]) -> str:
    """The result as a plain-text table: one row per batch, one column per player (the batch
    names and headings in the current language; columns counted as a terminal shows them)."""
    players = result["players"]
    assert isinstance(players, list)
    rows = [("", *(p["name"] for p in players))]
    for b, name in enumerate(BATCHES):
        rows.append((batch_title(b), *(str(p["batches"][name]) for p in players)))
    rows.append((_("TOTAL"), *(str(p["total"]) for p in players)))
    widths = [max(columns(r[i]) for r in rows) for i in range(len(rows[0]))]

    def cell(i: int, c: str) -> str:
        pad = " " * max(0, widths[i] - columns(c))
        return c + pad if i == 0 else pad + c

    lines = ["  ".join(cell(i, c) for i, c in enumerate(r)) for r in rows]
    won = result["winners"]
    assert isinstance(won, list)
    heading = _("Winner: {names}") if len(won) == 1 else _("Winners (tie): {names}")
    lines.append(heading.format(names=", ".join(won)))
    return "\n".join(lines)


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
    except (ValueError, RecursionError) as exc:  # e.g. a number with thousands of digits, deep nesting
        return _fail(path, f"not a score pad: {str(exc)[:100] or type(exc).__name__}")
    try:
        deck = load_deck()
    except DataError as exc:
        return _fail(path, f"cannot check it, the shipped deck is broken: {str(exc).splitlines()[0]}")
    try:
        result = score_pad(pad, deck.cards).to_dict()
    except ScorePadError as exc:
        return _fail(path, str(exc))
    print(json.dumps(result, ensure_ascii=False) if as_json else format_table(result))
    return 0
