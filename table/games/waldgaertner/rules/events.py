"""Waldgärtner's events: small frozen values with a text form and a JSON form (``to_dict``;
:func:`event_from_dict` reads it back through the engine's one event codec).

Seats are 0-based in the fields and 1-based in the text. Hidden information stays hidden: a die
turned behind a hand (:class:`DieChosen`) names no number until :class:`DiceRevealed`; a card
drawn into a hand, searched or picked from the bonus draw is ``card = -1``.
"""

from __future__ import annotations

from typing import Any

from table.engine.eventcodec import decode_event
from table.engine.events import Event, Words, event, one_based, seat_word


def _card(card: int) -> str:
    return "a hidden card" if card < 0 else f"card {card}"


WORDS: Words = {"seat": seat_word, "buyer": seat_word, "seller": seat_word, "deck": one_based, "pos": one_based,
                "decks": "/".join}
"""The words for event fields in the texts below (seats, decks and positions 1-based)."""


@event("wg_game_started", "Waldgärtner: {players} players, supply decks {decks}", WORDS)
class GameStarted(Event):
    players: int
    decks: tuple[str, ...]


@event("wg_task_dealt", "{seat} gets a secret task", WORDS)
class TaskDealt(Event):
    seat: int


@event("wg_round_started", "round {round}: annual phase {phase}", WORDS)
class RoundStarted(Event):
    round: int
    phase: int


@event("wg_bloomed", "{seat}: card {card} blooms (+{value} on its field)", WORDS)
class Bloomed(Event):
    """A cube placed on a card's cube field (value 2 for a nitrogen fixer's dark cube)."""

    seat: int
    card: int
    value: int


@event("wg_bloomed_in_vain", "{seat}: card {card} blooms in vain (no partner)", WORDS)
class BloomedInVain(Event):
    """A cross-pollinator bloomed without its partner in the garden."""

    seat: int
    card: int


@event("wg_harvested", "{seat}: {what} harvest of card {card}, +{value} to storage", WORDS)
class Harvested(Event):
    seat: int
    card: int
    what: str  # "fruit" or "leaf"
    value: int


@event("wg_card_revealed", "deck {deck} shows card {card}", WORDS)
class CardRevealed(Event):
    deck: int
    card: int


@event("wg_die_chosen", "{seat} has chosen behind the hand", WORDS)
class DieChosen(Event):
    seat: int


@event("wg_dice_revealed")
class DiceRevealed(Event):
    choices: tuple[str, ...]

    def __str__(self) -> str:
        return "dice: " + ", ".join(f"{seat_word(s)} {c}" for s, c in enumerate(self.choices))


@event("wg_card_taken")
class CardTaken(Event):
    seat: int
    deck: int
    card: int
    paid: int

    def __str__(self) -> str:
        return f"{seat_word(self.seat)} takes card {self.card} from deck {self.deck + 1}" + (
            f" paying {self.paid}" if self.paid else "")


@event("wg_conflict")
class Conflict(Event):
    """Several seats chose one offer; ``winner`` -1 when the card went to the discard pile."""

    deck: int
    seats: tuple[int, ...]
    winner: int

    def __str__(self) -> str:
        who = ", ".join(seat_word(s) for s in self.seats)
        end = f"{seat_word(self.winner)} wins" if self.winner >= 0 else "tie: the card is discarded"
        return f"conflict over deck {self.deck + 1} ({who}): {end}"


@event("wg_card_drawn")
class CardDrawn(Event):
    """A card drawn into a seat's hand (``card`` -1: hidden), or nothing from an empty deck."""

    seat: int
    source: str
    card: int
    empty: bool = False

    def __str__(self) -> str:
        if self.empty:
            return f"{seat_word(self.seat)} draws nothing: {self.source} is empty"
        return f"{seat_word(self.seat)} draws {_card(self.card)} from {self.source}"


@event("wg_card_sold", "{seat} sells card {card} for {cubes}", WORDS)
class CardSold(Event):
    seat: int
    card: int
    cubes: int


@event("wg_card_planted")
class CardPlanted(Event):
    seat: int
    card: int
    row: int
    pos: int
    fee: int

    def __str__(self) -> str:
        return (f"{seat_word(self.seat)} plants card {self.card} at {self.row}.{self.pos + 1}"
                + (f" (fee {self.fee})" if self.fee else ""))


@event("wg_nitrogen_placed", "{seat}: a dark cube waits at {row}.{pos}", WORDS)
class NitrogenPlaced(Event):
    seat: int
    row: int
    pos: int


@event("wg_bonus_earned", "{seat} earns a bonus action ({what})", WORDS)
class BonusEarned(Event):
    seat: int
    what: str  # "colours" or "fruits"


@event("wg_special_action", "{seat}: special action {what} (cost {cost})", WORDS)
class SpecialAction(Event):
    seat: int
    what: str
    cost: int


@event("wg_direct_sale")
class DirectSale(Event):
    seller: int
    buyer: int
    card: int
    accepted: bool

    def __str__(self) -> str:
        verb = "buys" if self.accepted else "declines"
        return f"{seat_word(self.buyer)} {verb} card {self.card} from {seat_word(self.seller)} for 3"


@event("wg_game_over")
class GameOver(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return f"game over: points {list(self.totals)}, won by {', '.join(seat_word(s) for s in self.winners)}"


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    GameStarted, TaskDealt, RoundStarted, Bloomed, BloomedInVain, Harvested, CardRevealed, DieChosen, DiceRevealed,
    CardTaken, Conflict, CardDrawn, CardSold, CardPlanted, NitrogenPlaced, BonusEarned, SpecialAction, DirectSale,
    GameOver)}


def event_from_dict(d: Any) -> Event:
    """Read an event's JSON form back (:class:`RecordError` if it is not one)."""
    return decode_event(EVENT_TYPES, d, "Waldgärtner")
