"""Announcements: what the table must do after a move (one harvest per variety, blossom scoring,
loop, middle space, refill, end), queued in ``Controller.pending`` and confirmed one at a time;
and the log of lines the text view prints and speech says."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from table.companion.applejack.base import ControllerBase
from table.companion.labels import mark_label, plural, seat_label
from table.engine.data import DataSet
from table.engine.events import (
    BlossomScoring,
    DieMoved,
    Event,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
)
from table.engine.phase import Phase
from table.engine.track import TrackAction, TrackKind
from table.engine.walk import FINAL_PIPS


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
    ``troughs`` the refill order.
    """

    kind: AnnouncementKind
    text: str
    variety: int | None = None
    pips: int = 0
    troughs: tuple[int, ...] = ()
    space: int = 0  # loop and blossom: the space the die goes to


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
            out.append(Announcement(AnnouncementKind.HARVEST, f"Harvest {v.name} ({mark_label(v.mark)}): "
                                    f"every {v.name} area − {e.pips}", e.variety, e.pips))
        elif isinstance(e, BlossomScoring):
            out.append(Announcement(AnnouncementKind.BLOSSOM,
                                    f"Die over the bridge to space {back}, then blossom scoring: "
                                    f"each blossom pays {e.times} honey",
                                    pips=e.times, space=back))
        elif isinstance(e, LoopStarted):
            move = "" if bridge else f"Die from the middle space to space {back}, then "
            text = f"{move}turn the die up to {e.pips}: loop {e.loop} of {FINAL_PIPS} starts on space {back}"
            out.append(Announcement(AnnouncementKind.LOOP, text[0].upper() + text[1:], pips=e.pips, space=back))
        elif isinstance(e, MiddleReached):
            text = f"Middle space: +{e.honey} honey for the empty trees"
            if e.fill:
                text += f"; put {plural(e.fill, 'tile')} from the supply on the trees"
            out.append(Announcement(AnnouncementKind.MIDDLE, text, pips=e.honey))
        elif isinstance(e, RefillNeeded):
            text = "Refill: one tile into each trough: " + " ".join(map(str, e.order))
            if e.middle:
                text += ", then the middle trees"
            if e.available < len(e.order) + int(e.middle):
                text += f" (only {e.available} in the supply)"
            out.append(Announcement(AnnouncementKind.REFILL, text,
                                    troughs=e.order[: e.available] if e.available else ()))
        elif isinstance(e, GameEnded):
            out.append(Announcement(AnnouncementKind.END, f"Game over after {plural(e.turns, 'turn')}: final scoring"))
    return out



class AnnouncementsJob(ControllerBase):
    """The controller's announcement queue and its spoken/printed lines."""

    def _say(self, line: str) -> None:
        self.log.append(line)

    def new_lines(self) -> list[str]:
        """Lines added to ``log`` since the last call (text view, speech)."""
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    def turn_line(self) -> str:
        t = self.t
        s = t.state
        if t.is_terminal():
            return f"Game over after {plural(s.turn, 'turn')}"
        where = "the middle space" if t.on_middle else \
            " and ".join(f"trough {n} with {plural(s.troughs[n - 1], 'tile')}" for n in t.open_troughs())
        if s.phase == Phase.STOCK:  # from the troughs it may restock from, else the supply
            sources = [f"trough {a.a} with {plural(s.troughs[a.a - 1], 'tile')}" for a in t.legal_actions()
                       if a.kind == TrackKind.STOCK and a.a is not None]
            where = " or ".join([*sources, "the supply"] if s.supply else sources) or "nowhere (all empty)"
        last = " — LAST TURN" if t.is_last_turn() else ""
        what = "restocks the cottage from" if s.phase == Phase.STOCK else "takes from"
        return (f"Turn {s.turn + 1}: {seat_label(t.seat)} {what} {where}; die on space {s.die.space} "
                f"showing {s.die.pips}; supply {s.supply}{last}")

    def _say_action(self, action: TrackAction) -> None:
        if action.kind.startswith("fix-"):
            self._say(f"Corrected: {action}")

    def _say_next(self) -> None:
        if self.pending:
            self._say(self.pending[0].text)
        elif self.track is not None and not self.t.is_terminal():
            self._say(self.turn_line())
