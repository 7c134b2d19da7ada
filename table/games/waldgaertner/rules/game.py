"""Waldgärtner (2–7 players): the full game as an OpenSpiel-style state (``docs/waldgaertner.md``).

Every card turned from a supply deck and every task card dealt is a chance action (``card 17``,
``task 3``). The simultaneous die choice is a sequence of hidden choices in seat order: each
choice is logged as :class:`~.events.DieChosen` without its number until the last seat has
chosen, then :class:`~.events.DiceRevealed` shows them all. Rulings W1, W2, … are in the doc.

Supply decks are kept as *unordered* piles (ruling W12): a deck is the cards known to be in it
(cards returned to it, cards seen by a search) plus a number of still unseen cards drawn from
its continent's pool, and the top card is uniform over all of them. That is exactly the
distribution of a shuffled deck for everyone who has not looked, and it makes each card turned
one chance action.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from table.engine.errors import ActionParseError, IllegalActionError, RecordError
from table.engine.events import Event
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.cards import LEAF_PHASE, Card, CardSet, parse_cards

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

_DECISIONS = {"start", "die", "play", "buyer", "bonus", "bchoose", "special", "achoose", "schoose"}
_CHANCES = {"task", "draw", "reveal", "bdraw", "sdeal"}
NO_OFFER, FINAL = 1, 2  # flags of a "play" job


def deck_continents(players: int, choice: str) -> tuple[str, ...]:
    """The continent of each supply deck (deck i on die face min(i + 1, 6)). ``choice`` is the
    continent the rules leave open: the 2-player deck, Asia's partner with 5, the continent
    halved with 6 (ruling W3)."""
    other = "NA" if choice == "EU" else "EU"
    return {2: (choice,) * 2, 3: ("AS",) * 3, 4: ("EU", "EU", "NA", "NA"), 5: ("AS",) * 3 + (choice,) * 2,
            6: ("AS",) * 3 + (other,) * 2 + (choice,), 7: ("AS",) * 3 + ("EU",) * 2 + ("NA",) * 2}[players]


@dataclass(frozen=True, slots=True)
class Config:
    """How a game is set up. ``cards``: the card set (``table.games.waldgaertner.files.load_cards()``);
    ``choice``: "EU" or "NA", see :func:`deck_continents`; ``tasks``: the "Additional tasks"
    extension; ``direct_sale``: the variant "Direct Sale"."""

    players: int
    cards: CardSet
    choice: str = "EU"
    tasks: bool = False
    direct_sale: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 7:
            raise ValueError(f"Waldgärtner is for 2 to 7 players, not {self.players}")
        if self.choice not in ("EU", "NA"):
            raise ValueError(f"choice is 'EU' or 'NA', not {self.choice!r}")
        if self.tasks and len(self.cards.tasks) < self.players:
            raise ValueError(f"{len(self.cards.tasks)} tasks cannot serve {self.players} players")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "choice": self.choice, "tasks": self.tasks,
                "direct_sale": self.direct_sale, "cards": self.cards.text}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Config:
        if not isinstance(d, dict) or not isinstance(d.get("cards"), str):
            raise ValueError("a Waldgärtner config is an object with players, choice, tasks, direct_sale, cards")
        return cls(players=int(d["players"]), cards=parse_cards(d["cards"], "record"),
                   choice=str(d.get("choice", "EU")), tasks=bool(d.get("tasks", False)),
                   direct_sale=bool(d.get("direct_sale", False)))


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's final points: yield values of its plants, partner bonuses (partner present at
    the end), storage (1 point per cube value), the task's 10 points."""

    plants: int
    partners: int
    storage: int
    task: int
    total: int


Job = tuple[str, int, int]


@dataclass
class _Table:
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


