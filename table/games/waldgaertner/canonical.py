"""A typed Waldgärtner command in its one form (what the journal keeps): short forms spelt out
(``17`` → ``card 17`` by the stage), a plant named by what its card shows, a plant's place filled
in, the table's own words (an unknown card, a task shown, a card drawn hidden), engine actions in
the engine's text. The companion (``companion.py``) checks and applies what this gives."""

from __future__ import annotations

from typing import Any, Protocol

from table.companion.protocol import CommandError
from table.engine.errors import ActionParseError
from table.games.waldgaertner import tasks
from table.games.waldgaertner.naming import card_for, species_for, species_maybe
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES
from table.games.waldgaertner.refusals import no_room
from table.games.waldgaertner.rules import CardSet, State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.unseen import hidden_canonical, unknown_canonical
from table.i18n import _
from table.i18n.labels import is_number

CARD_WORDS = ("card", "keep", "choose", "sell", "plant")
"""The commands that name one card by its id."""
NUMBER_COMMANDS = {"draw": "card", "reveal": "card", "bdraw": "keep", "sdeal": "keep",
                   **dict.fromkeys(CHOOSE_STAGES, "choose"), "die": "deck", "start": "deck", "bonus": "bonus",
                   "special": "search"}
"""A number alone, by the engine's stage: the command it is short for (``17`` → ``card 17``)."""
NOT_NAMES = frozenset({"setup", "start", "special", "pass", "alt", "alternative", "search", "forgo", "buy",
                       "decline", "bonus", "deck", "drawn", "kept", "hidden", "unknown", "undo", "u", "s", "new",
                       "resume", "discard", "task", "card", "choose", "keep", "sell", "plant", "offer"})
"""Words that are commands by themselves."""
COMMAND_HEADS = frozenset({"setup", "search", "deck", "bonus", "task", "unknown", "card", "choose", "keep", "sell",
                           "plant", "offer", "alternative"})
"""First words of commands that take more words (never a plant's name with more words)."""
NAMED_STAGES = frozenset({"reveal", "achoose", "schoose", "bchoose"})
"""The stages where a plant's name alone is the card turned up or taken."""
SPECIAL_KEY = 7
"""While the dice are entered, ``7`` is the special action (lamp 7), as on the lid; ``deck 7`` names
the seventh deck with 7 players."""


class Typed(Protocol):
    """What reading a command needs of the companion (``WaldgaertnerCompanion`` is one)."""

    @property
    def state(self) -> State: ...

    @property
    def cards(self) -> CardSet: ...

    @property
    def setup(self) -> Any: ...

    cmds: list[str]

    def stage(self) -> str: ...

    def seat(self) -> int: ...

    def ask(self) -> str: ...


def canonical_form(c: Typed, text: str) -> str:
    """A command's one form (what the journal keeps): short forms spelt out, a plant's place
    filled in, engine actions in the engine's text."""
    e = c.state
    w = text.split()
    if len(w) == 2 and w[0] in CARD_WORDS and is_number(w[1], 3) and int(w[1]) >= len(c.state.cards):
        return f"{w[0]} {int(w[1])}"
    if len(w) == 1 and is_number(w[0], 3):
        return _number_command(c, int(w[0]))
    word = _word_form(c, w)
    if word:
        return word
    if w == ["s"] and e.step == "die":
        return "special"
    if w in (["alt"], ["alternative"]):
        return "alternative offer"
    if len(w) == 2 and w[0] == "plant" and is_number(w[1], 3):
        return _plant_at(c, int(w[1]))
    if len(w) == 2 and w[0] == "keep" and is_number(w[1], 3):
        return f"keep {int(w[1])}"
    named = _named(c, w)
    if named:
        return canonical_form(c, named)
    try:
        return A.to_text(A.from_text(text))
    except ActionParseError:
        raise CommandError(_("{text} is not a Waldgärtner command (now: {now})").format(
            text=repr(text), now=c.ask())) from None


def _word_form(c: Typed, w: list[str]) -> str:
    """The table's own words: an unknown card, a task shown, a card drawn or kept hidden ("" for
    none of them)."""
    e = c.state
    if w[0] == "unknown":
        return unknown_canonical(e, w[1:])
    if w[0] == "task":
        return tasks.canonical(e, w[1:], tasks.seat_showing(e, c.setup, c.cmds))
    if w in (["drawn"], ["kept"], ["hidden"]):
        return hidden_canonical(e)
    return ""


def _maybe_name(w: list[str]) -> bool:
    """Whether the words may be a plant's name alone: not a command word ("new" is a command,
    "new jersey tea" a plant)."""
    return not (w[0] in NOT_NAMES and (len(w) == 1 or w[0] in COMMAND_HEADS))


def _named(c: Typed, w: list[str]) -> str:
    """A command naming its card by what the card shows (``plant kiwi at 1.2``, ``sell apple``, a
    name alone for the card turned or chosen): the same command with the card's id ("" when the
    words name no card: not such a command)."""
    e = c.state
    tail = {"plant": "at", "offer": "to"}
    if w[0] in (*CARD_WORDS, "offer") and len(w) > 1 and not is_number(w[1], 3):
        stop = w.index(tail[w[0]], 1) if tail.get(w[0]) in w[1:] else len(w)
        verb, name, rest = w[0], " ".join(w[1:stop]), w[stop:]
    elif _maybe_name(w) and e.step in NAMED_STAGES and species_maybe(c.cards, " ".join(w)):
        verb, name, rest = ("card" if e.step in CHANCE_STAGES else "choose"), " ".join(w), []
    elif _maybe_name(w) and e.step == "play" and species_maybe(c.cards, " ".join(w)):
        raise CommandError(_("{name}: plant it or sell it? (plant NAME, sell NAME)").format(name=" ".join(w)))
    else:
        return ""
    cid = card_for(e, c.cards, species_for(c.cards, name), verb)
    return " ".join([verb, str(cid), *rest])


def _number_command(c: Typed, n: int) -> str:
    """A number alone: the card, deck or search the stage asks for."""
    word = NUMBER_COMMANDS.get(c.stage())
    if word == "deck" and c.stage() == "die" and n == SPECIAL_KEY:
        return "special"  # the lid's button 7 and the documented key: the die's "6" for a special action
    if word is None:
        raise CommandError(_("{n}: no number is asked now ({now})").format(n=n, now=c.ask()))
    return f"{word} {n}"


def _plant_at(c: Typed, cid: int) -> str:
    """``plant 17``: at the first free place of its row (the fee checked by the engine)."""
    e = c.state
    spots = e.plant_spots(c.seat(), cid) if cid < len(e.cards) else []
    if not spots:
        raise CommandError(no_room(e, cid))
    r, p, _fee = spots[0]
    return f"plant {cid} at {r}.{p + 1}"
