"""Draft Cider's setup: what the setup screen chooses (players, easy mode, live or end-only pad),
as the journal keeps it (a dict) and as a table types it (``setup players=4 easy=off pad=live``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError
from table.games.draftcider.rules import Config
from table.games.draftcider.rules.game import MAX_PLAYERS, MIN_PLAYERS
from table.i18n import _

GAME = "draftcider"
PAD_MODES = ("live", "end")
SETUP_KEYS = ("game", "players", "easy", "pad", "names")


class SetupError(CommandError):
    """A setup this game cannot take: a typed ``setup`` line, or a journalled setup it did not write."""


def digit(text: str, lo: int, hi: int) -> bool:
    """``text`` is one ASCII digit from ``lo`` to ``hi``."""
    return len(text) == 1 and text.isascii() and text.isdigit() and lo <= int(text) <= hi


def on_off(val: str) -> bool:
    if val in ("on", "yes", "true", "1"):
        return True
    if val in ("off", "no", "false", "0"):
        return False
    raise SetupError(_("{value}: on or off").format(value=repr(val)))


@dataclass(frozen=True, slots=True)
class DSetup:
    """The setup screen's choices, journalled (with the game key) as the game's config.
    ``pad``: ``live`` (every pick entered) or ``end`` (an end-only score pad)."""

    players: int = 4
    easy: bool = False
    pad: str = "live"
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SetupError(_("Draft Cider is for {low}-{high} players").format(low=MIN_PLAYERS, high=MAX_PLAYERS))
        if not isinstance(self.easy, bool):
            raise SetupError(_("easy is on or off"))
        if self.pad not in PAD_MODES:
            raise SetupError(_("pad is live or end"))

    def config(self) -> Config:
        return Config(self.players, easy=self.easy)

    def to_dict(self) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "easy": self.easy, "pad": self.pad,
                **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: Any) -> DSetup:
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise SetupError("not a Draft Cider setup")
        unknown = [k for k in d if k not in SETUP_KEYS]
        if unknown:
            raise SetupError(f"unknown setup key {unknown[0]!r}")
        try:
            names = names_of(d)
        except ValueError as exc:  # names_of's own refusal: said once, as this game's setup error
            raise SetupError(str(exc)) from None
        return cls(d.get("players"), d.get("easy", False), d.get("pad", "live"), names)  # type: ignore[arg-type]

    def to_text(self) -> str:
        """The setup as one line (``setup players=4 easy=off pad=live``); :meth:`from_text` reads it."""
        return f"setup players={self.players} easy={'on' if self.easy else 'off'} pad={self.pad}"

    @classmethod
    def from_text(cls, text: str, base: DSetup | None = None) -> DSetup:
        """``setup players=N easy=on|off pad=live|end`` (any subset, the rest from ``base``)."""
        s = base or cls()
        players, easy, pad = s.players, s.easy, s.pad
        words = text.split()
        if not words or words[0] != "setup":
            raise SetupError(_("a setup line starts with 'setup'"))
        for word in words[1:]:
            key, _eq, val = word.partition("=")
            if key == "players" and digit(val, 0, 9):
                players = int(val)
            elif key == "easy":
                easy = on_off(val)
            elif key == "pad" and val in PAD_MODES:
                pad = val
            else:
                raise SetupError(_("setup {word}: players=2..6, easy=on|off, pad=live|end").format(word=repr(word)))
        return replace(s, players=players, easy=easy, pad=pad)

