"""Draft Cider's digital score pad: ``applejack-table score --game draftcider PAD.json [--json]``.

The lead wires the ``score`` command's ``--game draftcider`` to :func:`run`. The pad format is
in ``table.games.draftcider.rules.pad``. The file is UTF-8 (a byte-order mark is fine); an object
with the same key twice is refused (JSON would silently keep the second list). Cards are also
counted against the shipped deck: a card on the pad more often than the deck holds it is scored as
entered (the printed box is the truth) and said once on stderr, one line per card.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from table.engine.errors import DataError, ScorePadError
from table.games.draftcider.files import load_deck
from table.games.draftcider.rules.pad import BeyondDeck, score_pad
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.text import columns
from table.games.draftcider.words import batch_title, card_name
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
        with io.TextIOWrapper(open_regular(path), encoding="utf-8-sig") as f:  # a named pipe is refused
            text = f.read(MAX_PAD_BYTES + 1)
    if len(text) > MAX_PAD_BYTES:
        raise ScorePadError(f"larger than {MAX_PAD_BYTES} characters; not a score pad")
    return text.removeprefix("\ufeff")  # a byte-order mark (Windows editors write one)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys all differ (``json.loads``' ``object_pairs_hook``); ScorePadError
    naming the key given twice — two ``"monochrome"`` lists would silently keep only the second."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScorePadError(f"the key {key[:40]!r} appears twice in one object; each key once")
        out[key] = value
    return out


def beyond_line(b: BeyondDeck) -> str:
    """One card the pad holds beyond the shipped deck, said once (its players each named once)."""
    who = ", ".join(b.players)
    if not b.held:
        return _("the box differs from our deck file: {card} is on the pad ({players}), the file lacks it; "
                 "scored as entered").format(card=card_name(b.card), players=who)
    return _("the box differs from our deck file: {card} is on the pad {n} times ({players}), the file holds "
             "{held}; scored as entered").format(card=card_name(b.card), n=b.on_pad, players=who, held=b.held)


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
        pad = json.loads(text, object_pairs_hook=_unique_keys)
    except ScorePadError as exc:
        return _fail(path, str(exc))
    except json.JSONDecodeError as exc:
        return _fail(path, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except (ValueError, RecursionError) as exc:  # e.g. a number with thousands of digits, deep nesting
        return _fail(path, f"not a score pad: {str(exc)[:100] or type(exc).__name__}")
    try:
        deck = load_deck()
    except DataError as exc:
        return _fail(path, f"cannot check it, the shipped deck is broken: {str(exc).splitlines()[0]}")
    try:
        scored = score_pad(pad, deck.cards)
    except ScorePadError as exc:
        return _fail(path, str(exc))
    for beyond in scored.beyond_deck:
        print(f"{PROG}: {path}: {beyond_line(beyond)}", file=sys.stderr)
    result = scored.to_dict()
    print(json.dumps(result, ensure_ascii=False) if as_json else format_table(result))
    return 0
