"""Zankapfel's actions as ints with a round-tripping text form, and the orchard's printed values.

The orchard is 5×5. Squares are numbered 0..24 row by row from the top left; their text is a
column letter ``a``-``e`` (left to right) and a row number ``1``-``5`` (top to bottom), so the
mayor of the rulebook's worked example stands on ``b5``.

Action ints (one range per kind of decision; every int has exactly one text):

====================  ==========================  =================================================
ints                  text                        meaning
====================  ==========================  =================================================
0..4                  ``draw red`` … ``draw joker``  chance: the apple card turned (dealt or face up)
11..16                ``roll 1`` … ``roll 6``     chance: one die rolled in a discord
20..44                ``mayor b5``                place (setup) or move the mayor to a square
50..74                ``remove b5``               setup: take a harvest token out of the game
80                    ``buy``                     phase 1: buy the face-up apple card
81                    ``pass``                    phase 1: no card in hand and none to buy (ruling)
90..94                ``lay red`` … ``lay joker``  phase 1: lay an apple card face down
100..103              ``joker red`` …             phase 3: the colour a joker harvests
110                   ``discord none``            a discord without a discord card left
111..120              ``discord 1`` … ``discord 10``  the discord card laid face down
130..133              ``dice 0`` … ``dice 3``     the dice bought in a discord (2 points each), final
134                   ``dice wait``               open order: not decided yet, the next fighter's turn
140                   ``no bribe``                bribery: no offer, final
141                   ``bribe wait``              open order: no offer yet, the next player's turn
150..199              ``bribe 1 b5``/``bribe 2 b5``  bribery: offer 1 or 2 points for that square
200                   ``decline``                 bribery: the first player keeps their square
210..215              ``accept seat 1`` …         bribery: the first player takes that seat's offer
====================  ==========================  =================================================
"""

from __future__ import annotations

from table.engine.errors import ActionParseError

RED, YELLOW, GREEN, BLUE, JOKER = 0, 1, 2, 3, 4
COLOURS = ("red", "yellow", "green", "blue")
KINDS = (*COLOURS, "joker")
SIZE = 5
SQUARES = SIZE * SIZE

# The printed numbers on the orchard's four edges (read from the rulebook's diagram and checked
# against its worked example; docs/zankapfel.md): red along the top and yellow along the bottom
# by column, green down the left and blue down the right by row.
RED_TOP = (7, 5, 4, 3, 2)
YELLOW_BOTTOM = (2, 3, 4, 5, 7)
GREEN_LEFT = (2, 3, 4, 5, 7)
BLUE_RIGHT = (7, 5, 4, 3, 2)
JOKER_PRICE = 3
DIE_PRICE = 2
MAX_DICE = 3
DISCORD_CARDS = tuple(range(1, 11))

DRAW = 0
ROLL = 10
MAYOR = 20
REMOVE = 50
BUY = 80
PASS = 81
LAY = 90
JOKER_COLOUR = 100
DISCORD = 110
DICE = 130
DICE_WAIT = 134
NO_BRIBE = 140
BRIBE_WAIT = 141
BRIBE = 150
DECLINE = 200
ACCEPT = 210
MAX_SEATS = 6


def value(colour: int, square: int) -> int:
    """The number printed on ``colour``'s edge in line with ``square`` (points of a harvest)."""
    row, col = divmod(square, SIZE)
    if colour == RED:
        return RED_TOP[col]
    if colour == YELLOW:
        return YELLOW_BOTTOM[col]
    if colour == GREEN:
        return GREEN_LEFT[row]
    if colour == BLUE:
        return BLUE_RIGHT[row]
    raise ValueError(f"no edge for kind {colour}")


def price(kind: int, square: int) -> int:
    """What the face-up card of ``kind`` costs with the mayor on ``square``: half the edge
    number rounded down; a joker always 3."""
    return JOKER_PRICE if kind == JOKER else value(kind, square) // 2


