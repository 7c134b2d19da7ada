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

import random
from collections.abc import Callable
from typing import Any, ClassVar

from table.engine.errors import IllegalActionError
from table.engine.state import ActionCodec, replay_record
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.cards import LEAF_PHASE
from table.games.waldgaertner.rules.config import Config
from table.games.waldgaertner.rules.position import (
    ALT_COST,
    BONUS_DRAW,
    CHANCE,
    DECK_SIZE,
    FINAL,
    NO_OFFER,
    RECORD_FORMAT,
    ROUNDS,
    SALE_PRICE,
    SEARCH_COST,
    TERMINAL,
    Board,
    Job,
    Position,
    deck_continents,
    slots,
)

_CHANCES = {"task", "draw", "reveal", "bdraw", "sdeal"}

def _round_jobs(n: int, first: bool = False) -> list[Job]:
    jobs: list[Job] = [] if first else [("phase", 0, 0)]
    return jobs + [("reveal", 0, d) for d in range(n)] + [("die", s, 0) for s in range(n)] + [("resolve", 0, 0)]


class State(Position):
    """A Waldgärtner game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back.

    With ``rng`` every chance node is sampled from it as soon as it comes up (the outcomes go into
    :attr:`history`, so a record replays without the rng)."""

    RECORD_FORMAT = RECORD_FORMAT
    ACTIONS: ClassVar[ActionCodec | None] = A
    SHOWN_LEGAL = 8
    config: Config

    def __init__(self, config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> None:
        n = config.players
        self.cards = config.cards.cards
        self.decks = deck_continents(n, config.choice)
        pools = {c: sorted(config.cards.of(c)) for c in sorted(set(self.decks))}
        jobs: list[Job] = [("task", s, 0) for s in range(n)] if config.tasks else []
        jobs += [("start", s, 0) for s in range(n)]
        jobs += _round_jobs(n, first=True)
        table = Board(jobs=jobs, known=[[] for _ in self.decks], unknown=[DECK_SIZE] * n, pools=pools,
                       offer=[-1] * n, hand=[-1] * n, new=[-1] * n, storage=[1] * n,
                       garden=[{} for _ in range(n)], cubes=[{} for _ in range(n)], dark=[set() for _ in range(n)],
                       planted=[{} for _ in range(n)], bonus_done=[[False, False] for _ in range(n)],
                       task=[-1] * n, die=[-1] * n, tasks_left=list(range(len(config.cards.tasks))))
        self._begin(config, table, E.GameStarted(n, self.decks), rng, keep_undo)
        self._settle()
        self._sample_chances()

    def current_player(self) -> int:
        if self.t.over:
            return TERMINAL
        kind, seat, _ = self.t.jobs[0]
        return CHANCE if kind in _CHANCES else seat

    def legal_actions(self) -> list[int]:
        t = self.t
        if t.over:
            return []
        kind, seat, arg = t.jobs[0]
        if kind in _CHANCES:
            return sorted(a for a, _ in self.chance_outcomes())
        return _CHOICES[kind](self, seat, arg)

    def _die_choices(self, seat: int, arg: int) -> list[int]:
        out = [A.DECK + d for d in range(self.players) if self.t.offer[d] >= 0]
        if self.t.storage[seat] >= ALT_COST:
            out.append(A.SPECIAL)
        return out or [A.PASS]

    def _play_choices(self, seat: int, arg: int) -> list[int]:
        t = self.t
        out = []
        for c in self._play_cards(seat):
            out.append(A.SELL + c)
            out += [A.plant(c, r, p) for r, p, _ in self.plant_spots(seat, c)]
            if self.config.direct_sale and not arg & (NO_OFFER | FINAL):
                out += [A.offer(c, b) for b in range(self.players)
                        if b != seat and t.storage[b] >= SALE_PRICE and t.new[b] < 0]
        return sorted(out)

    def _special_choices(self, seat: int, arg: int) -> list[int]:
        t = self.t
        decks = [d for d in range(self.players) if self.deck_size(d)]
        out = [A.FORGO]
        if t.storage[seat] >= ALT_COST and decks:
            out.append(A.ALT)
        if t.storage[seat] >= SEARCH_COST:
            out += [A.SEARCH + d for d in decks]
            if t.discard:
                out.append(A.SEARCH + A.DISCARD_PILE)
        return sorted(out)

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
        raise IllegalActionError("not a chance node")

    # ------------------------------------------------------------------------------------------
    # applying actions
    def _where(self) -> str:
        return self.step

    def _advance(self, action: int) -> None:
        kind, seat, arg = self.t.jobs.pop(0)
        getattr(self, "_do_" + kind)(seat, arg, action)
        self._settle()

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
            self._push(*_round_jobs(self.players))

    def _auto_score(self) -> None:
        self.t.over = True
        self.t.jobs = []
        sc = self.scores()
        self._emit(E.GameOver(tuple(s.total for s in sc), self.winners()))


def new_game(config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> State:
    """A new game (with ``rng``, every chance node is sampled as it comes up)."""
    return State(config, rng, keep_undo=keep_undo)


def replay(record: Any) -> State:
    """Rebuild a game from :meth:`State.to_record`; RecordError (a ValueError) on any problem."""
    return replay_record(record, fmt=RECORD_FORMAT, title="Waldgärtner", read_config=Config.from_dict, start=State)


_CHOICES: dict[str, Callable[[State, int, int], list[int]]] = {
    "start": lambda s, seat, arg: [A.DECK + d for d in range(s.players) if s.deck_size(d)],
    "die": State._die_choices,
    "play": State._play_choices,
    "buyer": lambda s, seat, arg: [A.BUY, A.DECLINE],
    "bonus": lambda s, seat, arg: [A.BONUS + d for d in range(s.players) if s.deck_size(d)],
    "bchoose": lambda s, seat, arg: sorted({A.CHOOSE + c for c in s.t.drawn}),
    "special": State._special_choices,
    "achoose": lambda s, seat, arg: sorted(A.CHOOSE + c for c in s.t.offer if c >= 0),
    "schoose": lambda s, seat, arg: sorted({A.CHOOSE + c for c in (s.t.discard if arg == A.DISCARD_PILE
                                                                  else s.t.known[arg])}),
}
"""A seat's choices per kind of job (chance jobs and the end are handled before)."""
