"""Zankapfel's command words: what the table types or a key means, made canonical (the form the
journal keeps: ``mayor c3``, ``turn red``, ``buy seat 2``, ``reveal seat 2 red`` …; see
``table.games.zankapfel.companion``). A short form (``red``, ``c3``, ``8``) means what is asked now."""

from __future__ import annotations

from collections.abc import Callable

from table.companion.protocol import CommandError
from table.engine.errors import ActionParseError
from table.games.zankapfel.deal import Build
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.setup import is_number
from table.games.zankapfel.words import engine_refusal, kind_of
from table.i18n import _

KIND_KEYS = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "j": "joker"}
"""The one-letter kinds in English (keys, typed); each language's are ``words.KIND_LETTERS``."""
FACES = ("1", "2", "3", "4", "5", "6")
"""A die's faces as typed."""

_KIND_FORMS = {"turn": "turn {k}", "reveal": "reveal seat {n} {k}", "joker": "joker seat {n} {k}"}
"""A kind alone, by stage: the card turned, the laid card revealed, the joker's colour."""
_SQUARE_FORMS = {"place": "mayor {sq}", "move": "mayor {sq}", "remove": "remove {sq}"}
"""A square alone, by stage: the mayor placed or moved, a token removed."""
_NUMBER_FORMS: dict[str, Callable[[str, int], str]] = {
    "card": lambda v, n: f"card seat {n} {int(v) or 10}",
    "roll": lambda v, n: f"roll {v}",
}
"""A number alone, by stage: the discord card turned (0 = 10), the die's face."""


def seat_ok(n: str, b: Build) -> bool:
    """``n`` names a seat of this game (1-based, one digit)."""
    return is_number(n, 1) and 1 <= int(n) <= b.setup.players


def is_square(word: str) -> bool:
    return len(word) == 2 and word[0] in "abcde" and word[1] in "12345"


def _short(word: str, b: Build) -> str | None:
    """A one-word short form as what is asked now; None when ``word`` is no short form;
    CommandError when it is one but nothing of its kind is asked."""
    st, n = b.stage(), b.seat() + 1
    word = kind_of(word) or word
    if word in A.KINDS:
        form = _KIND_FORMS.get(st)
        if form is None or (st == "joker" and word not in A.COLOURS):
            raise CommandError(_("{word}: no colour is asked now ({asked})").format(word=word, asked=b.ask()))
        return form.format(k=word, n=n)
    if is_square(word):
        if st not in _SQUARE_FORMS:
            raise CommandError(_("{word}: no square is asked now ({asked})").format(word=word, asked=b.ask()))
        return _SQUARE_FORMS[st].format(sq=word)
    if is_number(word):
        if st not in _NUMBER_FORMS:
            raise CommandError(_("{word}: no number is asked now ({asked})").format(word=word, asked=b.ask()))
        return _NUMBER_FORMS[st](word, n)
    return None


# the long forms, one parser per verb: the canonical command, or None when the words are not one

def _square_verb(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case [verb, sq]:
            return f"{verb} {A.square_name(A.parse_square(sq))}"
    return None


def _turn(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["turn", k] if kind_of(k):
            return f"turn {kind_of(k)}"
    return None


def _bid(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case [verb]:
            return f"{verb} seat {n}"
        case [verb, "seat", m] if seat_ok(m, b):
            return f"{verb} seat {int(m)}"
    return None


def _seat_and(choices: tuple[str, ...]) -> Callable[[list[str], int, Build], str | None]:
    """``VERB WORD`` (the seat whose decision it is now) or ``VERB seat N WORD``, ``WORD`` one of ``choices``."""
    def parse(w: list[str], n: int, b: Build) -> str | None:
        w = [*w[:-1], kind_of(w[-1]) or w[-1]]  # the kind in the table's language
        match w:
            case [verb, k] if k in choices:
                return f"{verb} seat {n} {k}"
            case [verb, "seat", m, k] if seat_ok(m, b) and k in choices:
                return f"{verb} seat {int(m)} {k}"
        return None
    return parse


def _dice(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["dice", m, k] | ["dice", "seat", m, k] if seat_ok(m, b) and k in ("0", "1", "2", "3"):
            return f"dice seat {int(m)} {k}"
    return None


def _dice_done(w: list[str], n: int, b: Build) -> str | None:
    return "dice-done" if w == ["dice-done"] else None


def _card(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["card", v] if is_number(v):
            return f"card seat {n} {int(v)}"
        case ["card", "none"]:
            return f"card seat {n} 0"
        case ["card", "seat", m, v] if seat_ok(m, b) and (v == "none" or is_number(v)):
            return f"card seat {int(m)} {0 if v == 'none' else int(v)}"
    return None


def _offer(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["offer", m, k, sq] | ["offer", "seat", m, k, sq] if seat_ok(m, b) and k in ("1", "2"):
            return f"offer seat {int(m)} {k} {A.square_name(A.parse_square(sq))}"
    return None


def _accept(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["accept", m] | ["accept", "seat", m] if seat_ok(m, b):
            return f"accept seat {int(m)}"
    return None


def _word(word: str) -> Callable[[list[str], int, Build], str | None]:
    return lambda w, n, b: word if len(w) == 1 else None


def _roll(w: list[str], n: int, b: Build) -> str | None:
    match w:
        case ["roll", f] if f in FACES:
            return f"roll {f}"
    return None


LONG_FORMS: dict[str, Callable[[list[str], int, Build], str | None]] = {
    "mayor": _square_verb, "remove": _square_verb, "turn": _turn, "buy": _bid, "lay": _bid, "pass": _bid,
    "reveal": _seat_and(A.KINDS), "joker": _seat_and(A.COLOURS), "dice": _dice, "dice-done": _dice_done,
    "card": _card, "roll": _roll, "offer": _offer, "accept": _accept, "refuse": _word("refuse"),
    "decline": _word("refuse"), "bribes-done": _word("bribes-done"),
}
"""Each command's verb → its parser (a seat left out is the seat whose decision it is now)."""


def canonical(text: str, b: Build) -> str:
    """``text`` (lower case, single spaces) as the canonical command it means now; CommandError
    (one line, with what is asked now) when it means none."""
    w = text.split()
    if len(w) == 1:
        short = _short(w[0], b)
        if short is not None:
            return short
    if w[0] in ("ok", "done", "confirm") and b.stage() == "dice":
        return "dice-done"
    if w[0] in ("ok", "done", "confirm") and b.stage() == "bribe":
        return "bribes-done"
    parse = LONG_FORMS.get(w[0])
    try:
        canon = parse(w, b.seat() + 1, b) if parse is not None else None
    except ActionParseError as exc:
        raise CommandError(engine_refusal(str(exc))) from None
    if canon is None:
        raise CommandError(_("{command} is not a Zankapfel command (now: {asked})").format(command=repr(text),
                                                                                          asked=b.ask()))
    return canon
