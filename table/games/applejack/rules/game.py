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
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from table.engine.errors import IllegalActionError
from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.cells import (
    EMPTY as EMPTY,  # a cell holds tile * 8 + rotation (table.games.applejack.rules.cells)
)
from table.games.applejack.rules.cells import PASTURE_ROT as PASTURE_ROT
from table.games.applejack.rules.data import Board, DataSet, OrchardSide
from table.games.applejack.rules.events import (
    BlossomScoring,
    CottageStocked,
    Event,
    FinalScore,
    GameEnded,
    GameStarted,
    Harvest,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
    TurnStarted,
    Winners,
)
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.scoring import ScoreBreakdown, final_score, winners
from table.games.applejack.rules.walk import (
    Die,
    apples_by_space,
    can_restock,
    choosable_troughs,
    is_last_turn,
    is_middle_space,
    middle_reached,
    move_die,
    refill_needed,
)

CHANCE = -1
TERMINAL = -4
START_HONEY: dict[int, tuple[int, ...]] = {1: (14,), 2: (16, 20), 3: (16, 19, 22), 4: (16, 18, 20, 22)}
PASTURE_HONEY = 2
CAMPAIGN_KEEP = (1, 2, 3)  # at most this many tiles kept after games 1, 2, 3 of a campaign (ruling R14)

# the phases (table.games.applejack.rules.phase.Phase) under the names the bots and the companion import
SETUP, SELECT, BLIND_DRAW, PAY, PLACE = Phase.SETUP, Phase.TAKE, Phase.BLIND_DRAW, Phase.PAY, Phase.PLACE
STOCK, STOCK_DRAW, REFILL, OVER = Phase.STOCK, Phase.STOCK_DRAW, Phase.REFILL, Phase.OVER
# destinations of chance draws
D_MIDDLE = 8
D_BLIND = 9
D_COTTAGE = 10  # + seat
TROUGH_NAMES = tuple(f"trough {t}" for t in range(9))


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How a game is set up.

    ``orchards``: orchard side per seat ("A" for all by default; B sides for the variant
    "Individual orchards"). ``apple_tiles``: variety indexes covering the first printed apples
    (variant "Apple tiles"). ``cottage``: variant "Additional tree tile". ``kept_tiles``: solo
    campaign, the tiles kept from earlier games, placed on the middle trees instead of a random one.
    ``campaign``: a solo campaign game after the first; the middle trees then start with the kept
    tiles only, so with none kept (ruling R14: "keep 1" means up to 1) they start empty.
    """

    players: int
    orchards: tuple[str, ...] | None = None
    apple_tiles: tuple[int, ...] | None = None
    cottage: bool = False
    kept_tiles: tuple[int, ...] = ()
    campaign: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = {"players": self.players,
             "orchards": list(self.orchards) if self.orchards else None,
             "apple_tiles": list(self.apple_tiles) if self.apple_tiles is not None else None,
             "cottage": self.cottage, "kept_tiles": list(self.kept_tiles)}
        if self.campaign:  # written only when set, so the records of other games stay as they were
            d["campaign"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        return cls(
            players=int(d["players"]),
            orchards=tuple(d["orchards"]) if d.get("orchards") else None,
            apple_tiles=tuple(int(v) for v in d["apple_tiles"]) if d.get("apple_tiles") is not None else None,
            cottage=bool(d.get("cottage", False)),
            kept_tiles=tuple(int(t) for t in d.get("kept_tiles", ())),
            campaign=bool(d.get("campaign", False)),
        )


def validate_config(data: DataSet, config: GameConfig) -> None:
    """Raise ValueError if ``config`` cannot be played with ``data``."""
    if config.players not in data.boards:
        raise ValueError(f"no harvest board for {config.players} players")
    if config.orchards is not None:
        if len(config.orchards) != config.players:
            raise ValueError(f"{len(config.orchards)} orchards for {config.players} players")
        for o in config.orchards:
            if o not in data.orchards:
                raise ValueError(f"unknown orchard {o!r} (known: {', '.join(data.orchards)})")
    if config.apple_tiles is not None:
        n = len(data.varieties)
        if sorted(config.apple_tiles) != list(range(n)):
            raise ValueError(f"apple tiles must be the {n} varieties once each, got {list(config.apple_tiles)}")
    if config.kept_tiles or config.campaign:
        board = data.boards[config.players]
        if not board.middle_slots:
            raise ValueError("kept campaign tiles go on the middle trees of the solo board")
        if len(config.kept_tiles) > board.middle_slots or len(set(config.kept_tiles)) != len(config.kept_tiles):
            raise ValueError(f"at most {board.middle_slots} different kept tiles")
        ids = {t.id for t in data.tiles}
        for t in config.kept_tiles:
            if t not in ids:
                raise ValueError(f"kept tile {t} is not in the data set")


@dataclass(slots=True)
class Stats:
    """Where each seat's honey came from (for bots, simulations and the demo)."""

    harvests: list[int] = field(default_factory=list)
    blossoms: list[int] = field(default_factory=list)
    links: list[int] = field(default_factory=list)
    pasture: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    middle: list[int] = field(default_factory=list)

    @classmethod
    def zero(cls, players: int) -> Stats:
        return cls(*([0] * players for _ in range(6)))

    def copy(self) -> Stats:
        return Stats(self.harvests[:], self.blossoms[:], self.links[:], self.pasture[:], self.paid[:],
                     self.middle[:])


