"""Actions of the full game, as small ints (fast for bots) with a text form that round-trips.

=====================  ==========================  ==========================================
text                   int                         meaning
=====================  ==========================  ==========================================
``take 3:17``          ``TAKE + 3*128 + 17``       take tile 17 from trough 3
``middle 17``          ``MIDDLE + 17``             (solo) take tile 17 from the middle trees
``blind``              ``BLIND``                   draw a tile blind from the supply
``cottage``            ``COTTAGE``                 take the tile beside the cottage (variant)
``buy``                ``BUY``                     pay the tile's price, place it tree side up
``pasture``            ``PASTURE``                 turn it to pasture, +2 honey
``place 7/2``          ``PLACE + 6*8 + 2``         place on orchard space 7, rotated 2 steps
``stock 3:17``         ``STOCK + 3*128 + 17``      restock the cottage with tile 17 from trough 3
``stock-supply``       ``STOCK_SUPPLY``            restock the cottage from the supply (then a draw)
``draw 17``            ``DRAW + 17``               chance: tile 17 comes out of the supply
=====================  ==========================  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from table.engine.errors import ActionParseError
from table.games.applejack.rules import hexgrid

BLIND = 1
COTTAGE = 2
BUY = 3
PASTURE = 4
STOCK_SUPPLY = 5
TAKE = 1_000_000
MIDDLE = 2_000_000
PLACE = 3_000_000
DRAW = 5_000_000
STOCK = 6_000_000
TILE_SPAN = 16_384  # tile ids are < TILE_SPAN

_SIMPLE = {BLIND: "blind", COTTAGE: "cottage", BUY: "buy", PASTURE: "pasture", STOCK_SUPPLY: "stock-supply"}
_SIMPLE_BACK = {v: k for k, v in _SIMPLE.items()}


def take(trough: int, tile: int) -> int:
    return TAKE + trough * TILE_SPAN + tile


def stock(trough: int, tile: int) -> int:
    return STOCK + trough * TILE_SPAN + tile


def middle(tile: int) -> int:
    return MIDDLE + tile


def place(cell: int, rotation: int) -> int:
    """``cell`` is the orchard space index 0..18 (space number − 1)."""
    return PLACE + cell * 8 + rotation


def draw(tile: int) -> int:
    return DRAW + tile


class Verb(StrEnum):
    """What an action does: the first word of its text."""

    TAKE = "take"
    MIDDLE = "middle"
    BLIND = "blind"
    COTTAGE = "cottage"
    BUY = "buy"
    PASTURE = "pasture"
    PLACE = "place"
    STOCK = "stock"
    STOCK_SUPPLY = "stock-supply"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Decoded:
    """An action's parts: ``trough`` (1-7) for take/stock, ``tile`` for take/stock/middle/draw,
    ``cell`` (orchard space − 1, 0..18) and ``rotation`` (0-5) for place."""

    verb: Verb
    trough: int | None = None
    tile: int | None = None
    cell: int | None = None
    rotation: int | None = None

    @property
    def space(self) -> int | None:
        """The orchard space number (1..19) of a placement."""
        return None if self.cell is None else self.cell + 1


_SIMPLE_VERB = {BLIND: Verb.BLIND, COTTAGE: Verb.COTTAGE, BUY: Verb.BUY, PASTURE: Verb.PASTURE,
                STOCK_SUPPLY: Verb.STOCK_SUPPLY}


def decode(action: int) -> Decoded:
    """The parts of an action code; :class:`ActionParseError` for an int that is no action."""
    if action in _SIMPLE_VERB:
        return Decoded(_SIMPLE_VERB[action])
    if STOCK <= action < STOCK + 8 * TILE_SPAN:
        t, tile = divmod(action - STOCK, TILE_SPAN)
        return Decoded(Verb.STOCK, trough=t, tile=tile)
    if DRAW <= action < DRAW + TILE_SPAN:
        return Decoded(Verb.DRAW, tile=action - DRAW)
    if PLACE <= action < PLACE + 8 * hexgrid.CELL_COUNT:
        cell, rot = divmod(action - PLACE, 8)
        return Decoded(Verb.PLACE, cell=cell, rotation=rot)
    if MIDDLE <= action < MIDDLE + TILE_SPAN:
        return Decoded(Verb.MIDDLE, tile=action - MIDDLE)
    if TAKE <= action < TAKE + 8 * TILE_SPAN:
        t, tile = divmod(action - TAKE, TILE_SPAN)
        return Decoded(Verb.TAKE, trough=t, tile=tile)
    raise ActionParseError(f"not an action code: {action}")


def verb_of(action: int) -> Verb | None:
    """The verb of an action code (None for an int that is no action)."""
    try:
        return decode(action).verb
    except ActionParseError:
        return None


def is_draw(action: int) -> bool:
    """A chance action: a tile comes out of the supply."""
    return DRAW <= action < DRAW + TILE_SPAN


def tile_taken(action: int) -> int | None:
    """The tile a take, middle, stock or draw action names (None for the others)."""
    try:
        return decode(action).tile
    except ActionParseError:
        return None


def to_text(action: int) -> str:
    if action in _SIMPLE:
        return _SIMPLE[action]
    if STOCK <= action < STOCK + 8 * TILE_SPAN:
        t, tile = divmod(action - STOCK, TILE_SPAN)
        return f"stock {t}:{tile}"
    if DRAW <= action < DRAW + TILE_SPAN:
        return f"draw {action - DRAW}"
    if PLACE <= action < PLACE + 8 * hexgrid.CELL_COUNT:
        cell, rot = divmod(action - PLACE, 8)
        return f"place {cell + 1}/{rot}"
    if MIDDLE <= action < MIDDLE + TILE_SPAN:
        return f"middle {action - MIDDLE}"
    if TAKE <= action < TAKE + 8 * TILE_SPAN:
        t, tile = divmod(action - TAKE, TILE_SPAN)
        return f"take {t}:{tile}"
    raise ActionParseError(f"not an action code: {action}")


MAX_DIGITS = 6  # no number in an action text is longer (tile ids < TILE_SPAN)


def _int(text: str, what: str, original: str) -> int:
    """A number of ASCII digits 0-9 only: ``str.isdigit`` alone also accepts ``²`` or ``٣``,
    which ``int`` then refuses with a bare ValueError."""
    if not (text.isascii() and text.isdigit()):
        raise ActionParseError(f"{what} must be a number in {original!r} (digits 0-9)")
    if len(text) > MAX_DIGITS:
        raise ActionParseError(f"{what} has more than {MAX_DIGITS} digits in {original!r}")
    return int(text)


def from_text(text: str) -> int:
    """Parse the text form; raises :class:`ActionParseError` on anything else."""
    parts = text.strip().split()
    if len(parts) == 1 and parts[0] in _SIMPLE_BACK:
        return _SIMPLE_BACK[parts[0]]
    if len(parts) != 2:
        raise ActionParseError(f"not an action: {text!r}")
    verb, arg = parts
    if verb in ("take", "stock"):
        t_s, sep, tile_s = arg.partition(":")
        if not sep:
            raise ActionParseError(f"{verb} needs TROUGH:TILE, got {text!r}")
        t, tile = _int(t_s, "trough", text), _int(tile_s, "tile", text)
        if not 1 <= t <= 7 or tile >= TILE_SPAN:
            raise ActionParseError(f"trough must be 1..7 and tile < {TILE_SPAN}: {text!r}")
        return take(t, tile) if verb == "take" else stock(t, tile)
    if verb in ("middle", "draw"):
        tile = _int(arg, "tile", text)
        if tile >= TILE_SPAN:
            raise ActionParseError(f"tile must be < {TILE_SPAN}: {text!r}")
        return middle(tile) if verb == "middle" else draw(tile)
    if verb == "place":
        s_s, sep, r_s = arg.partition("/")
        if not sep:
            raise ActionParseError(f"place needs SPACE/ROTATION, got {text!r}")
        space, rot = _int(s_s, "space", text), _int(r_s, "rotation", text)
        if not 1 <= space <= hexgrid.CELL_COUNT or not 0 <= rot <= 5:
            raise ActionParseError(f"space must be 1..{hexgrid.CELL_COUNT} and rotation 0..5: {text!r}")
        return place(space - 1, rot)
    raise ActionParseError(f"not an action: {text!r}")
