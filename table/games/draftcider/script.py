"""A whole Draft Cider game as table commands: what a table would enter for a seeded bot game,
live pick by pick or on the end-only score pad (the scenario tests, the demo, ``play --demo``)."""

from __future__ import annotations

import random

from table.bots.harness import seat_seed
from table.games.draftcider.bots import make_bot, play_game
from table.games.draftcider.rules import Config, State
from table.games.draftcider.rules.game import DEAL, N_BATCHES
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.setup import DSetup


def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *, easy: bool = False,
                 steps: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine (``table.games.draftcider.bots``); returns what a table
    would enter for it (setup line, ``start``, one ``pick`` per pick — or, with ``steps``, the
    colour, height, sweetness and batch one by one) and the engine's finished game."""
    seats = [make_bot(bots[i % len(bots)], random.Random(seat_seed(seed, i))) for i in range(players)]
    final = play_game(Config(players, easy=easy), seats, seed)
    out = [DSetup(players, easy, "live").to_text(), "start"]
    replayed = State(final.config)
    for a in final.history:
        if a >= DEAL:
            replayed.apply(a)
            continue
        seat = replayed.current_player()
        c, b = divmod(a, N_BATCHES)
        card = final.deck[c]
        if steps:
            out += [f"colour {card.colour}", f"height {card.height}", f"sweetness {card.sweetness}",
                    f"batch {BATCHES[b]}"]
        else:
            out.append(f"pick seat {seat + 1} {card} {BATCHES[b]}")
        replayed.apply(a)
    return out, final


def pad_script(state: State) -> list[str]:
    """A finished engine game as the end-only pad's commands (setup, start, cards, pad-done)."""
    out = [DSetup(state.players, state.config.easy, "end").to_text(), "start"]
    for s in range(state.players):
        for b, cards in enumerate(state.orchards[s]):
            out += [f"pad {s + 1} {BATCHES[b]} {c}" for c in cards]
    out.append("pad-done")
    return out

