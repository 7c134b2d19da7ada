"""The phones' tokens: one per seat and one for spectators, bound to one game (``secrets``).

A token is 128 random bits (``secrets.token_urlsafe(16)``, 22 characters). :meth:`Tokens.who`
compares a presented token with every token of the game in constant time
(``hmac.compare_digest``, all of them every time, so the time says nothing about which was near).
A new game gets new tokens; the end of a game (:meth:`Tokens.expire`) makes every token invalid.

:class:`TokensFile` keeps the game's tokens across a restart of the kiosk (a power cut), so a
phone's page keeps working when the kiosk comes back: ``<state dir>/phones-tokens.json`` (0600,
written whole: a temporary file flushed and renamed, the folder flushed), beside the journal and
never in ``web/`` (the web server's unit sees that folder). It names the game it belongs to (the
journal's id for it, the game's key and setup); the door reads it back only for the game resumed after a restart, and
removes it when the game ends, is discarded or another is set up.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.storage.statedir import replace_private as write_private
from table.web.held import read_private, remove_private

log = logging.getLogger("applejack.web")

SPECTATOR = -1
"""The seat number a spectator's token stands for."""
TOKEN_BYTES = 16
"""Random bytes per token (128 bits)."""
LONGEST_TOKEN = 64
"""A presented token longer than this (characters) is not compared at all."""
OLD_KEPT = 72
"""Tokens of finished (or replaced) games remembered, in memory only: about eight games of eight
seats. An old page presenting one is told the game is over, and is not counted as a guess."""


@dataclass(frozen=True)
class Holder:
    """Who a token belongs to: ``seat`` (0-based; :data:`SPECTATOR` for the public token) of the
    game ``game`` (the door's count of games)."""

    seat: int
    game: int

    @property
    def spectator(self) -> bool:
        return self.seat == SPECTATOR


class Tokens:
    """The tokens of the game on the table (none between games)."""

    def __init__(self) -> None:
        self.game = 0
        """Counts the games tokens were made for (a holder names the game its token was for)."""
        self._by_seat: dict[int, str] = {}
        self._old: deque[str] = deque(maxlen=OLD_KEPT)
        """The tokens of earlier games (:meth:`was`), the newest last."""

    def _retire(self) -> None:
        self._old.extend(t for t in self._by_seat.values() if t not in self._old)

    def new_game(self, seats: int) -> None:
        """Fresh tokens for ``seats`` seats and the spectators: every earlier token is invalid."""
        self._retire()
        self.game += 1
        self._by_seat = {s: secrets.token_urlsafe(TOKEN_BYTES) for s in range(seats)}
        self._by_seat[SPECTATOR] = secrets.token_urlsafe(TOKEN_BYTES)

    def resume(self, by_seat: dict[int, str]) -> None:
        """The tokens a game had before a restart (:class:`TokensFile`): valid again, for a new
        count of this door's games."""
        self._retire()
        self.game += 1
        self._by_seat = dict(by_seat)

    def by_seat(self) -> dict[int, str]:
        """Every token now by seat (:data:`SPECTATOR` for the public one): what :class:`TokensFile` keeps."""
        return dict(self._by_seat)

    def expire(self) -> None:
        """The game ended (or was discarded): no token is valid until the next game."""
        self._retire()
        self._by_seat = {}

    @property
    def active(self) -> bool:
        return bool(self._by_seat)

    def token(self, seat: int) -> str:
        """Seat ``seat``'s token (:data:`SPECTATOR`: the public one); KeyError between games."""
        return self._by_seat[seat]

    def seats(self) -> list[int]:
        """The seats with a token (0-based), without the spectators'."""
        return sorted(s for s in self._by_seat if s != SPECTATOR)

    def who(self, presented: object) -> Holder | None:
        """The holder of ``presented``, or None (a forged, expired or malformed token)."""
        if not isinstance(presented, str) or not presented or len(presented) > LONGEST_TOKEN:
            return None
        given = presented.encode("utf-8", "replace")
        found: int | None = None
        for seat, token in self._by_seat.items():
            if hmac.compare_digest(given, token.encode("ascii")) and found is None:
                found = seat
        return Holder(found, self.game) if found is not None else None

    def was(self, presented: object) -> bool:
        """Whether ``presented`` is a token of an earlier game (compared with every one kept, in
        constant time): its page is told the game is over."""
        if not isinstance(presented, str) or not presented or len(presented) > LONGEST_TOKEN:
            return False
        given = presented.encode("utf-8", "replace")
        hit = False
        for token in self._old:
            hit = hmac.compare_digest(given, token.encode("ascii")) or hit
        return hit


FILE_NAME = "phones-tokens.json"


class TokensFile:
    """``folder/phones-tokens.json``: the game's tokens, for the same game after a restart."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME

    def save(self, game: str, tokens: Tokens) -> None:
        """Keep ``tokens`` for ``game`` (its key and setup), on the disk before returning; a
        storage error is one log line (the phones then scan new codes after a restart)."""
        data = {"game": game, "tokens": {str(s): t for s, t in sorted(tokens.by_seat().items())}}
        try:
            write_private(self.path, json.dumps(data, sort_keys=True).encode())
        except OSError as exc:
            log.warning("phones: the tokens were not written to %s: %s", self.path, exc)

    def load(self, game: str, seats: int) -> dict[int, str] | None:
        """The tokens kept for ``game`` with ``seats`` seats (and the spectators'); None when
        there are none, they are another game's, or the file does not read (one log line)."""
        try:
            data: Any = read_private(self.path)
        except ValueError as exc:
            log.warning("phones: %s does not read (%s): removed", self.path, exc)
            self.clear()
            return None
        if not isinstance(data, dict) or data.get("game") != game or not isinstance(data.get("tokens"), dict):
            return None
        out: dict[int, str] = {}
        for key, token in data["tokens"].items():
            number = key.lstrip("-") if isinstance(key, str) else ""
            if number.isascii() and number.isdigit() and isinstance(token, str) and 16 <= len(token) <= LONGEST_TOKEN:
                out[int(key)] = token
        return out if set(out) == {*range(seats), SPECTATOR} else None

    def clear(self) -> None:
        """The game's tokens are gone: so is the file."""
        remove_private(self.path)
