"""The coach of the games whose strong bot is a search over determinizations (Zankapfel, Draft
Cider, Waldgärtner; ``table/bots/ismcts.py``): after a finished game, each decision of a seat
against the strong bot's choice, valued in points.

Their search ranks moves by visits, with no value of a position to compare turn by turn, so the
coach values a move itself: **the mean final margin after it**, over :data:`ROLLOUTS`
determinized rollouts. A rollout deals everything the deciding seat could not see afresh (the
game's determinizer, as that seat saw the game then), plays the move, and plays the game to its
end with the game's greedy bot in every seat and chance drawn from a seeded stream; its value is
the seat's final points minus the best other seat's. The chosen move and the bot's move are
played on the **same** rollouts (the same deal, the same chance stream, the same greedy bots'
seeds: common random numbers), so their difference is the move's, not the luck's. The seeds come
from :data:`SEED`, the decision's number and the rollout's: a record gives the same coach on
every machine.

A decision is a point where the seat chose among two or more legal actions. Which decisions are
shown depends on who sees them (each game's ``coach.py`` decides from its rules, ``docs/bots.md``):

* **the lid** (``lid=True``: the result screen, ``coach`` in text mode) is public: only decisions
  whose move and whose bot's move show nothing the game kept hidden (Zankapfel's mayor and
  harvest tokens, every Draft Cider pick, Waldgärtner's decks, special actions, open offers and
  the die, which is revealed at once). The bot's choice there is made as everyone saw the game
  (``lidhint.public_view``): the seat's own hand, which the game may never have shown, cannot
  move it.
* **one seat** (``lid=False``: the seat's phone) sees all its own decisions, valued with what
  that seat knew (its own hand).

Advice only: never journalled, computed off the UI thread (:class:`ModuleCoach`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from table.bots.ismcts import sample_outcome
from table.companion.coach_words import decimal, turn_head
from table.companion.lidhint import public_view
from table.engine.errors import TableError
from table.i18n import _
from table.i18n.labels import seat_name

ROLLOUTS = 8
"""Rollouts per move valued (both moves on the same ones): a fixed budget, so the coach does not
depend on the machine. At 8 a Waldgärtner decision costs about 0.4 s of CPU here."""
SEED = 0
"""The coach's seed: the bot's seed and the rollouts' seeds are drawn from it."""
SHOWN = 5
"""Decisions listed: the dearest ones."""

class CoachUnavailable(TableError):
    """The record cannot be coached (no moves in it, or it does not replay): one line why."""


Determinize = Callable[[Any, int, random.Random], Any]
Policy = Callable[[Any, list[int], random.Random], int]
Check = Callable[[], None]


@dataclass(frozen=True)
class CoachGlue:
    """What the coach needs of a game (its ``coach.py``)."""

    replay: Callable[[dict[str, Any]], tuple[Any, list[int]]]
    """A finished record → its start state (a search copy: no rng, no undo) and its actions."""
    determinize: Determinize
    """The strong bot's determinizer: a copy of the game as ``seat`` sees it."""
    bot: Callable[[random.Random], Any]
    """The strong bot (``choose(state)``), at the game's Pi budget."""
    rollout: Callable[[random.Random], Policy]
    """The greedy bot as a rollout policy, seeded."""
    words: Callable[[Any, int], str]
    """An action (legal in the state) in the table's words."""
    public: Callable[[Any, int], bool]
    """Whether a decision at this state may be coached on the lid (``action``: the one played)."""


@dataclass(frozen=True)
class Decision:
    """One coached decision: the game's decision number (0-based, every seat's counted), the
    seat, the move played and the bot's in words, and the cost in points of final margin
    (positive: the move played lost against the bot's)."""

    turn: int
    seat: int
    played: str
    bot: str
    cost: float
    same: bool = False

    def head(self) -> str:
        """``Turn 7 · Seat 2: cost 3.2 points`` (Applejack's coach's words)."""
        return turn_head(self.turn, seat_name(self.seat), self.cost, self.same)

    def text(self) -> str:
        """Three lines, as Applejack's coach prints a turn."""
        return "\n".join([self.head(), "  " + _("You: {actions}").format(actions=self.played),
                          "  " + _("Bot: {actions}").format(actions=self.bot)])


