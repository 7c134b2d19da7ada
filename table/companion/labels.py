"""How the companion names things for people (shared by the controller, orchard tracking and hints)."""

from __future__ import annotations

from collections.abc import Iterable

from table.games.applejack.rules.data import SEAT_GLYPHS, SEAT_SYMBOLS, DataSet
from table.games.applejack.rules.game import START_HONEY
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.i18n import _
from table.i18n.names import mark_name, seat_name


def is_number(text: str, digits: int = 6) -> bool:
    """``text`` is 1..``digits`` ASCII digits: what people type for a count, seat or trough.
    (``str.isdigit`` alone takes '²', which ``int`` refuses, and 5,000 digits, which it refuses too.)"""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def seat_label(seat: int) -> str:
    """``△ Triangle``: a seat by its symbol (the harvest board shows symbols, not numbers), the
    name in the current language (``△ Dreieck``)."""
    symbol = SEAT_SYMBOLS[seat]
    return f"{SEAT_GLYPHS[symbol]} {seat_name(symbol)}"


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


def record_seat_name(seat: int) -> str:
    """``△ Triangle`` in English whatever the language: a seat's name in a record (a file format)."""
    symbol = SEAT_SYMBOLS[seat]
    return f"{SEAT_GLYPHS[symbol]} {symbol.capitalize()}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 tile``, ``2 tiles`` (``many`` for irregular plurals: ``plural(2, "variety", "varieties")``).
    English only: words people read use ``table.i18n.ngettext`` where they are made."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def mark_label(mark: str) -> str:
    """A variety's mark in words that no seat name can be mistaken for: ``diamond mark``
    (``Symbol Raute``), in the current language."""
    return _("{mark} mark").format(mark=mark_name(mark))


def start_honey(data: DataSet, players: int) -> tuple[int, ...]:
    """Each seat's starting honey (rulebook: 16/20, 16/19/22, 16/18/20/22, solo 14), from the data
    set when it carries them, else from the engine's table."""
    board = data.boards.get(players)
    from_data = getattr(board, "start_honey", None) or getattr(data, "start_honey", None)
    if isinstance(from_data, dict):
        from_data = from_data.get(players)
    if from_data:
        return tuple(int(h) for h in from_data)
    return tuple(START_HONEY[players])


def solo_words(total: int) -> str:
    """The solo result against the rulebook's marks in the current language (the engine's
    ``solo_verdict`` in English: ``"72 honey: goal reached (65)"``)."""
    if total >= SOLO_OUTSTANDING:
        return _("{total} honey: outstanding ({mark} or more)").format(total=total, mark=SOLO_OUTSTANDING)
    if total >= SOLO_GOAL:
        return _("{total} honey: goal reached ({goal})").format(total=total, goal=SOLO_GOAL)
    return _("{total} honey: {short} short of the goal ({goal})").format(total=total, short=SOLO_GOAL - total,
                                                                       goal=SOLO_GOAL)
