"""The attract mode's Draft Cider games: bots play (``table.games.draftcider.bots``), their picks are
entered into the table companion as a table would enter them (the card, then its batch, so the
lit batches show before each play), and the companion's own screen
(:class:`~table.games.draftcider.view.DraftCiderView`) shows each step; the lid's lamps light
the batches where the entered card may go. The loop body is the toolkit's
:class:`~table.display.demo.ModuleDemoScreen` (``step(events)`` returns ``"play"`` at the first
touch, key or button), so ``run_demo_screen`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator

from table.companion.demo_jobs import game_steps
from table.display.demo import ModuleDemoScreen
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.script import script_lines
from table.games.draftcider.view import DraftCiderView

__all__ = ["DraftCiderDemoScreen", "demo_lines", "draftcider_steps"]


def demo_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random")) -> list[str]:
    """A bots' game as table commands, each pick split into its card and its batch."""
    return list(demo_stream(players, seed, bots))


def demo_stream(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random")) -> Iterator[str]:
    """The same lines as the bots pick (a job for the demo's worker: picklable; the first line is
    shown before the game's end is computed)."""
    for line in script_lines(players, seed, bots):
        w = line.split()
        if w[0] == "pick":
            yield from (f"card {' '.join(w[3:6])}", f"batch {w[6]}")
        else:
            yield line


draftcider_steps = game_steps(DraftCiderCompanion, demo_stream, seats=(2, 3, 4, 5, 6))
"""The registry part ``demo_steps`` (``demo_jobs.game_steps``): 2-6 players, going round."""


class DraftCiderDemoScreen(ModuleDemoScreen):
    """Bots' Draft Cider games on the companion's screen, one entered command per ``pace`` seconds."""

    view_class = DraftCiderView
