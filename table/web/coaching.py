"""A seat's coach on its own phone after the game, without keeping the game's token alive.

A seat's token expires when its game ends (``tokens.py``: the same refusal as a token that never
was). The coach can only be made once the game is finished, so the seat's page gets, while the
game is on, a second and narrower key: a **coach ticket** (``secrets``, 128 bits, one per seat and
game), answered only to that seat's token (``GET /api/coach/<token>``; never in a view, so the
views stay what they were). The ticket

- opens nothing while its game is on (the coach needs the finished game);
- once that game has ended opens only that seat's coach of that game (``GET /api/coach/<ticket>``):
  no view, no choice, nothing of another seat;
- is gone when the next game begins (or the kiosk restarts: kept in memory only), and a wrong one
  is a counted guess like a wrong token.

So the token still means "this seat in this game" and ends with it; the ticket means "this seat's
look back at that game" and ends with the next one.

**Which coach.** Whatever the game has: the registry part ``coach`` of its ``GameDef``
(``coach(record, seat, lid=False, check=…) -> lines``, docs/bots.md; the module games once that
part is there; ``check`` stops it when the next game begins), else Applejack's result-screen
coach (``ctl.coach``, made after a game with orchard tracking: that seat's rows), else the one
refusal ``lidhint.NO_COACH``. A part's coach runs on the hints' worker thread
(:class:`~table.companion.botworker.BotWorker`), asked once per seat.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from table.companion.botworker import BotWorker
from table.companion.gamedef import GameDef
from table.companion.lidhint import NO_COACH
from table.companion.protocol import GameCompanion, HoldsCoach
from table.i18n import N_, _

NOT_YET = N_("the coach comes when the game is over")
FAILED = N_("no coach: it could not be worked out ({problem})")
SEAT_ROWS = 12
"""Lines of Applejack's coach rows shown for one seat (its dearest turns first)."""


@dataclass
class _Ticket:
    value: str
    game: int
    seat: int


class Coaching:
    """The coach tickets of the game on the table and of the last one (see the module docstring)."""

    def __init__(self, worker: Callable[[], BotWorker], drain: Callable[[], None] = lambda: None) -> None:
        self._worker = worker
        self._drain = drain
        """Hands the worker's finished jobs out (the hints' and :meth:`take` for the coach's)."""
        self.tickets: list[_Ticket] = []
        self.over: tuple[int, GameCompanion, GameDef | None] | None = None
        """The finished game: (its tokens' game number, its controller, its GameDef)."""
        self.results: dict[int, dict[str, Any]] = {}
        """Per seat: the part's coach once computed (``state`` and ``lines`` or ``line``)."""
        self._asked: set[int] = set()

    def ticket(self, game: int, seat: int) -> str:
        """The seat's ticket for ``game`` (made on its first view)."""
        for t in self.tickets:
            if t.game == game and t.seat == seat:
                return t.value
        t = _Ticket(secrets.token_urlsafe(16), game, seat)
        self.tickets.append(t)
        return t.value

    def game_over(self, game: int, ctl: GameCompanion, definition: GameDef | None) -> None:
        """The game ``game`` ended (the door's ``follow``): its tickets now open its coach."""
        self.over = (game, ctl, definition)
        self.tickets = [t for t in self.tickets if t.game == game]
        self.results, self._asked = {}, set()

    def game_begins(self, game: int) -> None:
        """A game begins: the last game's tickets and coach are let go."""
        self.tickets = [t for t in self.tickets if t.game == game]
        self.over, self.results, self._asked = None, {}, set()

    def _who(self, value: Any) -> _Ticket | None:
        found = None
        if isinstance(value, str):
            for t in self.tickets:  # every ticket compared, in constant time each
                if hmac.compare_digest(t.value.encode(), value.encode()):
                    found = t
        return found

    def handle(self, value: Any, holder: Any = None) -> dict[str, Any] | None:
        """``value`` a seat's token (``holder``, the door's): its ticket for this game; a ticket: the
        coach it opens now; None for anything else (the door: a guess)."""
        if holder is not None:
            if holder.spectator:
                return {"ok": False, "error": "refused", "line": _("not possible from this page")}
            return {"ok": True, "ticket": self.ticket(holder.game, holder.seat),
                    "coach": {"state": "none", "line": _(NOT_YET)}}
        t = self._who(value)
        if t is None:
            return None
        if self.over is None or self.over[0] != t.game:
            return {"ok": True, "coach": {"state": "none", "line": _(NOT_YET)}}
        _game, ctl, definition = self.over
        return {"ok": True, "coach": self._coach(ctl, definition, t.seat)}

    def _coach(self, ctl: GameCompanion, definition: GameDef | None, seat: int) -> dict[str, Any]:
        if definition is not None and definition.has_part("coach"):
            return self._part(ctl, definition, seat)
        job = ctl.coach if isinstance(ctl, HoldsCoach) else None
        if job is not None and hasattr(job, "coach_status"):
            return _applejack(job, seat)
        return {"state": "none", "line": _(NO_COACH)}

    def _part(self, ctl: GameCompanion, definition: GameDef, seat: int) -> dict[str, Any]:
        """The game's ``coach`` part for the seat, computed once on the worker."""
        self._drain()
        if seat in self.results:
            return self.results[seat]
        record = ctl.record
        if not isinstance(record, dict) or ctl.mode != "result":
            return {"state": "none", "line": _(NO_COACH)}
        if seat not in self._asked:
            self._asked.add(seat)
            coach = definition.part("coach")
            over = self.over
            game = over[0] if over else -1

            def check() -> None:  # before each decision: a coach nobody can open any more stops
                if self.over is not over:
                    raise ValueError("the next game began")

            self._worker().ask(("coach", game, seat), lambda: list(coach(record, seat, lid=False, check=check)),
                               keep_older=True)
        return {"state": "computing"}


    def take(self, done: Any) -> None:
        """A finished coach job (key ``("coach", game, seat)``), kept if its game is still the last one."""
        key = done.key
        if self.over is None or key[1] != self.over[0]:
            return
        self.results[key[2]] = ({"state": "ready", "lines": [str(x) for x in done.value]}
                                if not done.error and done.value is not None else
                                {"state": "failed", "line": _(FAILED).format(problem=done.error)})


def _applejack(job: Any, seat: int) -> dict[str, Any]:
    """Applejack's coach job (``games/applejack/companion/coach.py``): that seat's rows only."""
    status = str(getattr(job.coach_status, "value", job.coach_status))
    if status == "running":
        return {"state": "computing"}
    if status != "done":
        return {"state": "failed", "line": job.coach_line()}
    rows = [r for r in (job.rows or ()) if r.seat == seat]
    lines = []
    for r in rows[:SEAT_ROWS]:
        lines.append("\n".join(x for x in (r.head(job.players), r.split(), r.you(), r.theirs()) if x))
    return {"state": "ready", "lines": lines}
