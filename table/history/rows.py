"""What the table's screens get from the history (``table.history.book.HistoryBook``): the
history screen's rows and pages, and the result's QR code. Plain values: the companion's
named seats (``table.companion.players``) and the views use them without SQLite."""

from __future__ import annotations

from dataclasses import dataclass

ROWS_PER_PAGE = 8
"""History rows per screen page (fits 480×320 and 800×480 alike)."""


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One line of the history screen: ``kind`` is ``head`` (a section title), ``row`` or
    ``note`` (a message: empty, damaged); ``text`` is in the current language."""

    kind: str
    text: str
    gid: int | None = None
    """A game's row: its history id (the history screen opens the game's view on a touch)."""


@dataclass(frozen=True, slots=True)
class HistorySummary:
    """What the history screen shows (``table.history.book.HistoryBook.summary`` makes it)."""

    rows: tuple[HistoryRow, ...] = ()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows) // ROWS_PER_PAGE))

    def page(self, n: int) -> tuple[HistoryRow, ...]:
        n = max(0, min(n, self.pages - 1))
        return self.rows[n * ROWS_PER_PAGE:(n + 1) * ROWS_PER_PAGE]

    def text(self) -> str:
        """The text form (text mode's ``history``): every row, sections indented."""
        return "\n".join(r.text if r.kind == "head" else "  " + r.text for r in self.rows)


@dataclass(frozen=True, slots=True)
class ResultQR:
    """The finished game's QR code: its history id, the matrix (rows of booleans, True = dark,
    quiet zone included), the terminal text; or ``problem`` (one line) when there is none."""

    gid: int | None = None
    matrix: tuple[tuple[bool, ...], ...] = ()
    text: str = ""
    size: int = 0
    problem: str = ""
    link: str = ""
    """What the code holds: BG Stats' import link (``table.history.statsexport.play_link``)."""
