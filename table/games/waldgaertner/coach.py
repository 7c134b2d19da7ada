"""Waldgärtner's coach (``table/companion/coach_games.py``): after a finished game, each decision
of a seat against the strong bot's, valued in points of final margin.

On the lid (the result screen, ``coach`` in text mode) only choices that show nothing the game
keeps hidden (rules ``shared/seeds/004``): the start's deck, the special action, the bonus draw's
deck and the card from an open offer (all made face up, as for the hints, ``hint.py``), and the
die: chosen behind the hand but revealed at once, and a die is a number, not a card. Not the hand
card grown or sold: every hand card is played face up in the end (the last one after the last
round), but the lid's coach judges as everyone saw the game at the moment (``public_view``), and a
choice between two hand cards cannot be judged without them; nor the card kept from a bonus draw
or a search (the bot's could name one of the cards put back unseen). A seat's phone gets all of
that seat's decisions, judged with its own hand."""

from __future__ import annotations

import random
from typing import Any

from table.bots.determinize import search_copy
from table.companion.coach_games import ROLLOUTS, CoachGlue, Policy, coach_lines
from table.games.waldgaertner.determinize import determinize
from table.games.waldgaertner.hint import HINTS
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.game import replay as replay_record

LID_STEPS = ("start", "special", "bonus", "achoose", "die")
"""The engine's steps whose decision the lid may coach."""


def replay(record: dict[str, Any]) -> tuple[Any, list[int]]:
    """The start of the finished game and its actions (the record's hidden cards as the table
    entered or inferred them)."""
    start = search_copy(replay_record({"format": record.get("format"), "config": record.get("config"),
                                       "actions": []}))
    return start, [A.from_text(text) for text in record.get("actions", ())]


def rollout(rng: random.Random) -> Policy:
    # deferred: the bots load only when a coach is computed
    from table.games.waldgaertner.bots import GreedyBot

    greedy = GreedyBot(rng)
    return lambda state, legal, _rng: greedy.decide(state, state.current_player(), legal)


def strong(rng: random.Random) -> Any:
    # deferred: the bot's search loads only when a coach is computed
    from table.games.waldgaertner.bots import make_bot

    return make_bot("strong", rng)


GLUE = CoachGlue(replay=replay, determinize=determinize, bot=strong, rollout=rollout, words=HINTS.words,
                 public=lambda state, action: state.step in LID_STEPS)


def coach_seat(record: dict[str, Any], seat: int | None, *, lid: bool = False, rollouts: int = ROLLOUTS,
               check: Any = None) -> list[str]:
    """The registry part ``coach``: the coach of ``seat`` (0-based; None: every seat) in a finished
    record (``finished_record()``), as lines; ``lid``: only what the lid may show."""
    return coach_lines(GLUE, record, seat, lid=lid, rollouts=rollouts, check=check)
