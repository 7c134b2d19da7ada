"""Zankapfel's setup: the setup screen's choices, journalled as the game's config, and the
``setup players=N finish=M`` line that changes them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError
from table.engine.errors import RecordError
from table.games.zankapfel.rules import Config
from table.games.zankapfel.rules.config import DEFAULT_TRACK
from table.games.zankapfel.words import engine_refusal
from table.i18n import _

GAME = "zankapfel"
FINISHES = (30, 40, 50, 60)
"""The setup screen's finishes, in the order its button steps through them."""


def is_number(text: str, digits: int = 2) -> bool:
    """1..``digits`` ASCII digits (``str.isdigit`` alone takes '²', which ``int`` refuses)."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


@dataclass(frozen=True, slots=True)
class ZSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``finish``: points from start to finish (ruling Z1)."""

    players: int = 4
    finish: int = DEFAULT_TRACK
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def config(self) -> Config:
        return Config(self.players, track_length=self.finish)

    def to_dict(self) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "track_length": self.finish,
                **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ZSetup:
        """A journalled setup; :class:`RecordError` (one line, English: a file's words) when it is not
        one this program wrote."""
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise RecordError("not a Zankapfel setup")
        try:
            s = cls(int(d["players"]), int(d.get("track_length", DEFAULT_TRACK)), names_of(d))
        except (KeyError, TypeError, ValueError, OverflowError):
            raise RecordError(f"a Zankapfel setup has whole numbers of players and points to the finish "
                              f"and a list of names, not {d!r}") from None
        try:
            s.config()  # refuses 2 or 7 players, a finish below 1
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        return s

    def with_words(self, text: str) -> ZSetup:
        """``setup players=N finish=M`` (either, in any order) applied to this setup; CommandError
        for a word it does not know or a game the rules refuse."""
        players, finish = self.players, self.finish
        for word in text.split()[1:]:
            key, _eq, val = word.partition("=")
            if not is_number(val, 3) or key not in ("players", "finish", "track_length"):
                raise CommandError(_("setup {word}: players=3..6, finish=N").format(word=repr(word)))
            if key == "players":
                players = int(val)
            else:
                finish = int(val)
        try:
            s = replace(self, players=players, finish=finish)
            s.config()
        except ValueError as exc:
            raise CommandError(engine_refusal(str(exc))) from None
        return s
