"""A fair solo target and a per-turn coach: the strong bot on the player's own tile draws.

**The same draws** (docs/history.md). A game's *draw sequence* is the list of tiles that came
out of the supply, in the order they came out: every chance action ``draw N`` of the record,
setup draws included. The bot's game is played from the same setup (config, kept campaign
tiles) and its k-th draw from the supply — whatever it is for (setup, a blind draw, a refill,
the cottage, the middle trees) — is the k-th tile of that sequence. The bot's choices change
*how many* tiles leave the supply and *where* they go, never *which* tile comes next: tiles only
ever leave the supply, so the first k tiles of the sequence are exactly the ones drawn so far
and the (k+1)-th is still in it. When the bot's game needs more draws than the record made, the
rest of the supply follows in one fixed order (the remaining tile ids sorted, shuffled by
``random.Random(extra_seed)``), reported as ``extra_draws``; when it needs fewer, the
sequence's tail is simply never turned over.

The bot is :class:`~table.games.applejack.bots.strong.StrongBot` at its ``"full"`` budget with
``max_seconds=None`` (no time cap) and a seeded RNG, so the target is deterministic: the same
record and seeds give the same score. A record the strong bot played itself (``play_game`` with
the same bot seed and budget) gives back exactly its own game.

**The coach** (any player count, a game with orchard tracking): before each of a seat's turns
the strong bot is asked for the whole turn (select, pay or pasture, place, cottage restock) on
a copy of the position; a draw inside the turn (a blind draw, a restock from the supply) is the
record's next draw, as above. Both turns are valued the moment the turn is over (the die moved,
harvests paid) the way the strong bot values its own plans: ``samples`` rollouts from each
position (sampled supply draws, the *same* seeds for both positions so they are compared on
equal luck; every seat then plays greedily for ``horizon`` more turns) valued by
:mod:`table.games.applejack.bots.evaluate`'s projection of that seat's final score
(:func:`table.games.applejack.bots.strong.leaf_value`, the weights for the player count), averaged. The *cost* is
the bot's value minus the player's, in projected honey. ``samples=0`` values the positions
statically instead (the projection alone): quicker, but it favours one-ply greedy play, which
maximises exactly that projection — a greedy player's turns then "gain" against the bot's.
The draws inside the rollouts are sampled, never the record's later draws. When either turn
drew from the supply (``luck``), the tile that came up is luck, so the cost is split: *the
choice* — the decisions before the first draw, each valued by expectation over
``draw_samples`` sampled tiles (the same tiles for both lines) with the bot finishing the turn
— and, when the player drew, *what was done with the tile*: the player's turn against the bot's
best use of that same tile (:class:`TurnAdvice`). docs/history.md has the figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from table.engine.errors import IllegalActionError, RecordError, TableError
from table.games.applejack.bots.greedy import GreedyBot
from table.games.applejack.bots.strong import SOLO_WEIGHTS, StrongBot, leaf_value
from table.games.applejack.bots.weights import Weights
from table.games.applejack.labels import solo_words
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.game import CHANCE, SELECT, GameState, sample_chance
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.rules.scoring import ScoreBreakdown
from table.i18n import _, ngettext

Check = Callable[[], None]
"""Called between the bot's decisions; raises to stop a long replay (a time cap, a cancel)."""


class FairTargetError(TableError):
    """The game cannot be used (not solo, not a full game record, no draws …); one line."""


def as_record(game: GameState | GameRecord | dict[str, Any]) -> GameRecord:
    """A full game record from a GameState (the tracked mirror), a GameRecord, an
    ``applejack-record/1`` dict, or a companion record holding one under ``game``."""
    if isinstance(game, GameState):
        return GameRecord.of(game)
    if isinstance(game, GameRecord):
        return game
    if isinstance(game, dict) and isinstance(game.get("game"), dict):  # a tracked companion record
        game = game["game"]
    try:
        return GameRecord.from_dict(game)
    except RecordError as exc:
        raise FairTargetError(_("{problem} (the coach and the fair target need a game with orchard tracking: "
                                "a full game record)").format(problem=exc)) from None


def draw_sequence(record: GameRecord) -> tuple[int, ...]:
    """The tiles the record drew from the supply, in order (its ``draw N`` actions)."""
    out = []
    for text in record.actions:
        try:
            action = A.from_text(text)
        except ValueError as exc:
            raise FairTargetError(str(exc)) from None
        if A.is_draw(action):
            out.append(action - A.DRAW)
    return tuple(out)


