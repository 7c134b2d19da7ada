"""Waldgärtner's setup at the table: the setup screen's choices (:class:`WSetup`), journalled as the
game's config, and the ``setup players=N choice=EU|NA directsale=on|off`` command that sets them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any

from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError
from table.engine.errors import RecordError
from table.games.waldgaertner.rules import CardSet, Config
from table.games.waldgaertner.rules.position import deck_continents
from table.i18n import N_, _
from table.i18n.labels import is_number

KEY = "waldgaertner"
"""The game's key in a journalled setup (the registry's ``GameDef.key``)."""


def cards_digest(cards: CardSet) -> str:
    """A short digest of the card file's text: a journalled game only resumes on the same cards."""
    return hashlib.sha256(cards.text.encode()).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class WSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``choice``: "EU" or "NA", the continent the rules leave open (2, 5 and 6 players, ruling W3);
    ``direct_sale``: the variant; ``tasks``: the additional tasks (each player's task card dealt
    face down, shown at the end); ``pad``: an end-only score pad (the table played without the
    companion: each player's garden, partner bonuses, cubes and task entered after the game,
    ``padentry.py``)."""

    players: int = 2
    choice: str = "EU"
    direct_sale: bool = False
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""
    tasks: bool = False
    pad: bool = False

    def config(self, cards: CardSet) -> Config:
        return Config(self.players, cards, choice=self.choice, tasks=self.tasks, direct_sale=self.direct_sale)

    def to_dict(self, cards: CardSet) -> dict[str, Any]:
        """The journalled setup (``tasks`` and ``pad`` only when on: older journals have no such keys)."""
        return {"game": KEY, "players": self.players, "choice": self.choice, "direct_sale": self.direct_sale,
                **({"tasks": True} if self.tasks else {}), **({"pad": "end"} if self.pad else {}),
                "cards_digest": cards_digest(cards),
                **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: Any) -> WSetup:
        """The setup a journal holds; :class:`~table.engine.errors.RecordError` if it is not one
        this program wrote for Waldgärtner."""
        if not isinstance(d, dict) or d.get("game") != KEY:
            raise RecordError("not a Waldgärtner setup")
        try:
            players = int(d["players"])
        except (KeyError, TypeError, ValueError, OverflowError):
            raise RecordError(f"a Waldgärtner setup names its players as a number, not {d.get('players')!r}") from None
        s = cls(players, str(d.get("choice", "EU")), bool(d.get("direct_sale", False)), names_of(d),
                bool(d.get("tasks", False)), d.get("pad", "live") == "end")
        if not 2 <= s.players <= 7 or s.choice not in ("EU", "NA") or d.get("pad", "live") not in ("live", "end"):
            raise RecordError(f"a Waldgärtner setup for 2-7 players and EU or NA, not {d!r}")
        return s

    def text(self) -> str:
        return (f"setup players={self.players} choice={self.choice} "
                f"directsale={'on' if self.direct_sale else 'off'}" + (" tasks=on" if self.tasks else "")
                + (" pad=end" if self.pad else ""))


CHOICE_MATTERS = (2, 5, 6)
"""The seat counts whose decks depend on the continent chosen (ruling W3): 2, 5 and 6 players."""
CONTINENT_NAMES = {"AS": N_("Asia"), "EU": N_("Europe"), "NA": N_("North America")}
"""The decks' continents, in the table's language when said."""


def decks_words(players: int, choice: str) -> str:
    """The supply decks a game of ``players`` uses, by continent: ``decks 1-3 Asia, 4-5 Europe``."""
    decks = deck_continents(players, choice)
    groups: list[tuple[int, int, str]] = []
    for d, cont in enumerate(decks, start=1):
        if groups and groups[-1][2] == cont:
            groups[-1] = (groups[-1][0], d, cont)
        else:
            groups.append((d, d, cont))
    return _("decks {groups}").format(groups=", ".join(
        f"{a}-{b} {_(CONTINENT_NAMES[c])}" if a != b else f"{a} {_(CONTINENT_NAMES[c])}" for a, b, c in groups))


def parse_setup(setup: WSetup, text: str) -> WSetup:
    """``setup players=N choice=EU|NA directsale=on|off tasks=on|off pad=live|end`` (any of them) applied to ``setup``;
    :class:`~table.companion.protocol.CommandError` names the word it does not know."""
    players, choice, direct, tasks, pad = setup.players, setup.choice, setup.direct_sale, setup.tasks, setup.pad
    for word in text.split()[1:]:
        key, _eq, val = word.partition("=")
        if key == "players" and is_number(val, 1) and 2 <= int(val) <= 7:
            players = int(val)
        elif key == "choice" and val.upper() in ("EU", "NA"):
            choice = val.upper()
        elif key in ("directsale", "direct_sale") and val in ("on", "off"):
            direct = val == "on"
        elif key == "tasks" and val in ("on", "off"):
            tasks = val == "on"
        elif key == "pad" and val in ("live", "end"):
            pad = val == "end"
        else:
            raise CommandError(_("setup {word}: players=2..7, choice=EU|NA, directsale=on|off").format(
                word=repr(word)))  # tasks=on|off, pad=live|end too (the help says it; frozen in old journals)
    out: WSetup = replace(setup, players=players, choice=choice, direct_sale=direct, tasks=tasks, pad=pad)
    return out


def setup_help(text: str) -> str:
    """The refusal of ``text`` on the setup screen, naming the setup words."""
    return _("{text}: on the setup screen: setup players=N choice=EU|NA directsale=on|off, "
             "or start").format(text=repr(text))