class Rules:
    """Precomputed per-data-set tables shared by every state of a game (read-only)."""

    def __init__(self, data: DataSet) -> None:
        self.data = data
        max_id = max(t.id for t in data.tiles)
        n_var = len(data.varieties)
        self.price = [0] * (max_id + 1)
        self.blossoms = [0] * (max_id + 1)
        self.apples = [(0,) * n_var] * (max_id + 1)
        self.apple_list: list[tuple[tuple[int, int], ...]] = [()] * (max_id + 1)
        self.rot_mask: list[tuple[int, ...]] = [(0,) * 6] * (max_id + 1)
        self.rotations: list[tuple[int, ...]] = [()] * (max_id + 1)
        for t in data.tiles:
            self.price[t.id] = t.price
            self.blossoms[t.id] = t.blossoms
            self.apples[t.id] = tuple(t.apple_count(v) for v in range(n_var))
            self.apple_list[t.id] = t.apples
            self.rot_mask[t.id] = tuple(hexgrid.rotate_mask(t.hives, k) for k in range(6))
            self.rotations[t.id] = hexgrid.distinct_rotations(t.hives)
        codes_by_rots = {r: _place_codes(r) for r in set(self.rotations)}
        self.place_codes = [codes_by_rots[r] for r in self.rotations]
        self.n_varieties = n_var