class Draws:
    """The supply's draws for a replay: the sequence first, then the rest in a fixed order."""

    def __init__(self, sequence: Sequence[int], start: int = 0, extra_seed: int = 0) -> None:
        self.sequence = tuple(sequence)
        self.next = start
        self.extra_seed = extra_seed
        self.rest: list[int] | None = None
        self.extra = 0

    def draw(self, state: GameState) -> int:
        """The next tile for ``state``'s chance node (as a ``draw`` action)."""
        if self.next < len(self.sequence):
            tile = self.sequence[self.next]
            self.next += 1
            if tile not in state.supply:  # cannot happen (see the module doc); a damaged record could
                raise FairTargetError(f"draw {self.next}: tile {tile} is not in the supply")
            return A.draw(tile)
        if self.rest is None:
            self.rest = sorted(state.supply)
            random.Random(self.extra_seed).shuffle(self.rest)
        while self.rest:
            tile = self.rest.pop(0)
            if tile in state.supply:
                self.extra += 1
                return A.draw(tile)
        raise FairTargetError("the supply is empty but the game asks for a draw")


def _strong(seed: int, options: dict[str, Any] | None) -> Any:
    return StrongBot(random.Random(seed), **{"budget": "full", **(options or {}), "max_seconds": None})


@dataclass(frozen=True)
class FairTarget:
    """The strong bot's game on the player's draws."""

    bot_total: int
    bot_breakdown: ScoreBreakdown
    player_total: int | None
    draws_used: int
    extra_draws: int
    bot_record: GameRecord

    def text(self) -> str:
        if self.player_total is not None:
            line = _("With your draws the bot scored {bot}; you scored {you} ({diff}).").format(
                bot=self.bot_total, you=self.player_total, diff=f"{self.player_total - self.bot_total:+d}")
        else:
            line = _("With your draws the bot scored {bot}.").format(bot=self.bot_total)
        line += " " + _("The bot: {verdict}.").format(verdict=solo_words(self.bot_total))
        if self.extra_draws:
            line += " " + ngettext("(It drew {n} tile more than your game did; it came in a fixed order.)",
                                   "(It drew {n} tiles more than your game did; those came in a fixed order.)",
                                   self.extra_draws).format(n=self.extra_draws)
        return line


def fair_target(data: DataSet, game: GameState | GameRecord | dict[str, Any], *, bot_seed: int = 0,
                extra_seed: int = 0, bot_options: dict[str, Any] | None = None,
                check: Check | None = None) -> FairTarget:
    """Replay the strong bot on ``game``'s draws (a solo game); see the module doc. ``check`` is
    called before each of the bot's decisions (it may raise to stop the replay)."""
    record = as_record(game)
    if record.config.players != 1:
        raise FairTargetError(_("the fair target is for solo games; this one has {players} players").format(
            players=record.config.players))
    try:
        player = record.replay(data)
    except RecordError as exc:
        raise FairTargetError(str(exc)) from None
    draws = Draws(draw_sequence(record), extra_seed=extra_seed)
    bot = _strong(bot_seed, bot_options)
    state = GameState(data, record.config, keep_undo=False)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_fast(draws.draw(state))
        else:
            if check is not None:
                check()
            state.apply_fast(bot.choose(state))
    score = state.scores()[0]
    return FairTarget(score.total, score, player.scores()[0].total if player.is_terminal() else None,
                      min(draws.next, len(draws.sequence)), draws.extra, GameRecord.of(state))


# --- the coach ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnAdvice:
    """One turn of one seat: what was played and what the bot would have played.

    ``played_value`` and ``bot_value``: each turn as played, valued right after it (projected
    final score of the seat, honey). When the turns differ and a draw was in one of them, those
    two values hold the draw's luck; the costs do not: ``choice_cost`` compares the decisions made
    before the first draw by their expected value (the same sampled tiles for both, the bot
    finishing either turn), ``after_draw_cost`` what the player did with the tile that came up
    against the bot's best use of that same tile. Without a draw the cost is the difference of
    the two values. ``luck``: the two values are not comparable as they stand."""

    turn: int
    seat: int
    played: tuple[str, ...]
    bot: tuple[str, ...]
    played_value: float
    bot_value: float
    choice_cost: float
    after_draw_cost: float = 0.0
    luck: bool = False
    start: int = 0
    """The index in the record's actions of the turn's first action (its position: the actions before)."""

    @property
    def cost(self) -> float:
        """Projected honey the turn cost against the bot's (negative: it gained)."""
        return self.choice_cost + self.after_draw_cost

    @property
    def same(self) -> bool:
        return self.played == self.bot

    def text(self) -> str:
        turn, seat, played = f"{self.turn + 1:2d}", self.seat + 1, ", ".join(self.played)
        if self.same:
            return _("turn {turn} seat {seat}: {played} — the bot's choice too ({value})").format(
                turn=turn, seat=seat, played=played, value=f"{self.played_value:.1f}")
        if self.luck:
            return _("turn {turn} seat {seat}: {played}; the bot: {bot}; cost {cost} (the choice {choice}, "
                     "then with the tile drawn {after})").format(
                turn=turn, seat=seat, played=played, bot=", ".join(self.bot), cost=f"{self.cost:+.1f}",
                choice=f"{self.choice_cost:+.1f}", after=f"{self.after_draw_cost:+.1f}")
        return _("turn {turn} seat {seat}: {played}; the bot: {bot}; cost {cost} ({mine} against {theirs})").format(
            turn=turn, seat=seat, played=played, bot=", ".join(self.bot), cost=f"{self.cost:+.1f}",
            mine=f"{self.played_value:.1f}", theirs=f"{self.bot_value:.1f}")


