"""The touch path for a card the card file lacks: "Other card…" on the screen that names a card
turned up or a hidden card played opens a chooser that asks the card's printed facts one at a
time with big buttons, then enters the same ``unknown key=value …`` line the typed path enters
(``unseen.unknown_canonical``), so journal, undo and resume are unchanged.

The questions are the typed command's fields with its allowed values (``unseen._attr_words``):
sex, size 1-5, value, flower colour, flowering phase 0-9, fruit and harvest phase 0-9 (skipped for
a male plant, which bears none), leaf harvest, nitrogen fixer. ``bonus=``/``partner=`` (a genus
named in letters) stay typed only. Offered where the lid names a card in the open (:data:`OFFERED`:
a card turned up, and a hidden card as it is played face up — then it is the card played, named:
Plant/Sell for it) — a card drawn into a hand stays hidden: those stages show only "Drawn ✓"/"Kept ✓".
Wiring: ``buttons.py`` (``other``/``other:WORD`` presses, UNDO steps back), ``view.py`` draws it
(on the 3.5" screen two rows of choices a page, **More ▸** turns).
"""

from __future__ import annotations

from table.games.waldgaertner.names import size_name
from table.games.waldgaertner.naming import COLOUR_NAMES
from table.games.waldgaertner.rules.cards import COLOURS, FRUITS, SEXES
from table.i18n import N_, _

OFFERED = ("reveal", "play")
"""The stages whose guided choice offers "Other card…": a card turned up, and a hidden card while
it is played (face up: its face may be shown; ``buttons.offers_other``). The teach lesson makes
room for the extra button (``view.py``: above the question or over the ledger, the offers whole)."""
PHASES = tuple(str(p) for p in range(10))
"""Flowering and harvest are annual phases 0-9."""
VALUES = tuple(str(v) for v in range(10))
"""A card's printed value (the file's run 1-7; the typed command takes any number)."""
QUESTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("sex", N_("Other card: which sex?"), SEXES),
    ("size", N_("Other card: which size?"), ("1", "2", "3", "4", "5")),
    ("value", N_("Other card: its value?"), VALUES),
    ("flower", N_("Other card: flower colour?"), COLOURS),
    ("flowering", N_("Other card: flowering phase?"), PHASES),
    ("fruit", N_("Other card: which fruit?"), FRUITS),
    ("harvest", N_("Other card: harvest phase?"), PHASES),
    ("leaf", N_("Other card: leaf harvest?"), ("yes", "no")),
    ("nitrogen", N_("Other card: nitrogen fixer?"), ("yes", "no")),
)
"""(field, question, the values the typed ``unknown`` command takes), in the order asked."""
_WORDS = {"both": N_("both sexes"), "male": N_("male"), "female": N_("female"), "yes": N_("yes"), "no": N_("no"),
          "pome": N_("pome"), "follicle": N_("follicle"), "berry": N_("berry"), "multiple": N_("multiple fruit"),
          "legume": N_("legume"), "capsule": N_("capsule"), "nut": N_("nut"), "seed": N_("seed"),
          "aggregate": N_("aggregate fruit"), "samara": N_("samara"), "drupe": N_("drupe"), "cone": N_("cone")}
"""The choices' words (colours: ``naming.COLOUR_NAMES``, sizes: ``names.size_name``)."""


def _skipped(field: str, answers: tuple[str, ...]) -> bool:
    """A male plant bears no fruit: fruit and harvest are not asked."""
    return field in ("fruit", "harvest") and "sex=male" in answers


def question(answers: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The next field and its values after ``answers`` (``key=value`` words), None when all are given."""
    asked = {a.split("=")[0] for a in answers}
    for field, _q, values in QUESTIONS:
        if field not in asked and not _skipped(field, answers):
            return field, values
    return None


def prompt(answers: tuple[str, ...]) -> str:
    """The question now, in the table's language."""
    nxt = question(answers)
    return next(_(q) for f, q, _v in QUESTIONS if nxt and f == nxt[0]) if nxt else ""


def label(field: str, value: str) -> str:
    """A choice's button word in the table's language ("large tree", "pink", "7")."""
    if field == "size":
        return f"{value} {size_name(int(value))}"
    if field == "flower":
        return _(COLOUR_NAMES[value])
    return _(_WORDS[value]) if value in _WORDS else value


_FACTS = {"value": N_("value {n}"), "flowering": N_("flowers in phase {n}"), "harvest": N_("harvest in phase {n}"),
          "leaf=yes": N_("leaf harvest"), "nitrogen=yes": N_("nitrogen fixer")}
"""How a fact chosen reads in the line of facts so far (``leaf=no`` and ``nitrogen=no``: not said)."""


def facts(answers: tuple[str, ...]) -> str:
    """The facts chosen so far, in the table's language: "3 small tree · pink · value 4"."""
    out = []
    for a in answers:
        field, _eq, value = a.partition("=")
        if a in _FACTS:
            out.append(_(_FACTS[a]))
        elif field in _FACTS:
            out.append(_(_FACTS[field]).format(n=value))
        elif field not in ("leaf", "nitrogen"):
            out.append(label(field, value))
    return " · ".join(out)


def answer(answers: tuple[str, ...], value: str) -> tuple[tuple[str, ...], str]:
    """``value`` chosen for the question now: the answers so far and, once all are given, the
    ``unknown …`` line to enter ("" until then). A value the question does not take changes nothing."""
    nxt = question(answers)
    if nxt is None or value not in nxt[1]:
        return answers, ""
    out = (*answers, f"{nxt[0]}={value}")
    if question(out) is not None:
        return out, ""
    words = [w for w in out if w not in ("leaf=no", "nitrogen=no")]
    return out, "unknown " + " ".join("leaf" if w == "leaf=yes" else "nitrogen" if w == "nitrogen=yes" else w
                                     for w in words)
