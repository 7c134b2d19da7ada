"""How Applejack names its things for people: seats by the harvest board's symbols, variety marks,
starting honey, the solo result (shared by the controller, orchard tracking, hints and the screens).
The words every game shares are the shell's (``table.i18n.labels``)."""

from __future__ import annotations

from table.games.applejack.rules.data import SEAT_GLYPHS, SEAT_SYMBOLS, DataSet
from table.games.applejack.rules.game import START_HONEY
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.i18n import _
from table.i18n.names import mark_name, symbol_name


def seat_label(seat: int) -> str:
    """``△ Triangle``: a seat by its symbol (the harvest board shows symbols, not numbers), the
    name in the current language (``△ Dreieck``)."""
    symbol = SEAT_SYMBOLS[seat]
    return f"{SEAT_GLYPHS[symbol]} {symbol_name(symbol)}"


def record_seat_name(seat: int) -> str:
    """``△ Triangle`` in English whatever the language: a seat's name in a record (a file format)."""
    symbol = SEAT_SYMBOLS[seat]
    return f"{SEAT_GLYPHS[symbol]} {symbol.capitalize()}"


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
