"""Cells for every CSV the table writes, safe to open in a spreadsheet (CSV formula injection).

A player's name such as ``=HYPERLINK(…)`` or ``@SUM(…)`` would be read as a formula by Excel,
LibreOffice or Google Sheets. As the OWASP guidance on CSV injection says, a text cell that starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (the spreadsheet
shows the text as written); numbers are written as they are (a total of -3 stays a number).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters OWASP lists as starting a formula."""


def cell(value: Any) -> Any:
    """``value`` as a CSV cell: a text that starts like a formula with a leading ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def row(values: Iterable[Any]) -> list[Any]:
    """Every cell of a row made safe (:func:`cell`)."""
    return [cell(v) for v in values]