def margin(points: Sequence[float], seat: int) -> float:
    """The seat's points minus the best other seat's (its own points alone in a solo game)."""
    others = [p for s, p in enumerate(points) if s != seat]
    return float(points[seat]) - (max(others) if others else 0.0)


def rollout_value(glue: CoachGlue, state: Any, seat: int, action: int, seed: int,
                  determinize: Determinize) -> float | None:
    """The seat's final margin after ``action`` on the rollout ``seed`` (None when the action is
    not legal in that deal: it is left out for both moves)."""
    rng = random.Random(seed)
    sim = determinize(state, seat, random.Random(rng.getrandbits(64)))
    if action not in sim.legal_actions():
        return None
    chance = random.Random(rng.getrandbits(64))
    policy = glue.rollout(random.Random(rng.getrandbits(64)))
    sim.apply(action)
    while not sim.is_terminal():
        if sim.is_chance():
            sim.apply(sample_outcome(sim, chance))
            continue
        legal = sim.legal_actions()
        sim.apply(legal[0] if len(legal) == 1 else policy(sim, legal, chance))
    return margin(sim.returns(), seat)


def cost_of(glue: CoachGlue, state: Any, seat: int, played: int, best: int, seed: int, rollouts: int,
            determinize: Determinize) -> float:
    """Mean margin of ``best`` minus that of ``played``, on the same rollouts."""
    diffs = []
    for k in range(rollouts):
        a = rollout_value(glue, state, seat, played, seed * 1_000 + k, determinize)
        b = rollout_value(glue, state, seat, best, seed * 1_000 + k, determinize)
        if a is not None and b is not None:
            diffs.append(b - a)
    return sum(diffs) / len(diffs) if diffs else 0.0


def decisions(glue: CoachGlue, record: dict[str, Any], seat: int | None, *, lid: bool, rollouts: int = ROLLOUTS,
              seed: int = SEED, check: Check | None = None) -> list[Decision]:
    """Every coached decision of ``seat`` (None: every seat) in the finished game ``record``, in
    game order (the module doc: which ones, and how they are valued)."""
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise CoachUnavailable(_("this game's record holds no moves (a score pad game)"))
    try:
        state, actions = glue.replay(record)
    except (TableError, TypeError) as exc:
        raise CoachUnavailable(str(exc)) from None
    determinize = public_view(glue.determinize, state.players) if lid else glue.determinize
    out: list[Decision] = []
    turn = 0
    for action in actions:
        if not state.is_chance() and not state.is_terminal() and len(state.legal_actions()) > 1:
            who = state.current_player()
            if (seat is None or who == seat) and (not lid or glue.public(state, action)):
                if check is not None:
                    check()
                out.append(_judge(glue, state, who, action, turn, rollouts, seed, determinize))
            turn += 1
        state.apply(action)
    return out


def _judge(glue: CoachGlue, state: Any, seat: int, action: int, turn: int, rollouts: int, seed: int,
           determinize: Determinize) -> Decision:
    """One decision: the bot's choice (seeded by the decision's number), and the cost when it differs."""
    bot = glue.bot(random.Random(seed * 7919 + turn))
    bot.determinize = determinize
    best = bot.choose(state.clone())
    played, theirs = glue.words(state, action), glue.words(state, best)
    if best == action:
        return Decision(turn, seat, played, theirs, 0.0, same=True)
    cost = cost_of(glue, state, seat, action, best, seed * 100_003 + turn, rollouts, determinize)
    return Decision(turn, seat, played, theirs, cost)


