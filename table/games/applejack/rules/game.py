"""The full game: orchards, tiles, honey, supply — one uniform state API for people and bots.

``GameState`` follows OpenSpiel: :meth:`current_player` (a seat, or :data:`CHANCE` when the
supply must give a tile), :meth:`legal_actions`, :meth:`apply`, :meth:`undo`,
:meth:`is_terminal`, :meth:`returns` and :meth:`scores` (the breakdown). Actions are ints
(``table.games.applejack.rules.actions``) with a text form. Randomness is a chance action: whenever a tile
comes out of the supply (setup, a blind draw, a refill, the cottage, the middle trees) the
state waits for ``draw N``; a simulation samples it with its own seeded RNG
(:func:`sample_chance`), a person enters the tile they turned over.

A turn: select (a trough tile, the middle trees, the cottage, or blind) → pay or pasture →
place (space and rotation; beehive links pay at once) → [restock the cottage] → the die moves
(harvests, blossom scoring, new loop, middle space) → [refill draws] → the next turn.
"""

from __future__ import annotations

import random
from typing import Any

from table.engine.errors import IllegalActionError
from table.engine.state import Seated
from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import (
    EMPTY as EMPTY,  # a cell holds tile * 8 + rotation (table.games.applejack.rules.cells)
)
from table.games.applejack.rules.cells import PASTURE_ROT as PASTURE_ROT
from table.games.applejack.rules.config import GameConfig, record_data
from table.games.applejack.rules.data import Board, DataSet, OrchardSide, data_digest
from table.games.applejack.rules.events import (
    BlossomScoring,
    CottageStocked,
    Event,
    FinalScore,
    GameEnded,
    Harvest,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TileTaken,
    Winners,
)
from table.games.applejack.rules.kept import DRAWN, FLIPPED, PAID, PASTURED, PLACED, TAKEN, tile_placed
from table.games.applejack.rules.legal import LegalActions
from table.games.applejack.rules.orchard import Orchards
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.route import Stop, harvest_event, route_for
from table.games.applejack.rules.scoring import FINAL_PIPS, ScoreBreakdown, final_score, winners
from table.games.applejack.rules.setup import D_BLIND as D_BLIND  # the draws' destinations, as ever here
from table.games.applejack.rules.setup import D_COTTAGE, D_MIDDLE, setup_for
from table.games.applejack.rules.setup import START_HONEY as START_HONEY  # the labels read it here
from table.games.applejack.rules.tables import Stats, rules_for
from table.games.applejack.rules.walk import Die, can_restock, middle_reached, refill_of

NO_PAY = tuple((0,) * p for p in range(9))
"""A harvest that pays nobody, by the number of players."""
CHANCE = -1
TERMINAL = -4
PASTURE_HONEY = 2

# the phases (table.games.applejack.rules.phase.Phase) under the names the bots and the companion import
SETUP, SELECT, BLIND_DRAW, PAY, PLACE = Phase.SETUP, Phase.TAKE, Phase.BLIND_DRAW, Phase.PAY, Phase.PLACE
STOCK, STOCK_DRAW, REFILL, OVER = Phase.STOCK, Phase.STOCK_DRAW, Phase.REFILL, Phase.OVER
TROUGH_NAMES = tuple(f"trough {t}" for t in range(9))
_SPAN, _TAKE, _MIDDLE, _BLIND, _COTTAGE, _BUY = A.TILE_SPAN, A.TAKE, A.MIDDLE, A.BLIND, A.COTTAGE, A.BUY
_PLACE, _DRAW = A.PLACE, A.DRAW


