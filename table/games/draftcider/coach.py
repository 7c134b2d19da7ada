"""Draft Cider's coach (``table/companion/coach_games.py``): after a finished game, each pick of a
seat against the strong bot's, valued in points of final margin.

Every pick is public (rules ``shared/seeds/003``: the centre and every orchard lie face up), so the
lid coaches every pick of every seat, and a seat's phone the same picks of that seat."""

from __future__ import annotations

import random
from typing import Any

from table.companion.coach_games import ROLLOUTS, CoachGlue, Policy, coach_lines
from table.games.draftcider.determinize import determinize
from table.games.draftcider.hint import HINTS
from table.games.draftcider.rules.game import replay as replay_record


def replay(record: dict[str, Any]) -> tuple[Any, list[int]]:
    """The start of the finished game and its actions."""
    start = replay_record({"format": record.get("format"), "config": record.get("config"), "actions": []})
    return start, [start.string_to_action(text) for text in record.get("actions", ())]


def rollout(rng: random.Random) -> Policy:
    # deferred: the bots load only when a coach is computed
    from table.games.draftcider.bots import GreedyBot

    greedy = GreedyBot(rng)
    return lambda state, legal, _rng: greedy.choose(state)


def strong(rng: random.Random) -> Any:
    # deferred: the bot's search loads only when a coach is computed
    from table.games.draftcider.bots import make_bot

    return make_bot("strong", rng)


GLUE = CoachGlue(replay=replay, determinize=determinize, bot=strong, rollout=rollout, words=HINTS.words,
                 public=lambda state, action: True)


def coach_seat(record: dict[str, Any], seat: int | None, *, lid: bool = False, rollouts: int = ROLLOUTS,
               check: Any = None) -> list[str]:
    """The registry part ``coach``: the coach of ``seat`` (0-based; None: every seat) in a finished
    record (``finished_record()``), as lines; ``lid``: only what the lid may show (here: all)."""
    return coach_lines(GLUE, record, seat, lid=lid, rollouts=rollouts, check=check)
