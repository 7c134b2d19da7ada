"""Zankapfel's coach (``table/companion/coach_games.py``): after a finished game, each decision
of a seat against the strong bot's, valued in points of final margin.

On the lid (the result screen, ``coach`` in text mode) only the choices the whole table saw being
made (rules ``shared/seeds/002``): the mayor's first square, each move of the mayor and the harvest
token removed. Not the bid: a card laid face down is shown once the mayor has moved, but the bot's
card would name one the seat kept in hand, which the game never shows (hands are not shown at the
end either); nor a discord's dice and card, for the same reason; nor the bribes, a deal between
players (as for the hints, ``hint.py``). A seat's phone gets all of that seat's decisions."""

from __future__ import annotations

import random
from typing import Any

from table.bots.determinize import search_copy
from table.companion.coach_games import ROLLOUTS, CoachGlue, Policy, coach_lines
from table.games.zankapfel.determinize import determinize
from table.games.zankapfel.hint import HINTS
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import replay as replay_record

LID_PHASES = ("mayor-setup", "move", "remove")
"""The engine's phases whose decision is made in front of everyone from what everyone knows."""


def replay(record: dict[str, Any]) -> tuple[Any, list[int]]:
    """The start of the finished game and its actions (the record's deal as the table inferred it)."""
    start = search_copy(replay_record({"format": record.get("format"), "config": record.get("config"),
                                       "actions": []}))
    return start, [A.from_text(text) for text in record.get("actions", ())]


def rollout(rng: random.Random) -> Policy:
    # deferred: the bots load only when a coach is computed
    from table.games.zankapfel.bots import GreedyBot

    greedy = GreedyBot(rng)
    return lambda state, legal, _rng: greedy.decide(state, state.current_player(), legal)


def strong(rng: random.Random) -> Any:
    # deferred: the bot's search loads only when a coach is computed
    from table.games.zankapfel.bots import make_bot

    return make_bot("strong", rng)


GLUE = CoachGlue(replay=replay, determinize=determinize, bot=strong, rollout=rollout, words=HINTS.words,
                 public=lambda state, action: state.phase in LID_PHASES)


def coach_seat(record: dict[str, Any], seat: int | None, *, lid: bool = False, rollouts: int = ROLLOUTS,
               check: Any = None) -> list[str]:
    """The registry part ``coach``: the coach of ``seat`` (0-based; None: every seat) in a finished
    record (``finished_record()``), as lines; ``lid``: only what the lid may show."""
    return coach_lines(GLUE, record, seat, lid=lid, rollouts=rollouts, check=check)
