"""A Waldgärtner card entered by what the printed card shows — no card ids (they stay for scripts).

**By name** (:func:`species_for`): type-ahead over the plant names in the table's language and in
Latin; case and accents do not matter, a few letters of any word suffice (``app`` → Apple,
``malus d`` → Malus domestica), an exact name wins over longer ones, and when several plants
match the refusal lists them. **On the lid** (:func:`guide_options`): a guided choice — size class,
then continent (when the game's decks hold more than one), then flower colour, then the few
plants left — each step on the trough buttons 1-7.

A name is a plant (a species: the file may hold several cards of it); :func:`card_for` picks the
card of that plant the situation asks for (one the deck can give, one the seat holds).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Protocol

from table.companion.protocol import CommandError
from table.games.waldgaertner.hidden import public_cards
from table.games.waldgaertner.names import card_name, size_name
from table.games.waldgaertner.rules import CardSet, State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import COLOURS, CONTINENTS, SIZES, Card
from table.games.waldgaertner.setup import CONTINENT_NAMES
from table.i18n import N_, _

SHOWN_CANDIDATES = 6
"""How many matching plants a refusal lists."""
COLOUR_NAMES = {"white": N_("white"), "yellow": N_("yellow"), "pink": N_("pink"), "red": N_("red"),
                "green": N_("green"), "purple": N_("purple"), "inconspicuous": N_("inconspicuous")}
"""The printed flower colours, in the table's language when said."""


