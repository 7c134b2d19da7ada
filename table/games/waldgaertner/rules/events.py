"""Waldgärtner's events: small frozen values with a text form and a JSON form (``to_dict``).

Seats are 0-based in the fields and 1-based in the text. Hidden information stays hidden: a die
turned behind a hand (:class:`DieChosen`) names no number until :class:`DiceRevealed`; a card
drawn into a hand, searched or picked from the bonus draw is ``card = -1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from table.engine.events import Event


def _seat(seat: int) -> str:
    return f"seat {seat + 1}"


def _card(card: int) -> str:
    return "a hidden card" if card < 0 else f"card {card}"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    kind: ClassVar[str] = "wg_game_started"
    players: int
    decks: tuple[str, ...]

    def __str__(self) -> str:
        return f"Waldgärtner: {self.players} players, supply decks {'/'.join(self.decks)}"


@dataclass(frozen=True, slots=True)
class TaskDealt(Event):
    kind: ClassVar[str] = "wg_task_dealt"
    seat: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} gets a secret task"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "wg_round_started"
    round: int
    phase: int

    def __str__(self) -> str:
        return f"round {self.round}: annual phase {self.phase}"


@dataclass(frozen=True, slots=True)
class Bloomed(Event):
    """A cube placed on a card's cube field (value 2 for a nitrogen fixer's dark cube)."""

    kind: ClassVar[str] = "wg_bloomed"
    seat: int
    card: int
    value: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}: card {self.card} blooms (+{self.value} on its field)"


@dataclass(frozen=True, slots=True)
class BloomedInVain(Event):
    """A cross-pollinator bloomed without its partner in the garden."""

    kind: ClassVar[str] = "wg_bloomed_in_vain"
    seat: int
    card: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}: card {self.card} blooms in vain (no partner)"


@dataclass(frozen=True, slots=True)
class Harvested(Event):
    kind: ClassVar[str] = "wg_harvested"
    seat: int
    card: int
    what: str  # "fruit" or "leaf"
    value: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}: {self.what} harvest of card {self.card}, +{self.value} to storage"


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    kind: ClassVar[str] = "wg_card_revealed"
    deck: int
    card: int

    def __str__(self) -> str:
        return f"deck {self.deck + 1} shows card {self.card}"


@dataclass(frozen=True, slots=True)
class DieChosen(Event):
    kind: ClassVar[str] = "wg_die_chosen"
    seat: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} has chosen behind the hand"


@dataclass(frozen=True, slots=True)
class DiceRevealed(Event):
    kind: ClassVar[str] = "wg_dice_revealed"
    choices: tuple[str, ...]

    def __str__(self) -> str:
        return "dice: " + ", ".join(f"{_seat(s)} {c}" for s, c in enumerate(self.choices))


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    kind: ClassVar[str] = "wg_card_taken"
    seat: int
    deck: int
    card: int
    paid: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} takes card {self.card} from deck {self.deck + 1}" + (
            f" paying {self.paid}" if self.paid else "")


@dataclass(frozen=True, slots=True)
class Conflict(Event):
    """Several seats chose one offer; ``winner`` -1 when the card went to the discard pile."""

    kind: ClassVar[str] = "wg_conflict"
    deck: int
    seats: tuple[int, ...]
    winner: int

    def __str__(self) -> str:
        who = ", ".join(_seat(s) for s in self.seats)
        end = f"{_seat(self.winner)} wins" if self.winner >= 0 else "tie: the card is discarded"
        return f"conflict over deck {self.deck + 1} ({who}): {end}"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card drawn into a seat's hand (``card`` -1: hidden), or nothing from an empty deck."""

    kind: ClassVar[str] = "wg_card_drawn"
    seat: int
    source: str
    card: int
    empty: bool = False

    def __str__(self) -> str:
        if self.empty:
            return f"{_seat(self.seat)} draws nothing: {self.source} is empty"
        return f"{_seat(self.seat)} draws {_card(self.card)} from {self.source}"


@dataclass(frozen=True, slots=True)
class CardSold(Event):
    kind: ClassVar[str] = "wg_card_sold"
    seat: int
    card: int
    cubes: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} sells card {self.card} for {self.cubes}"


@dataclass(frozen=True, slots=True)
class CardPlanted(Event):
    kind: ClassVar[str] = "wg_card_planted"
    seat: int
    card: int
    row: int
    pos: int
    fee: int

    def __str__(self) -> str:
        return (f"{_seat(self.seat)} plants card {self.card} at {self.row}.{self.pos + 1}"
                + (f" (fee {self.fee})" if self.fee else ""))


@dataclass(frozen=True, slots=True)
class NitrogenPlaced(Event):
    kind: ClassVar[str] = "wg_nitrogen_placed"
    seat: int
    row: int
    pos: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}: a dark cube waits at {self.row}.{self.pos + 1}"


@dataclass(frozen=True, slots=True)
class BonusEarned(Event):
    kind: ClassVar[str] = "wg_bonus_earned"
    seat: int
    what: str  # "colours" or "fruits"

    def __str__(self) -> str:
        return f"{_seat(self.seat)} earns a bonus action ({self.what})"


@dataclass(frozen=True, slots=True)
class SpecialAction(Event):
    kind: ClassVar[str] = "wg_special_action"
    seat: int
    what: str
    cost: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}: special action {self.what} (cost {self.cost})"


@dataclass(frozen=True, slots=True)
class DirectSale(Event):
    kind: ClassVar[str] = "wg_direct_sale"
    seller: int
    buyer: int
    card: int
    accepted: bool

    def __str__(self) -> str:
        verb = "buys" if self.accepted else "declines"
        return f"{_seat(self.buyer)} {verb} card {self.card} from {_seat(self.seller)} for 3"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "wg_game_over"
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return f"game over: points {list(self.totals)}, won by {', '.join(_seat(s) for s in self.winners)}"
