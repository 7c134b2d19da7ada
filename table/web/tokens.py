"""The phones' tokens: one per seat and one for spectators, bound to one game (``secrets``).

A token is 128 random bits (``secrets.token_urlsafe(16)``, 22 characters). :meth:`Tokens.who`
compares a presented token with every token of the game in constant time
(``hmac.compare_digest``, all of them every time, so the time says nothing about which was near).
A new game gets new tokens; the end of a game (:meth:`Tokens.expire`) makes every token invalid.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

SPECTATOR = -1
"""The seat number a spectator's token stands for."""
TOKEN_BYTES = 16
"""Random bytes per token (128 bits)."""
LONGEST_TOKEN = 64
"""A presented token longer than this (characters) is not compared at all."""


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

    def new_game(self, seats: int) -> None:
        """Fresh tokens for ``seats`` seats and the spectators: every earlier token is invalid."""
        self.game += 1
        self._by_seat = {s: secrets.token_urlsafe(TOKEN_BYTES) for s in range(seats)}
        self._by_seat[SPECTATOR] = secrets.token_urlsafe(TOKEN_BYTES)

    def expire(self) -> None:
        """The game ended (or was discarded): no token is valid until the next game."""
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
