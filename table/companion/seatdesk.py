"""The base of a game's ``seat_desk`` part (``GameDef``; the phones, ``table/web/``): what seat N
may see of the game — its ``public`` part is what the lid shows, its ``private`` part is that seat's
own hidden information and choice — and the shell commands a seat's secret choice enters.

A subclass writes :meth:`_sync` (forget choices that no longer apply), :meth:`_public`,
:meth:`_private` and :meth:`choose`; :meth:`view` is the same for every game, so no seat's view
is ever built from another seat's private part (``tests/web/test_leaks.py``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from table.companion.protocol import GameCompanion

C = TypeVar("C", bound=GameCompanion)
"""The game's own companion class a desk reads (the door hands it the module, not the shell)."""


class SeatDesk(ABC, Generic[C]):
    """One game's desk for the phones: built once per game on the table (``part("seat_desk")()``)."""

    def view(self, ctl: C, seat: int | None) -> dict[str, Any]:
        """``public`` (what the lid shows) and, for a seat (None: a spectator), ``private``: its
        own hidden information and the choice it has to make or has made."""
        self._sync(ctl)
        out: dict[str, Any] = {"public": self._public(ctl)}
        if seat is not None:
            out["private"] = self._private(ctl, seat)
        return out

    @abstractmethod
    def _sync(self, ctl: C) -> object:
        """Let go of the choices of seats that no longer choose."""

    @abstractmethod
    def _public(self, ctl: C) -> dict[str, Any]: ...

    @abstractmethod
    def _private(self, ctl: C, seat: int) -> dict[str, Any]: ...

    @abstractmethod
    def choose(self, ctl: C, seat: int, form: dict[str, Any]) -> list[str]:
        """The shell commands ``seat``'s choice on its phone enters now (none while others still
        choose in secret); CommandError for a choice the game refuses."""


class PadDoneDesk(SeatDesk[C]):
    """A desk whose phones say their score pad is complete (Applejack's and Draft Cider's pads):
    :meth:`progress` gives who has, and the lid's ``pad-done`` waits for the seats still entering."""

    @abstractmethod
    def progress(self, ctl: C) -> tuple[str, list[tuple[int, bool]]] | None:
        """("pad", [(seat, done)…]) while the pad is open (the lid shows it; never a value), else None."""

    def lid(self, ctl: C, command: str, using: frozenset[int]) -> tuple[list[str] | None, list[int]]:
        """The lid's ``pad-done`` (``companion/phones_gate.py``): the seats whose phone is in use
        (``using``) and that have not said their pad is complete are still entering. (None, them)."""
        progress = self.progress(ctl)
        if command != "pad-done" or progress is None:
            return None, []
        return None, [s for s, done in progress[1] if s in using and not done]
