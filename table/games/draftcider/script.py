"""A whole Draft Cider game as table commands: what a table would enter for a seeded bot game,
live pick by pick or on the end-only score pad (the scenario tests, the demo, ``play --demo``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from table.bots.harness import bot_seats, scripted
from table.games.draftcider.bots import make_bot
from table.games.draftcider.rules import Config, State
from table.games.draftcider.rules.game import N_BATCHES, new_game, sample_chance
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.setup import DSetup


def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *, easy: bool = False,
                 steps: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine (``table.games.draftcider.bots``); returns what a table
    would enter for it (setup line, ``start``, one ``pick`` per pick — or, with ``steps``, the
    colour, height, sweetness and batch one by one) and the engine's finished game."""
    return scripted(lambda final: script_lines(players, seed, bots, easy=easy, steps=steps, final=final))


def script_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *, easy: bool = False,
                 steps: bool = False, final: list[State] | None = None) -> Iterator[str]:
    """:func:`table_script`'s lines as the bots pick (the kiosk demo shows the first before the
    game's end is computed: the same game as ``bots.play_game``, step by step); the finished game
    is appended to ``final``."""
    seats = bot_seats(make_bot, bots, players, seed)
    chance = random.Random(seed)
    state = new_game(Config(players, easy=easy), chance)
    yield DSetup(players, easy, "live").to_text()
    yield "start"
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, chance))
            continue
        seat = state.current_player()
        a = seats[seat].choose(state)
        c, b = divmod(a, N_BATCHES)
        card = state.deck[c]
        if steps:
            yield from (f"colour {card.colour}", f"height {card.height}", f"sweetness {card.sweetness}",
                        f"batch {BATCHES[b]}")
        else:
            yield f"pick seat {seat + 1} {card} {BATCHES[b]}"
        state.apply(a)
    if final is not None:
        final.append(state)


def pad_script(state: State) -> list[str]:
    """A finished engine game as the end-only pad's commands (setup, start, cards, pad-done)."""
    out = [DSetup(state.players, state.config.easy, "end").to_text(), "start"]
    for s in range(state.players):
        for b, cards in enumerate(state.orchards[s]):
            out += [f"pad {s + 1} {BATCHES[b]} {c}" for c in cards]
    out.append("pad-done")
    return out

