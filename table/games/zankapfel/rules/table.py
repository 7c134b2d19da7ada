"""What changes during a Zankapfel game (:class:`Table`, snapshotted whole for undo) and the
phases it passes through; :func:`new_table` is the table before the mayor is placed. The rules
that change it are ``game.py``; what may be chosen at it, ``choices.py``."""

from __future__ import annotations

from dataclasses import dataclass, field

from table.games.zankapfel.rules import actions as A

FACE = -1  # draw target: the face-up card (else a seat's hand)

SETUP_MAYOR, REMOVE, BID, MOVE, BRIBE, ACCEPT, JOKER, DISCORD_CARD, DICE, ROLL, OVER = range(11)
PHASE_NAMES = ("mayor-setup", "remove", "bid", "move", "bribe", "accept", "joker", "discord-card",
               "dice", "roll", "over")


@dataclass
class Table:
    """Everything that changes during a game (snapshotted for undo)."""

    phase: int
    queue: list[int]          # seats still to decide in this phase; the current one first
    draws: list[int]          # pending card draws: a seat's hand or FACE
    rolls: list[int]          # pending die rolls: the seat of each die
    first: int = 0
    round: int = 0
    mayor: int = -1
    tokens: list[bool] = field(default_factory=lambda: [True] * A.SQUARES)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=lambda: [0] * 5)
    face_up: int = -1
    hands: list[list[int]] = field(default_factory=list)
    laid: list[int] = field(default_factory=list)
    joker: list[int] = field(default_factory=list)
    discord_left: list[list[int]] = field(default_factory=list)
    harvest: list[int] = field(default_factory=list)
    cards_paid: list[int] = field(default_factory=list)
    dice_paid: list[int] = field(default_factory=list)
    bribes: list[int] = field(default_factory=list)
    announced: int = -1
    offers: list[tuple[int, int]] = field(default_factory=list)   # (amount, square) per seat
    fight_colour: int = -1
    fight_seats: list[int] = field(default_factory=list)
    fight_cards: list[int] = field(default_factory=list)
    fight_dice: list[int] = field(default_factory=list)
    fight_sums: list[int] = field(default_factory=list)
    pending_colours: list[int] = field(default_factory=list)
    waited: int = 0           # open order: waits in a row since the last decision (dice, bribes)
    winners: tuple[int, ...] = ()
    end_reason: str = ""


def new_table(players: int, deck: tuple[int, ...]) -> Table:
    """The table of a new game of ``players``: the mayor to place, every token on the orchard, the
    ``deck`` (cards per kind) face down, empty hands, every seat's ten discord cards."""
    n = players
    return Table(phase=SETUP_MAYOR, queue=[0], draws=[], rolls=[], deck=list(deck), hands=[[0] * 5 for _ in range(n)],
                 laid=[-1] * n, joker=[-1] * n, discord_left=[list(A.DISCORD_CARDS) for _ in range(n)],
                 harvest=[0] * n, cards_paid=[0] * n, dice_paid=[0] * n, bribes=[0] * n, offers=[(0, -1)] * n)
