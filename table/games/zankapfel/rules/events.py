"""Zankapfel's events: small frozen values with a text form (``str``) and a JSON form
(``to_dict`` from the engine's :class:`table.games.applejack.rules.events.Event`; :func:`event_from_dict`
inverts it). Seats are 0-based in the fields and 1-based in the text.

Hidden choices stay hidden in the event stream: laying an apple card, laying a discord card
and what was dealt to a hand name no card; the reveal events name them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from table.engine.eventcodec import decode_event
from table.engine.events import Event
from table.games.zankapfel.rules.actions import COLOURS, KINDS, square_name


def _seat(seat: int) -> str:
    return f"seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    kind: ClassVar[str] = "zk_game_started"
    players: int
    track_length: int

    def __str__(self) -> str:
        return f"Zankapfel: {self.players} players, finish at {self.track_length} points"


@dataclass(frozen=True, slots=True)
class MayorPlaced(Event):
    kind: ClassVar[str] = "zk_mayor_placed"
    seat: int
    square: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} places the mayor on {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card dealt into a hand at setup (which one is hidden)."""

    kind: ClassVar[str] = "zk_card_dealt"
    seat: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} is dealt an apple card"


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    kind: ClassVar[str] = "zk_card_turned"
    card: int

    def __str__(self) -> str:
        return f"face up on the farm: {KINDS[self.card]}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    kind: ClassVar[str] = "zk_reshuffled"
    cards: int

    def __str__(self) -> str:
        return f"the barn's {self.cards} cards are shuffled into a new deck"


@dataclass(frozen=True, slots=True)
class TokenRemoved(Event):
    kind: ClassVar[str] = "zk_token_removed"
    seat: int
    square: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} removes the token on {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "zk_round_started"
    round: int
    first: int

    def __str__(self) -> str:
        return f"Round {self.round}: {_seat(self.first)} holds the apple"


@dataclass(frozen=True, slots=True)
class CardBought(Event):
    kind: ClassVar[str] = "zk_card_bought"
    seat: int
    card: int
    price: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} buys the {KINDS[self.card]} card for {self.price}"


@dataclass(frozen=True, slots=True)
class CardLaid(Event):
    kind: ClassVar[str] = "zk_card_laid"
    seat: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} lays an apple card face down"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[str] = "zk_passed"
    seat: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} has no card and none to buy: passes"


@dataclass(frozen=True, slots=True)
class BribeOffered(Event):
    kind: ClassVar[str] = "zk_bribe_offered"
    seat: int
    amount: int
    square: int

    def __str__(self) -> str:
        if not self.amount:
            return f"{_seat(self.seat)} offers no bribe"
        return f"{_seat(self.seat)} offers {self.amount} for the mayor on {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class BribeAccepted(Event):
    kind: ClassVar[str] = "zk_bribe_accepted"
    first: int
    seat: int
    amount: int

    def __str__(self) -> str:
        return f"{_seat(self.first)} takes {self.amount} from {_seat(self.seat)}"


@dataclass(frozen=True, slots=True)
class MayorMoved(Event):
    kind: ClassVar[str] = "zk_mayor_moved"
    seat: int
    square: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} moves the mayor to {square_name(self.square)}: its token is removed"


@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """Per seat the kind laid, or -1 for a seat that laid none."""

    kind: ClassVar[str] = "zk_cards_revealed"
    cards: tuple[int, ...]

    def __str__(self) -> str:
        shown = [f"{_seat(s)} {KINDS[c]}" for s, c in enumerate(self.cards) if c >= 0]
        return "Revealed: " + (", ".join(shown) or "nothing")


@dataclass(frozen=True, slots=True)
class JokerChosen(Event):
    kind: ClassVar[str] = "zk_joker_chosen"
    seat: int
    colour: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)}'s joker harvests {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Harvested(Event):
    kind: ClassVar[str] = "zk_harvested"
    seat: int
    colour: int
    points: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} harvests {COLOURS[self.colour]}: +{self.points}"


@dataclass(frozen=True, slots=True)
class DiscordStarted(Event):
    kind: ClassVar[str] = "zk_discord_started"
    colour: int
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return f"Discord over {COLOURS[self.colour]}: " + " vs ".join(_seat(s) for s in self.seats)


@dataclass(frozen=True, slots=True)
class DiscordCardLaid(Event):
    kind: ClassVar[str] = "zk_discord_card_laid"
    seat: int
    has_card: bool

    def __str__(self) -> str:
        if self.has_card:
            return f"{_seat(self.seat)} lays a discord card face down"
        return f"{_seat(self.seat)} has no discord card left"


@dataclass(frozen=True, slots=True)
class DiceBought(Event):
    kind: ClassVar[str] = "zk_dice_bought"
    seat: int
    dice: int
    cost: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} buys {self.dice} dice for {self.cost}"


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    kind: ClassVar[str] = "zk_die_rolled"
    seat: int
    face: int

    def __str__(self) -> str:
        return f"{_seat(self.seat)} rolls {self.face}"


@dataclass(frozen=True, slots=True)
class DiscordResolved(Event):
    """The fight's totals: per participant (same order as ``seats``) card value (0 without a
    card) and dice sum; ``winner`` is -1 when the highest total is tied (a re-fight follows) or
    when nobody scored anything (the colour is not harvested, ruling Z8)."""

    kind: ClassVar[str] = "zk_discord_resolved"
    colour: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    dice: tuple[int, ...]
    winner: int

    def __str__(self) -> str:
        parts = ", ".join(f"{_seat(s)} {c}+{d}" for s, c, d in zip(self.seats, self.cards, self.dice, strict=True))
        outcome = f"{_seat(self.winner)} wins" if self.winner >= 0 else "no winner"
        return f"Discord over {COLOURS[self.colour]}: {parts}: {outcome}"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "zk_game_ended"
    positions: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        return (f"Game over ({self.reason}): points {list(self.positions)}; winner "
                + " and ".join(_seat(s) for s in self.winners))


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (GameStarted, MayorPlaced, CardDealt, CardTurned, Reshuffled, TokenRemoved, RoundStarted,
                CardBought, CardLaid, Passed, BribeOffered, BribeAccepted, MayorMoved, CardsRevealed,
                JokerChosen, Harvested, DiscordStarted, DiscordCardLaid, DiceBought, DieRolled,
                DiscordResolved, GameEnded)
}


def event_from_dict(d: Any) -> Event:
    """Inverse of ``to_dict``. RecordError (a ValueError) on an unknown type or bad fields."""
    return decode_event(EVENT_TYPES, d, "Zankapfel")
