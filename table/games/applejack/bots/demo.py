"""The demo: bots play whole games, one step at a time, for a text log or the kiosk screen.

:func:`demo_steps` is a generator of :class:`DemoStep` (an action, bot's or chance's, and the
events it caused), endless unless told how many games to play. It keeps only the game in
progress, so memory stays flat however long it runs. :func:`run_text_demo` prints the steps as
text, pacing them with an injected ``sleep`` so that tests run instantly and the on-screen demo
can drive the same generator with its own clock.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from table.games.applejack.bots.base import Bot, make_bot, seat_seed
from table.games.applejack.bots.demo_words import drawn_blind_words, event_words, game_heading
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import Event, TileDrawn
from table.games.applejack.rules.game import CHANCE, GameState, new_game, sample_chance
from table.i18n import current_language, language_from_env, using

# the bots of each seat, game after game (the demo shows every kind of player)
DEMO_LINEUPS: tuple[tuple[str, ...], ...] = (
    ("strong",),
    ("greedy", "random"),
    ("strong", "greedy", "random"),
    ("greedy", "strong", "greedy", "random"),
    ("greedy",),
    ("random", "strong"),
    ("greedy", "greedy", "strong"),
    ("strong", "random", "greedy", "greedy"),
)
# a light strong bot: quick enough between the steps of a demo on a Raspberry Pi
DEMO_STRONG = {"candidates": 4, "samples": 3, "horizon": 1}


@dataclass(frozen=True, slots=True)
class DemoStep:
    """One applied action. ``seat`` is None for a chance draw (a tile from the supply)."""

    game: int  # 1-based game number of this demo run
    seed: int
    players: int
    names: tuple[str, ...]  # the bot of every seat
    seat: int | None
    action: str
    events: tuple[Event, ...]
    state: GameState  # the game just after the action: a copy of its own, later steps do not change it

    @property
    def game_over(self) -> bool:
        return self.state.is_terminal()


def _lineup(game_index: int, players: int | None) -> tuple[str, ...]:
    if players is None:
        return DEMO_LINEUPS[game_index % len(DEMO_LINEUPS)]
    base = DEMO_LINEUPS[(game_index * 4 + players - 1) % len(DEMO_LINEUPS)]
    return tuple(base[s % len(base)] for s in range(players))


def demo_steps(data: DataSet, *, games: int = 0, players: int | None = None, seed: int = 0,
               bots: Sequence[str] | None = None, every_seat: str | None = None,
               strong: Mapping[str, Any] = DEMO_STRONG) -> Iterator[DemoStep]:
    """Steps of ``games`` bot games (0: endless). ``players`` None varies 1-4 seats game by game;
    ``bots`` names the seats' bots (repeated to fill the seats), else a varied line-up — with
    ``every_seat`` its seat counts, every seat that bot (the kiosk: ``"strong"``). ``strong``: the
    strong bot's options (default the light :data:`DEMO_STRONG`; ``{}``: the Pi budget, ``docs/bots.md``)."""
    index = 0
    while games == 0 or index < games:
        game_seed = seed + index
        base = tuple(bots) if bots else _lineup(index, players)
        if every_seat is not None and not bots:
            base = (every_seat,) * len(base)
        n = players or len(base)
        names = tuple(base[s % len(base)] for s in range(n))
        seat_bots: list[Bot] = [
            make_bot(name, random.Random(seat_seed(game_seed, s)), **(strong if name == "strong" else {}))
            for s, name in enumerate(names)]
        chance = random.Random(game_seed)
        state = new_game(data, GameConfig(n), None, keep_undo=False)
        # the setup draws are steps too, so a viewer sees the troughs fill
        yield DemoStep(index + 1, game_seed, n, names, None, "setup", tuple(state.events), state.clone())
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action, seat = sample_chance(state, chance), None
            else:
                action, seat = seat_bots[player].choose(state), player
            events = state.apply(action)
            yield DemoStep(index + 1, game_seed, n, names, seat, A.to_text(action), tuple(events), state.clone())
        index += 1


# ---------------------------------------------------------------------------------------------
# text


def event_lines(data: DataSet, ev: Event, names: Sequence[str] = ()) -> list[str]:
    """Text lines for one event, with variety names, tile contents and payouts per seat, in the
    current language (``demo_words``)."""
    if isinstance(ev, TileDrawn):
        return []  # the tile shows up in the line that uses it
    said = event_words(data, ev, names)
    # an event type demo_words does not know yet (a future engine's): its English text form, as is
    return [str(ev)] if said is None else said


def step_lines(data: DataSet, step: DemoStep) -> list[str]:
    names = step.names
    out: list[str] = []
    if step.action == "setup":
        out.append(game_heading(step.game, step.seed))
    for ev in step.events:
        out += event_lines(data, ev, names)
    if step.seat is None and step.action != "setup":
        drawn = [e for e in step.events if isinstance(e, TileDrawn)]
        if drawn and drawn[0].to == "hand":
            out.append(drawn_blind_words(data, drawn[0].tile))
    return out


def run_text_demo(data: DataSet, write: Callable[[str], object], *, games: int = 1, players: int | None = None,
                  seed: int = 0, delay: float = 0.0, bots: Sequence[str] | None = None,
                  sleep: Callable[[float], object] = time.sleep, language: str | None = None) -> int:
    """Print ``games`` bot games (0: endless) line by line; ``delay`` seconds after each bot
    action. Returns the number of games completed. ``language``: the words' language; None is the
    one in force, or ``APPLEJACK_LANGUAGE`` while the process speaks the default English (the
    ``demo`` command chooses none itself)."""
    if language is None:
        language = current_language() if current_language() != "en" else language_from_env()
    completed = 0
    with using(language):
        for step in demo_steps(data, games=games, players=players, seed=seed, bots=bots):
            for line in step_lines(data, step):
                write(line)
            if step.seat is not None and delay > 0:
                sleep(delay)
            if step.game_over:
                completed += 1
                write("")
    return completed
