"""Draft Cider's words: cards, batches, seats and the engine's refusals as people read them, in the
current language (the command words stay English: ``green h3 s4``, ``feather``).

The engine decides (``table.games.draftcider.rules.scoring``); these functions only say its
decisions (``tests/i18n`` checks that in English they are exactly the engine's words)."""

from __future__ import annotations

import re

from table.games.draftcider.rules import Card
from table.games.draftcider.rules.scoring import (
    BAD,
    FEATHER,
    FORTEPIANO,
    MONOCHROME,
    SPECIAL,
    STEADY,
    SWEET,
    UNLUCKY,
    UNLUCKY_TARGET,
    batch_problem,
    feather_attributes,
    placement_problem,
    score_orchard,
    special_problem,
)
from table.i18n import N_, _
from table.i18n.labels import said_again

COLOUR_NAMES: dict[str, str] = {"green": N_("green"), "gold": N_("gold"), "red": N_("red")}
"""The cards' colours as people read them (the command words stay ``green gold red``)."""
BATCH_NAMES: tuple[str, ...] = (N_("Monochrome"), N_("Apples of a Feather"), N_("Special Colour Tree"), N_("Unlucky"),
                                N_("Fortepiano Height"), N_("Sweet Couple"), N_("Steady Height"), N_("Bad"))
"""The engine's ``BATCH_TITLES`` marked for the catalogues (``tests/i18n`` checks they agree)."""



def colour_name(colour: str) -> str:
    """A card colour (``"gold"``) in the current language."""
    return _(COLOUR_NAMES.get(colour, colour))


def batch_title(b: int) -> str:
    """Batch ``b``'s full name in the current language (``BATCH_TITLES[b]`` in English)."""
    return _(BATCH_NAMES[b])


def height_text(n: int) -> str:
    return _("h{n}").format(n=n)


def sweetness_text(n: int) -> str:
    return _("s{n}").format(n=n)


def card_name(card: Card) -> str:
    """A card as people read it: ``red h3 s4`` (its text form) in English."""
    return _("{colour} {height} {sweetness}").format(colour=colour_name(card.colour), height=height_text(card.height),
                                                     sweetness=sweetness_text(card.sweetness))




def joined(items: list[str], template: str) -> str:
    text = items[0] if items else ""
    for more in items[1:]:
        text = _(template).format(first=text, second=more)
    return text


def batch_problem_words(batch: int, cards: list[Card], card: Card) -> str | None:
    """The engine's :func:`batch_problem` (its decision), said in the current language (in English
    exactly the engine's words)."""
    problem = batch_problem(batch, cards, card)
    if problem is None:
        return None
    if batch == MONOCHROME:
        return _("Monochrome is {first} (its first card's colour), this card is {colour}").format(
            first=colour_name(cards[0].colour), colour=colour_name(card.colour))
    if batch == FEATHER:
        first = cards[0]
        needs = [(_("height {n}") if a == "height" else _("sweetness {n}")).format(n=getattr(first, a))
                 for a in feather_attributes(cards)]
        need = joined(needs, N_("{first} or {second}")) or _("nothing (already broken)")
        return _("Apples of a Feather needs {need} (the first card's), this card has height {height}, "
                 "sweetness {sweetness}").format(need=need, height=card.height, sweetness=card.sweetness)
    if batch == SPECIAL:
        return _("the Special Colour Tree holds a single card")
    if batch == FORTEPIANO:
        return _("a Fortepiano pair needs two different heights, both are {height}").format(height=card.height)
    if batch == SWEET:
        return _("a Sweet Couple pair needs equal sweetness, {first} then {second}").format(
            first=cards[-1].sweetness, second=card.sweetness)
    if batch == STEADY:
        return _("Steady Height goes at most one up or down, {first} then {second}").format(
            first=cards[-1].height, second=card.height)
    return problem


def placement_problem_words(orchard: list[list[Card]], batch: int, card: Card) -> str | None:
    """The engine's :func:`placement_problem` in the current language."""
    problem = placement_problem(orchard, batch, card)
    if problem is None:
        return None
    words = batch_problem_words(batch, orchard[batch], card)
    if words is None and batch == SPECIAL and special_problem(orchard, card) is not None:
        return _("a {colour} card already lies outside the Bad batch, so a {colour} Special tree "
                 "cannot be planted").format(colour=colour_name(card.colour))
    return words or problem


_CARD_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"not a card: (?P<text>.*) \(expected e\.g\. 'green h3 s4'\)"),
     N_("not a card: {text} (expected e.g. 'green h3 s4')")),
    (re.compile(r"not a card: (?P<text>.*)"), N_("not a card: {text}")),
    (re.compile(r"height must be a whole number 1-5, got (?P<value>.*)"),
     N_("height must be a whole number 1-5, got {value}")),
    (re.compile(r"sweetness must be a whole number 1-5, got (?P<value>.*)"),
     N_("sweetness must be a whole number 1-5, got {value}")),
)


def card_error_words(text: str) -> str:
    """A typed card's refusal from the engine (English, a file format's words) in the current
    language; an unknown form as the engine said it."""
    return said_again(text, _CARD_ERRORS)


def batch_key(b: int) -> str:
    """The lid's key for batch ``b``: ``1`` … ``7``, ``BLIND``."""
    return "BLIND" if b == BAD else str(b + 1)



def batch_note(orchard: list[list[Card]], b: int, easy: bool) -> str:
    """What batch ``b`` takes next, in a few words (the screen and ``status``)."""
    cards = orchard[b]
    n = len(cards)
    if b == MONOCHROME:
        return _("{colour} only").format(colour=colour_name(cards[0].colour)) if n else \
            _("any colour; the first sets it")
    if b == FEATHER:
        if not n:
            return _("the first sets height and sweetness")
        shown = [height_text(cards[0].height) if a == "height" else sweetness_text(cards[0].sweetness)
                 for a in feather_attributes(cards)]
        return joined(shown, N_("{first} or {second}")) or _("broken")
    if b == SPECIAL:
        if n:
            colour = colour_name(cards[0].colour)
            if score_orchard(orchard, easy=easy).batches[SPECIAL] < 0:
                return _("{colour} tree: −20").format(colour=colour)
            return _("{colour} tree: +20 while no other {colour}").format(colour=colour)
        return _("one card, colour not outside Bad")
    if b == UNLUCKY:
        return _("sweetness {sum} of {target}").format(sum=sum(c.sweetness for c in cards), target=UNLUCKY_TARGET)
    if b == FORTEPIANO:
        return _("pair open: height ≠ {height}").format(height=cards[-1].height) if n % 2 else \
            _("any card starts a pair")
    if b == SWEET:
        return _("pair open: sweetness {sweetness}").format(sweetness=cards[-1].sweetness) if n % 2 else \
            _("any card starts a pair")
    if b == STEADY:
        if not n:
            return _("any height first")
        h = cards[-1].height
        return _("next height {low}-{high}").format(low=max(1, h - 1), high=min(5, h + 1))
    return _("any card, 0 each (easy)") if easy else _("any card, −1 each")

