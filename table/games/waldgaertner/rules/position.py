"""A Waldgärtner position: everything that changes during a game (:class:`Board`) and what can
be read from it (:class:`Position`: gardens, storage, decks, scores); ``game.State`` moves it on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.engine.state import SnapshotState
from table.games.waldgaertner.rules.cards import Card
from table.games.waldgaertner.rules.config import Config, Score

CHANCE = -1
TERMINAL = -4
ROUNDS = 21
"""Phases 0..9, 0..9, 0: the indicator reaches winter again after two runs."""
DECK_SIZE = 32
DARK_CUBES = 20
"""Dark (value 2) cubes in the box; a nitrogen fixer places one only while some are left (W9)."""
ALT_COST = 1
SEARCH_COST = 3
SALE_PRICE = 3
BONUS_DRAW = 7
TASK_POINTS = 10
ROW_CAPACITY = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
"""Row r holds the plants of size class r: 5 small shrubs … 1 large tree (15 planting areas)."""
RECORD_FORMAT = "waldgaertner-record/1"

NO_OFFER, FINAL = 1, 2  # flags of a "play" job
Job = tuple[str, int, int]


def deck_continents(players: int, choice: str) -> tuple[str, ...]:
    """The continent of each supply deck (deck i on die face min(i + 1, 6)). ``choice`` is the
    continent the rules leave open: the 2-player deck, Asia's partner with 5, the continent
    halved with 6 (ruling W3)."""
    other = "NA" if choice == "EU" else "EU"
    return {2: (choice,) * 2, 3: ("AS",) * 3, 4: ("EU", "EU", "NA", "NA"), 5: ("AS",) * 3 + (choice,) * 2,
            6: ("AS",) * 3 + (other,) * 2 + (choice,), 7: ("AS",) * 3 + ("EU",) * 2 + ("NA",) * 2}[players]


@dataclass
class Board:
    """Everything that changes during a game (snapshotted for undo)."""

    jobs: list[Job]
    known: list[list[int]]
    unknown: list[int]
    pools: dict[str, list[int]]
    offer: list[int]
    hand: list[int]
    new: list[int]
    storage: list[int]
    garden: list[dict[tuple[int, int], int]]
    cubes: list[dict[int, int]]
    dark: list[set[tuple[int, int]]]
    planted: list[dict[int, int]]
    bonus_done: list[list[bool]]
    task: list[int]
    die: list[int]
    round: int = 1
    discard: list[int] = field(default_factory=list)
    tasks_left: list[int] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)
    sale: tuple[int, int, int] = (-1, -1, -1)  # seller, card, buyer
    over: bool = False


def slots(row: int) -> int:
    """Planting positions in a row: its capacity plus the one additional plant (row 6: one)."""
    return 1 if row == 6 else ROW_CAPACITY[row] + 1


class Position(SnapshotState[Board]):
    """What can be read from a Waldgärtner game; :class:`~table.games.waldgaertner.rules.game.State`
    adds the rules that move it on."""

    config: Config
    cards: tuple[Card, ...]
    decks: tuple[str, ...]

    @property
    def round(self) -> int:
        return self.t.round

    @property
    def year_phase(self) -> int:
        """The annual phase shown by the indicator (0 winter, 1 early spring … 9 late autumn)."""
        return (self.t.round - 1) % 10

    @property
    def step(self) -> str:
        """What the game waits for: the kind of the next job ("over" at the end)."""
        return "over" if self.t.over else self.t.jobs[0][0]

    def card(self, cid: int) -> Card:
        return self.cards[cid]

    def deck_size(self, d: int) -> int:
        """Face-down cards in supply deck ``d`` (the face-up offer not counted)."""
        return len(self.t.known[d]) + self.t.unknown[d]

    def offer(self, d: int) -> int:
        return self.t.offer[d]

    def storage(self, seat: int) -> int:
        """The value of the seat's stored cubes (cubes exchange freely: only the value counts, W2)."""
        return self.t.storage[seat]

    def hand(self, seat: int) -> int:
        return self.t.hand[seat]

    def pending(self, seat: int) -> int:
        """The card the seat has received and must play now (-1 for none)."""
        return self.t.new[seat]

    def garden(self, seat: int) -> dict[tuple[int, int], int]:
        """(row, position) -> card id."""
        return dict(self.t.garden[seat])

    def cube_fields(self, seat: int) -> dict[int, int]:
        """card id -> value of the cube on its cube field."""
        return dict(self.t.cubes[seat])

    def waiting_dark(self, seat: int) -> set[tuple[int, int]]:
        """Planting areas with a nitrogen fixer's dark cube waiting for the next bloom there."""
        return set(self.t.dark[seat])

    def garden_cubes(self, seat: int) -> int:
        """The value of the cubes on the seat's cube fields (the "future yields")."""
        return sum(self.t.cubes[seat].values())

    @property
    def sale_offer(self) -> tuple[int, int, int]:
        """Direct sale waiting for the buyer's answer: (seller, card, buyer); -1s for none."""
        return self.t.sale

    def task(self, seat: int) -> int:
        return self.t.task[seat]

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self.t.discard)

    def dark_left(self) -> int:
        """Dark cubes still in the general supply (those in gardens are out; stored ones are
        exchanged freely and count as back in the supply, W9)."""
        used = sum(len(d) for d in self.t.dark) + sum(1 for f in self.t.cubes for v in f.values() if v == 2)
        return DARK_CUBES - used

    def partner_present(self, seat: int, cid: int) -> bool:
        """Whether card ``cid``'s required partner grows in the seat's garden (W8)."""
        c = self.cards[cid]
        return any(self.cards[o].pollinates(c) for o in self.t.garden[seat].values())

    def colours(self, seat: int) -> set[str]:
        return {self.cards[c].flower for c in self.t.garden[seat].values()}

    def fruits(self, seat: int) -> set[str]:
        return {self.cards[c].fruit for c in self.t.garden[seat].values() if self.cards[c].fruit}

    def bonus_thresholds(self) -> tuple[int, int]:
        """(flower colours, fruit types) for a bonus action: (5, 6); (4, 5) with 2 players."""
        return (4, 5) if self.players == 2 else (5, 6)

    def plant_spots(self, seat: int, cid: int) -> list[tuple[int, int, int]]:
        """Where card ``cid`` may be planted: (row, position, fee), fee already affordable."""
        c = self.cards[cid]
        row = c.size
        g = self.t.garden[seat]
        in_row = [p for (r, p) in g if r == row]
        cap = ROW_CAPACITY[row]
        store = self.t.storage[seat]
        if len(in_row) < cap:
            return [(row, p, 0) for p in range(slots(row)) if (row, p) not in g]
        if len(in_row) == cap:
            male = any(self.cards[g[(row, p)]].male for p in in_row)
            fee = 0 if male else row
            return [(row, p, fee) for p in range(slots(row)) if (row, p) not in g and store >= fee]
        if row == 5 and (6, 0) not in g and store >= 6:
            return [(6, 0, 6)]
        return []

    def _play_cards(self, seat: int) -> list[int]:
        return [c for c in (self.t.hand[seat], self.t.new[seat]) if c >= 0]

    # ------------------------------------------------------------------------------------------
    # scoring
    def task_winner(self, seat: int) -> bool:
        """Whether the seat's task is met: strictly more matching plants than every other seat."""
        k = self.t.task[seat]
        if k < 0:
            return False
        task = self.config.cards.tasks[k]
        counts = [sum(task.matches(self.cards[c]) for c in g.values()) for g in self.t.garden]
        return all(counts[seat] > counts[o] for o in range(self.players) if o != seat)

    def score(self, seat: int) -> Score:
        g = self.t.garden[seat].values()
        plants = sum(self.cards[c].value for c in g)
        partners = sum(self.cards[c].bonus for c in g if self.cards[c].bonus and self.partner_present(seat, c))
        storage = self.t.storage[seat]
        task = TASK_POINTS if self.task_winner(seat) else 0
        return Score(plants, partners, storage, task, plants + partners + storage + task)

    def scores(self) -> tuple[Score, ...]:
        return tuple(self.score(s) for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        totals = [s.total for s in self.scores()]
        return tuple(s for s in range(self.players) if totals[s] == max(totals))

    def returns(self) -> list[float]:
        if not self.t.over:
            return [0.0] * self.players
        return [float(s.total) for s in self.scores()]

    # ------------------------------------------------------------------------------------------
    # plain data
    def summary(self) -> dict[str, Any]:
        """The whole state as plain data (two states with equal summaries are the same game)."""
        t = self.t
        return {"jobs": [list(j) for j in t.jobs], "round": t.round, "known": [sorted(k) for k in t.known],
                "unknown": t.unknown[:], "pools": {k: v[:] for k, v in t.pools.items()}, "offer": t.offer[:],
                "hand": t.hand[:], "new": t.new[:], "storage": t.storage[:],
                "garden": [sorted(g.items()) for g in t.garden], "cubes": [sorted(f.items()) for f in t.cubes],
                "dark": [sorted(d) for d in t.dark], "bonus": [b[:] for b in t.bonus_done], "task": t.task[:],
                "die": t.die[:], "discard": t.discard[:], "drawn": t.drawn[:], "sale": list(t.sale),
                "over": t.over, "events": len(self.events), "history": len(self.history)}

    def __str__(self) -> str:
        return (f"<Waldgärtner {self.players}p round {self.t.round} phase {self.year_phase} {self.step} "
                f"storage {self.t.storage}>")
