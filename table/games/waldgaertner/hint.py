"""Waldgärtner's hints on the lid (``table/companion/lidhint.py``).

Public at the table (rules ``shared/seeds/004``): the start's deck, which special action a seat
takes, the deck of a bonus draw and the card taken from an alternative offer (face up on the
decks). Secret: the die (chosen "concealed behind your hand", revealed at once), the hand card
grown or sold (a hint would name it before it is played), the card kept from a bonus draw or a
search (seen by that player only): a hint there would show the lid what a seat holds or means to
do. The direct sale's buyer gets no hint (:data:`~table.companion.lidhint.NO_HINT`)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from table.companion.lidhint import LidHinted, LidHints
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.words import card_label


@runtime_checkable
class Mirrored(Protocol):
    """The companion's engine mirror (``WaldgaertnerCompanion.e``), named here: the companion
    imports these hints."""

    e: State | None


class WaldgaertnerHints(LidHints):
    """A public choice's hint: a deck, a special action, a card of the open offer."""

    public_stages = ("start", "special", "bonus", "achoose")
    secret_stages = ("die", "play", "bchoose", "schoose")

    def engine(self, ctl: LidHinted) -> Any:
        return ctl.e if isinstance(ctl, Mirrored) and ctl.mode == "play" else None

    bots = "table.games.waldgaertner.bots"  # its strong bot, imported when a hint is computed

    def words(self, state: Any, action: int) -> str:
        if A.CHOOSE <= action < A.SELL:
            return card_label(state.cards[action - A.CHOOSE])
        return A.to_text(action)


HINTS = WaldgaertnerHints()


def screen_workers() -> list[Any]:
    """The registry part ``workers``: the hints computed off the UI thread while this game is up."""
    # deferred: the worker's thread only for the pygame app
    from table.companion.botworker import AdviceWorker

    return [AdviceWorker("waldgaertner")]
