"""The attract mode's Zankapfel games: bots play (``table.games.zankapfel.bots``), their moves are entered
into the table companion as a table would enter them (``table_script``), and the companion's own
screen (:class:`~table.games.zankapfel.view.ZankapfelView`) shows each step; the lid's lamps
show whose turn it is. The loop body is the toolkit's :class:`table.display.demo.ModuleDemoScreen`
(``step(events)`` returns ``"play"`` at the first touch, key or button), so ``run_demo_screen`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator

from table.companion.demo_jobs import game_steps
from table.display.demo import ModuleDemoScreen
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import script_lines
from table.games.zankapfel.view import ZankapfelView

__all__ = ["ZankapfelDemoScreen", "demo_lines", "zankapfel_steps"]


def demo_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random")) -> list[str]:
    """A seeded bots' game as the table's commands."""
    return list(demo_stream(players, seed, bots))


def demo_stream(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random")) -> Iterator[str]:
    """The same lines as the bots play them (a job for the demo's worker: picklable; the first
    line is shown before the game's end is computed)."""
    return script_lines(players, seed, bots)


zankapfel_steps = game_steps(ZankapfelCompanion, demo_stream, seats=(3, 4, 5, 6))
"""The registry part ``demo_steps`` (``demo_jobs.game_steps``): 3-6 players, going round."""


class ZankapfelDemoScreen(ModuleDemoScreen):
    """Bots' Zankapfel games on the companion's screen, one entered command per ``pace`` seconds
    (the setup and the result stay longer)."""

    view_class = ZankapfelView
