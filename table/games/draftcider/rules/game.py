"""Draft Cider as a game state for people and bots (the house protocol, OpenSpiel's shape).

A game is phases of a draft. At the start of each phase the centre is dealt 3 cards per
player (2 with 3 or 6 players) — each card one *chance* action ``deal N`` (N = the card's
index in the deck), so a simulation samples them with its own seeded ``random.Random`` and
people enter the card they turned over. Then, starting with the phase's first player and going
round the table, each player takes one card from the centre and plays it into one of their
eight batches (``play N feather``) until the centre is empty: everyone takes the same number
each phase. The first player moves one seat on each phase (D3). After 12 cards each the game
ends; the most points wins, ties share the win (D5, D15).

Actions are ints: ``card * 8 + batch`` plays a card (batch as in ``scoring.BATCHES``),
``DEAL + card`` deals one. Rulings D1-D16: ``docs/draftcider.md``.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass, field
from typing import Any

from table.engine.errors import ActionParseError, ConfigError, IllegalActionError, short_repr
from table.engine.events import Event
from table.engine.state import Seated, replay_record
from table.games.draftcider.rules.cards import MAX_DECK, Card, CardError, standard_deck
from table.games.draftcider.rules.events import (
    CardDealt,
    CardPlayed,
    GameEnded,
    GameStarted,
    PhaseStarted,
    Winners,
)
from table.games.draftcider.rules.scoring import (
    BATCHES,
    CARDS_PER_PLAYER,
    Score,
    batch_points,
    placement_problem,
    score_orchard,
    winners,
)

CHANCE = -1
TERMINAL = -4
DEAL = 10_000
"""``DEAL + card`` deals a card to the centre; below ``MAX_DECK * 8`` an action plays one."""
N_BATCHES = len(BATCHES)
MIN_PLAYERS, MAX_PLAYERS = 2, 6
FORMAT = "draftcider-record/1"
STANDARD_DECK: tuple[Card, ...] = standard_deck()


def cards_per_phase(players: int) -> int:
    """Cards each player takes per phase: 3, or 2 with 3 or 6 players (the text; D2)."""
    return 2 if players in (3, 6) else 3


def phases(players: int) -> int:
    """Phases to 12 cards each: 4, or 6 with 3 or 6 players (D2)."""
    return CARDS_PER_PLAYER // cards_per_phase(players)


@dataclass(frozen=True)
class Config:
    """How a game is set up: ``players`` (2-6), ``easy`` (the Bad batch scores 0 per card, D14),
    and the ``deck`` (cards in deck order; default our 75-card reading, ``data/deck.toml``)."""

    players: int
    easy: bool = False
    deck: tuple[Card, ...] = field(default=STANDARD_DECK)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"Draft Cider is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {short_repr(self.players)}")
        if not isinstance(self.easy, bool):
            raise ConfigError("easy must be true or false")
        if not isinstance(self.deck, tuple) or not all(isinstance(c, Card) for c in self.deck):
            raise ConfigError("the deck must be a tuple of cards")
        need = CARDS_PER_PLAYER * self.players
        if len(self.deck) < need:
            raise ConfigError(f"{self.players} players need {need} cards, the deck holds {len(self.deck)}")
        if len(self.deck) > MAX_DECK:
            raise ConfigError(f"a deck holds at most {MAX_DECK} cards")

    def to_dict(self) -> dict[str, Any]:
        """JSON form; the deck is listed only when it is not the standard one."""
        d: dict[str, Any] = {"players": self.players, "easy": self.easy}
        if self.deck != STANDARD_DECK:
            d["deck"] = [c.to_text() for c in self.deck]
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Config:
        """Read :meth:`to_dict`'s form; :class:`ConfigError` on anything else."""
        if not isinstance(d, dict):
            raise ConfigError("a config is an object")
        unknown = [k for k in d if k not in ("players", "easy", "deck")]
        if unknown:
            raise ConfigError(f"unknown config key {short_repr(unknown[0])}")
        deck = STANDARD_DECK
        if "deck" in d:
            raw = d["deck"]
            if not isinstance(raw, list) or len(raw) > MAX_DECK:
                raise ConfigError(f"deck must be a list of at most {MAX_DECK} card texts")
            try:
                deck = tuple(Card.from_text(t) for t in raw)
            except CardError as exc:
                raise ConfigError(f"deck: {exc}") from None
        return cls(d.get("players"), d.get("easy", False), deck)  # type: ignore[arg-type]


