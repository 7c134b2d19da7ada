"""The physical table is the truth: where our data file's tile counts say the table could not have
done what it did, the count is corrected (and recorded in the Track as a correction) instead of
refusing the table.

Applejack's box differs from ``tiles.toml`` when it holds more apple tiles than the file lists: the
file's supply runs out while the table still draws blind, and the troughs the file could no longer
refill hold a tile at the table. Only those two cases are taken as the box speaking — a take from
an empty trough while the file's supply still has tiles is a wrong button and stays refused.
(A restock of the cottage from the supply after the file's runs out is not covered: corrections
are made at the start of a turn.)"""

from __future__ import annotations

from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.track import Track, TrackAction, TrackKind


def box_corrections(track: Track, action: TrackAction) -> list[TrackAction]:
    """The corrections that let the table's ``action`` stand where the file's counts say it cannot."""
    s = track.state
    if s.phase != Phase.TAKE or s.supply:
        return []
    if action.kind == TrackKind.BLIND:
        return [TrackAction(TrackKind.FIX_SUPPLY, 1)]
    if (action.kind == TrackKind.TAKE and action.a is not None and action.a in track.open_troughs()
            and 1 <= action.a <= len(s.troughs) and s.troughs[action.a - 1] == 0):
        return [TrackAction(TrackKind.FIX_TROUGH, action.a, 1)]
    return []
