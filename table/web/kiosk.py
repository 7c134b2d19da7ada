"""``play --web``: the kiosk's door and socket, pumped once a frame on the main thread.

:func:`open_web` starts the :class:`~table.web.bridge.Bridge` in the state directory and wraps
the hardware's per-frame ``follow(ctl)`` (called by the screen's loop every frame, by the text
front end after every line) so the phones' requests are answered between two frames. The links
of the seats' pages are written to ``<state dir>/web-links.txt`` (0600) whenever a game's tokens
or the seats' names change, for the owner (the lid shows them as QR codes: ``ctl.phones``, :class:`PhoneLinks`, at
:func:`site_address`); the file is empty while no game is set up, played or shown.
It is not in the socket's folder: the web server's unit sees that folder, and must not read
every seat's token. A phone's secret choice held until the others have chosen, a score pad's
``done`` marks and entries held for later are kept beside it (``phones-held.json``,
:mod:`table.web.held`), and so are the game's tokens (``phones-tokens.json``,
:class:`~table.web.tokens.TokensFile`: a phone's page keeps working after a restart).

The lid shows who has chosen or is done on the phones (:class:`LidProgress`: ``ctl.phones_progress``
for the screen's strip, ``table/display/phones_strip.py``; ``ctl.phones_news`` for the terminal's
one line when it changes); a change moves the table's ``version`` so the screen redraws.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.companion.protocol import GameCompanion
from table.companion.shell import Shell
from table.web.bridge import Bridge, socket_path
from table.web.door import Door
from table.web.held import HeldFile
from table.web.owner import OwnerCode, OwnerDesk
from table.web.progress import Progress
from table.web.resultlinks import ShortQR
from table.web.tokens import TokensFile

log = logging.getLogger("applejack.web")
LINKS_NAME = "web-links.txt"
ADDRESS_ENV = "APPLEJACK_WEB_URL"
"""The settings' name of the address the phones reach the web server at (the lid's codes hold it)."""
DEFAULT_ADDRESS = "http://10.42.0.1:8080"
"""NetworkManager's hotspot address and the web server's port (docs/raspberry-pi.md)."""


def site_address(env: dict[str, str] | None = None) -> str:
    """The address the lid's codes point at: ``APPLEJACK_WEB_URL`` (``http://host:port``), else the
    hotspot's. The kiosk has no network of its own to ask (its unit's ``PrivateNetwork=yes``)."""
    value = (os.environ if env is None else env).get(ADDRESS_ENV, "").strip().rstrip("/")
    if not value.startswith(("http://", "https://")) or len(value) > 100 or any(c.isspace() for c in value):
        if value:
            log.warning("phones: %s=%r is not an http:// address: %s used", ADDRESS_ENV, value[:40], DEFAULT_ADDRESS)
        return DEFAULT_ADDRESS
    return value


class PhoneLinks:
    """What the lid's "Phones" page shows (``table/display/phones_view.py``): (who, address) per seat
    and for the spectators, the next game's on the setup and result screens."""

    def __init__(self, door: Door, address: str) -> None:
        self.door = door
        self.address = address

    def __call__(self) -> list[tuple[str, str]]:
        return [(who, self.address + path) for who, path in self.door.links()]


class LidProgress:
    """Who has chosen or is done on the phones, for the lid: called (``ctl.phones_progress()``) by
    the screen's strip, :meth:`news` (``ctl.phones_news()``) by the terminal after every line."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.shown: Progress | None = None
        """What the last frame found (:meth:`changed`)."""
        self._said: str | None = None

    def __call__(self) -> Progress | None:
        return self.door.progress()

    def changed(self) -> bool:
        """Whether the progress moved since the last frame asked (the screen then redraws)."""
        now = self.door.progress()
        moved, self.shown = now != self.shown, now
        return moved

    def news(self) -> list[str]:
        """The terminal's line when the progress changed since it was last printed (none when the
        phones wait for nobody)."""
        now = self.door.progress()
        line = now.line() if now is not None else None
        if line == self._said:
            return []
        self._said = line
        return [line] if line else []


def write_links(door: Door, folder: Path) -> None:
    """The seats' and the spectators' page paths, one ``who<TAB>path`` a line (0600)."""
    path = folder / LINKS_NAME
    text = "".join(f"{who}\t{link}\n" for who, link in door.links())
    part = path.with_name(path.name + ".part")  # replaced whole: a reader never sees half a file
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(part, path)


def open_web(ctl: Shell, state_dir: Path, hw: Any, journal_game: Callable[[], int | None] | None = None
             ) -> Callable[[], None]:
    """Start the socket, hook the pump into ``hw.follow``; returns the closer. ``journal_game``:
    the journal's id of the game on the table (the kept tokens are bound to it)."""
    door = Door(ctl, HeldFile(Path(state_dir)), TokensFile(Path(state_dir)), journal_game)
    code = OwnerCode(site_address())  # the owner's code: new each time the lid's Settings screen opens
    door.owner = OwnerDesk(code, Path(state_dir))  # the settings page
    bridge = Bridge(door, socket_path(state_dir))
    bridge.start()
    log.info("phones: the web server talks to %s", bridge.path)
    follow = hw.follow
    written: list[Any] = [None]
    progress = LidProgress(door)

    def follow_and_pump(c: GameCompanion) -> None:
        follow(c)
        bridge.pump()
        if progress.changed():
            ctl.version += 1  # the lid's strip of who is done: the screen redraws
        now = (door.tokens.game, door.tokens.active, door.links() if door.tokens.active else ())
        if now != written[0]:  # new tokens, or the seats' names set (the file names the players)
            written[0] = now
            write_links(door, Path(state_dir))

    hw.follow = follow_and_pump
    # the lid's "Phones" page (help ▸ Phones); on the shell itself, not the game's module it forwards to
    ctl.phones = PhoneLinks(door, site_address())
    ctl.owner_page = code  # the lid's settings screen (owner_view.py); .show() when it opens
    ctl.phones_progress = progress  # who is done: the screen's strip
    ctl.phones_news = progress.news  # the same as one line in a terminal
    ctl.phones_release = door.release  # `phone 2` at the lid: another phone may take seat 2
    ctl.result_link = ShortQR(door.results, site_address())  # the QR page's short link (resultlinks.py)

    def close() -> None:
        bridge.close()
        door.advice.coaching.game_begins(-1)  # a seat's coach still running stops at its next decision
        door.advice.close()  # the seats' hints: queued ones dropped, so the kiosk's exit does not wait

    return close
