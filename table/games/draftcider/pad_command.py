"""Draft Cider's digital score pad: ``applejack-table score --game draftcider PAD.json [--json]``.

The lead wires the ``score`` command's ``--game draftcider`` to :func:`run`. The pad format is
in ``table.games.draftcider.rules.pad``. The file is UTF-8 (a byte-order mark is fine); an object
with the same key twice is refused (JSON would silently keep the second list). Cards are also
counted against the shipped deck: a card on the pad more often than the deck holds it is scored as
entered (the printed box is the truth) and said once on stderr, one line per card.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from table.companion.padfile import PROG, PadFileError, fail, read_pad, shipped
from table.engine.errors import ScorePadError
from table.games.draftcider.files import load_deck
from table.games.draftcider.rules.pad import BeyondDeck, score_pad
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.text import columns
from table.games.draftcider.words import batch_title, card_name
from table.i18n import _


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
        deck = shipped(path, load_deck, "deck")
        scored = score_pad(read_pad(path), deck.cards)
    except PadFileError as exc:
        return exc.report()
    except ScorePadError as exc:
        return fail(path, exc)
    for beyond in scored.beyond_deck:
        print(f"{PROG}: {path}: {beyond_line(beyond)}", file=sys.stderr)
    result = scored.to_dict()
    print(json.dumps(result, ensure_ascii=False) if as_json else format_table(result))
    return 0
