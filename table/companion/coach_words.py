"""Every game's coach in the same words: a coached turn's head line and its points, one decimal
in the table's language (Applejack's coach, ``games/applejack/companion/coach.py``, and the
module games', ``coach_games.py``). Words only: no search is imported with them."""

from __future__ import annotations

from table.i18n import _, current_language


def decimal(value: float) -> str:
    """``3.2`` with one decimal, a decimal comma where the language writes one (de, fr)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if current_language() in ("de", "fr") else text


def turn_head(turn: int, seat: str, cost: float, same: bool) -> str:
    """A coached turn's first line in every game's coach: ``Turn 7 · Ana: cost 3.2 points``
    (``turn`` 0-based; ``cost`` in points, positive: the move played lost against the bot's)."""
    if same:
        return _("Turn {turn} · {seat}: the bot's choice too").format(turn=turn + 1, seat=seat)
    if cost >= 0.05:
        return _("Turn {turn} · {seat}: cost {cost} points").format(turn=turn + 1, seat=seat, cost=decimal(cost))
    if cost <= -0.05:
        return _("Turn {turn} · {seat}: {gain} points better than the bot's").format(
            turn=turn + 1, seat=seat, gain=decimal(-cost))
    return _("Turn {turn} · {seat}: as good as the bot's").format(turn=turn + 1, seat=seat)
