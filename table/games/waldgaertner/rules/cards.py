"""Waldgärtner's printed components as frozen values, parsed from TOML text handed in.

``parse_cards(text)`` validates a card file (``data/cards.toml``; the shipped one is our
reconstruction, see docs/waldgaertner.md "The card data") and raises one
:class:`~table.engine.errors.DataError` listing every problem. Pure: it reads no files.

Units: ``size`` is the size class 1 small shrub/climber (≤ 2 m), 2 large shrub (≤ 5 m),
3 small tree (≤ 10 m), 4 medium tree (≤ 20 m), 5 large tree (≤ 40 m) — also the garden row it is
planted in; ``flowering``/``harvest`` are annual phases 1 early spring … 9 late autumn, 0 winter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from table.engine.errors import DataError, Problem
from table.engine.tomlfile import load_toml

CONTINENTS = ("AS", "EU", "NA")
SIZES = (1, 2, 3, 4, 5)
SIZE_NAMES = {1: "small shrub/climber", 2: "large shrub", 3: "small tree", 4: "medium tree", 5: "large tree"}
SEXES = ("both", "male", "female")
COLOURS = ("white", "yellow", "pink", "red", "green", "purple", "inconspicuous")
FRUITS = ("pome", "follicle", "berry", "multiple", "legume", "capsule", "nut", "seed", "aggregate", "samara",
          "drupe", "cone")
LEAF_PHASE = 3
"""Leaf harvest is always in phase 3 (late spring)."""
COUNTS: dict[tuple[str, int], int] = {
    ("NA", 5): 10, ("EU", 5): 10, ("AS", 5): 14,
    ("NA", 4): 9, ("EU", 4): 10, ("AS", 4): 15,
    ("NA", 3): 13, ("EU", 3): 12, ("AS", 3): 19,
    ("NA", 2): 15, ("EU", 2): 16, ("AS", 2): 23,
    ("NA", 1): 17, ("EU", 1): 16, ("AS", 1): 25,
}
"""The text's "Overview of the plant categories": cards per (continent, size class)."""
MAX_CARDS = 256
_CARD_KEYS = {"name", "common", "german", "continent", "size", "sex", "value", "bonus", "flower", "flowering", "fruit",
              "harvest", "leaf", "partner", "nitrogen", "copies"}
_TASK_KEYS = {"name", "sizes", "nitrogen", "leaf", "cross", "fruits"}


@dataclass(frozen=True, slots=True)
class Card:
    """One plant card: scientific, English and German names. ``fruit`` is "" and ``harvest`` -1
    for a male plant (no fruit); ``partner`` is the cross-pollination partner (a species or a
    genus, "" = self-pollinating); ``bonus`` the extra points (⊕X) scored when that partner grows
    in the garden at the end."""

    id: int
    name: str
    common: str
    german: str
    continent: str
    size: int
    sex: str
    value: int
    bonus: int
    flower: str
    flowering: int
    fruit: str
    harvest: int
    leaf: bool
    partner: str
    nitrogen: bool

    @property
    def genus(self) -> str:
        return self.name.split()[0]

    @property
    def is_tree(self) -> bool:
        """Trees are over 5 m (size 3 and up); shrubs up to 5 m."""
        return self.size >= 3

    @property
    def sale(self) -> int:
        """Yield cubes for selling it: 1 for a shrub, 2 for a tree."""
        return 2 if self.is_tree else 1

    @property
    def male(self) -> bool:
        return self.sex == "male"

    @property
    def cross(self) -> bool:
        return bool(self.partner)

    def is_taxon(self, taxon: str) -> bool:
        """Whether this card is the species or genus named ``taxon``."""
        return taxon in (self.name, self.genus)

    def pollinates(self, other: Card) -> bool:
        """Whether this card is a partner for ``other``: of its partner taxon and not female
        (a female plant gives no pollen; ruling W8)."""
        return bool(other.partner) and self.id != other.id and self.sex != "female" and self.is_taxon(other.partner)

    def __str__(self) -> str:
        return f"{self.common} ({self.name}{' ♂' if self.male else ' ♀' if self.sex == 'female' else ''})"


