"""The turn's frequent events kept by an int key instead of built again.

Events are frozen values, so one ``TileTaken(2, "trough", 3, 17)`` can stand for every time seat
3 takes tile 17 from trough 3; building a frozen dataclass costs about a microsecond and a
``functools.lru_cache`` lookup a fifth of that (it builds a key tuple of the arguments), a
``dict.get`` of an int a twentieth. Each store below maps an int made of *every* field of its
events to the event; the game computes the key, and builds the event only when it is not kept::

    ev = TAKEN.get(key) or TAKEN.keep(key, TileTaken(seat, "trough", trough, tile))

The keys (``seat`` is 0-7, ``tile`` 0 to ``TILE_SPAN`` − 1):

==============  ===================================================  ==============================
store           key                                                  event
==============  ===================================================  ==============================
:data:`TAKEN`   ``(trough * TILE_SPAN + tile) * 8 + seat``           ``TileTaken(seat, "trough", …)``
:data:`PAID`    ``(price * TILE_SPAN + tile) * 8 + seat``            ``TilePaid(seat, tile, price)``
:data:`FLIPPED` ``(honey * TILE_SPAN + tile) * 8 + seat``            ``TileFlipped(seat, tile, honey)``
:data:`DRAWN`   ``where * TILE_SPAN + tile`` (:data:`DRAWN_TO`)      ``TileDrawn(DRAWN_TO[where], tile)``
:data:`PLACED`  ``(value * 19 + cell) * 8 + seat``, value ``tile *   ``TilePlaced(seat, tile, cell +
and             8 + rotation`` (7: pasture); the links are compared  1, …, links)``, a tree's
:data:`PASTURED`                                                     and a pasture's
==============  ===================================================  ==============================

Each store keeps at most :data:`KEPT` events (the first ones; later ones are built each time),
so its memory stays bounded however long the table runs.
"""

from __future__ import annotations

import dataclasses
from typing import Generic, TypeVar

from table.games.applejack.rules.events import Event, TileDrawn, TileFlipped, TilePaid, TilePlaced, TileTaken

KEPT = 8192
"""At most this many events per store."""

E = TypeVar("E", bound=Event)


class Kept(dict[int, E], Generic[E]):
    """Events by an int key made of all their fields (``get`` as any dict); :meth:`keep` adds one."""

    __slots__ = ()

    def keep(self, key: int, ev: E) -> E:
        """Keep ``ev`` under ``key`` while there is room; returns ``ev``."""
        if len(self) < KEPT:
            self[key] = ev
        return ev


TAKEN: Kept[TileTaken] = Kept()
PAID: Kept[TilePaid] = Kept()
FLIPPED: Kept[TileFlipped] = Kept()
DRAWN: Kept[TileDrawn] = Kept()
PLACED: Kept[TilePlaced] = Kept()
PASTURED: Kept[TilePlaced] = Kept()
"""The placements of pastures, kept apart from the trees': they are all kept (4 seats * 100 tiles *
19 cells < ``KEPT``), the trees' (six rotations, and links) are too many to keep all of."""

DRAWN_TO: tuple[str, ...] = ("", *(f"trough {t}" for t in range(1, 8)), "middle", "hand")
"""Where a kept draw went, by the ``where`` of its key: troughs 1-7, 8 the middle trees, 9 the hand
(the game's draw destinations, ``setup.D_MIDDLE`` and ``setup.D_BLIND``)."""


def _slot_setters(cls: type) -> tuple[object, ...]:
    """The ``__set__`` of each field's slot of a frozen slotted dataclass, in field order; refused
    for a class whose ``__init__`` does more than fill its fields (``__post_init__``, defaults)."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or any(f.default is not dataclasses.MISSING
                                            or f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__} does more than fill its fields")
    return tuple(getattr(cls, f.name).__set__ for f in fields)


_new = object.__new__
_SEAT, _TILE, _SPACE, _ROTATION, _PASTURE, _LINKS = _slot_setters(TilePlaced)


def tile_placed(seat: int, tile: int, space: int, rotation: int, pasture: bool, links: tuple[int, ...]) -> TilePlaced:
    """``TilePlaced(seat, tile, space, rotation, pasture, links)``, the same value built in about
    half the time: the slots are filled directly, not through the frozen class's ``object.__setattr__``
    (a tree's placement is seldom kept: its links vary, and there are 45,600 others)."""
    ev: TilePlaced = _new(TilePlaced)
    _SEAT(ev, seat)  # type: ignore[operator]
    _TILE(ev, tile)  # type: ignore[operator]
    _SPACE(ev, space)  # type: ignore[operator]
    _ROTATION(ev, rotation)  # type: ignore[operator]
    _PASTURE(ev, pasture)  # type: ignore[operator]
    _LINKS(ev, links)  # type: ignore[operator]
    return ev
