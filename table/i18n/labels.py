"""How the table names things for people, in every game: numbers typed, lists, seats.

A game's own words (Applejack's seat symbols, varieties, honey) live in its package
(``table/games/applejack/labels.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from table.i18n import _


def is_number(text: str, digits: int = 6) -> bool:
    """``text`` is 1..``digits`` ASCII digits: what people type for a count, seat or trough.
    (``str.isdigit`` alone takes '²', which ``int`` refuses, and 5,000 digits, which it refuses too.)"""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def either(options: list[str]) -> str:
    """``a``, ``a or b``, ``a or b or c`` in the current language."""
    out = options[0] if options else ""
    for more in options[1:]:
        out = _("{first} or {second}").format(first=out, second=more)
    return out


def listed(items: Iterable[str]) -> str:
    """Words in a list, with the language's separator (``a, b, c``; Japanese ``a、b、c``)."""
    return _(", ").join(items)


def both(options: list[str]) -> str:
    """``a``, ``a and b``, ``a and b and c`` in the current language."""
    out = options[0] if options else ""
    for more in options[1:]:
        out = _("{first} and {second}").format(first=out, second=more)
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 tile``, ``2 tiles`` (``many`` for irregular plurals: ``plural(2, "variety", "varieties")``).
    English only: words people read use ``table.i18n.ngettext`` where they are made."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def seat_name(seat: int) -> str:
    """``Seat 2`` (0-based ``seat``) in the current language: a seat nobody was picked for, in
    every game (Applejack's seats also have the harvest board's symbols: its ``seat_label``)."""
    return _("Seat {n}").format(n=seat + 1)


def said_again(text: str, forms: Iterable[tuple[re.Pattern[str], str]]) -> str:
    """An engine's text (a file format's words, in English) in the current language: the first
    known form that matches is said again from its fields (``forms``: pattern → the message,
    marked with ``N_`` where it is defined); anything else stays as the engine said it."""
    for pattern, template in forms:
        m = pattern.fullmatch(text)
        if m is not None:
            return _(template).format(**m.groupdict())
    return text