def _place_codes(rotations: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """PLACE action codes per orchard cell for a set of rotations."""
    return tuple(tuple(A.PLACE + c * 8 + r for r in rotations) for c in range(hexgrid.CELL_COUNT))


PASTURE_CODES = _place_codes((0,))
def rules_for(data: DataSet) -> Rules:
    """The precomputed tables of ``data``, made once and kept on the data set itself."""
    r = data.memo.get("rules")
    if not isinstance(r, Rules):
        r = data.memo["rules"] = Rules(data)
    return r


class GameState:
    """A game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back."""

    def __init__(self, data: DataSet, config: GameConfig, *, keep_undo: bool = True,
                 log_events: bool = True) -> None:
        validate_config(data, config)
        self.data = data
        self.config = config
        self.rules = rules_for(data)
        self.board: Board = data.boards[config.players]
        self.apples = apples_by_space(self.board, config.apple_tiles)
        self.sides: tuple[OrchardSide, ...] = tuple(
            data.orchards[o] for o in (config.orchards or ("A",) * config.players))
        # corner features per seat: cell -> (edge, hive value or 0); cell -> apple variety
        self.corner_hive: list[dict[int, tuple[int, int]]] = []
        self.corner_apple: list[dict[int, int]] = []
        for side in self.sides:
            hives, apples = {}, {}
            for c in side.corners:
                cell, edge = hexgrid.CORNER_CELL[c.name], hexgrid.CORNER_EDGE[c.name]
                if c.hive is not None:
                    hives[cell] = (edge, c.hive)
                if c.apple is not None:
                    apples[cell] = c.apple
            self.corner_hive.append(hives)
            self.corner_apple.append(apples)
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
        self.apple_totals: list[list[int]] = [[] for _ in range(p)]
        for seat in range(p):
            self._recount(seat)
        self.troughs: list[list[int]] = [[] for _ in range(self.board.troughs)]
        kept = set(config.kept_tiles)
        self.supply: list[int] = [t.id for t in data.tiles if t.id not in kept]
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
        self.draws_due: list[int] = []
        """Where the tiles still to be drawn go, in order: trough 1-7, D_MIDDLE, D_COTTAGE + seat."""
        self.stats = Stats.zero(p)
        self.events: list[Event] = [GameStarted(p, self.board.id, tuple(self.honey))]
        self.history: list[int] = []
        self._undo: list[tuple[Any, ...]] = []
        self._final: tuple[ScoreBreakdown, ...] | None = None
        # setup: the troughs, the middle trees (unless kept tiles are there), the cottages
        for t in range(1, self.board.troughs + 1):
            self.draws_due += [t] * self.board.tiles_per_trough
        if self.board.middle_slots and not config.kept_tiles and not config.campaign:
            self.draws_due += [D_MIDDLE] * self.board.middle_start_tiles
        if config.cottage:
            self.draws_due += [D_COTTAGE + s for s in range(p)]
        self._after_draws()

    # ------------------------------------------------------------------------------------------
    # queries
    @property
    def players(self) -> int:
        return self.config.players

    @property
    def die(self) -> Die:
        """Where the die stands; setting it also sets :attr:`seat` (whose turn it is)."""
        return self._die

    @die.setter
    def die(self, die: Die) -> None:
        self._die = die
        board = self.board
        space = board.spaces[die.space - 1]
        self.seat = space.seat if space.seat is not None else 0
        self.on_middle = is_middle_space(board, die.space)
        """Solo: the die stands on the middle space (its trees are the choice, not troughs)."""
        self._open = () if self.on_middle else space.troughs

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

    def choosable_troughs(self) -> tuple[int, ...]:
        """The troughs a tile may come from now (ruling R3: any with tiles when all is empty)."""
        return choosable_troughs(self._open, self.troughs, self.supply, self.middle, self.on_middle)

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph in (SETUP, BLIND_DRAW, STOCK_DRAW, REFILL):
            return [A.DRAW + t for t in sorted(self.supply)]
        if ph == PLACE:
            codes = PASTURE_CODES if self.held_pasture else self.rules.place_codes[self.held]
            cells = self.cells[self.seat]
            places: list[int] = []
            for c in range(hexgrid.CELL_COUNT):
                if cells[c] == EMPTY:
                    places += codes[c]
            return places
        if ph == SELECT:
            out: list[int] = []
            span = A.TILE_SPAN
            for t in self.choosable_troughs():
                base = A.TAKE + t * span
                out += [base + tile for tile in self.troughs[t - 1]]  # tile ids are unique
            if self.on_middle:
                out += [A.MIDDLE + tile for tile in self.middle]
            if self.supply:
                out.append(A.BLIND)
            if self.cottage[self.seat] != EMPTY:
                out.append(A.COTTAGE)
            return out
        if ph == PAY:
            if self.honey[self.seat] >= self.rules.price[self.held]:
                return [A.BUY, A.PASTURE]
            return [A.PASTURE]
        if ph == STOCK:
            out = []
            for t in self.choosable_troughs():
                base = A.STOCK + t * A.TILE_SPAN
                out += [base + tile for tile in self.troughs[t - 1]]
            if self.supply:
                out.append(A.STOCK_SUPPLY)
            return out
        return []

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
        if self.keep_undo:
            self._undo.append(self._snapshot())
        n = len(self.events)
        self.history.append(action)
        self._dispatch(action)
        return self.events[n:]

    def apply_fast(self, action: int) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`), for simulations."""
        if self.keep_undo:
            self._undo.append(self._snapshot())
        self.history.append(action)
        self._dispatch(action)

    def normalise(self, action: int) -> int:
        """Ruling R10: a placement in any rotation 0-5 becomes the listed rotation that looks the same.

        A tile whose beehives look the same turned (two opposite beehives, say) offers each look
        once in :meth:`legal_actions`; a person who enters the rotation they actually laid is
        never refused for it. A pasture (no features) is always rotation 0. Other actions are
        returned unchanged.
        """
        if self.phase != PLACE or not A.PLACE <= action < A.PLACE + 8 * hexgrid.CELL_COUNT:
            return action
        cell, rot = divmod(action - A.PLACE, 8)
        if rot > 5 or self.held == EMPTY:
            return action
        if self.held_pasture:
            return A.place(cell, 0)
        masks = self.rules.rot_mask[self.held]
        return A.place(cell, next(k for k in self.rules.rotations[self.held] if masks[k] == masks[rot]))

    @staticmethod
    def _decodable(action: int) -> bool:
        try:
            A.to_text(action)
        except ValueError:
            return False
        return True

    def _is_legal(self, action: int) -> bool:
        ph = self.phase
        if ph in (SETUP, BLIND_DRAW, STOCK_DRAW, REFILL):
            return A.DRAW <= action < A.DRAW + A.TILE_SPAN and (action - A.DRAW) in self.supply
        if ph == PLACE:
            if not A.PLACE <= action < A.PLACE + 8 * hexgrid.CELL_COUNT:
                return False
            cell, rot = divmod(action - A.PLACE, 8)
            if self.cells[self.seat][cell] != EMPTY:
                return False
            return rot == 0 if self.held_pasture else rot in self.rules.rotations[self.held]
        return action in self.legal_actions()

    def _dispatch(self, action: int) -> None:
        ph = self.phase
        if ph in (REFILL, SETUP, BLIND_DRAW, STOCK_DRAW):
            self._draw(action - A.DRAW)
        elif ph == SELECT:
            self._select(action)
        elif ph == PAY:
            self._pay(action)
        elif ph == PLACE:
            cell, rot = divmod(action - A.PLACE, 8)
            self._place(cell, rot)
        elif ph == STOCK:
            self._stock(action)

    def _draw(self, tile: int) -> None:
        self.supply.remove(tile)
        if self.phase == BLIND_DRAW:
            self.events.append(TileDrawn("hand", tile))
            self.held = tile
            self.phase = PAY
            return
        if self.phase == STOCK_DRAW:
            self.events.append(TileDrawn(f"cottage {self.seat + 1}", tile))
            self.cottage[self.seat] = tile
            self.events.append(CottageStocked(self.seat, "supply", None, tile))
            self._end_turn()
            return
        dest = self.draws_due.pop(0)
        if dest == D_MIDDLE:
            self.middle.append(tile)
            self.events.append(TileDrawn("middle", tile))
        elif dest >= D_COTTAGE:
            self.cottage[dest - D_COTTAGE] = tile
            self.events.append(TileDrawn(f"cottage {dest - D_COTTAGE + 1}", tile))
        else:
            self.troughs[dest - 1].append(tile)
            if self.log_events:
                self.events.append(TileDrawn(TROUGH_NAMES[dest], tile))
        if self.draws_due and self.supply:
            return  # more draws to come (the common case inside a refill)
        self._after_draws()

    def _after_draws(self) -> None:
        """Pending draws the supply cannot give are dropped (ruling R1); then the turn starts."""
        if self.draws_due and not self.supply:
            self.draws_due.clear()
        if self.draws_due:
            self.phase = SETUP if self.turn == 0 and self.phase == SETUP else REFILL
            return
        self.phase = SELECT
        die = self._die
        if self.log_events:
            self.events.append(TurnStarted(self.turn + 1, self.seat, die.space, die.pips, self._open, self.on_middle,
                                           is_last_turn(self.board, die)))

    def _select(self, action: int) -> None:
        seat = self.seat
        if action == A.BLIND:
            self.events.append(TileTaken(seat, "blind", None, None))
            self.phase = BLIND_DRAW
            return
        if action == A.COTTAGE:
            tile = self.cottage[seat]
            self.cottage[seat] = EMPTY
            self.restock = True
            self.events.append(TileTaken(seat, "cottage", None, tile))
        elif A.MIDDLE <= action < A.MIDDLE + A.TILE_SPAN:
            tile = action - A.MIDDLE
            self.middle.remove(tile)
            self.events.append(TileTaken(seat, "middle", None, tile))
        else:
            trough, tile = divmod(action - A.TAKE, A.TILE_SPAN)
            self.troughs[trough - 1].remove(tile)
            if self.log_events:
                self.events.append(TileTaken(seat, "trough", trough, tile))
        self.held = tile
        self.phase = PAY

    def _pay(self, action: int) -> None:
        seat, tile = self.seat, self.held
        if action == A.BUY:
            price = self.rules.price[tile]
            self.honey[seat] -= price
            self.stats.paid[seat] += price
            self.held_pasture = False
            if self.log_events:
                self.events.append(TilePaid(seat, tile, price))
        else:
            self.honey[seat] += PASTURE_HONEY
            self.stats.pasture[seat] += PASTURE_HONEY
            self.held_pasture = True
            if self.log_events:
                self.events.append(TileFlipped(seat, tile, PASTURE_HONEY))
        self.phase = PLACE

    def link_values(self, seat: int, cell: int, tile: int, rot: int) -> list[int]:
        """Honey of each beehive link a tree tile would make on ``cell`` with rotation ``rot``."""
        rules = self.rules
        mask = rules.rot_mask[tile][rot]
        if not mask:
            return []
        price = rules.price[tile]
        cells = self.cells[seat]
        nbrs = hexgrid.NEIGHBOURS[cell]
        out = []
        for e in range(6):
            if not mask >> e & 1:
                continue
            n = nbrs[e]
            if n == EMPTY:
                corner = self.corner_hive[seat].get(cell)
                if corner is not None and corner[0] == e:
                    out.append(min(price, corner[1]))
                continue
            other = cells[n]
            if other == EMPTY or other & 7 == PASTURE_ROT:
                continue
            otile, orot = other >> 3, other & 7
            if rules.rot_mask[otile][orot] >> ((e + 3) % 6) & 1:
                out.append(min(price, rules.price[otile]))
        return out

    def _place(self, cell: int, rot: int) -> None:
        seat, tile = self.seat, self.held
        if self.held_pasture:
            self.set_cell(seat, cell, tile * 8 + PASTURE_ROT)
            links: list[int] = []
        else:
            links = self.link_values(seat, cell, tile, rot)
            self.set_cell(seat, cell, tile * 8 + rot)
            if links:
                gain = sum(links)
                self.honey[seat] += gain
                self.stats.links[seat] += gain
        if self.log_events:
            self.events.append(TilePlaced(seat, tile, cell + 1, 0 if self.held_pasture else rot,
                                          self.held_pasture, tuple(links)))
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
        if is_last_turn(self.board, self.die):
            self._finish()
            return
        die, walk_events = move_die(self.board, self._die, self.apples)
        seats = range(self.players)
        honey = self.honey
        for ev in walk_events:
            if type(ev) is Harvest:
                v, p, totals, yield_ = ev.variety, ev.pips, self.apple_totals, self.harvest_yield
                pay = tuple([yield_(s, v, p) if totals[s][v] > p else 0 for s in seats])
                harvests = self.stats.harvests
                for s in seats:
                    honey[s] += pay[s]
                    harvests[s] += pay[s]
                ev = Harvest(v, p, pay)
            elif isinstance(ev, BlossomScoring):
                pay = tuple(self.blossom_count(s) * ev.times for s in range(self.players))
                for s, h in enumerate(pay):
                    self.honey[s] += h
                    self.stats.blossoms[s] += h
                ev = BlossomScoring(ev.times, pay)
            self.events.append(ev)
        self.die = die
        b = self.board
        if self.on_middle:
            reached = middle_reached(b, len(self.middle), len(self.supply))
            for s in range(self.players):  # solo: one seat
                self.honey[s] += reached.honey
                self.stats.middle[s] += reached.honey
            self.events.append(reached)
            self.draws_due = [D_MIDDLE] * reached.fill
        else:
            refill = refill_needed(b, die.space, [len(t) for t in self.troughs], len(self.middle), len(self.supply))
            if refill is not None:
                self.events.append(refill)
                self.draws_due = list(refill.order) + ([D_MIDDLE] if refill.middle else [])
        self.phase = REFILL
        self._after_draws()

    def _finish(self) -> None:
        self.phase = OVER
        self.events.append(GameEnded(self.turn))
        final = self.scores()
        for s, sc in enumerate(final):
            self.events.append(FinalScore(s, sc.harvest, sc.harvest_doubled, sc.profitable_varieties,
                                          sc.variety_bonus, sc.blossoms, sc.honey, sc.total))
        self.events.append(Winners(winners([sc.total for sc in final])))

    # ------------------------------------------------------------------------------------------
    # orchards
    def set_cell(self, seat: int, cell: int, value: int) -> None:
        """Put ``tile * 8 + rotation`` (rotation 7: pasture side) or EMPTY on an orchard cell."""
        cells, totals, sparse = self.cells[seat], self.apple_totals[seat], self.rules.apple_list
        old = cells[cell]
        if old != EMPTY and old & 7 != PASTURE_ROT:
            for variety, n in sparse[old >> 3]:
                totals[variety] -= n
        cells[cell] = value
        if value != EMPTY and value & 7 != PASTURE_ROT:
            for variety, n in sparse[value >> 3]:
                totals[variety] += n

    def _recount(self, seat: int) -> None:
        totals = [0] * self.rules.n_varieties
        apples = self.rules.apples
        for v in self.cells[seat]:
            if v != EMPTY and v & 7 != PASTURE_ROT:
                for i, n in enumerate(apples[v >> 3]):
                    totals[i] += n
        for variety in self.corner_apple[seat].values():
            totals[variety] += 1
        self.apple_totals[seat] = totals
    def areas(self, seat: int, variety: int) -> list[int]:
        """Apple count of each area (connected tiles showing ``variety``) in ``seat``'s orchard,
        corner apples of an individual orchard included (ruling R6)."""
        cells = self.cells[seat]
        apples = self.rules.apples
        counts = [0] * hexgrid.CELL_COUNT
        for c in range(hexgrid.CELL_COUNT):
            v = cells[c]
            if v != EMPTY and v & 7 != PASTURE_ROT:
                counts[c] = apples[v >> 3][variety]
        corner = self.corner_apple[seat]
        seen = [False] * hexgrid.CELL_COUNT
        out = []
        for c in range(hexgrid.CELL_COUNT):
            if counts[c] == 0 or seen[c]:
                continue
            total = 0
            stack = [c]
            seen[c] = True
            while stack:
                x = stack.pop()
                total += counts[x]
                if corner.get(x) == variety:
                    total += 1
                for n in hexgrid.NEIGHBOURS[x]:
                    if n != EMPTY and counts[n] and not seen[n]:
                        seen[n] = True
                        stack.append(n)
            out.append(total)
        return out

    def harvest_yield(self, seat: int, variety: int, pips: int) -> int:
        if self.apple_totals[seat][variety] <= pips:
            return 0  # no area can be bigger than all the apples of the variety
        return sum(a - pips for a in self.areas(seat, variety) if a > pips)

    def blossom_count(self, seat: int) -> int:
        b = self.rules.blossoms
        return sum(b[v >> 3] for v in self.cells[seat] if v != EMPTY and v & 7 != PASTURE_ROT)

    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Final scoring of every seat as the orchards stand now (the real one once terminal)."""
        if self.phase == OVER and self._final is not None:
            return self._final
        out = tuple(
            final_score([self.areas(s, v) for v in range(self.rules.n_varieties)],
                        self.blossom_count(s), self.honey[s])
            for s in range(self.players))
        if self.phase == OVER:
            self._final = out
        return out

    def returns(self) -> list[float]:
        """Final totals at the end; 0 for everyone before (OpenSpiel's convention)."""
        if self.phase != OVER:
            return [0.0] * self.players
        return [float(s.total) for s in self.scores()]

    def placed_tiles(self, seat: int) -> list[int]:
        return [v >> 3 for v in self.cells[seat] if v != EMPTY]

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
        for name in ("data", "config", "rules", "board", "apples", "sides", "corner_hive", "corner_apple"):
            setattr(new, name, getattr(self, name))
        new.keep_undo = keep_undo
        new.log_events = self.log_events
        new.apple_totals = [t[:] for t in self.apple_totals]
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
        from table.games.applejack.rules.record import GameRecord  # record.py builds on this module

        return GameRecord.of(self).to_dict()

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
        while state.phase == SETUP:
            state.apply(sample_chance(state, rng))
    return state


def play_random(state: GameState, rng: random.Random, *, fast: bool = True) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions and chance draws."""
    chance = (SETUP, BLIND_DRAW, STOCK_DRAW, REFILL)
    step = state.apply_fast if fast else state.apply
    random_ = rng.random
    while state.phase != OVER:
        if state.phase in chance:
            supply = state.supply
            action = A.DRAW + supply[int(random_() * len(supply))]
        else:
            legal = state.legal_actions()
            action = legal[int(random_() * len(legal))]
        step(action)
    return state


def kept_tiles_allowed(state: GameState, seat: int, game_number: int) -> tuple[int, list[int]]:
    """Campaign: after game ``game_number`` (1-3) a player keeps up to that many of their placed tiles."""
    if not 1 <= game_number <= 3:
        raise ValueError("tiles are kept after games 1, 2 and 3 of a campaign")
    return CAMPAIGN_KEEP[game_number - 1], sorted(state.placed_tiles(seat))


def campaign_config(config: GameConfig, finished: GameState, game_number: int,
                    keep: Sequence[int]) -> GameConfig:
    """The next campaign game's config: ``keep`` are the tiles kept after game ``game_number``.

    Ruling R14: "you can keep 1 ... 2 ... 3" allows fewer, down to none; the next game's middle
    trees then hold just the kept tiles ("instead of the random tree tile"), maybe none.
    """
    n, placed = kept_tiles_allowed(finished, 0, game_number)
    if not finished.is_terminal():
        raise ValueError("keep tiles after the game has ended")
    if len(keep) > n or len(set(keep)) != len(keep):
        raise ValueError(f"keep up to {n} different tile(s) after game {game_number}, got {list(keep)}")
    for t in keep:
        if t not in placed:
            raise ValueError(f"tile {t} is not in the orchard (placed: {placed})")
    return replace(config, kept_tiles=tuple(keep), campaign=True)
