"""A Waldgärtner game played along at the table, at its end: the record the history keeps and the
lines said (the companion's ``finished_record`` and ``result_lines``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table.games.waldgaertner.rules import State
from table.i18n import ngettext
from table.i18n.labels import both


def game_record(e: State, cmds: list[str], box_notes: list[str], names: dict[str, Any]) -> dict[str, Any]:
    """The engine's record (``waldgaertner-record/1``, replayable) plus the table's commands, the
    score pad, how the box differed from the card file (when it did) and the players' ``names``."""
    rec = e.to_record()
    rec["table_commands"] = list(cmds)
    rec["scores"] = [s.total for s in e.scores()]
    rec["score_pad"] = [{"plants": s.plants, "partners": s.partners, "storage": s.storage, "task": s.task,
                         "total": s.total} for s in e.scores()]
    rec["winners"] = list(e.winners())
    if box_notes:  # how the table's box differed from the card file (a game without keeps none)
        rec["box_differs"] = list(box_notes)
    rec.update(names)
    return rec


def game_lines(e: State, title: Callable[[int], str], tasks: bool) -> list[str]:
    """The winners and each seat's points, best first (``title``: a seat's name; ``tasks``: the
    additional tasks were played)."""
    winners = e.winners()
    win = both([title(s) for s in winners])
    sc = e.scores()
    order = sorted(range(e.players), key=lambda s: -sc[s].total)
    if tasks:
        pad = [ngettext("{seat}: {total} point (plants {plants}, partners {partners}, storage {storage}, "
                        "task {task})",
                        "{seat}: {total} points (plants {plants}, partners {partners}, storage {storage}, "
                        "task {task})", sc[s].total).format(
            seat=title(s), total=sc[s].total, plants=sc[s].plants, partners=sc[s].partners,
            storage=sc[s].storage, task=sc[s].task) for s in order]
    else:
        pad = [ngettext("{seat}: {total} point (plants {plants}, partners {partners}, storage {storage})",
                        "{seat}: {total} points (plants {plants}, partners {partners}, storage {storage})",
                        sc[s].total).format(
            seat=title(s), total=sc[s].total, plants=sc[s].plants, partners=sc[s].partners,
            storage=sc[s].storage) for s in order]
    return [ngettext("Game over: {winners} wins", "Game over: {winners} win", len(winners)).format(winners=win),
            *pad]
