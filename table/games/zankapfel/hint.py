"""Zankapfel's hints on the lid (``table/companion/lidhint.py``).

Public at the table (rules ``shared/seeds/002``): the mayor's first square and each round's move of
the mayor, and the harvest token a seat removes — the whole table watches them being made.
Secret: the apple card laid face down (or the pass) in the bid, a discord's dice bought and its
discord card: a hint there would show the lid what a seat holds or means to do. The bribes and
their acceptance are spoken openly but are a deal between players: no hint is offered for them
(:data:`~table.companion.lidhint.NO_HINT`)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from table.companion.lidhint import LidHinted, LidHints
from table.games.zankapfel.deal import Build
from table.games.zankapfel.rules import actions as A
from table.i18n import _


@runtime_checkable
class Built(Protocol):
    """The companion's build of the game (``ZankapfelCompanion.b``), named here: the companion
    imports these hints."""

    b: Build | None


class ZankapfelHints(LidHints):
    """A square's hint: where the mayor goes, which harvest token comes off."""

    public_stages = ("place", "move", "remove")
    secret_stages = ("bid", "dice", "card")

    def seat(self, ctl: LidHinted) -> int:
        return int(ctl.b.seat()) if isinstance(ctl, Built) and ctl.b is not None else -1

    def engine(self, ctl: LidHinted) -> Any:
        return ctl.b.preview if isinstance(ctl, Built) and ctl.b is not None else None

    bots = "table.games.zankapfel.bots"  # its strong bot, imported when a hint is computed

    def words(self, state: Any, action: int) -> str:
        if A.MAYOR <= action < A.MAYOR + A.SQUARES:
            return _("the mayor to {square}").format(square=A.square_name(action - A.MAYOR))
        if A.REMOVE <= action < A.REMOVE + A.SQUARES:
            return _("remove the harvest token on {square}").format(square=A.square_name(action - A.REMOVE))
        return A.to_text(action)


HINTS = ZankapfelHints()


def screen_workers() -> list[Any]:
    """The registry part ``workers``: the hints computed off the UI thread while this game is up."""
    # deferred: the worker's thread only for the pygame app
    from table.companion.botworker import AdviceWorker

    return [AdviceWorker("zankapfel")]
