"""Bribery at the table (the optional rule "Corruption", Z-FR "Règles additionnelles"): after the
first player announces the mayor's square, any other player may offer 1 or 2 points for another
square the mayor may legally reach, in any order (ruling Z14); CONFIRM closes the offers, and
the first player accepts one offer or refuses them all. The briber's pawn goes back by the
offer and the first player's forward, at once.

Commands (canonical on the left): ``offer seat 3 2 c3`` (short ``offer 3 2 c3``), ``bribes-done``
(``ok``), ``accept seat 3`` (``accept 3``), ``refuse`` (``decline``). The offers are held with
the mayor's move until every laid card is revealed, then mirrored into the engine
(:func:`engine_actions`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from table.companion.protocol import CommandError
from table.games.zankapfel.rules import State
from table.games.zankapfel.rules import actions as A
from table.i18n import _
from table.i18n.labels import seat_name

AMOUNTS = (1, 2)
"""Points a bribe may offer ("jusqu'à deux points")."""


@dataclass
class Bribes:
    """The bribes of this round as the table entered them: ``offers`` per seat (points,
    square) in the order made; ``closed`` once everyone has decided; ``taken`` the briber
    accepted (-1: all refused; None: not decided yet)."""

    offers: dict[int, tuple[int, int]] = field(default_factory=dict)
    closed: bool = False
    taken: int | None = None

    def stage(self) -> str:
        """``bribe`` while offers are open, ``accept`` while the first player decides, else ""."""
        if not self.closed:
            return "bribe"
        if self.offers and self.taken is None:
            return "accept"
        return ""

    def square(self, announced: int) -> int:
        """Where the mayor goes: the accepted briber's square, else the announced one."""
        if self.taken is not None and self.taken >= 0:
            return self.offers[self.taken][1]
        return announced

    def held(self, seat: int, first: int) -> int:
        """What an accepted bribe moved the seat's pawn by (the engine is told at the reveals)."""
        if self.taken is None or self.taken < 0:
            return 0
        amount = self.offers[self.taken][0]
        return -amount if seat == self.taken else amount if seat == first else 0


def applies(state: State) -> bool:
    """Whether the round's move is open to bribes: the rule is on and the mayor may go to more
    than one square ("no bribing when the mayor has only one square to go to")."""
    return state.config.bribery and len(state.mayor_targets()) > 1


def offer(bribes: Bribes, state: State, announced: int, seat: int, amount: int, square: int) -> str:
    """An offer entered (the line said); CommandError when the rule refuses it."""
    if seat == state.first:
        raise CommandError(_("{seat} holds the apple: the others bribe it").format(seat=seat_name(seat)))
    if seat in bribes.offers:
        points, sq = bribes.offers[seat]
        raise CommandError(_("{seat} has offered {n} for {square}: an offer is final").format(
            seat=seat_name(seat), n=points, square=A.square_name(sq)))
    if amount not in AMOUNTS:
        raise CommandError(_("a bribe is 1 or 2 points, not {n}").format(n=amount))
    legal = [sq for sq in state.mayor_targets() if sq != announced]
    if square not in legal:
        raise CommandError(_("the mayor cannot be bribed to {square}: it may go to {squares}").format(
            square=A.square_name(square), squares=" ".join(A.square_name(x) for x in legal)))
    bribes.offers[seat] = (amount, square)
    return _("{seat} offers {amount} for the mayor on {square}").format(
        seat=seat_name(seat), amount=amount, square=A.square_name(square))


def accept(bribes: Bribes, first: int, seat: int) -> str:
    if seat not in bribes.offers:
        raise CommandError(_("{seat} offered nothing (offers: {offers})").format(
            seat=seat_name(seat), offers=", ".join(seat_name(s) for s in bribes.offers)))
    bribes.taken = seat
    amount, square = bribes.offers[seat]
    return _("{first} takes {amount} from {seat}: the mayor goes to {square}").format(
        first=seat_name(first), amount=amount, seat=seat_name(seat), square=A.square_name(square))


def engine_actions(bribes: Bribes, state: State) -> list[str]:
    """The engine's actions for the round's bribes, taken in turn from ``state`` at its bribe
    phase (a clone is advanced): the offers in the order made (``bribe wait`` until the
    briber's turn in the open order, seat order otherwise), then the first player's decision."""
    out: list[str] = []

    def act(text: str) -> None:
        out.append(text)
        state.apply(text)

    if state.config.open_order:
        for seat, (amount, sq) in bribes.offers.items():
            while state.current_player() != seat:
                act("bribe wait")
            act(f"bribe {amount} {A.square_name(sq)}")
    else:
        while state.phase == "bribe":
            made = bribes.offers.get(state.current_player())
            act(f"bribe {made[0]} {A.square_name(made[1])}" if made else "no bribe")
    while state.phase == "bribe":
        act("no bribe")
    if state.phase == "accept":
        act(f"accept seat {bribes.taken + 1}" if bribes.taken is not None and bribes.taken >= 0 else "decline")
    return out