def _weights(players: int) -> Any:
    return SOLO_WEIGHTS if players == 1 else Weights()


COACH_SAMPLES = 8
COACH_HORIZON = 2
COACH_DRAW_SAMPLES = 6
"""Tiles sampled for the expected value of a choice made before a draw (a blind draw)."""


def rollout_value(state: GameState, seat: int, weights: Any, seeds: Sequence[int], horizon: int) -> float:
    """``seat``'s projected final score at ``state``: the mean over ``seeds`` of a greedy playout
    of ``horizon`` more turns with sampled draws (the projection alone when ``seeds`` is empty)."""
    if not seeds or state.is_terminal():
        return leaf_value(state, seat, weights)
    total = 0.0
    end_turn = state.turn + horizon
    for seed in seeds:
        sim = state.clone()
        chance = random.Random(seed)
        policy = GreedyBot(random.Random(seed ^ 0x5DEECE66D), replace(weights, blind_samples=3))
        while not sim.is_terminal() and (sim.turn < end_turn or sim.current_player() == CHANCE):
            sim.apply_fast(sample_chance(sim, chance) if sim.current_player() == CHANCE else policy.choose(sim))
        total += leaf_value(sim, seat, weights)
    return total / len(seeds)


def coach(data: DataSet, game: GameState | GameRecord | dict[str, Any], *, bot_seed: int = 0,
          extra_seed: int = 0, bot_options: dict[str, Any] | None = None,
          seats: Sequence[int] | None = None, samples: int = COACH_SAMPLES,
          horizon: int = COACH_HORIZON, draw_samples: int = COACH_DRAW_SAMPLES,
          check: Check | None = None) -> list[TurnAdvice]:
    """Per turn of each seat (or of ``seats``): the player's turn and the bot's, valued (module doc).
    ``check`` is called before each turn is looked at and inside its valuation (it may raise to stop)."""
    record = as_record(game)
    sequence = draw_sequence(record)
    try:
        state = GameState(data, record.config, keep_undo=False)
    except ValueError as exc:
        raise FairTargetError(f"bad config: {exc}") from None
    weights = _weights(record.config.players)
    try:
        actions = [A.from_text(t) for t in record.actions]
    except ValueError as exc:
        raise FairTargetError(str(exc)) from None
    out: list[TurnAdvice] = []
    i = drawn = 0
    while i < len(actions) and not state.is_terminal():
        if state.phase == SELECT and state.current_player() != CHANCE and (seats is None or state.seat in seats):
            seat, turn0 = state.seat, state.turn
            # the player's turn, from the record
            mine = state.clone()
            j, played = i, []
            while j < len(actions) and mine.turn == turn0 and not mine.is_terminal():
                _apply(mine, actions[j], j)
                played.append(A.to_text(actions[j]))
                j += 1
            if mine.turn == turn0 and not mine.is_terminal():
                break  # the record stops inside this turn
            if check is not None:
                check()
            seeder = random.Random(bot_seed * 7919 + turn0)
            turn = _Turn(state, seat, turn0, _bot_factory(bot_seed * 1_000_003 + turn0, bot_options), weights,
                         [seeder.getrandbits(64) for _n in range(samples)],
                         [seeder.getrandbits(64) for _n in range(draw_samples)], horizon, check)
            out.append(replace(turn.advise(played, mine, sequence, drawn, extra_seed), start=i))
        action = actions[i]
        if A.is_draw(action):
            drawn += 1
        _apply(state, action, i)
        i += 1
    return out


def _bot_factory(seed: int, options: dict[str, Any] | None) -> Any:
    """A fresh strong bot for every use, so that each line of a turn is played by the same bot."""
    return lambda: _strong(seed, options)


