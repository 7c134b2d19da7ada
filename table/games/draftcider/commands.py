"""Draft Cider's command text: what a script line, the terminal or the journal says, read into the
journal's long form (``colour red``, ``pick seat 2 red h3 s4 feather``, ``pad 2 feather red h3 s4``).

Short forms (``red``, ``3``, ``feather``, ``ok``, ``red h3 s4``) are resolved against what the
table is asked now (:class:`Asked`), so the journal replays the same whatever was typed. A
command that is no Draft Cider command is a :class:`~table.companion.protocol.CommandError`
with one line for the person.

**Commands** (a script line, the terminal, the journal; the journal keeps the long form):

=================================  ===========================  ===================================
``setup players=4 easy=off pad=live``  (setup screen)          2-6 players, easy mode, live / end
``colour red``                      ``red``, ``r`` / trough 1-3  the picked card's colour (green gold red)
``height 3``                        ``3`` / trough 1-5          its height
``sweetness 4``                     ``4`` / trough 1-5          its sweetness
``card red h3 s4``                  ``red h3 s4``               the whole card at once
``batch feather``                   ``feather`` / trough 1-7, BLIND   live: where it went; pad: the batch to fill
``pick seat 2 red h3 s4 feather``   ``red h3 s4 feather``       live: a whole pick at once
``pad 2 feather red h3 s4``         —                           pad: a card into any player's batch
``batch-done``                      CONFIRM (entering cards)    pad: back to the batch choice
``player 3``                        CONFIRM (choosing a batch)  pad: the next player's orchard
``pad-done``                        CONFIRM after the last one  pad: score it
``undo``                            UNDO                        take back the last command
=================================  ===========================  ===================================
"""

from __future__ import annotations

from typing import Protocol

from table.companion.protocol import CommandError
from table.games.draftcider.rules import Card
from table.games.draftcider.rules.cards import COLOURS, CardError
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.setup import DSetup, digit
from table.games.draftcider.words import card_error_words
from table.i18n import _

COLOUR_KEYS = {"g": "green", "o": "gold", "r": "red"}
"""The colours' one-letter keys (the colour stage only)."""
STAGES = ("colour", "height", "sweetness", "batch")
"""What a card's entry asks, in order (live and pad)."""
DONE_WORDS = ("done", "ok", "confirm")


class Asked(Protocol):
    """What the command reader needs of the companion: the screen, the stage and the seats."""

    mode: str
    setup: DSetup
    pad_player: int

    def stage(self) -> str: ...

    def seat(self) -> int: ...

    def ask(self) -> str: ...


def next_player(at: Asked) -> str:
    """The pad's CONFIRM on the batch choice: the next player's orchard, after the last one the score."""
    return "pad-done" if at.pad_player == at.setup.players - 1 else f"player {at.pad_player + 2}"


def card_words(words: list[str]) -> str:
    """Three words as a card's text form (``red h3 s4``); CommandError in the person's language."""
    try:
        return Card.from_text(" ".join(words)).to_text()
    except CardError as exc:
        raise CommandError(card_error_words(str(exc))) from None


def batch_word(word: str) -> str:
    """A batch's command word from its word or its number 1-8."""
    if word in BATCHES:
        return word
    if digit(word, 1, 8):
        return BATCHES[int(word) - 1]
    raise CommandError(_("no batch {word} (batches: {batches}, or 1-8)").format(word=repr(word),
                                                                                 batches=", ".join(BATCHES)))


def _one_word(x: str, at: Asked) -> str | None:
    """A one-word command in the journal's form, None when one word means nothing now."""
    st = at.stage()
    if x in COLOUR_KEYS and st == "colour":
        x = COLOUR_KEYS[x]
    if x in COLOURS:
        return f"colour {x}"
    if digit(x, 1, 5) and st in ("height", "sweetness"):
        return f"{st} {x}"
    if x in BATCHES:
        return f"batch {x}"
    if x in DONE_WORDS:
        if st == "colour" and at.mode == "pad":
            return "batch-done"
        if st == "choose":
            return next_player(at)
    if x in ("batch-done", "pad-done"):
        return x
    return None


def _whole(w: list[str], at: Asked) -> str | None:
    """A whole pick or card in one line (``pick seat 2 red h3 s4 feather``, ``red h3 s4 feather``,
    ``card red h3 s4``, ``red h3 s4``), None for the other commands."""
    if w[0] == "pick" and len(w) >= 2 and w[1] == "seat":
        if len(w) != 7 or not digit(w[2], 1, 6):
            raise CommandError(_("pick seat N COLOUR hH sS BATCH, e.g. pick seat 2 red h3 s4 feather"))
        return f"pick seat {w[2]} {card_words(w[3:6])} {batch_word(w[6])}"
    if w[0] == "pick" and len(w) == 5:
        w = w[1:]
    if len(w) == 4 and w[0] in COLOURS and at.mode == "play":
        return f"pick seat {at.seat() + 1} {card_words(w[:3])} {batch_word(w[3])}"
    if w[0] == "card" and len(w) == 4:
        w = w[1:]
    if len(w) == 3 and w[0] in COLOURS:
        return f"card {card_words(w)}"
    return _verb(w)


def _verb(w: list[str]) -> str | None:
    """``colour red``, ``height 3``, ``batch 2``, ``player 3``, ``pad 2 feather red h3 s4``."""
    match w:
        case ["colour" | "color", c] if c in COLOURS:
            return f"colour {c}"
        case ["height" | "sweetness", v] if digit(v, 1, 5):
            return f"{w[0]} {v}"
        case ["batch", b]:
            return f"batch {batch_word(b)}"
        case ["player", n] if digit(n, 1, 6):
            return f"player {n}"
        case ["pad", n, b, c, h, s] if digit(n, 1, 6):
            return f"pad {n} {batch_word(b)} {card_words([c, h, s])}"
    return None


def canonical(text: str, at: Asked) -> str:
    """The journal's form of ``text`` (lower-cased, single-spaced, not empty); CommandError when
    it is no Draft Cider command now."""
    w = text.split()
    canon = _one_word(w[0], at) if len(w) == 1 else _whole(w, at)
    if canon is None:
        raise CommandError(_("{command} is not a Draft Cider command (now: {asked})").format(command=repr(text),
                                                                                            asked=at.ask()))
    return canon
