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
from collections.abc import Iterator
from typing import Any

import pygame

from table.companion.demo_jobs import game_steps
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


waldgaertner_steps = game_steps(WaldgaertnerCompanion, demo_stream, seats=(2, 3, 4, 5, 6, 7),
                                shared=lambda: {"cards": load_cards()})
"""The registry part ``demo_steps`` (``demo_jobs.game_steps``): 2-7 players, going round; the
card file is read once per call, shared by the companion and the bots' lines."""


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
