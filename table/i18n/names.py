"""The printed components' names as the screen says them: the data files name varieties and
marks in English (a file format, like the engine's text), and these lists mark those names for the
catalogues so that ``variety_name`` and friends can translate them. ``tests/i18n`` checks that every
name in the default data set is listed here."""

from __future__ import annotations

from table.i18n import N_, _

#: The seven varieties of the default data set (``engine/data/varieties.toml``'s ``name``).
VARIETY_NAMES: tuple[str, ...] = (
    N_("Brown"), N_("Orange"), N_("Light green"), N_("Red"), N_("Pink"), N_("Purple"), N_("Yellow"),
)

#: Their marks (``mark``), the shape drawn beside each colour.
MARK_NAMES: tuple[str, ...] = (
    N_("diamond"), N_("heart"), N_("cross"), N_("hexagon"), N_("plus"), N_("moon"), N_("drop"),
)

#: The four seats by the symbol the harvest board prints (``engine.data.SEAT_SYMBOLS``).
SEAT_NAMES: dict[str, str] = {
    "circle": N_("Circle"), "triangle": N_("Triangle"), "square": N_("Square"), "star": N_("Star"),
}


def variety_name(name: str) -> str:
    """A variety's data-file name in the current language (an unknown name as it is)."""
    return _(name)


def mark_name(mark: str) -> str:
    """A mark's data-file name in the current language."""
    return _(mark)


def symbol_name(symbol: str) -> str:
    """A seat symbol (``"triangle"``) as a name in the current language (``"Dreieck"``)."""
    return _(SEAT_NAMES.get(symbol, symbol))