def _finish_turn(sim: GameState, turn0: int, bot: Any, draws: Draws) -> list[str]:
    """Play ``sim`` to the end of turn ``turn0`` (bot decisions, ``draws`` for the supply)."""
    chosen = []
    while sim.turn == turn0 and not sim.is_terminal():
        a = draws.draw(sim) if sim.current_player() == CHANCE else bot.choose(sim)
        sim.apply_fast(a)
        chosen.append(A.to_text(a))
    return chosen


@dataclass
class _Turn:
    """One seat's turn for the coach: the position before it and how lines of it are valued."""

    state: GameState
    seat: int
    turn0: int
    make_bot: Any
    weights: Any
    seeds: list[int]
    tile_seeds: list[int]
    horizon: int
    check: Check | None = None

    def value(self, st: GameState) -> float:
        return rollout_value(st, self.seat, self.weights, self.seeds, self.horizon)

    def after(self, prefix: Sequence[str]) -> GameState:
        sim = self.state.clone()
        for t in prefix:
            sim.apply(t)
        return sim

    def expected(self, prefix: Sequence[str]) -> float:
        """The mean value over sampled tiles of ``prefix`` (decisions up to a draw), then the draw,
        then the bot finishing the turn; the same tiles for every prefix (the same seeds)."""
        at = self.after(prefix)
        total = 0.0
        for ts in self.tile_seeds:
            if self.check is not None:
                self.check()
            sim = at.clone()
            rng = random.Random(ts)
            bot = self.make_bot()
            while sim.turn == self.turn0 and not sim.is_terminal():
                sim.apply_fast(sample_chance(sim, rng) if sim.current_player() == CHANCE else bot.choose(sim))
            total += self.value(sim)
        return total / len(self.tile_seeds)

    def advise(self, played: list[str], mine: GameState, sequence: Sequence[int], drawn: int,
               extra_seed: int) -> TurnAdvice:
        sim = self.state.clone()
        chosen = _finish_turn(sim, self.turn0, self.make_bot(), Draws(sequence, drawn, extra_seed))
        mine_value = self.value(mine)
        args = (self.turn0, self.seat, tuple(played), tuple(chosen))
        if chosen == played:
            return TurnAdvice(*args, mine_value, mine_value, 0.0)
        bot_value = self.value(sim)
        mine_draw, bot_draw = _first_draw(played), _first_draw(chosen)
        if mine_draw is None and bot_draw is None:
            return TurnAdvice(*args, mine_value, bot_value, bot_value - mine_value)
        mine_ev = self.expected(played[:mine_draw]) if mine_draw is not None else mine_value
        bot_ev = self.expected(chosen[:bot_draw]) if bot_draw is not None else bot_value
        after = 0.0
        if mine_draw is not None:  # the bot's best use of the very tile the player drew
            best = self.after(played[:mine_draw + 1])
            _finish_turn(best, self.turn0, self.make_bot(),
                         Draws(sequence, drawn + _draws_in(played[:mine_draw + 1]), extra_seed))
            after = self.value(best) - mine_value
        return TurnAdvice(*args, mine_value, bot_value, bot_ev - mine_ev, after, True)


def _first_draw(line: Sequence[str]) -> int | None:
    return next((k for k, t in enumerate(line) if t.startswith("draw ")), None)


def _draws_in(line: Sequence[str]) -> int:
    return sum(1 for t in line if t.startswith("draw "))


def _apply(state: GameState, action: int, index: int) -> None:
    try:
        state.apply(action)
    except (IllegalActionError, ValueError) as exc:
        raise FairTargetError(f"action {index + 1} ({A.to_text(action)}): {exc}") from None


def coach_text(advice: Sequence[TurnAdvice]) -> str:
    """The coach's report: one line per turn, then the total and the dearest turns."""
    if not advice:
        return _("No complete turn to look at.")
    lines = [a.text() for a in advice]
    differ = [a for a in advice if not a.same]
    total = sum(a.cost for a in differ)
    lines.append(_("{same} of {turns} turns as the bot would have played them; "
                   "the {others} others cost {cost} projected honey in all.").format(
        same=len(advice) - len(differ), turns=len(advice), others=len(differ), cost=f"{total:+.1f}"))
    dear = sorted(differ, key=lambda a: -a.cost)[:3]
    if dear and dear[0].cost > 0:
        turns = "; ".join(_("turn {turn} ({cost})").format(turn=a.turn + 1, cost=f"{a.cost:+.1f}")
                          for a in dear if a.cost > 0)
        lines.append(_("Dearest: {turns}").format(turns=turns))
    return "\n".join(lines)
