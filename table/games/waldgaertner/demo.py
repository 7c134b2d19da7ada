"""The attract mode's Waldgärtner games: bots play (``table.games.waldgaertner.bots``), their moves are
entered into the table companion as a table would enter them (``table_script``: every card turned
or drawn by its id, every decision), and the companion's own screen
(:class:`~table.games.waldgaertner.view.WaldgaertnerView`) shows each step; the lid's lamps show
what the companion's lamps show (the choosable and the contested decks). The loop body is the
toolkit's :class:`~table.display.demo.ModuleDemoScreen` (``step(events)`` returns ``"play"`` at the
first touch, key or button).
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Iterator
from typing import Any

import pygame

from table.companion.botworker import BotWorker
from table.companion.demo_jobs import worked_steps
from table.display.demo import ModuleDemoScreen
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules.cards import CardSet
from table.games.waldgaertner.script import script_lines
from table.games.waldgaertner.view import WaldgaertnerView

__all__ = ["WaldgaertnerDemoScreen", "demo_lines", "demo_screen", "waldgaertner_steps"]


def demo_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"),
               cards: CardSet | None = None) -> list[str]:
    """A seeded bots' game as the table's commands."""
    return list(demo_stream(players, seed, bots, cards))


def demo_stream(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"),
                cards: CardSet | None = None) -> Iterator[str]:
    """The same lines as the bots play them (a job for the demo's worker: picklable; the first
    line is shown before the game's end is computed)."""
    return script_lines(players, seed, bots, cards=cards)


def waldgaertner_steps(*, games: int = 0, players: int | None = None, seed: int = 0,
                       bots: tuple[str, ...] = ("greedy", "random"),
                       worker: BotWorker | None = None) -> Iterator[WaldgaertnerCompanion]:
    """The companion after every entered command, game after game (0 = endless); only the game
    in progress is kept. Players vary 2-7 from game to game unless given. With a ``worker`` the
    bots think off the UI thread (``companion.demo_jobs.worked_steps``: ``WAITING`` meanwhile)."""
    cards = load_cards()  # the card file is read once

    return worked_steps(lambda n: WaldgaertnerCompanion(cards=cards),
                        functools.partial(demo_stream, bots=bots, cards=cards), games=games, players=players,
                        seed=seed, seats=(2, 3, 4, 5, 6, 7), worker=worker)


class WaldgaertnerDemoScreen(ModuleDemoScreen):
    """Bots' Waldgärtner games on the companion's screen, one entered command per ``pace`` seconds."""

    view_class = WaldgaertnerView


def demo_screen(surface: pygame.Surface, args: argparse.Namespace, games: int, seed: int, hw: Any,
                notifier: Any) -> WaldgaertnerDemoScreen:
    """``demo --game waldgaertner``'s screen (``commands/demo.py`` runs it)."""
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip()) if args.bots else ("greedy", "random")
    steps = waldgaertner_steps(games=games, players=args.players, seed=seed, bots=bots)
    return WaldgaertnerDemoScreen(surface, steps, pace=args.pace, indicators=hw.indicators, inputs=hw.events,
                                  notifier=notifier)
