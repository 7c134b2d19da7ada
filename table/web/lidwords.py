"""The words of the lid's "Phones" page (``table/display/phones_view.py``) and its button, kept
with the phones' other words in the ``web`` catalogue (marked here, translated where drawn)."""

from __future__ import annotations

from table.i18n import N_

OPEN = N_("Phones ▸")
"""The help page's button that opens the codes."""
NO_GAME = N_("No game is set up: the codes come with the next game's setup.")
SEAT = N_("Scan with this seat's phone: its own page, for its eyes only")
SPECTATORS = N_("Scan with a phone to watch: what the lid shows, nothing hidden")
NEXT = N_("Next ▸")
BACK = N_("◂ Back")