class State(Seated):
    """A Draft Cider game in progress. Mutable; :meth:`clone` for search, :meth:`undo` to take back.

    Seat ``s``'s orchard is ``orchards[s]``: eight lists of cards in the order played.
    """

    config: Config

    def __init__(self, config: Config) -> None:
        self.config = config
        self.deck = config.deck
        self.per_phase = cards_per_phase(config.players)
        self.phases = phases(config.players)
        self.undealt: list[int] = list(range(len(self.deck)))
        self.centre: list[int] = []
        self.orchards: list[list[list[Card]]] = [[[] for _ in BATCHES] for _ in range(config.players)]
        self.phase = 0
        self.to_deal = 0
        self.seat = 0
        self.over = False
        self.events: list[Event] = [GameStarted(config.players, self.per_phase, self.phases, config.easy)]
        self.history: list[int] = []
        self._undo: list[tuple[Any, ...]] = []
        self._final: tuple[Score, ...] | None = None
        self._start_phase()

    # ------------------------------------------------------------------------------------------
    # queries (``players``: :class:`~table.engine.state.Seated`)
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.to_deal:
            return CHANCE
        return self.seat

    def is_chance(self) -> bool:
        return not self.over and self.to_deal > 0

    def is_terminal(self) -> bool:
        return self.over

    def first_seat(self, phase: int) -> int:
        """Who picks first in ``phase`` (1-based): seat 1 in phase 1, then one seat on (D3)."""
        return (phase - 1) % self.players

    def card(self, card_id: int) -> Card:
        return self.deck[card_id]

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.to_deal:
            return [DEAL + c for c in self.undealt]
        orchard = self.orchards[self.seat]
        out: list[int] = []
        for c in sorted(self.centre):
            card = self.deck[c]
            out += [c * N_BATCHES + b for b in range(N_BATCHES) if placement_problem(orchard, b, card) is None]
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node: every card not dealt yet, equally likely."""
        if not self.is_chance():
            return []
        p = 1.0 / len(self.undealt)
        return [(DEAL + c, p) for c in self.undealt]

    def action_to_string(self, action: int) -> str:
        """``deal 17`` or ``play 17 feather`` (card 17 of the deck)."""
        if isinstance(action, int) and not isinstance(action, bool):
            if DEAL <= action < DEAL + len(self.deck):
                return f"deal {action - DEAL}"
            if 0 <= action < len(self.deck) * N_BATCHES:
                card, batch = divmod(action, N_BATCHES)
                return f"play {card} {BATCHES[batch]}"
        raise ActionParseError(f"no Draft Cider action {short_repr(action)}")

    def string_to_action(self, text: str) -> int:
        """Read ``deal 17`` / ``play 17 feather``; a card may also be named by its text while
        exactly one such card is where the action needs it (``play red h2 s3 feather``)."""
        if not isinstance(text, str) or len(text) > 80:
            raise ActionParseError("an action is a short text such as 'deal 17' or 'play 17 feather'")
        words = text.strip().lower().split()
        if len(words) >= 2 and words[0] == "deal":
            return DEAL + self._card_word(words[1:], self.undealt, text)
        if len(words) >= 3 and words[0] == "play" and words[-1] in BATCHES:
            return self._card_word(words[1:-1], self.centre, text) * N_BATCHES + BATCHES.index(words[-1])
        raise ActionParseError(f"not an action: {text!r} (expected 'deal N' or 'play N BATCH', "
                               f"BATCH one of {', '.join(BATCHES)})")

    def _card_word(self, words: list[str], where: list[int], text: str) -> int:
        if len(words) == 1 and words[0].isdecimal() and len(words[0]) <= 4:
            n = int(words[0])
            if n < len(self.deck):
                return n
            raise ActionParseError(f"{text!r}: the deck has cards 0-{len(self.deck) - 1}")
        try:
            card = Card.from_text(" ".join(words))
        except CardError:
            raise ActionParseError(f"{text!r}: name a card by number or as e.g. 'green h3 s4'") from None
        matches = [c for c in where if self.deck[c] == card]
        if len(matches) != 1:
            raise ActionParseError(f"{text!r}: {len(matches)} such cards where needed; name it by number")
        return matches[0]

    # ------------------------------------------------------------------------------------------
    # applying actions
    def apply(self, action: int | str) -> list[Event]:
        """Apply one action (int or text); returns the events it caused.

        :class:`IllegalActionError` (a ValueError) says why an action is not allowed.
        """
        if isinstance(action, str):
            action = self.string_to_action(action)
        problem = self._problem(action)
        if problem:
            raise IllegalActionError(problem)
        n = len(self.events)
        self._undo.append((self.phase, self.to_deal, self.seat, self.centre[:], n))
        self.history.append(action)
        if action >= DEAL:
            self._deal(action - DEAL)
        else:
            self._play(*divmod(action, N_BATCHES))
        return self.events[n:]

    def _problem(self, action: int) -> str | None:
        if isinstance(action, bool) or not isinstance(action, int):
            return f"an action is an int, got {type(action).__name__}"
        if self.over:
            return "the game is over"
        if self.to_deal:
            c = action - DEAL
            if not 0 <= c < len(self.deck):
                return f"a card must be dealt now (deal 0-{len(self.deck) - 1}), not {action}"
            if c not in self.undealt:
                return f"card {c} ({self.deck[c]}) has already been dealt"
            return None
        if not 0 <= action < len(self.deck) * N_BATCHES:
            return f"seat {self.seat + 1} must play a card from the centre, not {action}"
        c, b = divmod(action, N_BATCHES)
        if c not in self.centre:
            return f"card {c} ({self.deck[c]}) is not in the centre"
        problem = placement_problem(self.orchards[self.seat], b, self.deck[c])
        if problem:
            return f"{self.deck[c]} cannot go into {BATCHES[b]}: {problem}"
        return None

    def _start_phase(self) -> None:
        self.phase += 1
        self.to_deal = self.per_phase * self.players
        self.seat = self.first_seat(self.phase)
        self.events.append(PhaseStarted(self.phase, self.seat, self.to_deal))

    def _deal(self, c: int) -> None:
        self.undealt.remove(c)
        self.centre.append(c)
        self.to_deal -= 1
        self.events.append(CardDealt(c, self.deck[c].to_text()))

    def _play(self, c: int, b: int) -> None:
        orchard = self.orchards[self.seat]
        self.centre.remove(c)
        orchard[b].append(self.deck[c])
        self.events.append(CardPlayed(self.seat, c, self.deck[c].to_text(), BATCHES[b],
                                      batch_points(orchard, b, easy=self.config.easy)))
        if self.centre:
            self.seat = (self.seat + 1) % self.players
        elif self.phase < self.phases:
            self._start_phase()
        else:
            self._finish()

    def _finish(self) -> None:
        self.over = True
        self._final = None
        totals = tuple(s.total for s in self.scores())
        self.events.append(GameEnded(totals))
        self.events.append(Winners(winners(totals)))

    # ------------------------------------------------------------------------------------------
    # results
    def scores(self) -> tuple[Score, ...]:
        """Every seat's points per batch and total as the orchards stand (final once terminal)."""
        if self._final is not None:
            return self._final
        out = tuple(score_orchard(o, easy=self.config.easy) for o in self.orchards)
        if self.over:
            self._final = out
        return out

    def score(self, seat: int) -> Score:
        """One seat's points as its orchard stands (cheaper than :meth:`scores` for a bot)."""
        if self._final is not None:
            return self._final[seat]
        return score_orchard(self.orchards[seat], easy=self.config.easy)

    def returns(self) -> list[float]:
        """Final totals at the end; 0 for everyone before (OpenSpiel's convention)."""
        if not self.over:
            return [0.0] * self.players
        return [float(s.total) for s in self.scores()]

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points at the end (several on a tie); () before."""
        return winners([s.total for s in self.scores()]) if self.over else ()

    def cards_held(self, seat: int) -> int:
        return sum(len(b) for b in self.orchards[seat])

    def to_pad(self, names: list[str] | None = None) -> dict[str, Any]:
        """The orchards as a score pad (``pad.score_pad`` scores it exactly as :meth:`scores`)."""
        names = names or [f"Seat {s + 1}" for s in range(self.players)]
        pad: dict[str, Any] = {"players": [
            {"name": names[s], "batches": {n: [c.to_dict() for c in cards] for n, cards in zip(
                BATCHES, self.orchards[s], strict=True)}} for s in range(self.players)]}
        if self.config.easy:
            pad["easy"] = True
        return pad

    # ------------------------------------------------------------------------------------------
    # undo, clone, records
    def undo(self) -> int:
        """Take back the last action (a deal included); returns it. IndexError at the start."""
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the game")
        action = self.history.pop()
        phase, to_deal, seat, centre, n = self._undo.pop()
        if action >= DEAL:
            bisect.insort(self.undealt, action - DEAL)
        else:
            self.orchards[seat][action % N_BATCHES].pop()
        self.phase, self.to_deal, self.seat, self.centre = phase, to_deal, seat, list(centre)
        self.over = False
        self._final = None
        del self.events[n:]
        return action

    def clone(self) -> State:
        """An independent copy (undo history included)."""
        new = object.__new__(State)
        new.config, new.deck, new.per_phase, new.phases = self.config, self.deck, self.per_phase, self.phases
        new.undealt, new.centre = self.undealt[:], self.centre[:]
        new.orchards = [[b[:] for b in o] for o in self.orchards]
        new.phase, new.to_deal, new.seat, new.over = self.phase, self.to_deal, self.seat, self.over
        new.events, new.history, new._undo = self.events[:], self.history[:], self._undo[:]
        new._final = self._final
        return new

    def to_record(self) -> dict[str, Any]:
        """JSON-able record: config and every action's text (deals included); see :func:`replay`."""
        return {"format": FORMAT, "config": self.config.to_dict(),
                "actions": [self.action_to_string(a) for a in self.history]}

    def __str__(self) -> str:
        who = "over" if self.over else ("dealing" if self.to_deal else f"seat {self.seat + 1} to play")
        return f"<Draft Cider {self.players}p phase {self.phase}/{self.phases} {who}, centre {len(self.centre)}>"


def sample_chance(state: State, rng: random.Random) -> int:
    """A chance outcome (a card not dealt yet, uniformly) drawn with ``rng``."""
    return DEAL + state.undealt[rng.randrange(len(state.undealt))]


def new_game(config: Config, rng: random.Random | None = None) -> State:
    """A new game; with ``rng`` the first phase is dealt, else it waits at the chance node."""
    state = State(config)
    if rng is not None:
        while state.is_chance():
            state.apply(sample_chance(state, rng))
    return state


MAX_RECORD_ACTIONS = MAX_PLAYERS * CARDS_PER_PLAYER * 2
"""A whole game is a deal and a play per card: never more actions than this."""


def replay(record: Any) -> State:
    """Rebuild a game from :meth:`State.to_record`'s form; :class:`RecordError` on any mismatch."""
    return replay_record(record, fmt=FORMAT, title="Draft Cider", read_config=Config.from_dict, start=State,
                         max_actions=MAX_RECORD_ACTIONS, strict=True)