class State:
    """A Waldgärtner game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back.

    With ``rng`` every chance node is sampled from it as soon as it comes up (the outcomes go into
    :attr:`history`, so a record replays without the rng)."""

    def __init__(self, config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> None:
        n = config.players
        self.config = config
        self.cards: tuple[Card, ...] = config.cards.cards
        self.rng = rng
        self.keep_undo = keep_undo
        self.decks = deck_continents(n, config.choice)
        pools = {c: sorted(config.cards.of(c)) for c in sorted(set(self.decks))}
        jobs: list[Job] = [("task", s, 0) for s in range(n)] if config.tasks else []
        jobs += [("start", s, 0) for s in range(n)]
        jobs += self._round_jobs(first=True)
        self.t = _Table(jobs=jobs, known=[[] for _ in self.decks], unknown=[DECK_SIZE] * n, pools=pools,
                        offer=[-1] * n, hand=[-1] * n, new=[-1] * n, storage=[1] * n,
                        garden=[{} for _ in range(n)], cubes=[{} for _ in range(n)], dark=[set() for _ in range(n)],
                        planted=[{} for _ in range(n)], bonus_done=[[False, False] for _ in range(n)],
                        task=[-1] * n, die=[-1] * n, tasks_left=list(range(len(config.cards.tasks))))
        self.events: list[Event] = [E.GameStarted(n, self.decks)]
        self.history: list[int] = []
        self._undo: list[tuple[_Table, int]] = []
        self._settle()
        if rng is not None:
            while self.is_chance():
                self._step(self.sample_chance(rng))

    def _round_jobs(self, first: bool = False) -> list[Job]:
        n = self.config.players
        jobs: list[Job] = [] if first else [("phase", 0, 0)]
        return jobs + [("reveal", 0, d) for d in range(n)] + [("die", s, 0) for s in range(n)] + [("resolve", 0, 0)]

    # ------------------------------------------------------------------------------------------
    # queries
    @property
    def players(self) -> int:
        return self.config.players

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

    def current_player(self) -> int:
        if self.t.over:
            return TERMINAL
        kind, seat, _ = self.t.jobs[0]
        return CHANCE if kind in _CHANCES else seat

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.t.over

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

    def legal_actions(self) -> list[int]:
        t = self.t
        if t.over:
            return []
        kind, seat, arg = t.jobs[0]
        if kind in _CHANCES:
            return sorted(a for a, _ in self.chance_outcomes())
        n = self.players
        if kind == "start":
            return [A.DECK + d for d in range(n) if self.deck_size(d)]
        if kind == "die":
            out = [A.DECK + d for d in range(n) if t.offer[d] >= 0]
            if t.storage[seat] >= ALT_COST:
                out.append(A.SPECIAL)
            return out or [A.PASS]
        if kind == "play":
            out = []
            cards = self._play_cards(seat)
            for c in cards:
                out.append(A.SELL + c)
                out += [A.plant(c, r, p) for r, p, _ in self.plant_spots(seat, c)]
                if self.config.direct_sale and not arg & (NO_OFFER | FINAL):
                    out += [A.offer(c, b) for b in range(n)
                            if b != seat and t.storage[b] >= SALE_PRICE and t.new[b] < 0]
            return sorted(out)
        if kind == "buyer":
            return [A.BUY, A.DECLINE]
        if kind == "bonus":
            return [A.BONUS + d for d in range(n) if self.deck_size(d)]
        if kind == "bchoose":
            return sorted({A.CHOOSE + c for c in t.drawn})
        if kind == "special":
            out = [A.FORGO]
            if t.storage[seat] >= ALT_COST and any(self.deck_size(d) for d in range(n)):
                out.append(A.ALT)
            if t.storage[seat] >= SEARCH_COST:
                out += [A.SEARCH + d for d in range(n) if self.deck_size(d)]
                if t.discard:
                    out.append(A.SEARCH + A.DISCARD_PILE)
            return sorted(out)
        if kind == "achoose":
            return sorted(A.CHOOSE + c for c in t.offer if c >= 0)
        if kind == "schoose":
            pile = t.discard if arg == A.DISCARD_PILE else t.known[arg]
            return sorted({A.CHOOSE + c for c in pile})
        raise AssertionError(f"no decisions in job {kind}")  # pragma: no cover

    def _deck_outcomes(self, d: int) -> list[tuple[int, float]]:
        t = self.t
        size = self.deck_size(d)
        out = [(A.CARD + c, 1 / size) for c in t.known[d]]
        if t.unknown[d]:
            pool = t.pools[self.decks[d]]
            out += [(A.CARD + c, t.unknown[d] / size / len(pool)) for c in pool]
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A card turned: uniform over the deck's face-down cards (W12); a task: uniform."""
        t = self.t
        if t.over:
            return []
        kind, _, arg = t.jobs[0]
        if kind == "task":
            return [(A.TASK + k, 1 / len(t.tasks_left)) for k in t.tasks_left]
        if kind == "sdeal":
            pool = t.pools[self.decks[arg]]
            return [(A.CARD + c, 1 / len(pool)) for c in pool]
        if kind in _CHANCES:
            return self._deck_outcomes(arg)
        return []

    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn with ``rng`` with the probabilities of :meth:`chance_outcomes`."""
        t = self.t
        kind, _, arg = t.jobs[0]
        if kind == "task":
            return A.TASK + t.tasks_left[rng.randrange(len(t.tasks_left))]
        if kind == "sdeal":
            pool = t.pools[self.decks[arg]]
            return A.CARD + pool[rng.randrange(len(pool))]
        if kind in _CHANCES:
            i = rng.randrange(self.deck_size(arg))
            if i < len(t.known[arg]):
                return A.CARD + t.known[arg][i]
            pool = t.pools[self.decks[arg]]
            return A.CARD + pool[rng.randrange(len(pool))]
        raise ValueError("not a chance node")

    def action_to_string(self, action: int) -> str:
        return A.to_text(action)

    def string_to_action(self, text: str) -> int:
        return A.from_text(text)

    # ------------------------------------------------------------------------------------------
    # applying actions
    def apply(self, action: int | str) -> list[Event]:
        """Apply one action (int or text); returns the events it caused (and, with an rng, the
        chance actions sampled after it). IllegalActionError if the rules do not allow it."""
        if isinstance(action, str):
            action = A.from_text(action)
        legal = self.legal_actions()
        if action not in legal:
            try:
                text = A.to_text(action)
            except ActionParseError:
                text = repr(action)
            shown = ", ".join(A.to_text(a) for a in legal[:8])
            raise IllegalActionError(f"{text} is not allowed now ({self.step}; "
                                     f"legal: {shown or 'nothing, the game is over'})")
        n = len(self.events)
        self._step(action)
        if self.rng is not None:
            while self.is_chance():
                self._step(self.sample_chance(self.rng))
        return self.events[n:]

    def _step(self, action: int) -> None:
        if self.keep_undo:
            self._undo.append((copy.deepcopy(self.t), len(self.events)))
        self.history.append(action)
        kind, seat, arg = self.t.jobs.pop(0)
        getattr(self, "_do_" + kind)(seat, arg, action)
        self._settle()

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _push(self, *jobs: Job) -> None:
        self.t.jobs[0:0] = list(jobs)

    def _settle(self) -> None:
        """Run automatic jobs and skip jobs that do not apply, up to the next decision or chance."""
        t = self.t
        while not t.over:
            kind, seat, arg = t.jobs[0]
            if kind in ("phase", "resolve", "specials", "endround", "score"):
                t.jobs.pop(0)
                getattr(self, "_auto_" + kind)()
                continue
            if kind == "reveal" and (t.offer[arg] >= 0 or not self.deck_size(arg)):
                t.jobs.pop(0)
                continue
            if kind in ("draw", "bdraw") and not self.deck_size(arg):
                t.jobs.pop(0)  # W5: an empty deck gives nothing
                if kind == "draw":
                    self._emit(E.CardDrawn(seat, f"deck {arg + 1}", -1, empty=True))
                continue
            if kind == "play" and (not self._play_cards(seat) or (not arg & FINAL and t.new[seat] < 0)):
                t.jobs.pop(0)
                continue
            if kind == "bonus" and not any(self.deck_size(d) for d in range(self.players)):
                t.jobs.pop(0)  # W10: the bonus is lost when every supply deck is empty
                continue
            if kind in ("achoose", "bchoose", "schoose") and not self.legal_actions():
                t.jobs.pop(0)
                continue
            break

    def _take_from_deck(self, d: int, cid: int) -> None:
        t = self.t
        if cid in t.known[d]:
            t.known[d].remove(cid)
        else:
            t.pools[self.decks[d]].remove(cid)
            t.unknown[d] -= 1

    def _receive(self, seat: int, cid: int) -> None:
        t = self.t
        if t.hand[seat] < 0:
            t.hand[seat] = cid
        else:
            t.new[seat] = cid

    # chance jobs
    def _do_task(self, seat: int, arg: int, action: int) -> None:
        k = action - A.TASK
        self.t.tasks_left.remove(k)
        self.t.task[seat] = k
        self._emit(E.TaskDealt(seat))

    def _do_draw(self, seat: int, arg: int, action: int) -> None:
        cid = action - A.CARD
        self._take_from_deck(arg, cid)
        self._receive(seat, cid)
        self._emit(E.CardDrawn(seat, f"deck {arg + 1}", -1))

    def _do_reveal(self, seat: int, arg: int, action: int) -> None:
        cid = action - A.CARD
        self._take_from_deck(arg, cid)
        self.t.offer[arg] = cid
        self._emit(E.CardRevealed(arg, cid))

    def _do_bdraw(self, seat: int, arg: int, action: int) -> None:
        cid = action - A.CARD
        self._take_from_deck(arg, cid)
        self.t.drawn.append(cid)
        self._emit(E.CardDrawn(seat, f"deck {arg + 1} (bonus)", -1))

    def _do_sdeal(self, seat: int, arg: int, action: int) -> None:
        cid = action - A.CARD
        t = self.t
        t.pools[self.decks[arg]].remove(cid)
        t.unknown[arg] -= 1
        t.known[arg].append(cid)

    # decisions
    def _do_start(self, seat: int, arg: int, action: int) -> None:
        self._push(("draw", seat, action - A.DECK))

    def _do_die(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        t.die[seat] = action
        self._emit(E.DieChosen(seat))
        if seat == self.players - 1:
            self._emit(E.DiceRevealed(tuple(A.to_text(a) for a in t.die)))

    def _do_play(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        if A.OFFER <= action < A.PLANT:
            cid, buyer = divmod(action - A.OFFER, 8)
            t.sale = (seat, cid, buyer)
            self._push(("buyer", buyer, seat))
            return
        if action >= A.PLANT:
            cid, rest = divmod(action - A.PLANT, 64)
            row, pos = divmod(rest, 8)
        else:
            cid = action - A.SELL
        other = t.new[seat] if t.hand[seat] == cid else t.hand[seat]
        t.hand[seat], t.new[seat] = other, -1
        if action >= A.PLANT:
            self._plant(seat, cid, row, pos)
        else:
            c = self.cards[cid]
            t.discard.append(cid)
            t.storage[seat] += c.sale
            self._emit(E.CardSold(seat, cid, c.sale))

    def _plant(self, seat: int, cid: int, row: int, pos: int) -> None:
        t = self.t
        fee = next(f for r, p, f in self.plant_spots(seat, cid) if (r, p) == (row, pos))
        t.storage[seat] -= fee
        t.garden[seat][(row, pos)] = cid
        t.planted[seat][cid] = t.round
        self._emit(E.CardPlanted(seat, cid, row, pos, fee))
        if self.cards[cid].nitrogen:  # W7: left and right in the row, once, at planting
            for p in (pos - 1, pos + 1):
                if 0 <= p < slots(row) and (row, p) not in t.dark[seat] and self.dark_left() > 0:
                    t.dark[seat].add((row, p))
                    self._emit(E.NitrogenPlaced(seat, row, p))
        need_colours, need_fruits = self.bonus_thresholds()
        bonuses: list[Job] = []
        for i, (what, have, need) in enumerate((("colours", len(self.colours(seat)), need_colours),
                                                ("fruits", len(self.fruits(seat)), need_fruits))):
            if have >= need and not t.bonus_done[seat][i]:
                t.bonus_done[seat][i] = True
                self._emit(E.BonusEarned(seat, what))
                bonuses.append(("bonus", seat, 0))
        self._push(*bonuses)

    def _do_buyer(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        seller, cid, buyer = t.sale
        t.sale = (-1, -1, -1)
        self._emit(E.DirectSale(seller, buyer, cid, action == A.BUY))
        if action == A.DECLINE:
            self._push(("play", seller, NO_OFFER))
            return
        t.storage[buyer] -= SALE_PRICE
        t.storage[seller] += SALE_PRICE
        other = t.new[seller] if t.hand[seller] == cid else t.hand[seller]
        t.hand[seller], t.new[seller] = other, -1
        t.new[buyer] = cid
        self._push(("play", buyer, NO_OFFER))

    def _do_bonus(self, seat: int, arg: int, action: int) -> None:
        d = action - A.BONUS
        k = min(BONUS_DRAW, self.deck_size(d))
        self._push(*[("bdraw", seat, d)] * k, ("bchoose", seat, d), ("play", seat, 0))

    def _do_bchoose(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        cid = action - A.CHOOSE
        t.drawn.remove(cid)
        t.known[arg] += t.drawn  # W11: the rest go back into that deck, shuffled
        t.drawn = []
        t.new[seat] = cid

    def _do_special(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        n = self.players
        if action == A.FORGO:
            self._emit(E.SpecialAction(seat, "forgone", 0))
        elif action == A.ALT:
            t.storage[seat] -= ALT_COST
            t.discard += [c for c in t.offer if c >= 0]
            t.offer = [-1] * n
            self._emit(E.SpecialAction(seat, "alternative offer", ALT_COST))
            self._push(*[("reveal", 0, d) for d in range(n)], ("achoose", seat, 0), ("play", seat, 0))
        else:
            src = action - A.SEARCH
            t.storage[seat] -= SEARCH_COST
            name = "discard pile" if src == A.DISCARD_PILE else f"deck {src + 1}"
            self._emit(E.SpecialAction(seat, f"search {name}", SEARCH_COST))
            deal: list[Job] = [] if src == A.DISCARD_PILE else [("sdeal", seat, src)] * t.unknown[src]
            self._push(*deal, ("schoose", seat, src), ("play", seat, 0))

    def _do_achoose(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        cid = action - A.CHOOSE
        d = t.offer.index(cid)
        t.offer[d] = -1
        t.new[seat] = cid
        self._emit(E.CardTaken(seat, d, cid, 0))

    def _do_schoose(self, seat: int, arg: int, action: int) -> None:
        t = self.t
        cid = action - A.CHOOSE
        if arg == A.DISCARD_PILE:
            t.discard.remove(cid)
            self._emit(E.CardDrawn(seat, "the discard pile", cid))
        else:
            t.known[arg].remove(cid)
            self._emit(E.CardDrawn(seat, f"deck {arg + 1} (searched)", -1))
        t.new[seat] = cid

    # automatic jobs
    def _auto_phase(self) -> None:
        """Step 1: the indicator moves on; blooms, then harvests (W6: same-phase flowers are
        harvested at once), then the leaf harvest in phase 3."""
        t = self.t
        t.round += 1
        ph = self.year_phase
        self._emit(E.RoundStarted(t.round, ph))
        for s in range(self.players):
            for (row, pos), cid in sorted(t.garden[s].items()):
                c = self.cards[cid]
                if c.flowering != ph or c.male or cid in t.cubes[s] or t.planted[s][cid] >= t.round:
                    continue
                if c.cross and not self.partner_present(s, cid):
                    self._emit(E.BloomedInVain(s, cid))
                    continue
                value = 2 if (row, pos) in t.dark[s] else 1
                t.dark[s].discard((row, pos))
                t.cubes[s][cid] = value
                self._emit(E.Bloomed(s, cid, value))
            for _, cid in sorted(t.garden[s].items()):
                c = self.cards[cid]
                if c.fruit and c.harvest == ph and cid in t.cubes[s]:
                    v = t.cubes[s].pop(cid)
                    t.storage[s] += v
                    self._emit(E.Harvested(s, cid, "fruit", v))
                if c.leaf and ph == LEAF_PHASE:
                    t.storage[s] += 1
                    self._emit(E.Harvested(s, cid, "leaf", 1))

    def _auto_resolve(self) -> None:
        """Step 3's result: single choosers take their card; conflicts go to the largest storage,
        then storage + garden cubes (W2); the winner pays 1 (W4); losers draw from the deck."""
        t = self.t
        n = self.players
        draws: list[Job] = []
        for d in range(n):
            who = [s for s in range(n) if t.die[s] == A.DECK + d]
            if not who:
                continue
            cid = t.offer[d]
            t.offer[d] = -1
            if len(who) == 1:
                self._receive(who[0], cid)
                self._emit(E.CardTaken(who[0], d, cid, 0))
                continue
            key = {s: (t.storage[s], t.storage[s] + self.garden_cubes(s)) for s in who}
            best = max(key.values())
            top = [s for s in who if key[s] == best]
            winner = top[0] if len(top) == 1 and t.storage[top[0]] >= 1 else -1
            self._emit(E.Conflict(d, tuple(who), winner))
            if winner >= 0:
                t.storage[winner] -= 1
                self._receive(winner, cid)
                self._emit(E.CardTaken(winner, d, cid, 1))
            else:
                t.discard.append(cid)
            draws += [("draw", s, d) for s in who if s != winner]
        self._push(*draws, *[("play", s, 0) for s in range(n)], ("specials", 0, 0))

    def _auto_specials(self) -> None:
        """Special actions after every card is taken: most storage first, then storage + garden
        cubes, then seat order from the round's start seat (W13, nobody forfeits)."""
        t = self.t
        n = self.players
        start = (t.round - 1) % n
        who = [s for s in range(n) if t.die[s] == A.SPECIAL]
        who.sort(key=lambda s: (-t.storage[s], -(t.storage[s] + self.garden_cubes(s)), (s - start) % n))
        t.die = [-1] * n
        self._push(*[("special", s, 0) for s in who], ("endround", 0, 0))

    def _auto_endround(self) -> None:
        if self.t.round >= ROUNDS:
            self._push(*[("play", s, FINAL) for s in range(self.players)], ("score", 0, 0))
        else:
            self._push(*self._round_jobs())

    def _auto_score(self) -> None:
        self.t.over = True
        self.t.jobs = []
        sc = self.scores()
        self._emit(E.GameOver(tuple(s.total for s in sc), self.winners()))

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
    # undo, clone, records
    def undo(self) -> int:
        """Take back the last action (chance outcomes one at a time); IndexError at the start."""
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the game")
        if not self.keep_undo:
            raise RuntimeError("this state was made with keep_undo=False")
        table, n = self._undo.pop()
        self.t = copy.deepcopy(table)
        del self.events[n:]
        return self.history.pop()

    def clone(self) -> State:
        """An independent copy without an rng (search supplies its own chance outcomes)."""
        new = State.__new__(State)
        new.config = self.config
        new.cards = self.cards
        new.rng = None
        new.keep_undo = self.keep_undo
        new.decks = self.decks
        new.t = copy.deepcopy(self.t)
        new.events = self.events[:]
        new.history = self.history[:]
        new._undo = self._undo[:]
        return new

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

    def to_record(self) -> dict[str, Any]:
        """The game as JSON data: the config (card file text included) and every action's text."""
        return {"format": RECORD_FORMAT, "config": self.config.to_dict(),
                "actions": [A.to_text(a) for a in self.history]}

    def __str__(self) -> str:
        return (f"<Waldgärtner {self.players}p round {self.t.round} phase {self.year_phase} {self.step} "
                f"storage {self.t.storage}>")


def new_game(config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> State:
    """A new game (with ``rng``, every chance node is sampled as it comes up)."""
    return State(config, rng, keep_undo=keep_undo)


def replay(record: dict[str, Any]) -> State:
    """Rebuild a game from :meth:`State.to_record`; RecordError (a ValueError) on any problem."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a Waldgärtner record (format {RECORD_FORMAT!r} expected)")
    try:
        config = Config.from_dict(record["config"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad config: {exc}") from None
    moves = record.get("actions")
    if not isinstance(moves, list) or not all(isinstance(a, str) for a in moves):
        raise RecordError("actions must be a list of action texts")
    state = State(config)
    for i, text in enumerate(moves, start=1):
        try:
            state.apply(text)
        except (ActionParseError, IllegalActionError) as exc:
            raise RecordError(f"action {i} ({text!r}): {exc}") from None
    return state


def _static_checks() -> None:  # pragma: no cover - mypy checks that the state meets the protocol
    from table.engine.protocol import GameState

    def waldgaertner(state: State) -> GameState:
        return state