@dataclass(frozen=True, slots=True)
class Task:
    """An additional task: 10 points for strictly the most plants matching it."""

    name: str
    sizes: tuple[int, ...] = ()
    fruits: tuple[str, ...] = ()
    nitrogen: bool = False
    leaf: bool = False
    cross: bool = False

    def matches(self, card: Card) -> bool:
        return ((card.size in self.sizes) or (card.fruit in self.fruits and card.fruit != "")
                or (self.nitrogen and card.nitrogen) or (self.leaf and card.leaf)
                or (self.cross and card.cross))


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every card (``cards[i].id == i``) and the tasks."""

    name: str
    cards: tuple[Card, ...]
    tasks: tuple[Task, ...]
    text: str = ""
    """The TOML text it was parsed from (records carry it, so a game replays on its own cards)."""

    def of(self, continent: str) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards if c.continent == continent)


def _check(problems: list[Problem], src: str, key: str, ok: bool, msg: str) -> bool:
    if not ok:
        problems.append(Problem(src, key, msg))
    return ok


def _int(problems: list[Problem], src: str, key: str, d: dict[str, Any], lo: int, hi: int,
         default: int | None = None) -> int:
    v = d.get(key.rsplit(".", 1)[-1], default)
    if v is None:
        problems.append(Problem(src, key, "missing"))
        return lo
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        problems.append(Problem(src, key, f"must be a whole number {lo}..{hi}, not {v!r}"))
        return lo
    return v


def _str(problems: list[Problem], src: str, key: str, d: dict[str, Any], choices: Iterable[str] | None = None,
         default: str | None = None) -> str:
    v = d.get(key.rsplit(".", 1)[-1], default)
    if v is None:
        problems.append(Problem(src, key, "missing"))
        return ""
    if not isinstance(v, str) or not v.strip():
        problems.append(Problem(src, key, f"must be a non-empty text, not {v!r}"))
        return ""
    if choices is not None and v not in choices:
        problems.append(Problem(src, key, f"{v!r} is not one of {', '.join(choices)}"))
    return v


def _bool(problems: list[Problem], src: str, key: str, d: dict[str, Any]) -> bool:
    v = d.get(key.rsplit(".", 1)[-1], False)
    if not isinstance(v, bool):
        problems.append(Problem(src, key, f"must be true or false, not {v!r}"))
        return False
    return v


def _card(problems: list[Problem], src: str, i: int, raw: Any, first_id: int) -> list[Card]:
    """Entry ``card[i]``: its copies (ids from ``first_id``), problems added to ``problems``."""
    k = f"card[{i}]"
    if not isinstance(raw, dict):
        problems.append(Problem(src, k, "must be a table"))
        return []
    for extra in sorted(set(raw) - _CARD_KEYS):
        problems.append(Problem(src, f"{k}.{extra}", "unknown key"))
    sci = _str(problems, src, f"{k}.name", raw)
    k = f"card[{i}] {sci}" if sci else k
    common = _str(problems, src, f"{k}.common", raw, default=sci or "?")
    german = _str(problems, src, f"{k}.german", raw, default=common)
    cont = _str(problems, src, f"{k}.continent", raw, CONTINENTS)
    size = _int(problems, src, f"{k}.size", raw, 1, 5)
    sex = _str(problems, src, f"{k}.sex", raw, SEXES, default="both")
    value = _int(problems, src, f"{k}.value", raw, 0, 20)
    bonus = _int(problems, src, f"{k}.bonus", raw, 0, 20, default=0)
    flower = _str(problems, src, f"{k}.flower", raw, COLOURS)
    flowering = _int(problems, src, f"{k}.flowering", raw, 0, 9)
    leaf = _bool(problems, src, f"{k}.leaf", raw)
    nitrogen = _bool(problems, src, f"{k}.nitrogen", raw)
    partner = _str(problems, src, f"{k}.partner", raw, default="-") if "partner" in raw else ""
    copies = _int(problems, src, f"{k}.copies", raw, 1, MAX_CARDS, default=1)
    if sex == "male":
        for key in ("fruit", "harvest", "partner", "bonus"):
            _check(problems, src, f"{k}.{key}", key not in raw, "a male plant bears no fruit: leave it out")
        fruit, harvest = "", -1
    else:
        fruit = _str(problems, src, f"{k}.fruit", raw, FRUITS)
        harvest = _int(problems, src, f"{k}.harvest", raw, 0, 9)
    _check(problems, src, f"{k}.bonus", not bonus or bool(partner),
           "a partner bonus needs a partner (the card's required partner plant)")
    return [Card(first_id + n, sci, common, german, cont, size, sex, value, bonus, flower, flowering, fruit,
                 harvest, leaf, partner, nitrogen) for n in range(copies)]


def _deck_problems(problems: list[Problem], src: str, cards: list[Card], box_differs: bool = False) -> None:
    """The deck as a whole: its size, the rules' counts per continent and size (unless the table's
    box was found to differ from them), every partner."""
    if len(cards) > MAX_CARDS:
        problems.append(Problem(src, "card", f"{len(cards)} cards, at most {MAX_CARDS}"))
    if box_differs:  # the overview's counts are the file's, the box on the table holds other ones
        _partner_problems(problems, src, cards)
        return
    counts: dict[tuple[str, int], int] = {}
    for c in cards:
        counts[(c.continent, c.size)] = counts.get((c.continent, c.size), 0) + 1
    for (cont, size), want in COUNTS.items():
        got = counts.get((cont, size), 0)
        _check(problems, src, f"{cont} {SIZE_NAMES[size]}s", got == want,
               f"{got} cards, the rules' overview has {want}")
    _partner_problems(problems, src, cards)


def _partner_problems(problems: list[Problem], src: str, cards: list[Card]) -> None:
    """Every cross-pollinator can meet a partner somewhere in the deck."""
    seen: set[str] = set()
    for c in cards:
        if c.partner and c.name not in seen:
            seen.add(c.name)
            _check(problems, src, f"{c.name}.partner", any(o.pollinates(c) for o in cards),
                   f"no card can pollinate it: no other non-female {c.partner!r} card in the deck")


def _task(problems: list[Problem], src: str, i: int, raw: Any) -> Task | None:
    """Entry ``task[i]``, or None when it is not a table."""
    k = f"task[{i}]"
    if not isinstance(raw, dict):
        problems.append(Problem(src, k, "must be a table"))
        return None
    for extra in sorted(set(raw) - _TASK_KEYS):
        problems.append(Problem(src, f"{k}.{extra}", "unknown key"))
    tname = _str(problems, src, f"{k}.name", raw)
    sizes = raw.get("sizes", [])
    fruits = raw.get("fruits", [])
    if not _check(problems, src, f"{k}.sizes", isinstance(sizes, list) and all(s in SIZES for s in sizes),
                  f"must list size classes 1..5, not {sizes!r}"):
        sizes = []
    if not _check(problems, src, f"{k}.fruits", isinstance(fruits, list) and all(f in FRUITS for f in fruits),
                  f"must list fruit types ({', '.join(FRUITS)}), not {fruits!r}"):
        fruits = []
    task = Task(tname, tuple(sizes), tuple(fruits), _bool(problems, src, f"{k}.nitrogen", raw),
                _bool(problems, src, f"{k}.leaf", raw), _bool(problems, src, f"{k}.cross", raw))
    _check(problems, src, k, bool(task.sizes or task.fruits or task.nitrogen or task.leaf or task.cross),
           "a task needs something to count (sizes, fruits, nitrogen, leaf or cross)")
    return task


def parse_cards(text: str, source: str = "cards.toml") -> CardSet:
    """Validate a card file's TOML text; DataError listing every problem at once."""
    src = source
    data = load_toml(text, src)
    problems: list[Problem] = []
    for key in data:
        _check(problems, src, key, key in ("deck", "card", "task"), "unknown table (expected deck, card, task)")
    deck = data.get("deck", {})
    name = deck.get("name", "unnamed") if isinstance(deck, dict) else "unnamed"
    raw_cards = data.get("card", [])
    if not _check(problems, src, "card", isinstance(raw_cards, list) and bool(raw_cards), "no [[card]] entries"):
        raw_cards = []
    cards: list[Card] = []
    for i, raw in enumerate(raw_cards):
        cards += _card(problems, src, i, raw, len(cards))
    box_differs = isinstance(deck, dict) and deck.get("box_differs") is True
    _deck_problems(problems, src, cards, box_differs)
    raw_tasks = data.get("task", [])
    if not _check(problems, src, "task", isinstance(raw_tasks, list) and len(raw_tasks) >= 7,
                  "at least 7 [[task]] entries (one per player)"):
        raw_tasks = raw_tasks if isinstance(raw_tasks, list) else []
    tasks = [t for t in (_task(problems, src, i, raw) for i, raw in enumerate(raw_tasks)) if t is not None]
    if problems:
        raise DataError(problems)
    return CardSet(str(name), tuple(cards), tuple(tasks), text)
