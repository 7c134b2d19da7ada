"""The attract mode's Draft Cider games: bots play (``table.games.draftcider.bots``), their picks are
entered into the table companion as a table would enter them (the card, then its batch, so the
lit batches show before each play), and the companion's own screen
(:class:`~table.games.draftcider.view.DraftCiderView`) shows each step; the lid's lamps light
the batches where the entered card may go. The loop body is the toolkit's
:class:`~table.display.demo.ModuleDemoScreen` (``step(events)`` returns ``"play"`` at the first
touch, key or button), so ``run_demo_screen`` runs it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from table.companion.botworker import BotWorker
from table.companion.demo_jobs import worked_steps
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


def draftcider_steps(*, games: int = 0, players: int | None = None, seed: int = 0,
                     bots: tuple[str, ...] = ("greedy", "random"),
                     worker: BotWorker | None = None) -> Iterator[DraftCiderCompanion]:
    """The companion after every entered command, game after game (0 = endless); only the game
    in progress is kept. Players vary 2-6 from game to game unless given. With a ``worker`` the
    bots think off the UI thread (``companion.demo_jobs.worked_steps``: ``WAITING`` meanwhile)."""
    return worked_steps(lambda n: DraftCiderCompanion(), functools.partial(demo_stream, bots=bots), games=games,
                        players=players, seed=seed, seats=(2, 3, 4, 5, 6), worker=worker)


class DraftCiderDemoScreen(ModuleDemoScreen):
    """Bots' Draft Cider games on the companion's screen, one entered command per ``pace`` seconds."""

    view_class = DraftCiderView
