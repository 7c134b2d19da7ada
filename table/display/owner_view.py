"""The lid's settings screen: the owner's page as a QR code and written out (``play --web``).

With the phones let in, ``play --web`` gives the shell ``owner_page()`` (``table/web/kiosk.py``:
the address of the owner's settings page, ``/o/<owner token>``). The setup screen's help page
then has **Settings ▸** (target :data:`OWNER`) beside **Phones ▸**; this screen shows the code at
the screen's full height on the left (as the Phones page does), and on the right what it opens
and the address with its token written out, to be typed where a camera is not at hand.
**◂ Back** (or any other touch or key) closes it. Only on the setup screen: nobody is playing,
and the owner is the one who sets the table up. Its words are the ``web`` catalogue's
(``table/web/ownerwords.py``).

Sizes are of the 800×480 design, scaled by the view.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.protocol import GameCompanion, TableShell
from table.display.colours import DIM, FG, LIT
from table.display.phones_view import address_lines, code_page
from table.display.toolkit import BaseView
from table.i18n import _
from table.web import ownerwords as W

OWNER = "owner"
"""The touch target that opens the screen (on the setup screen's help page), and closes it."""
MODES = ("setup",)
"""The screens whose help page offers it."""


def owner_address(ctl: GameCompanion) -> str | None:
    """The owner's page's address, None when the phones are not let in or not on the setup screen."""
    page = ctl.owner_page if isinstance(ctl, TableShell) else None
    if page is None or ctl.mode not in MODES:
        return None
    address = page()
    return address if isinstance(address, str) and address else None


def help_button(ctl: GameCompanion) -> tuple[str, str] | None:
    """(label, target) of the help page's **Settings ▸**, else None."""
    return (_(W.OPEN), OWNER) if owner_address(ctl) is not None else None


def draw_owner_page(v: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The screen over the whole frame: the code on the left at full height; the title, the
    address written out (always) and what it opens (where it fits) on the right; **◂ Back**."""
    address = owner_address(ctl)
    x, w, close = code_page(v, surf, address, _(W.BACK), OWNER)
    y = v.wrapped(surf, _(W.TITLE), 24, (x, v.px(10)), w, LIT, bold=True, max_lines=3)
    if address is None:
        v.wrapped(surf, _(W.MISSING), 18, (x, y + v.px(6)), w, FG, max_lines=6)
        return
    line_h = v.fonts.font(v.read_px, False).get_linesize()
    lines = address_lines(v, address, w)
    top = close.y - v.px(8) - len(lines) * line_h  # the address just above Back: always written out
    if v.wrapped_height(_(W.WHAT), 16, w) <= top - y - v.px(12):
        v.wrapped(surf, _(W.WHAT), 16, (x, y + v.px(6)), w, FG, max_lines=12)
    for line in lines:
        v.text(surf, line, 14, (x, top), DIM, max_w=w)
        top += line_h
