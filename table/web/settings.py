"""The owner's settings page's addresses (issue 24, part 3): the table's language, the screen's
hours, the idle demo's games, the names offered at setup, and the history's export.

The owner opens ``/o/<owner token>`` (``owner.py``: one token per box, kept in the state
directory, never a seat's; the lid's settings screen prints it). The page asks the kiosk
(``owner.OwnerDesk``, beside the door) through the same socket as the seats' pages:

- ``{"op": "owner-view", "token": T}`` → ``{"ok": true, "view": {...}}`` (``owner_form.view``:
  the language, the kept settings, which of them the command line or the environment rules,
  the page's words);
- ``{"op": "owner-set", "token": T, "form": {...}}`` → any of ``language``, ``schedule``,
  ``demo_games``, ``names`` checked by the table's own code and changed (``owner_form.apply``;
  the language through ``Shell.set_language``, the rest kept in ``<state dir>/table-settings.json``
  and in effect at once), and the view after it; a refusal is ``refused`` with one line and
  changes nothing;
- ``GET /api/owner/<T>/export/<csv|json>`` → the history as a download, asked of the kiosk in
  pieces of 4 KiB (``{"op": "owner-export", …}``, ``exports.py`` says why) and streamed on; if
  the kiosk stops answering half way the download is broken off, never a short file.

A wrong token is ``{"ok": false, "error": "token"}`` (a guess, counted by the web server like a
seat's). The guard's origin check and body bound apply to the POST as to every other.
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from table.engine.errors import TableError
from table.web.exports import KINDS
from table.web.posted import post_op

Ask = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


class ExportBroken(TableError):
    """The kiosk stopped answering half way through an export: the download is broken off."""


def owner_routes(page: Callable[[], Response],
                 with_token: Callable[[Request, dict[str, Any]], Awaitable[Response]],
                 ask: Ask | None = None) -> list[Route]:
    """The settings page's addresses for the app (``app.make_app``): its page, its API and (with
    ``ask``, the kiosk's socket) the export."""

    async def settings_page(request: Request) -> Response:
        return page()

    async def view(request: Request) -> Response:
        return await with_token(request, {"op": "owner-view"})

    async def change(request: Request) -> Response:
        return await post_op(request, "owner-set", with_token)

    async def export(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in KINDS or ask is None:
            return JSONResponse({"ok": False, "error": "not-found"}, status_code=404)
        first = await with_token(request, {"op": "owner-export", "kind": kind, "part": 0})
        if first.status_code != 200:
            return first
        answer = json.loads(bytes(first.body))
        name, media = KINDS[kind]
        return StreamingResponse(_pieces(ask, request.path_params["token"], kind, answer), media_type=media,
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    return [Route("/o/{token}", settings_page), Route("/api/owner/{token}", view),
            Route("/api/owner/{token}", change, methods=["POST"]),
            Route("/api/owner/{token}/export/{kind}", export)]


async def _pieces(ask: Ask, token: str, kind: str, first: dict[str, Any]) -> AsyncIterator[bytes]:
    """The export's parts as the kiosk gives them, one after the other (the first already asked)."""
    yield base64.b64decode(first["data"])
    for part in range(1, int(first["parts"])):
        answer = await ask({"op": "owner-export", "token": token, "kind": kind, "part": part,
                            "export": first["export"]})
        if not answer.get("ok") or answer.get("part") != part:
            raise ExportBroken(f"export {kind}: part {part} of {first['parts']}: {answer.get('error')}")
        yield base64.b64decode(answer["data"])
