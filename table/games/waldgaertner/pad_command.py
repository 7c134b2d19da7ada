"""Waldgärtner's digital score pad: ``applejack-table score --game waldgaertner PAD.json [--json]``
for a table that played without the companion (the pad's format: ``table.games.waldgaertner.pad``).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from table.companion.padfile import PadFileError, fail, read_pad, shipped
from table.engine.errors import ScorePadError
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.pad import PadScore, score_pad, winners
from table.i18n import _


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
        cards = shipped(path, load_cards, "card file")
        scores = score_pad(read_pad(path), cards)
    except PadFileError as exc:
        return exc.report()
    except ScorePadError as exc:
        return fail(path, exc)
    if as_json:
        print(json.dumps({"game": "waldgaertner", "players": [s.to_dict() for s in scores],
                          "winners": winners(scores)}, ensure_ascii=False))
    else:
        print(format_table(scores))
    return 0
