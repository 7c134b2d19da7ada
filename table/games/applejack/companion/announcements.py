"""Announcements: what the table must do after a move (one harvest per variety, blossom scoring,
loop, middle space, refill, end), queued in ``Controller.queued`` and confirmed one at a time;
and the log of lines the text view prints and speech says."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import partial

from table.games.applejack.labels import mark_label
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    DieMoved,
    Event,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
)
from table.games.applejack.rules.walk import FINAL_PIPS
from table.i18n import _, ngettext
from table.i18n.names import variety_name


class AnnouncementKind(StrEnum):
    """What an announcement asks of the table."""

    HARVEST = "harvest"
    BLOSSOM = "blossom"
    LOOP = "loop"
    MIDDLE = "middle"
    REFILL = "refill"
    END = "end"


@dataclass(frozen=True, slots=True)
class Announcement:
    """Something the table must do now; shown (and spoken) one at a time, confirmed to go on.

    ``kind``: harvest, blossom, loop, middle, refill, end. ``variety`` for a harvest;
    ``troughs`` the refill order. ``text`` is in the language in force when it was made;
    ``words`` makes it again (in the language in force then: :meth:`retold`).
    """

    kind: AnnouncementKind
    text: str
    variety: int | None = None
    pips: int = 0
    troughs: tuple[int, ...] = ()
    space: int = 0  # loop and blossom: the space the die goes to
    middle: bool = False  # refill: the solo middle trees are filled too
    short: int | None = None  # refill: the supply holds only this many (fewer than the refill needs)
    words: Callable[[], str] | None = field(default=None, compare=False, repr=False)

    def retold(self) -> Announcement:
        """The same announcement in the current language (after the language was changed)."""
        return self if self.words is None else replace(self, text=self.words())


def _harvest_text(name: str, mark: str, pips: int) -> str:
    variety = variety_name(name)
    return _("Harvest {variety} ({mark}): every {variety} area − {pips}").format(
        variety=variety, mark=mark_label(mark), pips=pips)


def _blossom_text(space: int, times: int) -> str:
    return _("Die over the bridge to space {space}, then blossom scoring: each blossom pays {honey} honey").format(
        space=space, honey=times)


def _loop_text(bridge: bool, space: int, pips: int, loop: int) -> str:
    if bridge:
        text = _("Turn the die up to {pips}: loop {loop} of {loops} starts on space {space}")
    else:
        text = _("Die from the middle space to space {space}, then turn the die up to {pips}: "
                 "loop {loop} of {loops} starts on space {space}")
    return text.format(space=space, pips=pips, loop=loop, loops=FINAL_PIPS)


def _middle_text(honey: int, fill: int) -> str:
    if fill:
        return ngettext("Middle space: +{honey} honey for the empty trees; put {n} tile from the supply on the trees",
                        "Middle space: +{honey} honey for the empty trees; put {n} tiles from the supply on the trees",
                        fill).format(honey=honey, n=fill)
    return _("Middle space: +{honey} honey for the empty trees").format(honey=honey)


def _refill_text(order: tuple[int, ...], middle: bool, available: int) -> str:
    troughs = " ".join(map(str, order))
    text = (_("Refill: one tile into each trough: {troughs}, then the middle trees") if middle
            else _("Refill: one tile into each trough: {troughs}")).format(troughs=troughs)
    if available < len(order) + int(middle):
        text = _("{refill} (only {available} in the supply)").format(refill=text, available=available)
    return text


def _end_text(turns: int) -> str:
    return ngettext("Game over after {n} turn: final scoring", "Game over after {n} turns: final scoring",
                    turns).format(n=turns)


def _told(kind: AnnouncementKind, words: Callable[[], str], **fields: object) -> Announcement:
    return Announcement(kind, words(), words=words, **fields)  # type: ignore[arg-type]


def announcements_for(events: list[Event], data: DataSet, landed: int | None = None) -> list[Announcement]:
    """The announcements for the events of one move. ``landed``: the space the die stands on after
    the move (where a loop's end sends it; the board's ``return_to`` when not given)."""
    out: list[Announcement] = []
    bridge = not any(isinstance(e, DieMoved) and e.to_space < e.from_space for e in events)
    back = landed
    if back is None:
        back = next((e.to_space for e in events if isinstance(e, DieMoved) and e.to_space < e.from_space),
                    min((b.return_to for b in data.boards.values()), default=1))
    for e in events:
        if isinstance(e, Harvest):
            v = data.varieties[e.variety]
            out.append(_told(AnnouncementKind.HARVEST, partial(_harvest_text, v.name, v.mark, e.pips),
                             variety=e.variety, pips=e.pips))
        elif isinstance(e, BlossomScoring):
            out.append(_told(AnnouncementKind.BLOSSOM, partial(_blossom_text, back, e.times), pips=e.times,
                             space=back))
        elif isinstance(e, LoopStarted):
            out.append(_told(AnnouncementKind.LOOP, partial(_loop_text, bridge, back, e.pips, e.loop), pips=e.pips,
                             space=back))
        elif isinstance(e, MiddleReached):
            out.append(_told(AnnouncementKind.MIDDLE, partial(_middle_text, e.honey, e.fill), pips=e.honey))
        elif isinstance(e, RefillNeeded):
            short = e.available if e.available < len(e.order) + int(e.middle) else None
            out.append(_told(AnnouncementKind.REFILL, partial(_refill_text, e.order, e.middle, e.available),
                             troughs=e.order[: e.available] if e.available else (), middle=e.middle, short=short))
        elif isinstance(e, GameEnded):
            out.append(_told(AnnouncementKind.END, partial(_end_text, e.turns)))
    return out
