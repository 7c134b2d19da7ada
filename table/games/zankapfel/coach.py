"""Zankapfel's coach (``table/companion/coach_games.py``): after a finished game, each decision
of a seat against the strong bot's, valued in points of final margin.

On the lid (the result screen, ``coach`` in text mode) only the choices the whole table saw being
made (rules ``shared/seeds/002``): the mayor's first square, each move of the mayor and the harvest
token removed. Not the bid: a card laid face down is shown once the mayor has moved, but the bot's
card would name one the seat kept in hand, which the game never shows (hands are not shown at the
end either); nor a discord's dice and card, for the same reason; nor the bribes, a deal between
players (as for the hints, ``hint.py``). A seat's phone gets all of that seat's decisions."""

from __future__ import annotations

from table.bots.determinize import search_copy
from table.companion.coach_games import coach_part, search_glue
from table.games.zankapfel.determinize import determinize
from table.games.zankapfel.hint import HINTS
from table.games.zankapfel.rules import replay

LID_PHASES = ("mayor-setup", "move", "remove")
"""The engine's phases whose decision is made in front of everyone from what everyone knows."""

GLUE = search_glue(replay_record=replay, determinize=determinize, bots="table.games.zankapfel.bots",
                   words=HINTS.words, public=lambda state, action: state.phase in LID_PHASES, start=search_copy)

coach_seat = coach_part(GLUE)
"""The registry part ``coach`` (``coach_games.coach_part``)."""
