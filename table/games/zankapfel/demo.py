"""The attract mode's Zankapfel games: bots play (``table.games.zankapfel.bots``), their moves are entered
into the table companion as a table would enter them (``table_script``), and the companion's own
screen (:class:`~table.games.zankapfel.view.ZankapfelView`) shows each step; the lid's lamps
show whose turn it is. The loop body is the toolkit's :class:`table.display.demo.ModuleDemoScreen`
(``step(events)`` returns ``"play"`` at the first touch, key or button), so ``run_demo_screen`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator

from table.display.demo import ModuleDemoScreen, module_steps
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from table.games.zankapfel.view import ZankapfelView

__all__ = ["ZankapfelDemoScreen", "zankapfel_steps"]


def zankapfel_steps(*, games: int = 0, players: int | None = None, seed: int = 0,
                    bots: tuple[str, ...] = ("greedy", "random")) -> Iterator[ZankapfelCompanion]:
    """The companion after every entered command, game after game (0 = endless); only the game
    in progress is kept. Players vary 3-6 from game to game unless given."""
    def game(n: int, game_seed: int) -> tuple[ZankapfelCompanion, list[str]]:
        script, _final = table_script(n, game_seed, bots)
        return ZankapfelCompanion(), script

    return module_steps(game, games=games, players=players, seed=seed, seats=(3, 4, 5, 6))


class ZankapfelDemoScreen(ModuleDemoScreen):
    """Bots' Zankapfel games on the companion's screen, one entered command per ``pace`` seconds
    (the setup and the result stay longer)."""

    view_class = ZankapfelView
