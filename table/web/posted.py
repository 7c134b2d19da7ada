"""A page's POST: one JSON object, handed to the kiosk as an op's ``form`` (seats' and owner's pages)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response


async def post_op(request: Request, op: str,
                  with_token: Callable[[Request, dict[str, Any]], Awaitable[Response]]) -> Response:
    """The request's body as ``{"op": op, "form": <the object>}`` through ``with_token`` (the
    token checked, the kiosk asked); 400 ``bad-request`` when the body is not a JSON object."""
    try:
        form = json.loads(await request.body())
    except ValueError:
        form = None
    if not isinstance(form, dict):
        return JSONResponse({"ok": False, "error": "bad-request"}, status_code=400)
    return await with_token(request, {"op": op, "form": form})
