"""Draft Cider's hints on the lid (``table/companion/lidhint.py``): every pick is public — the
centre and every orchard lie face up — so the strong bot's pick is offered at every pick."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from table.companion.lidhint import LidHinted, LidHints
from table.games.draftcider.rules import State
from table.games.draftcider.rules.game import N_BATCHES
from table.games.draftcider.words import batch_title, card_name
from table.i18n import _


@runtime_checkable
class Mirrored(Protocol):
    """The companion's engine mirror (``DraftCiderCompanion.engine``), named here: the companion
    imports these hints."""

    engine: State | None


class DraftCiderHints(LidHints):
    """A pick's hint: which card of the centre into which batch."""

    public_stages = ("colour", "height", "sweetness", "batch")

    def engine(self, ctl: LidHinted) -> Any:
        return ctl.engine if isinstance(ctl, Mirrored) and ctl.mode == "play" else None

    bots = "table.games.draftcider.bots"  # its strong bot, imported when a hint is computed

    def words(self, state: Any, action: int) -> str:
        card, batch = divmod(action, N_BATCHES)
        return _("{card} into {batch}").format(card=card_name(state.deck[card]), batch=batch_title(batch))


HINTS = DraftCiderHints()


def screen_workers() -> list[Any]:
    """The registry part ``workers``: the hints computed off the UI thread while this game is up."""
    # deferred: the worker's thread only for the pygame app
    from table.companion.botworker import AdviceWorker

    return [AdviceWorker("draftcider")]
