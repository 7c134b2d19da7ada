"""Draft Cider's teach mode (``table.companion.teaching``): each step explained once, the first
time it happens, in one sentence in our words from the rule text (``/work/shared/seeds/003_…``,
quoted beside each sentence)."""

from __future__ import annotations

from table.companion.protocol import Staged
from table.companion.teaching import Syllabus
from table.i18n import N_, _


def setup_steps() -> list[str]:
    """The table's set-up as the rules give it, before the first phase's deal (its own
    announcement: the cards to the centre): a line a step after the shell's "Set up the table
    for N players:" (``announce.setup_told``)."""
    return [
        # "At the start of the game, you are each given a board, this is your orchard."
        _("give each player an orchard board: its eight batches take the cards they pick;"),
        _("shuffle the apple cards face down: each phase deals its cards to the centre from them."),
    ]


SENTENCES = {
    # "At the start of the game, you are each given a board, this is your orchard. … adding it to one of
    # 8 batches in their orchard"
    "setup": N_("Each player's orchard board has eight batches; every card a player takes goes into one of "
                "them and scores by that batch's rule."),
    # "At the start of a phase, a set of cards is placed in the centre of the tables. 3 cards are
    # put down per player, or 2 if playing 3/6 player."
    "phase": N_("Each phase starts with cards dealt face up to the centre, the same number for every player."),
    # "The players take it in turns selecting a single card … When it's their turn the players
    # MUST draw a card and play it"
    "colour": N_("In turn each player must take one card from the centre; enter its colour, height and "
                 "sweetness."),
    # "adding it to one of 8 batches in their orchard … They will earn points depending on the batch"
    "batch": N_("The card goes into one of your eight batches; each batch has its own rule and scoring, and "
                "the Bad batch takes any card for −1."),
    # "The game ends when each player has 12 cards" (the end-only pad scores each orchard)
    "choose": N_("After the game enter each player's twelve cards batch by batch; the pad scores every batch."),
}
"""Each kind of step (the companion's stage, or an announcement's kind) → its sentence."""


def moment(ctl: Staged) -> tuple[str, ...]:
    """What the prompt shown now is about: the stage; a pick's first question stands for the whole
    pick (the card, then its batch: a table entering whole picks meets no batch question)."""
    stage = ctl.stage()
    if stage == "colour" and ctl.mode == "play":
        return ("colour", "batch")
    return (stage,) if stage in SENTENCES else ()


SYLLABUS = Syllabus(SENTENCES, moment)
