"""A whole game of Waldgärtner as a table would enter it (the scenario tests, the demo, ``play
--demo``): bots play a seeded game in the engine and every card and decision becomes a command."""

from __future__ import annotations

import random
from collections.abc import Iterator

from table.bots.harness import bot_seats, script_seed, scripted
from table.games.waldgaertner.bots import make_bot
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import CardSet, Config, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.setup import WSetup


def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *,
                 cards: CardSet | None = None, choice: str = "EU",
                 direct_sale: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine; returns what a table would enter for it (setup line,
    ``start``, then the commands: every card turned or drawn by id, each decision) and the
    engine's finished game to compare with."""
    return scripted(lambda final: script_lines(players, seed, bots, cards=cards, choice=choice,
                                               direct_sale=direct_sale, final=final))


def script_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *,
                 cards: CardSet | None = None, choice: str = "EU", direct_sale: bool = False,
                 final: list[State] | None = None) -> Iterator[str]:
    """:func:`table_script`'s lines as the bots play (the kiosk demo shows the first before the
    game's end is computed); the finished game is appended to ``final``."""
    cards = cards if cards is not None else load_cards()
    rng = random.Random(seed)
    seats = bot_seats(make_bot, bots, players, seed, script_seed)
    # no undo snapshots: the script is never taken back, and each was a copy of the whole table
    st = new_game(Config(players, cards, choice=choice, direct_sale=direct_sale), keep_undo=False)
    yield WSetup(players, choice, direct_sale).text()
    yield "start"
    while not st.is_terminal():
        a = st.sample_chance(rng) if st.is_chance() else seats[st.current_player()].choose(st)
        st.apply(a)
        yield A.to_text(a)
    if final is not None:
        final.append(st)
