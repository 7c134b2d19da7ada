"""Waldgärtner's actions as ints with a round-tripping text form.

Ranges (``c`` a card id 0..255, ``d`` a supply deck 0..6 shown 1-based, ``s`` a seat shown 1-based):

=================  ==========================  ==============================================
int                text                        meaning
=================  ==========================  ==============================================
CARD + c           ``card 17``                 chance: card c turned from a deck
TASK + k           ``task 3``                  chance: task card k dealt (additional tasks)
DECK + d           ``deck 3``                  the starting draw's deck, or the die on deck 3
SPECIAL            ``special``                 the die on "6" for a special action
PASS               ``pass``                    nothing on offer and no special possible
ALT                ``alternative offer``       special action 1 (1 cube)
SEARCH + d         ``search 3``                special action 2 on deck 3 (3 cubes)
SEARCH + 7         ``search discard``          special action 2 on the discard pile
FORGO              ``forgo``                   give up one's special action
BUY / DECLINE      ``buy`` / ``decline``       direct sale: the buyer's answer
BONUS + d          ``bonus 3``                 the bonus action's deck
CHOOSE + c         ``choose 17``               take card c of the cards shown
SELL + c           ``sell 17``                 sell card c for 1 (shrub) or 2 (tree) cubes
OFFER + 8c + s     ``offer 17 to 2``           direct sale: offer card c to seat s for 3
PLANT + 64c + 8r+p ``plant 17 at 3.2``         plant card c in row r (1..6), position p (1-based)
=================  ==========================  ==============================================
"""

from __future__ import annotations

import re

from table.engine.errors import ActionParseError

CARDS = 256
CARD = 0
TASK = 300
DECK = 320
SPECIAL = 330
PASS = 331
ALT = 332
FORGO = 333
BUY = 334
DECLINE = 335
SEARCH = 340
DISCARD_PILE = 7
BONUS = 350
CHOOSE = 400
SELL = CHOOSE + CARDS
OFFER = SELL + CARDS
PLANT = OFFER + 8 * CARDS
END = PLANT + 64 * CARDS

_SIMPLE = {SPECIAL: "special", PASS: "pass", ALT: "alternative offer", FORGO: "forgo", BUY: "buy",
           DECLINE: "decline", SEARCH + DISCARD_PILE: "search discard"}
_BY_TEXT = {v: k for k, v in _SIMPLE.items()}


def plant(card: int, row: int, pos: int) -> int:
    return PLANT + 64 * card + 8 * row + pos


def offer(card: int, seat: int) -> int:
    return OFFER + 8 * card + seat


def to_text(action: int) -> str:
    """The action's text; ActionParseError for an int that is no action."""
    if action in _SIMPLE:
        return _SIMPLE[action]
    if CARD <= action < CARD + CARDS:
        return f"card {action - CARD}"
    if TASK <= action < TASK + 16:
        return f"task {action - TASK + 1}"
    if DECK <= action < DECK + 7:
        return f"deck {action - DECK + 1}"
    if SEARCH <= action < SEARCH + 7:
        return f"search {action - SEARCH + 1}"
    if BONUS <= action < BONUS + 7:
        return f"bonus {action - BONUS + 1}"
    if CHOOSE <= action < SELL:
        return f"choose {action - CHOOSE}"
    if SELL <= action < OFFER:
        return f"sell {action - SELL}"
    if OFFER <= action < PLANT and (action - OFFER) % 8 < 7:
        card, seat = divmod(action - OFFER, 8)
        return f"offer {card} to {seat + 1}"
    if PLANT <= action < END:
        card, rest = divmod(action - PLANT, 64)
        row, pos = divmod(rest, 8)
        if 1 <= row <= 6 and pos < 6:
            return f"plant {card} at {row}.{pos + 1}"
    raise ActionParseError(f"{action!r} is not a Waldgärtner action")


_PATTERNS: list[tuple[re.Pattern[str], int, int, int]] = [  # pattern, base, offset, limit
    (re.compile(r"card ([0-9]{1,4})"), CARD, 0, CARDS),
    (re.compile(r"task ([0-9]{1,4})"), TASK, 1, 16),
    (re.compile(r"deck ([0-9]{1,4})"), DECK, 1, 7),
    (re.compile(r"search ([0-9]{1,4})"), SEARCH, 1, 7),
    (re.compile(r"bonus ([0-9]{1,4})"), BONUS, 1, 7),
    (re.compile(r"choose ([0-9]{1,4})"), CHOOSE, 0, CARDS),
    (re.compile(r"sell ([0-9]{1,4})"), SELL, 0, CARDS),
]
_OFFER = re.compile(r"offer ([0-9]{1,4}) to ([0-9]{1,4})")
_PLANT = re.compile(r"plant ([0-9]{1,4}) at ([0-9])\.([0-9])")


def from_text(text: str) -> int:
    """Parse an action text (case and surrounding spaces ignored); ActionParseError if it is none."""
    if not isinstance(text, str):
        raise ActionParseError(f"{text!r} is not an action text")
    t = " ".join(text.strip().lower().split())
    if t in _BY_TEXT:
        return _BY_TEXT[t]
    for pattern, base, offset, limit in _PATTERNS:
        m = pattern.fullmatch(t)
        if m:
            n = int(m.group(1)) - offset
            if 0 <= n < limit:
                return base + n
            raise ActionParseError(f"{text!r}: number out of range")
    m = _OFFER.fullmatch(t)
    if m and int(m.group(1)) < CARDS and 1 <= int(m.group(2)) <= 7:
        return offer(int(m.group(1)), int(m.group(2)) - 1)
    m = _PLANT.fullmatch(t)
    if m and int(m.group(1)) < CARDS and 1 <= int(m.group(2)) <= 6 and 1 <= int(m.group(3)) <= 6:
        return plant(int(m.group(1)), int(m.group(2)), int(m.group(3)) - 1)
    raise ActionParseError(f"{text!r} is not a Waldgärtner action")
