"""The web server's app (Starlette): the phones' pages and the four API addresses.

=================================  ===========================================================
``GET /``                          the start page (scan your seat's code)
``GET /t/<token>``                 a seat's or the spectators' page (the token stays in the page)
``GET /static/<name>``             the pages' files: only the files of ``table/web/static/``,
                                   listed when the app is made (no path from a request is opened)
``GET /api/view/<token>``          what the token's holder may see now (JSON)
``GET /api/events/<token>``        the same, pushed as server-sent events whenever it changes
``POST /api/choose/<token>``       a seat's choice (JSON object, at most ``guard.MAX_BODY`` bytes,
                                   same ``Origin`` only)
``POST /api/hint/<token>``         a seat asks the hint for its own decision (``advice.py``)
``GET /api/hint/<token>``          how that hint stands: computing, ready (its line), none
``POST /api/handover/<token>``     a seat's phone hands its seat to the phone asking for it
``GET /api/coach/<ticket>``        a seat's coach of its finished game (its coach ticket; with the seat's
                                   token: that ticket, ``coaching.py``)
``GET /api/words/<language>``      the pages' words in the table's language
``GET /r/<token>``                 the result's short link (the lid's QR page, ``resultlinks.py``):
                                   303 to the play's BG Stats import link; a wrong or expired
                                   token is a counted guess (403)
=================================  ===========================================================

Every request about the game goes to ``ask(request) -> answer`` (the kiosk's socket,
:mod:`table.web.client`; a test hands in the door itself); the app holds no game and no token.
A wrong token counts as a guess (``guard.Guesses``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from table.web.guard import Guard, Guesses
from table.web.posted import post_op
from table.web.seatphones import HANDOVER, LONGEST_KEY
from table.web.settings import owner_routes
from table.web.words import words_in

Ask = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
"""Sends one request to the kiosk, returns its answer (``{"ok": false, "error": "table"}`` when
the kiosk cannot be reached)."""

BGSTATS = "https://app.bgstatsapp.com/"
"""The only host a short link redirects to (``table.history.statsexport.LINK``'s)."""
STATIC = Path(__file__).resolve().parent / "static"
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
"""The static files served, by suffix (any other file in the folder is not served)."""
POLL_S = 0.4
"""How often an update stream asks the kiosk whether anything moved (seconds)."""
STREAM_S = 600.0
"""An update stream ends after this long (the browser opens a new one; seconds)."""
MAX_STREAMS = 32
"""The seats' update streams open at once (8 phones need 8; a reload overlaps its old stream)."""
SPECTATOR_STREAMS = 12
"""The spectators' update streams open at once, apart from the seats' (a busy spectator code never
takes a seat's stream: issue 34)."""
STREAMS_PER_ADDRESS = 6
"""Update streams one client address may hold (a phone with a seat's page and a spectator's tab)."""
DEVICE_COOKIE = "applejack-device"
"""The cookie holding the browser's device key (a seat is one phone: ``seatphones.py``)."""
DEVICE_KEY_MIN = 16
"""A device key shorter than this (characters) is replaced by a new one."""
HEARTBEAT_S = 15.0
"""A comment line this often keeps an idle stream open through the Wi-Fi (seconds)."""


class StreamLimits:
    """The open update streams, by kind (a seat's, the spectators') and by client address: a
    stream past its kind's or its address's bound is refused (503; the page tries again)."""

    def __init__(self, seats: int = MAX_STREAMS, spectators: int = SPECTATOR_STREAMS,
                 per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.bound = {"seat": seats, "spectator": spectators}
        self.per_address = per_address
        self.open = {"seat": 0, "spectator": 0}
        self.by_address: dict[str, int] = {}

    def take(self, kind: str, address: str) -> bool:
        if self.open[kind] >= self.bound[kind] or self.by_address.get(address, 0) >= self.per_address:
            return False
        self.open[kind] += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return True

    def give_back(self, kind: str, address: str) -> None:
        self.open[kind] -= 1
        left = self.by_address.get(address, 1) - 1
        if left:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)

    def __getitem__(self, index: int) -> int:
        """The streams open in all (``streams[0]``, as the tests read it)."""
        return sum(self.open.values())


class SharedVersion:
    """The kiosk's version, asked once per ``max_age_s`` whatever the number of open streams (each
    ask is a connection and a thread in the kiosk; eight phones would ask eight times as often)."""

    def __init__(self, ask: Ask, max_age_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.ask = ask
        self.max_age_s = max_age_s
        self.clock = clock
        self._at = float("-inf")
        self._version: Any = None

    async def __call__(self) -> Any:
        if self.clock() - self._at >= self.max_age_s:
            self._version = (await self.ask({"op": "version"})).get("version")
            self._at = self.clock()
        return self._version


def static_files(folder: Path = STATIC) -> dict[str, tuple[bytes, str]]:
    """The pages' files read once: name → (content, media type)."""
    return {p.name: (p.read_bytes(), TYPES[p.suffix]) for p in sorted(folder.iterdir())
            if p.is_file() and p.suffix in TYPES}


def make_app(ask: Ask, *, guesses: Guesses | None = None, poll_s: float = POLL_S,
             stream_s: float = STREAM_S, max_streams: int = MAX_STREAMS,
             hosts: frozenset[str] | None = None, streams: StreamLimits | None = None) -> Starlette:
    """The app (see the module docstring); ``hosts``: the ``Host`` values it answers (``guard.Guard``)."""
    files = static_files()
    counter = guesses if guesses is not None else Guesses()
    streams = streams if streams is not None else StreamLimits(seats=max_streams)
    version = SharedVersion(ask, poll_s / 2)

    def file(name: str) -> Response:
        content, media = files[name]
        return Response(content, media_type=media)

    async def index(request: Request) -> Response:
        return file("index.html")

    async def seat_page(request: Request) -> Response:
        return with_device(request, file("seat.html"))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in files:
            return JSONResponse({"ok": False, "error": "not-found"}, status_code=404)
        return file(name)

    async def words(request: Request) -> Response:
        found = words_in(request.path_params["language"])
        if found is None:
            return JSONResponse({"ok": False, "error": "not-found"}, status_code=404)
        return JSONResponse(found)

    def client(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    async def with_token(request: Request, message: dict[str, Any]) -> Response:
        """``message`` with the address's token and the browser's device key to the kiosk; a wrong
        token counts as a guess."""
        who = client(request)
        if counter.blocked(who):
            return slow_down(counter, who)
        answer = await ask({**message, "token": request.path_params["token"], "device": device_of(request)})
        return with_device(request, _answer(answer, counter, who))

    async def handover(request: Request) -> Response:
        return await post_op(request, HANDOVER, with_token)

    async def view(request: Request) -> Response:
        return await with_token(request, {"op": "view"})

    async def choose(request: Request) -> Response:
        return await post_op(request, "choose", with_token)

    async def hint(request: Request) -> Response:
        if request.method == "POST":
            return await post_op(request, "hint", with_token)
        return await with_token(request, {"op": "hint"})

    async def coach(request: Request) -> Response:
        return await with_token(request, {"op": "coach"})  # the path's value: a seat's token or coach ticket

    async def result(request: Request) -> Response:
        """The short link's token to the kiosk (op ``result``); its BG Stats link as a 303 (no page,
        nothing of the play here; the guard's ``Cache-Control: no-store``)."""
        who = client(request)
        if counter.blocked(who):
            return slow_down(counter, who)
        answer = await ask({"op": "result", "token": request.path_params["token"]})
        link = answer.get("link")
        if answer.get("ok"):
            if isinstance(link, str) and link.startswith(BGSTATS) and link.isascii() and " " not in link:
                return RedirectResponse(link, status_code=303)
            answer = {"ok": False, "error": "bad-request"}
        return _answer(answer, counter, who)

    async def events(request: Request) -> Response:
        who = client(request)
        if counter.blocked(who):
            return slow_down(counter, who)
        token = request.path_params["token"]
        now = (await ask({"op": "version"})).get("version")  # before the view: no change missed
        device = device_of(request)
        first = await ask({"op": "view", "token": token, "device": device})
        if not first.get("ok"):
            return _answer(first, counter, who)
        kind = "seat" if "private" in (first.get("view") or {}) else "spectator"
        if not streams.take(kind, who):
            return JSONResponse({"ok": False, "error": "busy"}, status_code=503, headers={"retry-after": "3"})
        return with_device(request, StreamingResponse(
            _stream(ask, version, token, device, (first, now), lambda: streams.give_back(kind, who), poll_s, stream_s),
            media_type="text/event-stream"))

    routes = [
        Route("/", index), Route("/t/{token}", seat_page), Route("/static/{name}", static),
        Route("/api/words/{language}", words), Route("/api/view/{token}", view),
        Route("/api/events/{token}", events), Route("/api/choose/{token}", choose, methods=["POST"]),
        Route("/api/hint/{token}", hint, methods=["GET", "POST"]), Route("/api/coach/{token}", coach),
        Route("/api/handover/{token}", handover, methods=["POST"]), Route("/r/{token}", result),
    ]
    routes += owner_routes(lambda: file("settings.html"), with_token, ask)  # the owner's settings page
    return Starlette(routes=routes, middleware=[Middleware(Guard, hosts=hosts)])


def slow_down(counter: Guesses, who: str) -> JSONResponse:
    """429 for an address past its guesses, saying when it may try again (``Retry-After``, seconds)."""
    wait = counter.retry_after(who)
    return JSONResponse({"ok": False, "error": "slow-down", "retry_after": wait}, status_code=429,
                        headers={"retry-after": str(wait)})


def _answer(answer: dict[str, Any], counter: Guesses, who: str) -> JSONResponse:
    """The kiosk's answer as HTTP: 200, 403 for a token that opens nothing (a guess), 410 for a
    token of a finished game (an old page: no guess), 409 for a refused choice, 503 when the
    kiosk cannot be reached or is busy."""
    if answer.get("ok"):
        return JSONResponse(answer)
    error = answer.get("error")
    if error == "token":
        counter.wrong(who)
        return JSONResponse({"ok": False, "error": "token"}, status_code=403)
    if error == "over":
        return JSONResponse({"ok": False, "error": "over"}, status_code=410)
    if error == "taken":  # the seat is open on another phone (seatphones.py): no guess
        return JSONResponse(answer, status_code=423)
    if error == "refused":
        return JSONResponse(answer, status_code=409)
    if error in ("table", "busy"):
        return JSONResponse({"ok": False, "error": error}, status_code=503)
    return JSONResponse({"ok": False, "error": "bad-request"}, status_code=400)


def device_of(request: Request) -> str:
    """The browser's device key (``seatphones.py``): its cookie, or a new one (set on the answer by
    :func:`with_device`), kept on the request for the answer."""
    key = request.cookies.get(DEVICE_COOKIE, "")
    plain = key.replace("-", "").replace("_", "")
    if not (DEVICE_KEY_MIN <= len(key) <= LONGEST_KEY and key.isascii() and plain.isalnum()):
        key = request.scope.setdefault("applejack.device", secrets.token_urlsafe(16))
    return key


def with_device(request: Request, response: Response) -> Response:
    """``response`` with the device cookie where the browser has none yet (HttpOnly: no script reads
    it; SameSite=Strict: no other site's page sends it; a year)."""
    if DEVICE_COOKIE not in request.cookies or request.scope.get("applejack.device"):
        response.set_cookie(DEVICE_COOKIE, device_of(request), max_age=365 * 24 * 3600, path="/", httponly=True,
                            samesite="strict")
    return response


async def _stream(ask: Ask, version_now: SharedVersion, token: str, device: str, first: tuple[dict[str, Any], Any],
                  ended: Callable[[], None], poll_s: float, stream_s: float) -> AsyncIterator[str]:
    """Server-sent events: the view now, then again whenever the kiosk's version moved; ``gone``
    when the token stops opening anything (the game ended); ``offline``/``online`` when the kiosk
    cannot be reached and again can. ``ended()`` when the stream ends (its place is free)."""
    try:
        answer, last = first
        yield _event(answer["view"])
        start = beat = time.monotonic()
        away = False  # the kiosk could not be reached: the page was told (and is told when it is back)
        while time.monotonic() - start < stream_s:
            await asyncio.sleep(poll_s)
            version = await version_now()
            if (version is None) != away:
                away = version is None
                yield "event: offline\ndata: {}\n\n" if away else "event: online\ndata: {}\n\n"
            if version is None or version == last:
                if time.monotonic() - beat > HEARTBEAT_S:
                    beat = time.monotonic()
                    yield ": beat\n\n"
                continue
            answer = await ask({"op": "view", "token": token, "device": device})
            if not answer.get("ok"):
                if answer.get("error") in ("token", "over", "taken"):  # (taken: the seat was handed over)
                    yield "event: gone\ndata: {}\n\n"
                    return
                continue  # the kiosk busy for a moment: asked again next time
            last = version
            yield _event(answer["view"])
    finally:
        ended()


def _event(view: Any) -> str:
    return "data: " + json.dumps(view, ensure_ascii=False) + "\n\n"
