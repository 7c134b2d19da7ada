"""The setup screen: :class:`Setup` (what a game is started with, journalled as its config), the
setup buttons and the ``setup players=… cottage=…`` command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.companion.players import check_name
from table.games.applejack.companion.errors import SetupUnreadable
from table.games.applejack.rules.track import TrackConfig
from table.i18n import _, ngettext
from table.i18n.labels import listed


@dataclass(frozen=True, slots=True)
class Setup:
    """What the setup screen chooses; journalled as the game's config.

    ``tracked``: orchard tracking (every tile entered, a full engine game mirrors the table);
    ``hints``: the seats (0-based) shown the strong bot's choice; needs ``tracked``.
    """

    players: int = 2
    cottage: bool = False
    apple_tiles: tuple[int, ...] | None = None
    sensor: bool = False
    tracked: bool = False
    hints: tuple[int, ...] = ()
    orchards: tuple[str, ...] | None = None  # variant "Individual orchards": the B side per seat
    campaign: int = 0  # solo campaign game 1-4 (0: no campaign)
    kept: tuple[int, ...] = ()  # campaign: the kept tiles' numbers (a tracked game needs them)
    teach: bool = False  # teach mode (games/applejack/companion/teach.py): each step explained the first time
    names: tuple[str | None, ...] = ()  # the players' names by seat, None: nobody picked (companion/players.py)

    def track_config(self) -> TrackConfig:
        return TrackConfig(self.players, cottage=self.cottage, apple_tiles=self.apple_tiles,
                           middle_start=campaign_middle(self.campaign) if self.players == 1 and self.campaign
                           else None)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"players": self.players, "cottage": self.cottage,
                             "apple_tiles": list(self.apple_tiles) if self.apple_tiles is not None else None,
                             "sensor": self.sensor}
        if self.tracked:  # only when on: the journal of an untracked game reads as before
            d["tracked"] = True
            d["hints"] = list(self.hints)
        if self.orchards is not None:
            d["orchards"] = list(self.orchards)
        if self.campaign:
            d["campaign"] = self.campaign
            d["kept"] = list(self.kept)
        if self.teach:  # only when on, like tracked: an old journal reads as before
            d["teach"] = True
        if any(n is not None for n in self.names[: self.players]):  # named players (companion/players.py)
            d["names"] = list(self.names[: self.players])
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Setup:
        """A journalled setup (``to_dict``) back; SetupUnreadable with one line when it is not one."""
        if not isinstance(d, dict):
            raise SetupUnreadable(f"a game setup is an object, not {type(d).__name__}")
        try:
            tiles = d.get("apple_tiles")
            orchards = d.get("orchards")
            return cls(int(d["players"]), bool(d.get("cottage", False)),
                       tuple(int(x) for x in tiles) if tiles is not None else None, bool(d.get("sensor", False)),
                       bool(d.get("tracked", False)), tuple(int(s) for s in d.get("hints", ())),
                       tuple(str(o) for o in orchards) if orchards else None, int(d.get("campaign", 0)),
                       tuple(int(t) for t in d.get("kept", ())),
                       teach=bool(d.get("teach", False)), names=names_from(d.get("names")))
        except SetupUnreadable:
            raise
        except KeyError as exc:
            raise SetupUnreadable(f"a game setup without {exc.args[0]!r}") from None
        except (TypeError, ValueError, OverflowError) as exc:
            raise SetupUnreadable(f"not a game setup: {exc}") from None

    def variants_text(self) -> str:
        """The variants chosen, in words ("" for the base game)."""
        parts = []
        if self.cottage:
            parts.append(_("cottage tiles"))
        if self.apple_tiles is not None:
            parts.append(_("apple tiles"))
        if self.orchards is not None:
            parts.append(_("individual orchards {sides}").format(sides=" ".join(self.orchards)))
        if self.campaign > 1:
            kept = campaign_middle(self.campaign)
            parts.append(ngettext("campaign game {game} of 4 ({n} kept tile on the middle trees)",
                                  "campaign game {game} of 4 ({n} kept tiles on the middle trees)", kept).format(
                game=self.campaign, n=kept))
        elif self.campaign:
            parts.append(_("campaign game {game} of 4").format(game=self.campaign))
        return listed(parts)

    def hints_text(self) -> str:
        if not self.hints:
            return _("none")
        if len(self.hints) == self.players:
            return _("all seats")
        return _("seats {seats}").format(seats=", ".join(str(s + 1) for s in self.hints))


def names_from(value: Any) -> tuple[str | None, ...]:
    """A journalled setup's ``names`` (SetupUnreadable when they are not names; see companion/players.py)."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 8:
        raise SetupUnreadable("names: a list of one name (or null) per seat")
    try:
        names = [None if n is None else check_name(str(n)) if isinstance(n, str) else None for n in value]
    except ValueError as exc:  # check_name's refusal of a name
        raise SetupUnreadable(f"names: {exc}") from None
    if any(n is None and v is not None for n, v in zip(names, value, strict=True)):
        raise SetupUnreadable("names: a list of one name (or null) per seat")
    return tuple(names)


def campaign_middle(game: int) -> int:
    """Tiles on the middle trees at the start of solo campaign game 1-4: one random tile in the
    first, then the tiles kept after the earlier games (1, 2, 3) instead of it."""
    return max(1, game - 1)

ON_WORDS = ("1", "on", "yes", "true")
"""A setup switch's values that turn it on (any other turns it off)."""
