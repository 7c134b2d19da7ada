"""The phones at the table (issue 24): a small web app on the box's own Wi-Fi, off by default.

Two processes. The **kiosk** (``play --web``) holds the game: its :class:`~table.web.door.Door`
hands out one token per seat and one for spectators, and answers through a Unix socket in the
state directory (:mod:`table.web.bridge`), on the kiosk's main thread, so a phone's entry goes
through the same shell commands and journal as the lid's. The **web server**
(:mod:`table.web.serve`, Starlette on uvicorn, its own systemd unit) serves the pages from
``table/web/static/`` and forwards each request to that socket; it never sees the game.

What a seat may see or choose is each game's ``seat_desk`` part (``GameDef``); the shell names no
game. Guide: ``docs/web.md``.
"""
