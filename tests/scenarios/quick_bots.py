"""``python -m tests.scenarios.quick_bots ARGS``: the CLI (``table.cli.main``) whose bot advice
is cheap: the text front end's hints come from a small search (:data:`QUICK`), and the solo
result's fair target and the coach replay the game with the random bot (valued one turn ahead on
one sample) instead of the strong one.

For scenario tests that play a whole tracked game in real processes to check where advice appears
(hints shown, asked again, never journalled across a stop and a resume; the result's lines come
and the process ends) — not what it advises. The full searches cost a solo game about 16 s of CPU
(hints 0.25 s a turn, the fair target 5 s, the coach 10 s); ``tests/companion/test_hints.py``
and the coach's and fair target's own tests hold the advice to the strong bot.
"""

import random
import sys
from functools import partial
from types import MappingProxyType
from typing import Any

from table.cli import main
from table.games.applejack import text
from table.games.applejack.bots import fair_target as ft
from table.games.applejack.bots.base import make_bot
from table.games.applejack.companion import coach as result_coach
from table.games.applejack.companion.hints import HINT_BOT, compute_hint

QUICK = MappingProxyType({"candidates": 1, "samples": 1, "horizon": 1, "endgame": 0})
"""The hints' strong bot: one candidate, one turn ahead, on one sample (still no clock: the same
position gives the same hint)."""


def _random_bot(seed: int, options: dict[str, Any] | None) -> Any:
    """The fair target's and the coach's bot (``fair_target._strong``'s place): the random bot."""
    return make_bot("random", random.Random(seed))


def use_quick_bots() -> None:
    """Hints, the fair target and the coach of this process are cheap (the module doc)."""
    assert callable(getattr(ft, "_strong", None)), "fair_target's bot factory moved: follow it here"
    text.compute_hint = partial(compute_hint, options={**HINT_BOT, **QUICK})  # type: ignore[assignment]
    ft._strong = _random_bot
    result_coach.coach = partial(ft.coach, samples=1, horizon=1, draw_samples=1)  # type: ignore[assignment]


if __name__ == "__main__":
    use_quick_bots()
    sys.exit(main(sys.argv[1:]))
