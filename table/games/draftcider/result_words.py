"""Draft Cider's end in words: each seat's total with its points per batch, and who won (the text
front end's and the result screen's heading)."""

from __future__ import annotations

from typing import Any

from table.games.draftcider.words import batch_title, joined
from table.i18n import N_, _, ngettext
from table.i18n.labels import listed


class ResultWords:
    """The companion's end in words (a mixin of ``DraftCiderCompanion``)."""

    setup: Any
    seat_title: Any
    final_scores: Any
    winners: Any

    def result_lines(self) -> list[str]:
        """The end: each seat's total with its points per batch, then the winners."""
        scores = self.final_scores()
        out = [_("Game over") if self.setup.pad == "live" else _("Score pad scored")]
        for s, sc in enumerate(scores):
            parts = listed(_("{batch} {points}").format(batch=batch_title(b), points=p)
                              for b, p in enumerate(sc.batches) if p)
            out.append(ngettext("{seat}: {total} point ({batches})", "{seat}: {total} points ({batches})",
                                abs(sc.total)).format(seat=self.seat_title(s), total=sc.total,
                                                      batches=parts or _("nothing")))
        out.append(self.winner_line())
        return out

    def winner_line(self) -> str:
        """Who won, with how many points (the result screen's heading)."""
        scores = self.final_scores()
        win = self.winners()
        names = joined([self.seat_title(s) for s in win], N_("{first} and {second}"))
        best = scores[win[0]].total if win else 0
        points = ngettext("{n} point", "{n} points", abs(best)).format(n=best)
        return ngettext("{names} wins with {points}", "{names} win (a tie) with {points}",
                        len(win)).format(names=names, points=points)
