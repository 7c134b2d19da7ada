"""A tree tile named by what is printed on it (issue 33): orchard tracking asked for ``draw 17``,
a number the printed tiles do not carry. People say what they see — ``draw pink 2 price 5``,
``draw light green 1 blossoms 1 price 4``, ``draw blossoms 3 price 6`` — and the tile is found
among those that can be there (the supply, a trough).

What a tile shows: its apples (a variety and how many; a variety's name in any of the table's
languages, any case, spaces left out), its blossoms, its beehives and the price in every beehive.
Tiles that print alike are the same tile for the table (their beehives the same up to how the
tile is turned): the first of them is taken. Where two tiles print alike but their beehives sit
differently (two blossom-only groups of the shipped set), the table is asked for the tile's
number as before.

Pure: a data set and tile ids in, a tile id or a ``CommandError`` line out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from table.games.applejack.companion.errors import CommandError
from table.games.applejack.rules.data import DataSet, Tile
from table.i18n import LANGUAGES, _, gettext_in

KEYWORDS = {"blossom": "blossoms", "blossoms": "blossoms", "price": "price", "hive": "hives", "hives": "hives",
            "beehive": "hives", "beehives": "hives"}
"""The words for what a tile prints besides apples (typed, like every command word, in English)."""


@dataclass(frozen=True)
class Printed:
    """What was said of a tile (None: not said)."""

    apples: tuple[tuple[int, int], ...] | None
    blossoms: int | None
    price: int | None
    hives: int | None

    def fits(self, tile: Tile) -> bool:
        return ((self.apples is None or self.apples == tile.apples)
                and (self.blossoms is None or self.blossoms == tile.blossoms)
                and (self.price is None or self.price == tile.price)
                and (self.hives is None or self.hives == bin(tile.hives).count("1")))


def _folded(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch not in " -_")


def _variety_names(data: DataSet) -> dict[str, int]:
    """Every spelling of every variety (id, name in each language, folded) → its index."""
    out: dict[str, int] = {}
    for i, v in enumerate(data.varieties):
        out[_folded(v.id)] = i
        for lang in LANGUAGES:
            out[_folded(gettext_in(lang, v.name))] = i
    return out


def said(data: DataSet, words: str) -> Printed:
    """``pink 2 price 5`` (a count before or after its variety; 1 when left out) → what it says;
    CommandError names a word it does not know."""
    names = _variety_names(data)
    tokens = words.replace(",", " ").split()
    apples: dict[int, int] = {}
    other: dict[str, int] = {}
    loose: int | None = None  # a number waiting for its word
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word.isdigit():
            if loose is not None:
                raise CommandError(_("{word}: which is it the number of?").format(word=word))
            loose, i = int(word), i + 1
            continue
        two = _folded(word + (tokens[i + 1] if i + 1 < len(tokens) else ""))
        if i + 1 < len(tokens) and two in names:  # "light green"
            key, i = ("apples", names[two]), i + 2
        elif _folded(word) in names:
            key, i = ("apples", names[_folded(word)]), i + 1
        elif word.casefold() in KEYWORDS:
            key, i = (KEYWORDS[word.casefold()], -1), i + 1
        else:
            raise CommandError(_("{word}: not on a tile (a variety and its apples, blossoms N, price N, "
                                 "hives N)").format(word=word))
        count = loose
        if count is None and i < len(tokens) and tokens[i].isdigit():
            count, i = int(tokens[i]), i + 1
        loose = None
        if key[0] == "apples":
            apples[key[1]] = count if count is not None else 1
        elif count is None:
            raise CommandError(_("{word}: how many?").format(word=key[0]))
        else:
            other[key[0]] = count
    if loose is not None:
        raise CommandError(_("{word}: which is it the number of?").format(word=loose))
    return Printed(tuple(sorted((v, n) for v, n in apples.items() if n)) if apples else None,
                   other.get("blossoms"), other.get("price"), other.get("hives"))


def _rotation_class(hives: int) -> int:
    """A beehive mask up to how the tile is turned (the smallest of its six turns)."""
    return min(((hives << k) | (hives >> (6 - k))) & 63 for k in range(6))


def tile_printed(data: DataSet, among: Iterable[int], words: str) -> int:
    """The tile among ``among`` (ids) that shows what ``words`` say: the first of those that print
    alike; CommandError when none does, or when tiles that differ fit the words (naming what to
    add), or when they differ only in where their beehives sit (the tile's number is asked)."""
    want = said(data, words)
    fitting = [t for t in sorted(set(among)) if want.fits(_tile(data, t))]
    if not fitting:
        raise CommandError(_("no tile that can be there shows {words}").format(words=words.strip()))
    tiles = [_tile(data, t) for t in fitting]
    looks = {(t.apples, t.blossoms, t.price, _rotation_class(t.hives)) for t in tiles}
    if len(looks) == 1:
        return fitting[0]
    prints = {(t.apples, t.blossoms, t.price, bin(t.hives).count("1")) for t in tiles}
    if len(prints) == 1:
        raise CommandError(_("tiles that show {words} have their beehives in other places: enter its number "
                             "(type draw N)").format(words=words.strip()))
    raise CommandError(_("different tiles show {words}: say its apples, blossoms, price and hives").format(
        words=words.strip()))


def _tile(data: DataSet, tile_id: int) -> Tile:
    return next(t for t in data.tiles if t.id == tile_id)