@dataclass(frozen=True)
class CoachReport:
    """The coach of one finished game (or one seat's part of it), as lines."""

    rows: tuple[Decision, ...] = field(default_factory=tuple)

    def summary(self) -> str:
        """``Coach: 30 of 41 turns as the bot would have played them; the others cost 12.4 points``."""
        differ = [r for r in self.rows if not r.same]
        return _("Coach: {same} of {turns} turns as the bot would have played them; the others cost {cost} points"
                 ).format(same=len(self.rows) - len(differ), turns=len(self.rows),
                          cost=decimal(sum(r.cost for r in differ)))

    def dearest(self, shown: int = SHOWN) -> tuple[Decision, ...]:
        """The ``shown`` decisions that cost most (only those that cost something), dearest first."""
        costly = sorted((r for r in self.rows if not r.same and r.cost >= 0.05), key=lambda r: (-r.cost, r.turn))
        return tuple(costly[:shown])

    def lines(self, shown: int = SHOWN) -> list[str]:
        """The heading, the dearest decisions (three lines each), the summary."""
        if not self.rows:
            return [_("No complete turn to look at.")]
        head = _("Coach: each turn against the bot's, biggest losses first (points of final margin over the best "
                 "other seat)")
        return [head, *(r.text() for r in self.dearest(shown)), self.summary()]


def coach_lines(glue: CoachGlue, record: dict[str, Any], seat: int | None, *, lid: bool,
                rollouts: int = ROLLOUTS, seed: int = SEED, check: Check | None = None) -> list[str]:
    """Every game's coach entry: the coach of ``seat`` (None: every seat) as lines."""
    return CoachReport(tuple(decisions(glue, record, seat, lid=lid, rollouts=rollouts, seed=seed,
                                       check=check))).lines()


def search_glue(*, replay_record: Callable[[dict[str, Any]], Any], determinize: Determinize, bots: str,
                words: Callable[[Any, int], str], public: Callable[[Any, int], bool],
                start: Callable[[Any], Any] = lambda state: state) -> CoachGlue:
    """A game's :class:`CoachGlue` from its parts: ``replay_record`` (the rules' replay of a record),
    its determinizer, the dotted name of its bots module (``GreedyBot`` for the rollouts, and
    ``make_bot("strong", rng)``; imported when a coach is first computed, not before), its
    actions in words and which decisions the lid may coach; ``start`` turns the replayed start
    into the state a search copies (``search_copy`` for a snapshot state)."""

    def replay(record: dict[str, Any]) -> tuple[Any, list[int]]:
        first = start(replay_record({"format": record.get("format"), "config": record.get("config"), "actions": []}))
        return first, [first.string_to_action(text) for text in record.get("actions", ())]

    def rollout(rng: random.Random) -> Policy:
        greedy = import_module(bots).GreedyBot(rng)
        if hasattr(greedy, "decide"):  # a bot that is told the seat and the legal moves
            return lambda state, legal, _rng: int(greedy.decide(state, state.current_player(), legal))
        return lambda state, legal, _rng: int(greedy.choose(state))

    def strong(rng: random.Random) -> Any:
        return import_module(bots).make_bot("strong", rng)

    return CoachGlue(replay=replay, determinize=determinize, bot=strong, rollout=rollout, words=words, public=public)


def coach_part(glue: CoachGlue) -> Callable[..., list[str]]:
    """The registry part ``coach`` of a game with ``glue``: ``coach(record, seat, *, lid=False,
    rollouts=ROLLOUTS, check=None)`` — the coach of ``seat`` (0-based; None: every seat) in a
    finished record, as lines; ``lid``: only what the lid may show."""

    def coach(record: dict[str, Any], seat: int | None, *, lid: bool = False, rollouts: int = ROLLOUTS,
              check: Check | None = None) -> list[str]:
        return coach_lines(glue, record, seat, lid=lid, rollouts=rollouts, check=check)

    return coach
