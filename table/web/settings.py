"""The owner's settings page's addresses (issue 24, part 3): so far the table's language.

The owner opens ``/o/<owner token>`` (``owner.py``: one token per box, kept in the state
directory, never a seat's). The page asks the kiosk (``owner.OwnerDesk``, beside the door)
through the same socket as the seats' pages:

- ``{"op": "owner-view", "token": T}`` → ``{"ok": true, "view": {"language": …, "languages":
  [[code, name], …], "labels": {…}}}``;
- ``{"op": "owner-set", "token": T, "form": {"language": CODE}}`` → the language changed through
  the kiosk's own code (``Shell.set_language``: said on the lid, kept in the state directory for
  the next start), and the view after it; an unknown code is ``refused`` with one line.

A wrong token is ``{"ok": false, "error": "token"}`` (a guess, counted by the web server like a
seat's). The guard's origin check and body bound apply to the POST as to every other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from table.web.posted import post_op


def owner_routes(page: Callable[[], Response],
                 with_token: Callable[[Request, dict[str, Any]], Awaitable[Response]]) -> list[Route]:
    """The settings page's addresses for the app (``app.make_app``): its page and its API."""

    async def settings_page(request: Request) -> Response:
        return page()

    async def view(request: Request) -> Response:
        return await with_token(request, {"op": "owner-view"})

    async def change(request: Request) -> Response:
        return await post_op(request, "owner-set", with_token)

    return [Route("/o/{token}", settings_page), Route("/api/owner/{token}", view),
            Route("/api/owner/{token}", change, methods=["POST"])]
