"""Zankapfel's events: small frozen values with a text form (``str``) and a JSON form
(``to_dict`` from the engine's :class:`table.engine.events.Event`; :func:`event_from_dict`
inverts it through the engine's one event codec). Seats are 0-based in the fields and 1-based in the text.

Hidden choices stay hidden in the event stream: laying an apple card, laying a discord card
and what was dealt to a hand name no card; the reveal events name them.
"""

from __future__ import annotations

from typing import Any

from table.engine.eventcodec import decode_event
from table.engine.events import Event, Words, event, seat_word
from table.games.zankapfel.rules.actions import COLOURS, KINDS, square_name

WORDS: Words = {"seat": seat_word, "first": seat_word, "square": square_name, "card": KINDS.__getitem__,
                "colour": COLOURS.__getitem__}
"""The words for event fields in the texts below (seats 1-based, squares and kinds by name)."""


@event("zk_game_started", "Zankapfel: {players} players, finish at {track_length} points", WORDS)
class GameStarted(Event):
    players: int
    track_length: int


@event("zk_mayor_placed", "{seat} places the mayor on {square}", WORDS)
class MayorPlaced(Event):
    seat: int
    square: int


@event("zk_card_dealt", "{seat} is dealt an apple card", WORDS)
class CardDealt(Event):
    """A card dealt into a hand at setup (which one is hidden)."""

    seat: int


@event("zk_card_turned", "face up on the farm: {card}", WORDS)
class CardTurned(Event):
    card: int


@event("zk_reshuffled", "the barn's {cards} cards are shuffled into a new deck", WORDS)
class Reshuffled(Event):
    cards: int


@event("zk_token_removed", "{seat} removes the token on {square}", WORDS)
class TokenRemoved(Event):
    seat: int
    square: int


@event("zk_round_started", "Round {round}: {first} holds the apple", WORDS)
class RoundStarted(Event):
    round: int
    first: int


@event("zk_card_bought", "{seat} buys the {card} card for {price}", WORDS)
class CardBought(Event):
    seat: int
    card: int
    price: int


@event("zk_card_laid", "{seat} lays an apple card face down", WORDS)
class CardLaid(Event):
    seat: int


@event("zk_passed", "{seat} has no card and none to buy: passes", WORDS)
class Passed(Event):
    seat: int


@event("zk_bribe_offered")
class BribeOffered(Event):
    seat: int
    amount: int
    square: int

    def __str__(self) -> str:
        if not self.amount:
            return f"{seat_word(self.seat)} offers no bribe"
        return f"{seat_word(self.seat)} offers {self.amount} for the mayor on {square_name(self.square)}"


@event("zk_bribe_accepted", "{first} takes {amount} from {seat}", WORDS)
class BribeAccepted(Event):
    first: int
    seat: int
    amount: int


@event("zk_mayor_moved", "{seat} moves the mayor to {square}: its token is removed", WORDS)
class MayorMoved(Event):
    seat: int
    square: int


@event("zk_cards_revealed")
class CardsRevealed(Event):
    """Per seat the kind laid, or -1 for a seat that laid none."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        shown = [f"{seat_word(s)} {KINDS[c]}" for s, c in enumerate(self.cards) if c >= 0]
        return "Revealed: " + (", ".join(shown) or "nothing")


@event("zk_joker_chosen", "{seat}'s joker harvests {colour}", WORDS)
class JokerChosen(Event):
    seat: int
    colour: int


@event("zk_harvested", "{seat} harvests {colour}: +{points}", WORDS)
class Harvested(Event):
    seat: int
    colour: int
    points: int


@event("zk_discord_started")
class DiscordStarted(Event):
    colour: int
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return f"Discord over {COLOURS[self.colour]}: " + " vs ".join(seat_word(s) for s in self.seats)


@event("zk_discord_card_laid")
class DiscordCardLaid(Event):
    seat: int
    has_card: bool

    def __str__(self) -> str:
        if self.has_card:
            return f"{seat_word(self.seat)} lays a discord card face down"
        return f"{seat_word(self.seat)} has no discord card left"


@event("zk_dice_bought", "{seat} buys {dice} dice for {cost}", WORDS)
class DiceBought(Event):
    seat: int
    dice: int
    cost: int


@event("zk_die_rolled", "{seat} rolls {face}", WORDS)
class DieRolled(Event):
    seat: int
    face: int


@event("zk_discord_resolved")
class DiscordResolved(Event):
    """The fight's totals: per participant (same order as ``seats``) card value (0 without a
    card) and dice sum; ``winner`` is -1 when the highest total is tied (a re-fight follows) or
    when nobody scored anything (the colour is not harvested, ruling Z8)."""

    colour: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    dice: tuple[int, ...]
    winner: int

    def __str__(self) -> str:
        parts = ", ".join(f"{seat_word(s)} {c}+{d}" for s, c, d in zip(self.seats, self.cards, self.dice, strict=True))
        outcome = f"{seat_word(self.winner)} wins" if self.winner >= 0 else "no winner"
        return f"Discord over {COLOURS[self.colour]}: {parts}: {outcome}"


@event("zk_game_ended")
class GameEnded(Event):
    positions: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        return (f"Game over ({self.reason}): points {list(self.positions)}; winner "
                + " and ".join(seat_word(s) for s in self.winners))


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
