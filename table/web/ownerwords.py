"""The words of the lid's settings screen (``table/display/owner_view.py``) and its button, kept
with the phones' other words in the ``web`` catalogue (marked here, translated where drawn)."""

from __future__ import annotations

from table.i18n import N_

OPEN = N_("Settings ▸")
"""The setup screen's help page's button that opens the owner's code."""
TITLE = N_("The table's settings")
WHAT = N_("For the owner: language, screen hours, demo games, names, the history to download. "
          "Keep this code to yourself.")
MISSING = N_("The settings page is not open: the web server has no owner's code.")
BACK = N_("◂ Back")
