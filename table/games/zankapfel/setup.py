"""Zankapfel's setup: the setup screen's choices, journalled as the game's config, and the
``setup players=N finish=M deck=NAME bribery=on`` line that changes them.

A journalled setup names its deck by its counts (the game replays even if the deck file
changes) and its label; one that names none was played before issue 20 with the 11 + 6 split
(``LEGACY_DECK``) and replays with it. The same for the order of a discord's dice and of bribes:
a setup without ``open_order`` was played in seat order (the old ruling Z11/Z14)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError
from table.engine.errors import RecordError
from table.games.zankapfel.rules import Config
from table.games.zankapfel.rules.config import BOX_DECK, DEFAULT_TRACK, LEGACY_DECK
from table.games.zankapfel.rules.decks import Decks
from table.games.zankapfel.words import engine_refusal
from table.i18n import _

GAME = "zankapfel"
FINISHES = (30, 40, 50, 60)
"""The setup screen's finishes, in the order its button steps through them."""
SWITCHES = {"on": True, "yes": True, "1": True, "off": False, "no": False, "0": False}
"""The words of a setup switch (``bribery=on``)."""
ORDERS = {"open": True, "seats": False}
"""``order=open``: dice and bribes in any order, as the text says; ``order=seats``: the old ruling."""


def is_number(text: str, digits: int = 2) -> bool:
    """1..``digits`` ASCII digits (``str.isdigit`` alone takes '²', which ``int`` refuses)."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


Counts = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class ZSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``finish``: points from start to finish (ruling Z1); ``deck``: apple cards per kind (red,
    yellow, green, blue, joker; ruling Z2) and ``deck_label`` its name on the screen;
    ``bribery``: the optional rule "Corruption"; ``open_order``: a discord's dice and the
    bribes in any order (the text), else in seat order (the old ruling Z11/Z14)."""

    players: int = 4
    finish: int = DEFAULT_TRACK
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""
    deck: Counts = BOX_DECK
    deck_label: str = "10 + 10"
    bribery: bool = False
    open_order: bool = True
    lenient_dice: bool = False
    """A journal from before issue 20 (no ``open_order``): a seat's dice entered again replaces
    the first entry, as the table then allowed (it replays as it was played); never journalled."""

    def config(self, deck: Counts | None = None) -> Config:
        """The engine's config (``deck``: the box as the table found it, when it differs)."""
        return Config(self.players, track_length=self.finish, deck=deck or self.deck, bribery=self.bribery,
                      open_order=self.open_order)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": GAME, "players": self.players, "track_length": self.finish}
        if self.deck != LEGACY_DECK:  # no deck: the 11 + 6 of every game before issue 20
            d.update(deck=list(self.deck), deck_label=self.deck_label)
        if self.bribery:
            d["bribery"] = True
        if self.open_order:
            d["open_order"] = True
        return {**d, **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ZSetup:
        """A journalled setup; :class:`RecordError` (one line, English: a file's words) when it is not
        one this program wrote."""
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise RecordError("not a Zankapfel setup")
        try:
            raw = d.get("deck", LEGACY_DECK)
            counts = tuple(int(n) for n in raw)
            if len(counts) != 5:
                raise ValueError(raw)
            label = str(d.get("deck_label", "11 + 6" if "deck" not in d else "?"))
            s = cls(int(d["players"]), int(d.get("track_length", DEFAULT_TRACK)), names_of(d),
                    (counts[0], counts[1], counts[2], counts[3], counts[4]), label[:20], d.get("bribery") is True,
                    d.get("open_order") is True, "open_order" not in d)
        except (KeyError, TypeError, ValueError, OverflowError):
            raise RecordError(f"a Zankapfel setup has whole numbers of players and points to the finish, "
                              f"a deck of five counts and a list of names, not {d!r:.200}") from None
        try:
            s.config()  # refuses 2 or 7 players, a finish below 1, a deck too small
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        return s

    def with_deck(self, decks: Decks, key: str) -> ZSetup:
        """This setup with the file's deck ``key``; CommandError naming the decks there are."""
        deck = decks.get(key)
        if deck is None:
            raise CommandError(_("setup deck={name}: the deck file holds {decks}").format(
                name=key, decks=" ".join(d.key for d in decks.decks)))
        return replace(self, deck=deck.counts, deck_label=deck.label)

    def with_words(self, text: str, decks: Decks) -> ZSetup:
        """``setup players=N finish=M deck=NAME bribery=on order=open`` (any of them, in any
        order) applied to this setup; CommandError for a word it does not know or a game the
        rules refuse."""
        s = self
        for word in text.split()[1:]:
            key, _eq, val = word.partition("=")
            if key == "deck":
                s = s.with_deck(decks, val)
            elif key == "bribery" and val in SWITCHES:
                s = replace(s, bribery=SWITCHES[val])
            elif key == "order" and val in ORDERS:
                s = replace(s, open_order=ORDERS[val])
            elif is_number(val, 3) and key in ("players", "finish", "track_length"):
                s = replace(s, players=int(val)) if key == "players" else replace(s, finish=int(val))
            else:
                raise CommandError(_("setup {word}: players=3..6, finish=N, deck=NAME, bribery=on|off, "
                                     "order=open|seats").format(word=repr(word)))
        try:
            s.config()
        except ValueError as exc:
            raise CommandError(engine_refusal(str(exc))) from None
        return s


def setup_line(setup: ZSetup) -> str:
    """The options of a game in one line (said at the start): the deck, bribery, the order."""
    counts = " ".join(str(n) for n in setup.deck)
    return _("Deck {label} (red yellow green blue joker: {counts}); corruption {bribery}; "
             "dice and bribes {order}").format(
        label=setup.deck_label, counts=counts, bribery=_("on") if setup.bribery else _("off"),
        order=_("in any order") if setup.open_order else _("in seat order"))
