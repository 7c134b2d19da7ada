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

from table.bots.determinize import search_copy
from table.companion.coach_games import coach_part, search_glue
from table.games.waldgaertner.determinize import determinize
from table.games.waldgaertner.hint import HINTS
from table.games.waldgaertner.rules.game import replay

LID_STEPS = ("start", "special", "bonus", "achoose", "die")
"""The engine's steps whose decision the lid may coach."""

GLUE = search_glue(replay_record=replay, determinize=determinize, bots="table.games.waldgaertner.bots",
                   words=HINTS.words, public=lambda state, action: state.step in LID_STEPS, start=search_copy)

coach_seat = coach_part(GLUE)
"""The registry part ``coach`` (``coach_games.coach_part``)."""
