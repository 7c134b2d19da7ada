"""The pages' own words (the game's words come in the views, already in the table's language).

The pages ask ``/api/words/<language>`` for this table, each word looked up in the ``web``
catalogue of that language (``table.i18n.gettext_in``), so the web server keeps no language of
its own: it follows the one the kiosk's views name.
"""

from __future__ import annotations

from table.i18n import LANGUAGES, N_, gettext_in

WORDS: dict[str, str] = {
    "title": N_("Applejack Table"),
    "join": N_("Scan your seat's code on the lid's screen to open your page here."),
    "turn": N_("Whose turn"),
    "now": N_("Now"),
    "said": N_("Just said"),
    "yours": N_("Only for you"),
    "nothing": N_("Nothing to choose now."),
    "gone": N_("This page is closed: the game ended or the code is not valid. Scan the lid's code again."),
    "offline": N_("The table cannot be reached. Trying again…"),
    "over": N_("This game is over — scan the new code on the lid."),
    "wait": N_("Too many tries from this phone: trying again in {s} s."),
    "refused": N_("Not taken:"),
    "sent": N_("Taken."),
    "hint": N_("Hint"),
    "handover": N_("Another phone asks for this seat: hand it over"),
    "hint-wait": N_("The bot is thinking…"),
    "coach": N_("Coach"),
    "coach-wait": N_("The coach is looking at your moves…"),
}
"""Key → English source text (the pages' ``data-word`` attributes name the keys)."""


def words_in(language: str) -> dict[str, str] | None:
    """Every page word in ``language`` (one of ``table.i18n.LANGUAGES``), None for another code."""
    if language not in LANGUAGES:
        return None
    return {key: gettext_in(language, text) for key, text in WORDS.items()}