def neighbours(square: int) -> tuple[int, ...]:
    """The up to 8 squares touching ``square`` orthogonally or diagonally."""
    row, col = divmod(square, SIZE)
    return tuple((r * SIZE + c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                 if 0 <= r < SIZE and 0 <= c < SIZE and (r, c) != (row, col))


def square_name(square: int) -> str:
    row, col = divmod(square, SIZE)
    return f"{'abcde'[col]}{row + 1}"


def parse_square(text: str) -> int:
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in "abcde" or t[1] not in "12345":
        raise ActionParseError(f"{text!r} is not a square (a1 … e5)")
    return (int(t[1]) - 1) * SIZE + "abcde".index(t[0])


def to_text(action: int) -> str:
    """The text of an action int; ValueError (ActionParseError) if the int is no action."""
    a = action
    if DRAW <= a < DRAW + 5:
        return f"draw {KINDS[a - DRAW]}"
    if ROLL + 1 <= a <= ROLL + 6:
        return f"roll {a - ROLL}"
    if MAYOR <= a < MAYOR + SQUARES:
        return f"mayor {square_name(a - MAYOR)}"
    if REMOVE <= a < REMOVE + SQUARES:
        return f"remove {square_name(a - REMOVE)}"
    if a == BUY:
        return "buy"
    if a == PASS:
        return "pass"
    if LAY <= a < LAY + 5:
        return f"lay {KINDS[a - LAY]}"
    if JOKER_COLOUR <= a < JOKER_COLOUR + 4:
        return f"joker {COLOURS[a - JOKER_COLOUR]}"
    if a == DISCORD:
        return "discord none"
    if DISCORD + 1 <= a <= DISCORD + 10:
        return f"discord {a - DISCORD}"
    if DICE <= a <= DICE + MAX_DICE:
        return f"dice {a - DICE}"
    if a == DICE_WAIT:
        return "dice wait"
    if a == NO_BRIBE:
        return "no bribe"
    if a == BRIBE_WAIT:
        return "bribe wait"
    if BRIBE <= a < BRIBE + 2 * SQUARES:
        amount, square = divmod(a - BRIBE, SQUARES)
        return f"bribe {amount + 1} {square_name(square)}"
    if a == DECLINE:
        return "decline"
    if ACCEPT <= a < ACCEPT + MAX_SEATS:
        return f"accept seat {a - ACCEPT + 1}"
    raise ActionParseError(f"{action!r} is not a Zankapfel action")


def _small(text: str) -> bool:
    """ASCII digits, at most 3 (``str.isdigit`` alone takes '²', which ``int`` refuses)."""
    return 0 < len(text) <= 3 and text.isascii() and text.isdigit()


_WORDS = {("buy",): BUY, ("pass",): PASS, ("decline",): DECLINE, ("no", "bribe"): NO_BRIBE,
          ("discord", "none"): DISCORD, ("dice", "wait"): DICE_WAIT, ("bribe", "wait"): BRIBE_WAIT}
"""The actions that are fixed words."""


def from_text(text: str) -> int:
    """Inverse of :func:`to_text`; ActionParseError (a ValueError) for anything else."""
    if not isinstance(text, str):
        raise ActionParseError(f"{type(text).__name__} is not a Zankapfel action")
    words = text.strip().lower().split()
    fixed = _WORDS.get(tuple(words))
    if fixed is not None:
        return fixed
    try:
        match words:
            case ["draw", kind] if kind in KINDS:
                return DRAW + KINDS.index(kind)
            case ["roll", n] if _small(n) and 1 <= int(n) <= 6:
                return ROLL + int(n)
            case ["mayor", sq]:
                return MAYOR + parse_square(sq)
            case ["remove", sq]:
                return REMOVE + parse_square(sq)
            case ["lay", kind] if kind in KINDS:
                return LAY + KINDS.index(kind)
            case ["joker", colour] if colour in COLOURS:
                return JOKER_COLOUR + COLOURS.index(colour)
            case ["discord", n] if _small(n) and 1 <= int(n) <= 10:
                return DISCORD + int(n)
            case ["dice", n] if _small(n) and 0 <= int(n) <= MAX_DICE:
                return DICE + int(n)
            case ["bribe", n, sq] if n in ("1", "2"):
                return BRIBE + (int(n) - 1) * SQUARES + parse_square(sq)
            case ["accept", "seat", n] if _small(n) and 1 <= int(n) <= MAX_SEATS:
                return ACCEPT + int(n) - 1
    except ActionParseError:
        raise ActionParseError(f"{text!r} is not a Zankapfel action") from None
    raise ActionParseError(f"{text!r} is not a Zankapfel action")
