"""Zankapfel (3–6 players): the full game as an OpenSpiel-style state (``docs/zankapfel.md``).

Every card turned or dealt and every die rolled is a chance action; simultaneous choices (the
face-down apple cards of phase 1, the discord cards and dice of a discord) are sequential
choices in seat order starting from the first player — the engine keeps hidden cards out of
its events until they are revealed. Rulings (Z1, Z2, …) are in ``docs/zankapfel.md``.

Split by job: what changes during a game and its phases (``table.py``), what may be chosen or
drawn next (``choices.py``), and here what each action does to the table, the end and the
scores.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from table.engine.state import ActionCodec, SnapshotState, replay_record
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import choices
from table.games.zankapfel.rules import events as E
from table.games.zankapfel.rules.config import HAND_SIZE, Config, Score
from table.games.zankapfel.rules.table import (
    ACCEPT,
    BID,
    BRIBE,
    DICE,
    DISCORD_CARD,
    FACE,
    JOKER,
    MOVE,
    OVER,
    PHASE_NAMES,
    REMOVE,
    ROLL,
    SETUP_MAYOR,
    Table,
    new_table,
)

CHANCE = -1
TERMINAL = -4

RECORD_FORMAT = "zankapfel-record/1"


class State(SnapshotState[Table]):
    """A Zankapfel game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back.

    With ``rng`` every chance node is sampled from it as soon as it comes up (the outcomes are
    ordinary actions in :attr:`history`, so a record replays without the rng); without it the
    state waits at each chance node for a ``draw …``/``roll …`` action.
    """

    RECORD_FORMAT = RECORD_FORMAT
    ACTIONS: ClassVar[ActionCodec | None] = A
    REFUSAL = "{action} is not allowed in phase {where} (legal: {legal})"
    config: Config

    def __init__(self, config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> None:
        started = E.GameStarted(config.players, config.track_length)
        self._begin(config, new_table(config.players, config.deck), started, rng, keep_undo)

    # ------------------------------------------------------------------------------------------
    # queries
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.t.phase]

    def current_player(self) -> int:
        t = self.t
        if t.phase == OVER:
            return TERMINAL
        if t.draws or t.rolls:
            return CHANCE
        return t.queue[0]

    @property
    def first(self) -> int:
        """The seat holding the big apple (first player of the round)."""
        return self.t.first

    @property
    def round(self) -> int:
        return self.t.round

    @property
    def mayor(self) -> int:
        """The mayor's square (-1 before it is placed)."""
        return self.t.mayor

    @property
    def face_up(self) -> int:
        """The kind of the face-up apple card, -1 when there is none."""
        return self.t.face_up

    @property
    def fight(self) -> tuple[int, tuple[int, ...]]:
        """The discord being fought: its colour and the seats in it (-1, () outside one)."""
        t = self.t
        if t.phase in (DISCORD_CARD, DICE, ROLL):
            return t.fight_colour, tuple(t.fight_seats)
        return -1, ()

    @property
    def announced(self) -> int:
        """Bribery: the square the first player announced (-1 outside the bribe)."""
        return self.t.announced

    def offer(self, seat: int) -> tuple[int, int]:
        """Bribery: the seat's offer as (points, square); (0, -1) for none."""
        return self.t.offers[seat]

    @property
    def end_reason(self) -> str:
        """Why the game ended ("finish reached", "orchard harvested"), "" while it goes on."""
        return self.t.end_reason

    def has_laid(self, seat: int) -> bool:
        """Whether the seat laid an apple card face down this round (public: the card is not)."""
        return self.t.laid[seat] >= 0

    def laid_card(self, seat: int) -> int:
        """The kind the seat laid this round, -1 for none (hidden from the others until phase 3)."""
        return self.t.laid[seat]

    def position(self, seat: int) -> int:
        """The seat's pawn: points from the start (may be negative)."""
        t = self.t
        return t.harvest[seat] + t.cards_paid[seat] + t.dice_paid[seat] + t.bribes[seat]

    def unharvested(self) -> list[int]:
        return choices.unharvested(self.t)

    def mayor_targets(self) -> list[int]:
        """Where the mayor may go (``choices.mayor_targets``, ruling Z6)."""
        return choices.mayor_targets(self.t)

    def hand(self, seat: int) -> tuple[int, ...]:
        """Apple cards in the seat's hand per kind (red, yellow, green, blue, joker)."""
        return tuple(self.t.hands[seat])

    def discord_cards(self, seat: int) -> tuple[int, ...]:
        return tuple(self.t.discord_left[seat])

    def rolls_due(self) -> tuple[int, ...]:
        """The seats whose dice roll comes next, in order (``summary()["rolls"]`` without the rest)."""
        return tuple(self.t.rolls)

    def legal_actions(self) -> list[int]:
        return choices.legal_actions(self.t, self.config)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A card drawn: each kind with its share of the deck; a die: each face 1/6."""
        return choices.chance_outcomes(self.t)

    # ------------------------------------------------------------------------------------------
    # applying actions
    def _where(self) -> str:
        return self.phase

    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn with ``rng`` with the probabilities of :meth:`chance_outcomes`."""
        return choices.sample_chance(self.t, rng)

    def _advance(self, action: int) -> None:
        t = self.t
        if t.draws:
            self._draw(action - A.DRAW)
        elif t.rolls:
            self._roll(action - A.ROLL)
        else:
            seat = t.queue.pop(0)
            getattr(self, _HANDLERS[t.phase])(seat, action)
        self._settle()

    def _settle(self) -> None:
        """Before a card is drawn the deck must hold one: shuffle the barn (discard) into a new
        deck; if both are empty, that draw is skipped (ruling Z4)."""
        t = self.t
        while t.draws and not sum(t.deck):
            if sum(t.discard):
                self._emit(E.Reshuffled(sum(t.discard)))
                t.deck, t.discard = t.discard, [0] * 5
            else:
                t.draws.pop(0)
                if not t.draws:
                    self._after_draws()

    def _draw(self, kind: int) -> None:
        t = self.t
        target = t.draws.pop(0)
        t.deck[kind] -= 1
        if target == FACE:
            t.face_up = kind
            self._emit(E.CardTurned(kind))
        else:
            t.hands[target][kind] += 1
            self._emit(E.CardDealt(target))
        if not t.draws:
            self._after_draws()

    def _after_draws(self) -> None:
        """Phases with no decision left go on once their draws are made."""
        t = self.t
        if t.phase == BID and not t.queue:
            self._begin_move()

    def _order(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    # setup ---------------------------------------------------------------------------------------
    def _place_mayor(self, seat: int, action: int) -> None:
        t = self.t
        t.mayor = action - A.MAYOR
        self._emit(E.MayorPlaced(seat, t.mayor))
        per_seat = 2 if self.players == 3 else 1
        t.phase = REMOVE
        t.queue = self._order(0) * per_seat
        t.draws = [s for _ in range(HAND_SIZE) for s in range(self.players)] + [FACE]

    def _remove(self, seat: int, action: int) -> None:
        t = self.t
        sq = action - A.REMOVE
        t.tokens[sq] = False
        self._emit(E.TokenRemoved(seat, sq))
        if not t.queue:
            self._begin_round()

    # the round -----------------------------------------------------------------------------------
    def _begin_round(self) -> None:
        t = self.t
        t.round += 1
        t.phase = BID
        t.queue = self._order(t.first)
        t.laid = [-1] * self.players
        t.joker = [-1] * self.players
        self._emit(E.RoundStarted(t.round, t.first))

    def _bid(self, seat: int, action: int) -> None:
        t = self.t
        if action == A.BUY:
            kind, cost = t.face_up, A.price(t.face_up, t.mayor)
            t.hands[seat][kind] += 1
            t.cards_paid[seat] -= cost
            t.face_up = -1
            self._emit(E.CardBought(seat, kind, cost))
            t.draws.append(FACE)
            return  # the next card is turned first (then _after_draws goes on)
        if action == A.PASS:
            self._emit(E.Passed(seat))
        else:
            kind = action - A.LAY
            t.hands[seat][kind] -= 1
            t.laid[seat] = kind
            self._emit(E.CardLaid(seat))
        if not t.queue:
            self._begin_move()

    def _begin_move(self) -> None:
        t = self.t
        t.phase = MOVE
        t.queue = [t.first]

    def _move(self, seat: int, action: int) -> None:
        t = self.t
        sq = action - A.MAYOR
        if self.config.bribery and len(self.mayor_targets()) > 1:
            t.announced = sq
            t.offers = [(0, -1)] * self.players
            t.phase = BRIBE
            t.queue = self._order(t.first)[1:]
            t.waited = 0
            return
        self._harvest_square(sq)

    def _waits(self, seat: int, action: int, wait: int) -> list[int] | None:
        """Open order (rulings Z11, Z14): None when ``action`` is a final decision (the count of
        waits starts again); else ``wait`` puts ``seat`` back at the end of the queue, undecided,
        and the seats returned are those who decided nothing because everyone still undecided
        has waited in a row (the queue is then empty; [] while it stays open)."""
        t = self.t
        if action != wait:
            t.waited = 0
            return None
        t.queue.append(seat)
        t.waited += 1
        if t.waited < len(t.queue):
            return []
        undecided, t.queue = t.queue, []
        return undecided

    def _bribe(self, seat: int, action: int) -> None:
        t = self.t
        undecided = self._waits(seat, action, A.BRIBE_WAIT)
        if undecided is not None:
            for other in undecided:
                self._emit(E.BribeOffered(other, 0, -1))
        elif action == A.NO_BRIBE:
            self._emit(E.BribeOffered(seat, 0, -1))
        else:
            amount, sq = divmod(action - A.BRIBE, A.SQUARES)
            t.offers[seat] = (amount + 1, sq)
            self._emit(E.BribeOffered(seat, amount + 1, sq))
        if not t.queue:
            if any(a for a, _ in t.offers):
                t.phase = ACCEPT
                t.queue = [t.first]
            else:
                self._harvest_square(t.announced)

    def _accept(self, seat: int, action: int) -> None:
        t = self.t
        if action == A.DECLINE:
            self._harvest_square(t.announced)
            return
        briber = action - A.ACCEPT
        amount, sq = t.offers[briber]
        t.bribes[briber] -= amount
        t.bribes[seat] += amount
        self._emit(E.BribeAccepted(seat, briber, amount))
        self._harvest_square(sq)

    def _harvest_square(self, sq: int) -> None:
        t = self.t
        t.mayor = sq
        t.tokens[sq] = False
        t.announced = -1
        self._emit(E.MayorMoved(t.first, sq))
        self._emit(E.CardsRevealed(tuple(t.laid)))
        t.queue = [s for s in self._order(t.first) if t.laid[s] == A.JOKER]
        if t.queue:
            t.phase = JOKER
        else:
            self._harvest()

    def _choose_joker(self, seat: int, action: int) -> None:
        t = self.t
        t.joker[seat] = action - A.JOKER_COLOUR
        self._emit(E.JokerChosen(seat, t.joker[seat]))
        if not t.queue:
            self._harvest()

    def claimants(self, colour: int) -> list[int]:
        """Seats (from the first player on) whose revealed card or joker names ``colour``."""
        t = self.t
        return [s for s in self._order(t.first)
                if t.laid[s] == colour or (t.laid[s] == A.JOKER and t.joker[s] == colour)]

    def _harvest(self) -> None:
        t = self.t
        t.pending_colours = []
        for colour in range(4):
            seats = self.claimants(colour)
            if len(seats) == 1:
                self._score(seats[0], colour)
            elif seats:
                t.pending_colours.append(colour)
        self._next_discord()

    def _score(self, seat: int, colour: int) -> None:
        points = A.value(colour, self.t.mayor)
        self.t.harvest[seat] += points
        self._emit(E.Harvested(seat, colour, points))

    # discords --------------------------------------------------------------------------------------
    def _next_discord(self) -> None:
        t = self.t
        if t.pending_colours:
            colour = t.pending_colours.pop(0)
            self._fight(colour, self.claimants(colour))
        else:
            self._end_round()

    def _fight(self, colour: int, seats: list[int]) -> None:
        t = self.t
        t.fight_colour = colour
        t.fight_seats = list(seats)
        k = len(seats)
        t.fight_cards, t.fight_dice, t.fight_sums = [0] * k, [0] * k, [0] * k
        self._emit(E.DiscordStarted(colour, tuple(seats)))
        t.phase = DISCORD_CARD
        t.queue = list(seats)

    def _discord_card(self, seat: int, action: int) -> None:
        t = self.t
        card = action - A.DISCORD
        if card:
            t.discord_left[seat].remove(card)
            t.fight_cards[t.fight_seats.index(seat)] = card
        self._emit(E.DiscordCardLaid(seat, bool(card)))
        if not t.queue:
            t.phase = DICE
            t.queue = list(t.fight_seats)
            t.waited = 0

    def _dice(self, seat: int, action: int) -> None:
        t = self.t
        undecided = self._waits(seat, action, A.DICE_WAIT)
        if undecided is not None:
            for other in undecided:
                self._emit(E.DiceBought(other, 0, 0))
        else:
            k = action - A.DICE
            cost = k * A.DIE_PRICE
            t.dice_paid[seat] -= cost
            t.fight_dice[t.fight_seats.index(seat)] = k
            self._emit(E.DiceBought(seat, k, cost))
        if not t.queue:
            t.phase = ROLL
            t.rolls = [s for s, d in zip(t.fight_seats, t.fight_dice, strict=True) for _ in range(d)]
            if not t.rolls:
                self._resolve()

    def _roll(self, face: int) -> None:
        t = self.t
        seat = t.rolls.pop(0)
        t.fight_sums[t.fight_seats.index(seat)] += face
        self._emit(E.DieRolled(seat, face))
        if not t.rolls:
            self._resolve()

    def _resolve(self) -> None:
        t = self.t
        totals = [c + d for c, d in zip(t.fight_cards, t.fight_sums, strict=True)]
        best = max(totals)
        tied = [s for s, v in zip(t.fight_seats, totals, strict=True) if v == best]
        winner = tied[0] if len(tied) == 1 and best > 0 else -1
        self._emit(E.DiscordResolved(t.fight_colour, tuple(t.fight_seats), tuple(t.fight_cards),
                                     tuple(t.fight_sums), winner))
        if winner >= 0:
            self._score(winner, t.fight_colour)
        elif best > 0:
            self._fight(t.fight_colour, tied)  # a re-fight among the tied (ruling Z9)
            return
        self._next_discord()

    # end of the round and of the game ----------------------------------------------------------------
    def _end_round(self) -> None:
        t = self.t
        for kind in t.laid:
            if kind >= 0:
                t.discard[kind] += 1
        t.laid = [-1] * self.players
        positions = tuple(self.position(s) for s in range(self.players))
        reason = ""
        if max(positions) >= self.config.track_length:
            reason = "finish reached"
        elif not any(t.tokens):
            reason = "orchard harvested"
        if reason:
            best = max(positions)
            t.winners = tuple(s for s in range(self.players) if positions[s] == best)
            t.end_reason = reason
            t.phase = OVER
            t.queue = []
            self._emit(E.GameEnded(positions, t.winners, reason))
            return
        t.first = (t.first + 1) % self.players
        if t.face_up < 0:
            t.draws.append(FACE)
        self._begin_round()

    def winners(self) -> tuple[int, ...]:
        """The winning seat(s) once the game is over (ties share the win, ruling Z10)."""
        return self.t.winners

    def scores(self) -> tuple[Score, ...]:
        t = self.t
        return tuple(Score(t.harvest[s], t.cards_paid[s], t.dice_paid[s], t.bribes[s], self.position(s))
                     for s in range(self.players))

    def returns(self) -> list[float]:
        """Final points (pawn positions) at the end; 0 for everyone before (OpenSpiel's convention)."""
        if self.t.phase != OVER:
            return [0.0] * self.players
        return [float(self.position(s)) for s in range(self.players)]

    # ------------------------------------------------------------------------------------------
    # plain data
    def summary(self) -> dict[str, Any]:
        """The whole state as plain data (two states with equal summaries are the same game)."""
        t = self.t
        return {"phase": self.phase, "current": self.current_player(), "round": t.round, "first": t.first,
                "mayor": t.mayor, "tokens": [sq for sq in range(A.SQUARES) if t.tokens[sq]],
                "deck": t.deck[:], "discard": t.discard[:], "face_up": t.face_up,
                "hands": [h[:] for h in t.hands], "laid": t.laid[:], "joker": t.joker[:],
                "discord_cards": [d[:] for d in t.discord_left],
                "scores": [[s.harvest, s.cards, s.dice, s.bribes] for s in self.scores()],
                "queue": t.queue[:], "draws": t.draws[:], "rolls": t.rolls[:], "announced": t.announced,
                "offers": [list(o) for o in t.offers], "fight": [t.fight_colour, t.fight_seats[:], t.fight_cards[:],
                                                                 t.fight_dice[:], t.fight_sums[:]],
                "pending": t.pending_colours[:], "winners": list(t.winners), "events": len(self.events),
                "history": len(self.history), **({"waited": t.waited} if self.config.open_order else {})}

    def __str__(self) -> str:
        return (f"<Zankapfel {self.players}p round {self.t.round} {self.phase} mayor "
                f"{A.square_name(self.t.mayor) if self.t.mayor >= 0 else '-'} "
                f"points {[self.position(s) for s in range(self.players)]}>")


_HANDLERS = {SETUP_MAYOR: "_place_mayor", REMOVE: "_remove", BID: "_bid", MOVE: "_move", BRIBE: "_bribe",
             ACCEPT: "_accept", JOKER: "_choose_joker", DISCORD_CARD: "_discord_card", DICE: "_dice"}


def new_game(config: Config, rng: random.Random | None = None, *, keep_undo: bool = True) -> State:
    """A new game waiting for the first player to place the mayor (with ``rng``, every chance
    node is sampled as it comes up)."""
    return State(config, rng, keep_undo=keep_undo)


def replay(record: Any) -> State:
    """Rebuild a game from :meth:`State.to_record`; RecordError (a ValueError) on any problem."""
    return replay_record(record, fmt=RECORD_FORMAT, title="Zankapfel", read_config=Config.from_dict, start=State)
