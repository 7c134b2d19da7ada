"""Draft Cider's coach (``table/companion/coach_games.py``): after a finished game, each pick of a
seat against the strong bot's, valued in points of final margin.

Every pick is public (rules ``shared/seeds/003``: the centre and every orchard lie face up), so the
lid coaches every pick of every seat, and a seat's phone the same picks of that seat."""

from __future__ import annotations

from table.companion.coach_games import coach_part, search_glue
from table.games.draftcider.determinize import determinize
from table.games.draftcider.hint import HINTS
from table.games.draftcider.rules.game import replay

GLUE = search_glue(replay_record=replay, determinize=determinize, bots="table.games.draftcider.bots",
                   words=HINTS.words, public=lambda state, action: True)

coach_seat = coach_part(GLUE)
"""The registry part ``coach`` (``coach_games.coach_part``): every pick, on the lid too."""
