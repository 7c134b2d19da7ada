"""A tree tile on the kiosk as the table sees it (issue 33, item 5): by what is printed on its
tree side — its apples (each variety's name and how many), its blossoms and the price in its
beehives — never by the tile number of the data file, which the printed tiles do not carry.
The same words the table types to name one (``take 3 pink 2``, ``companion/printed.py``).

Pure words: a data set and tile ids in, one line per tile out (translated where it is drawn).
"""

from __future__ import annotations

from collections.abc import Iterable

from table.games.applejack.rules.data import DataSet
from table.i18n import _, ngettext
from table.i18n.names import variety_name


def face(data: DataSet, tile: int) -> str:
    """What tile ``tile`` shows: ``Pink 2, price 5``; ``Red 1, Yellow 1, 1 blossom, price 4``."""
    return _(", ").join(parts(data, tile))


def parts(data: DataSet, tile: int) -> list[str]:
    """:func:`face`'s parts (a line breaks between them, never inside one): each variety and its
    apples, the blossoms, the price."""
    t = data.tile(tile)
    parts = [_("{variety} {count}").format(variety=variety_name(data.varieties[v].name), count=n)
             for v, n in t.apples]
    if t.blossoms:
        parts.append(ngettext("{n} blossom", "{n} blossoms", t.blossoms).format(n=t.blossoms))
    parts.append(_("price {n}").format(n=t.price))
    return parts


def faces(data: DataSet, tiles: Iterable[int]) -> list[str]:
    """Each tile's :func:`face`, in the order given (tiles that print alike: one line each)."""
    return [face(data, t) for t in tiles]
