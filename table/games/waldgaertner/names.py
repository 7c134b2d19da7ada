"""Waldgärtner's printed words as the screen and the announcements say them.

The card file (``engine/waldgaertner/data/cards.toml``) names each plant in English (``common``),
like the engine's text forms a file format; these lists mark those names, the size classes and the
annual phases for the catalogues (part ``waldgaertner``) so the companion can say them in the
table's language. The German catalogue gives each card the ``german`` name printed in the card
file. ``tests/i18n/test_waldgaertner_words.py`` checks that every name of the card file is listed.
"""

from __future__ import annotations

from table.games.waldgaertner.rules.cards import Card
from table.i18n import N_, _

#: Every plant's English name in the shipped card file (``common``), in file order.
CARD_NAMES: tuple[str, ...] = (
    N_("Black walnut"), N_("Shagbark hickory"), N_("Pecan"), N_("Black cherry"), N_("Sugar maple"),
    N_("American lime"), N_("White pine"), N_("Honey locust"), N_("American beech"), N_("White oak"),
    N_("Sweet chestnut"), N_("Walnut"), N_("European beech"), N_("Large-leaved lime"), N_("English oak"),
    N_("Swiss stone pine"), N_("Wych elm"), N_("Sycamore maple"), N_("Ginkgo"), N_("Manchurian walnut"),
    N_("Japanese walnut"), N_("Korean pine"), N_("Armand pine"), N_("Japanese lime"), N_("Japanese chestnut"),
    N_("Black locust"), N_("American chestnut"), N_("American persimmon"), N_("Red mulberry"), N_("Hackberry"),
    N_("Sassafras"), N_("Red alder"), N_("Wild cherry"), N_("Service tree"), N_("Wild service tree"),
    N_("Black alder"), N_("Small-leaved lime"), N_("Turkish hazel"), N_("Nettle tree"), N_("Yew"),
    N_("White mulberry"), N_("Chinese mahogany"), N_("Japanese raisin tree"), N_("Chinese chestnut"),
    N_("Date plum"), N_("Japanese nutmeg yew"), N_("Japanese alder"), N_("Chinese pistache"), N_("Pawpaw"),
    N_("American plum"), N_("Sweet crab apple"), N_("Eastern redbud"), N_("Downy serviceberry"),
    N_("Downy hawthorn"), N_("American mountain ash"), N_("Pinyon pine"), N_("Medlar"), N_("Cornelian cherry"),
    N_("Wild pear"), N_("Crab apple"), N_("Rowan"), N_("Sour cherry"), N_("Plum"), N_("Judas tree"),
    N_("Bay laurel"), N_("Persimmon"), N_("Jujube"), N_("Apricot"), N_("Peach"), N_("Nashi pear"), N_("Apple"),
    N_("Quince"), N_("Kousa dogwood"), N_("Japanese cornel"), N_("Kobushi magnolia"), N_("Silk tree"),
    N_("Amur maackia"), N_("Japanese apricot"), N_("American hazel"), N_("Buffaloberry"), N_("American elder"),
    N_("Serviceberry"), N_("Spicebush"), N_("Witch hazel"), N_("Nannyberry"), N_("Chokecherry"),
    N_("Staghorn sumac"), N_("False indigo"), N_("Prickly ash"), N_("Highbush blueberry"), N_("Hazel"), N_("Elder"),
    N_("Blackthorn"), N_("Dog rose"), N_("Sea buckthorn"), N_("Hawthorn"), N_("Barberry"), N_("Guelder rose"),
    N_("Bladdernut"), N_("Snowy mespilus"), N_("Autumn olive"), N_("Goumi"), N_("Siberian pea shrub"),
    N_("Nanking cherry"), N_("Japanese quince"), N_("Rose of Sharon"), N_("Tea"), N_("Sichuan pepper"),
    N_("Five-leaf aralia"), N_("Dead man's fingers"), N_("Yellowhorn"), N_("Trifoliate orange"),
    N_("Japanese angelica tree"), N_("Chinese redbud"), N_("Black chokeberry"), N_("Cranberry"),
    N_("Black raspberry"), N_("Buffalo currant"), N_("New Jersey tea"), N_("Sweet fern"), N_("Wintergreen"),
    N_("Riverbank grape"), N_("Adam's needle"), N_("Black huckleberry"), N_("Raspberry"), N_("Blackberry"),
    N_("Redcurrant"), N_("Blackcurrant"), N_("Gooseberry"), N_("Bilberry"), N_("Lingonberry"), N_("Burnet rose"),
    N_("Bog myrtle"), N_("Grape vine"), N_("Crowberry"), N_("Kiwi berry"), N_("Arctic kiwi"), N_("Honeyberry"),
    N_("Magnolia vine"), N_("Chocolate vine"), N_("Goji"), N_("Japanese wineberry"), N_("Japanese rose"),
    N_("Tree peony"), N_("Chinese wisteria"), N_("Japanese raspberry"),
)

#: The size classes (``Card.size`` 1-5, also the garden row), one plant.
SIZE_NAMES: dict[int, str] = {
    1: N_("small shrub/climber"), 2: N_("large shrub"), 3: N_("small tree"), 4: N_("medium tree"),
    5: N_("large tree"),
}

#: The same, a row of them ("row 5 (large trees) is full").
SIZE_PLURALS: dict[int, str] = {
    1: N_("small shrub/climbers"), 2: N_("large shrubs"), 3: N_("small trees"), 4: N_("medium trees"),
    5: N_("large trees"),
}

#: The annual phases by the indicator's number (0 winter, 1 early spring … 9 late autumn).
PHASE_NAMES: tuple[str, ...] = (
    N_("winter"), N_("early spring"), N_("mid spring"), N_("late spring"), N_("early summer"),
    N_("mid summer"), N_("late summer"), N_("early autumn"), N_("mid autumn"), N_("late autumn"),
)

#: The additional tasks' names in the shipped card file (``[[task]] name``), in file order.
TASK_NAMES: tuple[str, ...] = (
    N_("most large and medium trees"), N_("most small trees"), N_("most large shrubs"),
    N_("most small shrubs and climbers"), N_("most nitrogen fixers"), N_("most salad trees (leaf harvest)"),
    N_("most cross-pollinators"), N_("most nut and seed plants"), N_("most stone fruits and pome fruits"),
)

_UNKNOWN = "unknown plant "
"""How the companion names a card entered by its attributes (``unknown plant 140``)."""


def card_name(card: Card) -> str:
    """A card's name in the current language: the listed English name translated, a card entered
    by its attributes as "unknown plant N", any other name (an edited card file) as it is."""
    common = card.common
    if common.startswith(_UNKNOWN) and common[len(_UNKNOWN):].isdigit():
        return _("unknown plant {id}").format(id=common[len(_UNKNOWN):])
    return _(common) if common in _LISTED else common


def size_name(size: int) -> str:
    """A size class (1-5) in the current language: "large tree"."""
    return _(SIZE_NAMES[size]) if size in SIZE_NAMES else str(size)


def size_plural(size: int) -> str:
    """A size class's plants in the current language: "large trees"."""
    return _(SIZE_PLURALS[size]) if size in SIZE_PLURALS else str(size)


def task_name(name: str) -> str:
    """An additional task's name in the current language (an edited file's own name as it is)."""
    return _(name) if name in TASK_NAMES else name


def phase_name(phase: int) -> str:
    """An annual phase (0-9) in the current language: "late autumn"."""
    return _(PHASE_NAMES[phase % len(PHASE_NAMES)])


_LISTED = frozenset(CARD_NAMES)
