"""One result for every game, as data: the game fills a :class:`ResultSheet`, the toolkit
(``table/display/result_view.py``) draws it, text mode prints it (:meth:`ResultSheet.lines`),
the QR code's link carries the same names, totals and winners (``table.history.statsexport``).

A game's module gives ``result_sheet()``: a heading, the breakdown's row labels (in the table's
language) and per seat its name (the player's, else ``Seat N``), its values in those rows, its
total and whether it won; :func:`sheet` builds one and words the winners (``Winner: Ada``,
``Winners: Ada & Bo``) unless the game gives its own verdict (a solo game's). A cooperative game's
sheet (``together``: ``GameDef.utility`` is cooperative) is one column, the table's, and its verdict
says the table won or lost together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from table.i18n import _, ngettext
from table.i18n.labels import both


@dataclass(frozen=True, slots=True)
class ResultSeat:
    """One seat of the result: who, the breakdown's values (one per label), the total, won or not."""

    seat: int
    name: str
    values: tuple[str, ...]
    total: int
    winner: bool


@dataclass(frozen=True, slots=True)
class ResultSheet:
    """What the result screen shows in every game (see the module doc)."""

    heading: str
    labels: tuple[str, ...]
    seats: tuple[ResultSeat, ...]
    verdict: str
    together: bool = False
    """A cooperative game's: ``seats`` is the one column of the whole table (no seat badge)."""

    def lines(self) -> list[str]:
        """Text mode's result: the heading, one line per seat with its breakdown, the verdict."""
        out = [self.heading]
        for s in self.seats:
            parts = ", ".join(f"{label} {value}" for label, value in zip(self.labels, s.values, strict=True))
            line = ngettext("{name}: {total} point", "{name}: {total} points", s.total).format(
                name=s.name, total=s.total)
            out.append(f"  {line} ({parts})" if parts else f"  {line}")
        out.append(self.verdict)
        return out


def winners_words(names: Sequence[str]) -> str:
    """``Winner: Ada``, ``Winners: Ada & Bo`` (nobody: "")."""
    if not names:
        return ""
    return ngettext("Winner: {names}", "Winners: {names}", len(names)).format(names=both(list(names)))


def together_words(won: bool) -> str:
    """A cooperative game's verdict: ``The table won together`` (or lost)."""
    return _("The table won together") if won else _("The table lost together")


def sheet(heading: str, labels: Iterable[str], names: Sequence[str], values: Sequence[Iterable[object]],
          totals: Sequence[int], winners: Iterable[int], *, verdict: str | None = None,
          together: bool = False) -> ResultSheet:
    """A result sheet from per-seat ``names``, ``values`` (one per label) and ``totals``; the
    ``winners`` (seat numbers) lit and worded unless ``verdict`` is given. ``together`` (a
    cooperative game: every seat the same breakdown, all won or none) makes it the table's one
    column — seat 1's values, lit when the table won — worded :func:`together_words`."""
    won = set(winners)
    if together and names:
        table = ResultSeat(0, _("The table"), tuple(str(v) for v in values[0]), int(totals[0]), bool(won))
        words = verdict if verdict is not None else together_words(bool(won))
        return ResultSheet(heading, tuple(labels), (table,), words, together=True)
    seats = tuple(ResultSeat(s, names[s], tuple(str(v) for v in values[s]), int(totals[s]), s in won)
                  for s in range(len(names)))
    words = verdict if verdict is not None else winners_words([names[s] for s in sorted(won)])
    return ResultSheet(heading, tuple(labels), seats, words)


def no_result() -> ResultSheet:
    """The sheet before a game is over (nothing to show)."""
    return ResultSheet(_("No result yet"), (), (), "")