def fold(text: str) -> str:
    """``text`` for matching: case folded, accents dropped, spaces single."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " ".join(plain.casefold().replace("-", " ").split())


def plant_names(card: Card) -> tuple[str, str]:
    """A card's names people type: in the table's language and in Latin."""
    return card_name(card), card.name


def _matches(query: str, name: str) -> int:
    """How well ``query`` (folded) matches ``name``: 3 the whole name, 2 its start, 1 the start of
    its words in order, 0 not at all."""
    full = fold(name)
    if query == full:
        return 3
    if full.startswith(query):
        return 2
    words, parts = full.split(), query.split()
    i = 0
    for part in parts:
        while i < len(words) and not words[i].startswith(part):
            i += 1
        if i == len(words):
            return 0
        i += 1
    return 1


SEX_WORDS = {"♂": "male", "♀": "female", "male": "male", "female": "female"}
"""Words that pick the male or female card of a dioecious plant (yew ♀ and yew ♂)."""
SEX_SIGNS = {"male": " ♂", "female": " ♀", "both": ""}


def plant_key(card: Card) -> str:
    """A plant as the table tells it apart: its scientific name and, for a dioecious one, its sex."""
    return f"{card.name}|{card.sex}"


def _split_query(query: str) -> tuple[str, set[str]]:
    """A typed name (folded) without its sex words, and the sexes they ask for (none: any)."""
    words = fold(query).replace("♂", " ♂ ").replace("♀", " ♀ ").split()
    local = {fold(_("male")): "male", fold(_("female")): "female"}
    sexes = {SEX_WORDS.get(w) or local[w] for w in words if w in SEX_WORDS or w in local}
    return " ".join(w for w in words if w not in SEX_WORDS and w not in local), sexes


def species_for(cards: CardSet, query: str) -> str:
    """The plant (:func:`plant_key`) ``query`` names; CommandError lists the candidates when it
    names none or several (``male``/``female``/♂/♀ tell a dioecious plant's cards apart)."""
    found = candidates(cards, query)
    if not found:
        raise CommandError(_("{name}: no plant of that name in the card file").format(name=repr(query)))
    if len(found) == 1:
        return found[0]
    shown = ", ".join(label_of(cards, n) for n in found[:SHOWN_CANDIDATES])
    more = "…" if len(found) > SHOWN_CANDIDATES else ""
    raise CommandError(_("{name}: which one? {plants}{more}").format(name=repr(query), plants=shown, more=more))


def candidates(cards: CardSet, query: str) -> list[str]:
    """The plants (:func:`plant_key`, sorted) ``query`` names best: one when it names one, none
    when it names none."""
    q, sexes = _split_query(query)
    best: dict[str, int] = {}
    for c in cards.cards:
        score = max(_matches(q, n) for n in plant_names(c)) if q else 0
        if score and (not sexes or c.sex in sexes):
            best[plant_key(c)] = max(best.get(plant_key(c), 0), score)
    if not best:
        return []
    top = max(best.values())
    return sorted(n for n, s in best.items() if s == top)


def species_maybe(cards: CardSet, query: str) -> bool:
    """Whether ``query`` names at least one plant of the card file."""
    q, _sexes = _split_query(query)
    return bool(q) and any(_matches(q, n) for c in cards.cards for n in plant_names(c))


def label_of(cards: CardSet, key: str) -> str:
    """A plant (:func:`plant_key`) as the table reads it: its name in the table's language, ♂/♀,
    and the Latin one."""
    c = next(c for c in cards.cards if plant_key(c) == key)
    return f"{card_name(c)}{SEX_SIGNS.get(c.sex, '')} ({c.name})"


def card_for(e: State, file: CardSet, species: str, verb: str) -> int:
    """The card of plant ``species`` (:func:`plant_key`) the command ``verb`` means now: one the chance node may give,
    one of the shown to choose, one the seat holds; else one the table has not seen (the
    companion then swaps it in, ``hidden.py``); else the file's (``file``: the card file, whose
    cards the game may have turned into stand-ins by now)."""
    ids = [c.id for c in e.cards if plant_key(c) == species] or [c.id for c in file.cards if plant_key(c) == species]
    legal = set(e.legal_actions())
    if verb == "card":
        fit = [c for c in ids if A.CARD + c in legal]
    elif verb in ("choose", "keep"):
        fit = [c for c in ids if A.CHOOSE + c in legal or A.CARD + c in legal]
    else:
        s = e.t.jobs[0][1] if not e.is_terminal() else -1
        fit = [c for c in ids if s >= 0 and c in (e.hand(s), e.pending(s))]
    if fit:
        return fit[0]
    seen = public_cards(e.events)
    return next((c for c in ids if c not in seen), ids[0])


# --- the lid's guided choice ---------------------------------------------------------------------------
class Pool(Protocol):
    """What the guided choice chooses from: the cards and the game's decks' continents (a game's
    :class:`State`, or the score pad's ``padentry.PadPool``)."""

    @property
    def cards(self) -> Sequence[Card]: ...

    @property
    def decks(self) -> Sequence[str]: ...


GUIDE_STEPS = ("size", "continent", "colour", "plant")
"""The guided choice's steps in order (the continent only when the game's decks hold several)."""


def _steps(e: Pool) -> tuple[str, ...]:
    return tuple(s for s in GUIDE_STEPS if s != "continent" or len(set(e.decks)) > 1)


def _fits(c: Card, e: Pool, picked: tuple[str, ...]) -> bool:
    """Whether card ``c`` has the attributes chosen so far."""
    for step, value in zip(_steps(e), picked, strict=False):
        have = {"size": str(c.size), "continent": c.continent if len(set(e.decks)) > 1 else "",
                "colour": c.flower, "plant": plant_key(c)}[step]
        if have != value:
            return False
    return len(set(e.decks)) > 1 or c.continent in e.decks


def guide_options(e: Pool, picked: tuple[str, ...]) -> tuple[str, list[tuple[str, str]]]:
    """The guided choice's next step after the values ``picked``: the question and its options as
    (label, value) — only those some card of the file has (at most 7, the trough buttons)."""
    step = _steps(e)[len(picked)]
    left = _left(e, picked)
    if step == "size":
        return _("Which size class?"), [(size_name(s), str(s)) for s in SIZES if any(c.size == s for c in left)]
    if step == "continent":
        return _("Which continent?"), [(_(CONTINENT_NAMES[k]), k) for k in CONTINENTS
                                       if any(c.continent == k for c in left)]
    if step == "colour":
        return _("Which flower colour?"), [(_(COLOUR_NAMES[k]), k) for k in COLOURS if any(c.flower == k for c in left)]
    names: list[tuple[str, str]] = []
    for c in left:
        if all(n != plant_key(c) for _label, n in names):
            names.append((card_name(c) + SEX_SIGNS.get(c.sex, ""), plant_key(c)))
    return _("Which plant?"), names[:7]


def guide_pick(e: Pool, picked: tuple[str, ...], trough: int) -> tuple[tuple[str, ...], str]:
    """Trough ``trough`` pressed during the guided choice: the values chosen so far and, at the last
    step, the plant chosen (its :func:`plant_key`; "" before). CommandError when the button offers
    nothing now."""
    question, options = guide_options(e, picked)
    if not 1 <= trough <= len(options):
        listed = ", ".join(f"{i + 1} {label}" for i, (label, _v) in enumerate(options))
        raise CommandError(_("{question} button {n} offers nothing: {options}").format(
            question=question, n=trough, options=listed))
    value = options[trough - 1][1]
    if len(picked) + 1 == len(_steps(e)):
        return (), value
    return (*picked, value), ""


def guide_line(e: Pool, picked: tuple[str, ...]) -> str:
    """The guided choice's step as one line: ``Which flower colour? 1 white, 2 red, 3 purple``."""
    return step_line(*guide_options(e, picked))


def step_line(question: str, options: list[tuple[str, str]]) -> str:
    """A step of the guided choice (:func:`guide_options`' question and options) as one line."""
    return f"{question} " + ", ".join(f"{i + 1} {label}" for i, (label, _v) in enumerate(options))


def _left(e: Pool, picked: tuple[str, ...]) -> list[Card]:
    """The cards of ``e`` with the attributes ``picked`` so far; with nothing picked yet without a
    test per card (the play screen asks the guided choice twice a frame): :func:`_fits`' last line."""
    if picked:
        return [c for c in e.cards if _fits(c, e, picked)]
    several = len(set(e.decks)) > 1
    return [c for c in e.cards if several or c.continent in e.decks]