class GameState(LegalActions, Orchards, Seated):
    """A game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back."""

    config: GameConfig

    def __init__(self, data: DataSet, config: GameConfig, *, keep_undo: bool = True,
                 log_events: bool = True) -> None:
        setup = setup_for(data, config)  # checks the config
        self.data = data
        self.config = config
        self.rules = rules_for(data)
        self.board: Board = data.boards[config.players]
        self.route = route_for(data, config.players, config.apple_tiles)
        self.apples = self.route.apples
        self.sides: tuple[OrchardSide, ...] = setup.sides
        self.corner_hive: list[dict[int, tuple[int, int]]] = setup.corner_hive
        """Per seat: corner cell -> (edge, beehive value); shared by every game of this config."""
        self.corner_apple: list[dict[int, int]] = setup.corner_apple
        """Per seat: corner cell -> apple variety (individual orchards); shared likewise."""
        self.keep_undo = keep_undo
        self.log_events = log_events
        """False: the frequent per-turn events (turn started, tile taken/paid/placed, refill draws)
        are not recorded — for simulations that only want the outcome. Harvests, scorings and
        the final scoring are always recorded."""
        p = config.players
        self.honey: list[int] = list(START_HONEY[p])
        self.cells: list[list[int]] = [[EMPTY] * hexgrid.CELL_COUNT for _ in range(p)]
        # derived from cells (see set_cell): apples of each variety per seat, an upper bound
        # of any area (corner apples included) so harvests that cannot pay skip the flood fill
        self.apple_totals: list[list[int]] = []
        for corner in self.corner_apple:  # what _recount finds in an empty orchard: the corner apples
            totals = [0] * self.rules.n_varieties
            for variety in corner.values():
                totals[variety] += 1
            self.apple_totals.append(totals)
        self.empties: list[list[int]] = [list(range(hexgrid.CELL_COUNT)) for _ in range(p)]
        """Per seat: the empty cells of the orchard, ascending (derived from cells like apple_totals)."""
        self.troughs: list[list[int]] = [[] for _ in range(self.board.troughs)]
        self.supply: list[int] = list(setup.supply)
        self.middle: list[int] = list(config.kept_tiles)
        self.cottage: list[int] = [EMPTY] * p
        self.seat = 0
        """The seat whose turn it is (also during chance nodes inside that turn)."""
        self.die = Die(1, 1)
        self.turn = 0
        self.phase: Phase = SETUP
        self.held = EMPTY
        self.held_pasture = False
        self.restock = False
        self.draws_due: list[int] = list(setup.draws)
        """Where the tiles still to be drawn go, in order: trough 1-7, D_MIDDLE, D_COTTAGE + seat
        (at first the setup's: the troughs, the middle trees unless kept tiles are there, the cottages)."""
        self.stats = Stats.zero(p)
        self.events: list[Event] = [setup.started]
        self.history: list[int] = []
        self._undo: list[tuple[Any, ...]] = []
        self._final: tuple[ScoreBreakdown, ...] | None = None
        self._after_draws()

    # ------------------------------------------------------------------------------------------
    # queries (``players``: :class:`~table.engine.state.Seated`)
    @property
    def die(self) -> Die:
        """Where the die stands; setting it also sets :attr:`seat` (whose turn it is)."""
        return self._die

    @die.setter
    def die(self, die: Die) -> None:
        self._go(self.route.stop(die))
        self._die = die

    def _go(self, stop: Stop) -> None:
        """The die now stands on ``stop``: whose turn it is, the open troughs."""
        self._stop = stop
        self._die = stop.die
        self.seat = stop.seat
        self.on_middle = stop.on_middle
        """Solo: the die stands on the middle space (its trees are the choice, not troughs)."""
        self._open = stop.open

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (SETUP, BLIND_DRAW, STOCK_DRAW, REFILL):
            return CHANCE
        return self.seat

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def open_troughs(self) -> tuple[int, ...]:
        return self._open

    def next_draw_for(self) -> tuple[str, int] | None:
        """Where the next setup or refill draw goes: ``("trough", 1-7)``, ``("middle", 0)`` or
        ``("cottage", seat)``; None when no such draw is due (blind and restock draws included)."""
        if self.phase not in (SETUP, REFILL) or not self.draws_due:
            return None
        dest = self.draws_due[0]
        if dest == D_MIDDLE:
            return "middle", 0
        if dest >= D_COTTAGE:
            return "cottage", dest - D_COTTAGE
        return "trough", dest

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node: every tile in the supply, equally likely."""
        if not self.is_chance():
            return []
        n = len(self.supply)
        return [(A.DRAW + t, 1.0 / n) for t in sorted(self.supply)]

    def action_to_string(self, action: int) -> str:
        return A.to_text(action)

    def string_to_action(self, text: str) -> int:
        return A.from_text(text)

    # ------------------------------------------------------------------------------------------
    # applying actions
    def apply(self, action: int | str) -> list[Event]:
        """Apply one action (int or text form); returns the events it caused.

        Raises :class:`IllegalActionError` (a ValueError) for an action the rules do not allow.
        """
        if isinstance(action, str):
            action = A.from_text(action)
        action = self.normalise(action)
        if not self._is_legal(action):
            legal = ", ".join(A.to_text(a) for a in self.legal_actions()[:12])
            raise IllegalActionError(
                f"{A.to_text(action) if self._decodable(action) else action} is not allowed in phase "
                f"{self.phase.word} (legal: {legal or 'nothing, the game is over'})")
        n = len(self.events)
        self.apply_fast(action)  # checked legal above: the same step
        return self.events[n:]

    def apply_fast(self, action: int) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`), for simulations."""
        if self.keep_undo:
            self._undo.append(self._snapshot())
        self.history.append(action)
        ph = self.phase  # always a Phase member: compared by identity, the cheapest test
        if ph is PLACE:  # the decisions first: each turn has them, not always draws
            self._place(*divmod(action - _PLACE, 8))
        elif ph is SELECT:
            self._select(action)
        elif ph is PAY:
            self._pay(action)
        elif ph is REFILL or ph is SETUP or ph is BLIND_DRAW or ph is STOCK_DRAW:
            self._draw(action - _DRAW)
        elif ph is STOCK:
            self._stock(action)

    def _draw(self, tile: int) -> None:
        self.supply.remove(tile)
        self._drawn(tile)

    def _drawn(self, tile: int) -> None:
        """``tile`` came out of the supply (and is out of ``supply`` already): where it goes."""
        ph = self.phase
        if ph is BLIND_DRAW:
            self.events.append(DRAWN.get(k := D_BLIND * _SPAN + tile) or DRAWN.keep(k, TileDrawn("hand", tile)))
            self.held = tile
            self.phase = PAY
            return
        if ph is STOCK_DRAW:
            self.events.append(TileDrawn(f"cottage {self.seat + 1}", tile))
            self.cottage[self.seat] = tile
            self.events.append(CottageStocked(self.seat, "supply", None, tile))
            self._end_turn()
            return
        dest = self.draws_due.pop(0)
        if dest < D_MIDDLE:  # a trough
            self.troughs[dest - 1].append(tile)
            if self.log_events:
                self.events.append(DRAWN.get(k := dest * _SPAN + tile)
                                   or DRAWN.keep(k, TileDrawn(TROUGH_NAMES[dest], tile)))
        elif dest == D_MIDDLE:
            self.middle.append(tile)
            self.events.append(DRAWN.get(k := D_MIDDLE * _SPAN + tile)
                               or DRAWN.keep(k, TileDrawn("middle", tile)))
        else:
            self.cottage[dest - D_COTTAGE] = tile
            self.events.append(TileDrawn(f"cottage {dest - D_COTTAGE + 1}", tile))
        if self.draws_due and self.supply:
            return  # more draws to come (the common case inside a refill)
        self._after_draws()

    def _after_draws(self) -> None:
        """Pending draws the supply cannot give are dropped (ruling R1); then the turn starts."""
        if self.draws_due:
            if self.supply:
                self.phase = SETUP if self.turn == 0 and self.phase is SETUP else REFILL
                return
            self.draws_due.clear()
        self.phase = SELECT
        if self.log_events:
            self.events.append(self._stop.turn_started(self.turn + 1))

    def _select(self, action: int) -> None:
        seat = self.seat
        if _TAKE <= action < _MIDDLE:  # a trough tile, the common choice
            trough, tile = divmod(action - _TAKE, _SPAN)
            self.troughs[trough - 1].remove(tile)
            if self.log_events:
                self.events.append(TAKEN.get(k := (action - _TAKE) * 8 + seat)
                                   or TAKEN.keep(k, TileTaken(seat, "trough", trough, tile)))
            self.held = tile
            self.phase = PAY
            return
        if action == _BLIND:
            self.events.append(TAKEN.get(seat) or TAKEN.keep(seat, TileTaken(seat, "blind", None, None)))
            self.phase = BLIND_DRAW
            return
        if action == _COTTAGE:
            tile = self.cottage[seat]
            self.cottage[seat] = EMPTY
            self.restock = True
            self.events.append(TileTaken(seat, "cottage", None, tile))
        else:  # the middle trees (solo)
            tile = action - _MIDDLE
            self.middle.remove(tile)
            self.events.append(TileTaken(seat, "middle", None, tile))
        self.held = tile
        self.phase = PAY

    def _pay(self, action: int) -> None:
        seat, tile = self.seat, self.held
        if action == _BUY:
            price = self.rules.price[tile]
            self.honey[seat] -= price
            self.stats.paid[seat] += price
            self.held_pasture = False
            if self.log_events:
                self.events.append(PAID.get(k := (price * _SPAN + tile) * 8 + seat)
                                   or PAID.keep(k, TilePaid(seat, tile, price)))
        else:
            self.honey[seat] += PASTURE_HONEY
            self.stats.pasture[seat] += PASTURE_HONEY
            self.held_pasture = True
            if self.log_events:
                self.events.append(FLIPPED.get(k := (PASTURE_HONEY * _SPAN + tile) * 8 + seat)
                                   or FLIPPED.keep(k, TileFlipped(seat, tile, PASTURE_HONEY)))
        self.phase = PLACE

    def _place(self, cell: int, rot: int) -> None:
        seat, tile = self.seat, self.held
        cells = self.cells[seat]
        if cells[cell] != EMPTY:  # never for a legal placement; set_cell knows what a covered cell takes
            self.set_cell(seat, cell, EMPTY)
        self.empties[seat].remove(cell)
        if self.held_pasture:
            cells[cell] = tile * 8 + PASTURE_ROT  # a pasture shows no apples: the totals stay
            links: tuple[int, ...] = ()
            rot = 0
        else:
            links = tuple(self.link_values(seat, cell, tile, rot))
            cells[cell] = tile * 8 + rot
            totals = self.apple_totals[seat]
            for variety, n in self.rules.apple_list[tile]:
                totals[variety] += n
            if links:
                gain = sum(links)
                self.honey[seat] += gain
                self.stats.links[seat] += gain
        if self.log_events:
            kept = PASTURED if self.held_pasture else PLACED  # a pasture's event is one of 4 * 100 * 19
            ev = kept.get(k := (cells[cell] * 19 + cell) * 8 + seat)
            if ev is None or ev.links != links:  # a tree's links depend on its neighbours: compared
                ev = kept.keep(k, tile_placed(seat, tile, cell + 1, rot, self.held_pasture, links))
            self.events.append(ev)
        self.held = EMPTY
        self.held_pasture = False
        if self.restock:
            self.restock = False
            if can_restock(self.troughs, self.supply):
                self.phase = STOCK
                return
            # ruling R4: nothing anywhere to restock the cottage from; it stays empty
        self._end_turn()

    def _stock(self, action: int) -> None:
        seat = self.seat
        if action == A.STOCK_SUPPLY:
            self.phase = STOCK_DRAW
            return
        trough, tile = divmod(action - A.STOCK, A.TILE_SPAN)
        self.troughs[trough - 1].remove(tile)
        self.cottage[seat] = tile
        self.events.append(CottageStocked(seat, "trough", trough, tile))
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        stop = self._stop
        if stop.last:
            self._finish()
            return
        step = stop.step or self.route.step(stop)
        events = self.events
        if not step.pays:
            events += step.events
        else:
            for ev in step.events:
                if type(ev) is Harvest:
                    ev = self._harvest(ev.variety, ev.pips)
                elif type(ev) is BlossomScoring:
                    ev = self._blossom_scoring(ev.times)
                events.append(ev)
        stop = self._stop = step.to  # self._go(step.to), inline: once a turn
        self._die, self.seat, self.on_middle, self._open = stop.die, stop.seat, stop.on_middle, stop.open
        if stop.on_middle:
            reached = middle_reached(self.board, len(self.middle), len(self.supply))
            for s in range(self.players):  # solo: one seat
                self.honey[s] += reached.honey
                self.stats.middle[s] += reached.honey
            events.append(reached)
            self.draws_due = [D_MIDDLE] * reached.fill
        else:
            troughs = self.troughs
            i, j = stop.open_index  # the die arrives on a path space: it opens exactly two troughs (dataparse)
            if len(troughs[i]) + len(troughs[j]) <= 1:  # walk.refill_needed refills at one tile or none
                self._refill()
        if self.draws_due:
            if self.supply:
                self.phase = REFILL
                return
            self.draws_due.clear()  # ruling R1, as in _after_draws
        self.phase = SELECT  # the next turn starts (_after_draws, inline: once a turn)
        if self.log_events:
            started = stop.started
            events.append(started if started is not None and started.turn == self.turn + 1
                          else stop.turn_started(self.turn + 1))

    def _refill(self) -> None:
        """The die arrived with its open troughs holding one tile or none: the refill draws, as
        :func:`walk.refill_of` orders them (kept on the stop by the counts it depends on)."""
        stop = self._stop
        key = (len(self.middle), len(self.supply))
        kept = stop.refills.get(key)
        if kept is None:
            refill = refill_of(self.board, stop.die.space, *key)
            kept = stop.refills[key] = (refill, refill.order + ((D_MIDDLE,) if refill.middle else ()))
        self.events.append(kept[0])
        self.draws_due = list(kept[1])

    def _harvest(self, variety: int, pips: int) -> Harvest:
        """Every orchard's harvest of ``variety`` at ``pips``: the honey is paid, the event made."""
        paid = None
        for s, totals in enumerate(self.apple_totals):
            if totals[variety] > pips:  # else no area can pay: no flood fill
                h = self.harvest_yield(s, variety, pips)
                if h:
                    if paid is None:
                        paid = [0] * len(self.honey)
                    paid[s] = h
                    self.honey[s] += h
                    self.stats.harvests[s] += h
        return harvest_event(variety, pips, NO_PAY[len(self.honey)] if paid is None else tuple(paid))

    def _blossom_scoring(self, times: int) -> BlossomScoring:
        """Every orchard's blossoms, each paying ``times`` honey."""
        pay = tuple(self.blossom_count(s) * times for s in range(self.players))
        for s, h in enumerate(pay):
            self.honey[s] += h
            self.stats.blossoms[s] += h
        return BlossomScoring(times, pay)

    def _finish(self) -> None:
        self.phase = OVER
        self.events.append(GameEnded(self.turn))
        final = self.scores()
        for s, sc in enumerate(final):
            self.events.append(FinalScore(s, sc.harvest, sc.harvest_doubled, sc.profitable_varieties,
                                          sc.variety_bonus, sc.blossoms, sc.honey, sc.total))
        self.events.append(Winners(winners([sc.total for sc in final])))

    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Final scoring of every seat as the orchards stand now (the real one once terminal)."""
        if self.phase == OVER and self._final is not None:
            return self._final
        out = tuple(final_score(self._scoring_areas(s), self.blossom_count(s), self.honey[s])
                    for s in range(self.players))
        if self.phase == OVER:
            self._final = out
        return out

    def _scoring_areas(self, seat: int) -> list[list[int]]:
        """:meth:`variety_areas` as far as the final scoring needs them: a variety with no more than
        FINAL_PIPS apples in all (``apple_totals``) yields nothing at the final harvest, its areas
        are left out (``[]``); the others' areas are found one variety at a time."""
        areas = self.areas
        return [areas(seat, v) if total > FINAL_PIPS else [] for v, total in enumerate(self.apple_totals[seat])]

    def returns(self) -> list[float]:
        """Final totals at the end; 0 for everyone before (OpenSpiel's convention)."""
        if self.phase != OVER:
            return [0.0] * self.players
        return [float(s.total) for s in self.scores()]

    def tile_count(self) -> int:
        """Every tile accounted for: supply, troughs, middle, cottages, hand, orchards."""
        return (len(self.supply) + sum(map(len, self.troughs)) + len(self.middle)
                + sum(1 for c in self.cottage if c != EMPTY) + (self.held != EMPTY)
                + sum(1 for cells in self.cells for v in cells if v != EMPTY))

    # ------------------------------------------------------------------------------------------
    # undo, clone, snapshots
    def _snapshot(self) -> tuple[Any, ...]:
        return (self.honey[:], [c[:] for c in self.cells], [t[:] for t in self.troughs], self.supply[:],
                self.middle[:], self.cottage[:], self.die, self.turn, self.phase, self.held,
                self.held_pasture, self.restock, self.draws_due[:], self.stats.copy(), len(self.events))

    def undo(self) -> int:
        """Take back the last action (chance draws included); returns it. IndexError at the start."""
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the game")
        if not self.keep_undo:
            raise RuntimeError("this state was made with keep_undo=False")
        (self.honey, self.cells, self.troughs, self.supply, self.middle, self.cottage, self.die, self.turn,
         self.phase, self.held, self.held_pasture, self.restock, self.draws_due, self.stats, n) = self._undo.pop()
        del self.events[n:]
        self._final = None
        for seat in range(self.players):
            self._recount(seat)
        return self.history.pop()

    def clone(self, *, keep_undo: bool = False) -> GameState:
        """An independent copy (no undo history, events shared up to now) for search."""
        new = object.__new__(GameState)
        for name in ("data", "config", "rules", "board", "route", "apples", "sides", "corner_hive", "corner_apple"):
            setattr(new, name, getattr(self, name))
        new.keep_undo = keep_undo
        new.log_events = self.log_events
        new.apple_totals = [t[:] for t in self.apple_totals]
        new.empties = [e[:] for e in self.empties]
        (new.honey, new.cells, new.troughs, new.supply, new.middle, new.cottage, new.die, new.turn,
         new.phase, new.held, new.held_pasture, new.restock, new.draws_due, new.stats, _n) = self._snapshot()
        new.events = self.events[:]
        new.history = self.history[:]
        new._undo = []
        new._final = None
        return new

    def to_record(self) -> dict[str, Any]:
        """The game so far as JSON data (``applejack-record/1``: format, config, data digest and
        every action's text); :func:`table.games.applejack.rules.record.replay` rebuilds it."""
        return record_data(self.config, [A.to_text(a) for a in self.history], None, data_digest(self.data))

    def summary(self) -> dict[str, Any]:
        """The visible state as plain data (used to check a replayed record)."""
        return {
            "phase": self.phase.word, "turn": self.turn,
            "die": {"space": self.die.space, "pips": self.die.pips},
            "honey": self.honey[:], "troughs": [sorted(t) for t in self.troughs],
            "supply": len(self.supply), "middle": sorted(self.middle), "cottage": self.cottage[:],
            "orchards": [c[:] for c in self.cells], "held": self.held,
        }

    def __str__(self) -> str:
        s = self.summary()
        return (f"<GameState {self.players}p turn {self.turn + 1} {s['phase']} die {self.die.space}/{self.die.pips} "
                f"honey {self.honey} supply {len(self.supply)}>")


def sample_chance(state: GameState, rng: random.Random) -> int:
    """Sample a chance outcome (a tile from the supply) with ``rng``."""
    return A.DRAW + state.supply[rng.randrange(len(state.supply))]


def new_game(data: DataSet, config: GameConfig, rng: random.Random | None = None,
             *, keep_undo: bool = True, log_events: bool = True) -> GameState:
    """A new game; with ``rng`` the setup draws are made, else it waits at the setup chance nodes."""
    state = GameState(data, config, keep_undo=keep_undo, log_events=log_events)
    if rng is not None:
        if keep_undo:
            while state.phase is SETUP:
                state.apply_fast(sample_chance(state, rng))  # always legal: a tile of the supply
        else:  # the same draws (sample_chance's), without apply_fast's dispatch
            supply, history = state.supply, state.history
            while state.phase is SETUP:
                tile = supply.pop(rng.randrange(len(supply)))
                history.append(A.DRAW + tile)
                state._drawn(tile)
    return state
