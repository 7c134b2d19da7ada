"""``play --web``: the kiosk's door and socket, pumped once a frame on the main thread.

:func:`open_web` starts the :class:`~table.web.bridge.Bridge` in the state directory and wraps
the hardware's per-frame ``follow(ctl)`` (called by the screen's loop every frame, by the text
front end after every line) so the phones' requests are answered between two frames. The links
of the seats' pages are written to ``<state dir>/web-links.txt`` (0600) whenever a game's tokens
change, for the owner until the lid shows them as QR codes; the file is emptied between games.
It is not in the socket's folder: the web server's unit sees that folder, and must not read
every seat's token.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.web.bridge import Bridge, socket_path
from table.web.door import Door
from table.web.owner import OwnerDesk, owner_token

log = logging.getLogger("applejack.web")
LINKS_NAME = "web-links.txt"


def write_links(door: Door, folder: Path) -> None:
    """The seats' and the spectators' page paths, one ``who<TAB>path`` a line (0600)."""
    path = folder / LINKS_NAME
    text = "".join(f"{who}\t{link}\n" for who, link in door.links())
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def open_web(ctl: Any, state_dir: Path, hw: Any) -> Callable[[], None]:
    """Start the socket, hook the pump into ``hw.follow``; returns the closer."""
    door = Door(ctl)
    door.owner = OwnerDesk(owner_token(Path(state_dir)))  # the settings page: <state dir>/web-owner
    bridge = Bridge(door, socket_path(state_dir))
    bridge.start()
    log.info("phones: the web server talks to %s", bridge.path)
    follow = hw.follow
    game = [door.tokens.game, door.tokens.active]

    def follow_and_pump(c: Any) -> None:
        follow(c)
        bridge.pump()
        now = [door.tokens.game, door.tokens.active]
        if now != game:
            game[:] = now
            write_links(door, Path(state_dir))

    hw.follow = follow_and_pump
    return bridge.close
