"""The setup screen: :class:`Setup` (what a game is started with, journalled as its config), the
setup buttons and the ``setup players=… cottage=…`` command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from table.companion.players import check_name
from table.games.applejack.companion.base import ControllerBase
from table.games.applejack.companion.errors import CommandError, SetupError, parse_numbers
from table.games.applejack.companion.teach import setup_label, setup_value, teach_words
from table.games.applejack.labels import seat_label, start_honey
from table.games.applejack.rules.track import TrackConfig
from table.i18n import _, ngettext
from table.i18n.labels import is_number, listed


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
    teach: bool = False  # teach mode (companion/applejack/teach.py): each step explained the first time
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
        """A journalled setup (``to_dict``) back; SetupError with one line when it is not one."""
        if not isinstance(d, dict):
            raise SetupError(f"a game setup is an object, not {type(d).__name__}")
        try:
            tiles = d.get("apple_tiles")
            orchards = d.get("orchards")
            return cls(int(d["players"]), bool(d.get("cottage", False)),
                       tuple(int(x) for x in tiles) if tiles is not None else None, bool(d.get("sensor", False)),
                       bool(d.get("tracked", False)), tuple(int(s) for s in d.get("hints", ())),
                       tuple(str(o) for o in orchards) if orchards else None, int(d.get("campaign", 0)),
                       tuple(int(t) for t in d.get("kept", ())),
                       teach=bool(d.get("teach", False)), names=names_from(d.get("names")))
        except SetupError:
            raise
        except KeyError as exc:
            raise SetupError(f"a game setup without {exc.args[0]!r}") from None
        except (TypeError, ValueError, OverflowError) as exc:
            raise SetupError(f"not a game setup: {exc}") from None

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
    """A journalled setup's ``names`` (SetupError when they are not names; see companion/players.py)."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 8:
        raise SetupError("names: a list of one name (or null) per seat")
    try:
        names = [None if n is None else check_name(str(n)) if isinstance(n, str) else None for n in value]
    except ValueError as exc:  # check_name's refusal of a name
        raise SetupError(f"names: {exc}") from None
    if any(n is None and v is not None for n, v in zip(names, value, strict=True)):
        raise SetupError("names: a list of one name (or null) per seat")
    return tuple(names)


def campaign_middle(game: int) -> int:
    """Tiles on the middle trees at the start of solo campaign game 1-4: one random tile in the
    first, then the tiles kept after the earlier games (1, 2, 3) instead of it."""
    return max(1, game - 1)

ON_WORDS = ("1", "on", "yes", "true")
"""A setup switch's values that turn it on (any other turns it off)."""


class SetupJob(ControllerBase):
    """The controller's setup screen: buttons and the ``setup`` command's words."""

    def _setup_press(self, b: str) -> str | None:
        if b == "confirm":
            return "start"
        press = self._SETUP_BUTTONS.get(b)
        s = self.setup
        if press is None and b.startswith("orchard") and is_number(b[7:]) and s.orchards is not None:
            press = SetupJob._next_b_side  # touch on a seat's orchard: its next B side
        elif press is None and b.startswith("apple") and is_number(b[5:]) and s.apple_tiles is not None:
            press = SetupJob._apple_forward  # touch on the i-th apple tile: it moves one place forward
        if press is None:
            return None
        self.setup = press(self, s, b)
        return ""

    def _press_players(self, s: Setup, b: str) -> Setup:
        n = int(b[-1])
        return replace(s, players=n, hints=tuple(h for h in s.hints if h < n),
                       orchards=self.b_sides(n) if s.orchards is not None else None,
                       campaign=s.campaign if n == 1 else 0, kept=s.kept if n == 1 else ())

    def _press_cottage(self, s: Setup, b: str) -> Setup:
        return replace(s, cottage=not s.cottage)

    def _press_apples(self, s: Setup, b: str) -> Setup:
        return replace(s, apple_tiles=None if s.apple_tiles is not None else self.shuffled_apples())

    def _press_sensor(self, s: Setup, b: str) -> Setup:
        return replace(s, sensor=not s.sensor)

    def _press_orchards(self, s: Setup, b: str) -> Setup:  # individual orchards: the B sides, one per seat
        return replace(s, orchards=None if s.orchards is not None else self.b_sides(s.players))

    def _next_b_side(self, s: Setup, b: str) -> Setup:
        seat = int(b[7:])
        if s.orchards is None or not 0 <= seat < len(s.orchards):
            return s
        sides = tuple(o for o in self.data.orchards if o != "A") or ("A",)
        nxt = sides[(sides.index(s.orchards[seat]) + 1) % len(sides)] if s.orchards[seat] in sides else sides[0]
        return replace(s, orchards=(*s.orchards[:seat], nxt, *s.orchards[seat + 1:]))

    def _press_campaign(self, s: Setup, b: str) -> Setup:  # solo campaign: off, game 1, 2, 3, 4
        if s.players != 1:
            raise CommandError(_("the campaign is a solo game: choose Solo first"))
        return replace(s, campaign=(s.campaign + 1) % 5, kept=())

    def _press_tracked(self, s: Setup, b: str) -> Setup:  # key t: orchard tracking on/off (off ends the hints)
        return replace(s, tracked=not s.tracked, hints=())

    def _press_hints(self, s: Setup, b: str) -> Setup:  # key h: hints for every seat (they need tracking)
        return replace(s, tracked=True, hints=() if s.hints else tuple(range(s.players)))

    def _apple_forward(self, s: Setup, b: str) -> Setup:
        i = int(b[5:])
        if s.apple_tiles is None or not 0 < i < len(s.apple_tiles):
            return s
        order = list(s.apple_tiles)
        order[i - 1], order[i] = order[i], order[i - 1]
        return replace(s, apple_tiles=tuple(order))

    def _press_teach(self, s: Setup, b: str) -> Setup:  # key w: teach mode on/off
        s = replace(s, teach=not s.teach)
        self._say(setup_label(s.teach))  # text mode's setup line does not show it
        return s

    _SETUP_BUTTONS: ClassVar[dict[str, Callable[[SetupJob, Setup, str], Setup]]] = {
        **dict.fromkeys(("trough1", "trough2", "trough3", "trough4", "1", "2", "3", "4"), _press_players),
        **dict.fromkeys(("trough5", "cottage", "5"), _press_cottage),
        **dict.fromkeys(("trough6", "6"), _press_apples),
        **dict.fromkeys(("trough7", "7"), _press_sensor),
        **dict.fromkeys(("orchards", "o"), _press_orchards),
        **dict.fromkeys(("campaign", "k"), _press_campaign),
        "tracked": _press_tracked, "hint": _press_hints, "teach": _press_teach,
    }
    """The setup screen's buttons and keys (besides confirm, and the orchards' and apple tiles' touch targets)."""

    def b_sides(self, players: int) -> tuple[str, ...]:
        """The orchards' B sides of the data set, one per seat (B1, B2, … in order)."""
        sides = tuple(o for o in self.data.orchards if o != "A")
        return tuple(sides[i % len(sides)] for i in range(players)) if sides else ("A",) * players

    def shuffled_apples(self) -> tuple[int, ...]:
        order = list(range(len(self.data.varieties)))
        self.rng.shuffle(order)
        return tuple(order)

    def _parse_setup(self, text: str) -> Setup:
        s = self.setup
        words = teach_words(text).split()  # "teach on" is "teach=on"
        for w in words:
            key, _sep, value = w.partition("=")
            word = self._SETUP_WORDS.get(key)
            if word is None:
                raise CommandError(_("setup knows players=, cottage=, apples=, orchards=, campaign=, kept=, sensor=, "
                                     "tracked=, hints=; not {word}").format(word=repr(w)))
            s = word(self, s, value)
        return s

    def _set_players(self, s: Setup, value: str) -> Setup:
        n = int(value) if is_number(value) else 0
        if n not in self.data.boards:
            raise CommandError(_("no board for {players} players").format(players=value))
        return replace(s, players=n, hints=tuple(h for h in s.hints if h < n),
                       orchards=None if s.orchards is None or len(s.orchards) == n else self.b_sides(n),
                       campaign=s.campaign if n == 1 else 0, kept=s.kept if n == 1 else ())

    def _set_orchards(self, s: Setup, value: str) -> Setup:
        if value in ("", "off", "none", "A", "a"):
            return replace(s, orchards=None)
        if value in ("on", "B", "b"):
            return replace(s, orchards=self.b_sides(s.players))
        sides = tuple(value.split(","))
        unknown = [o for o in sides if o not in self.data.orchards]
        if unknown or len(sides) != s.players:
            raise CommandError(_("orchards=SIDES: one per seat ({players}) of {sides}, e.g. orchards=on "
                                 "or orchards={example}").format(
                players=s.players, sides=", ".join(self.data.orchards), example=",".join(self.b_sides(s.players))))
        return replace(s, orchards=sides)

    def _set_campaign(self, s: Setup, value: str) -> Setup:
        n = int(value) if is_number(value) else -1
        if value in ("off", "none"):
            n = 0
        if not 0 <= n <= 4 or (n and s.players != 1):
            raise CommandError(_("campaign=1..4 (or off): the solo campaign's game, after players=1"))
        return replace(s, campaign=n, kept=s.kept[: campaign_middle(n) if n > 1 else 0])

    def _set_kept(self, s: Setup, value: str) -> Setup:
        tiles = parse_numbers(value)
        if s.campaign < 2 or len(tiles) != campaign_middle(s.campaign):
            raise CommandError(_("kept=TILES: the tile numbers kept from the earlier campaign games "
                                 "(game 2: one, 3: two, 4: three), after campaign=N"))
        return replace(s, kept=tiles)

    def _set_cottage(self, s: Setup, value: str) -> Setup:
        return replace(s, cottage=value in ON_WORDS)

    def _set_sensor(self, s: Setup, value: str) -> Setup:
        return replace(s, sensor=value in ON_WORDS)

    def _set_tracked(self, s: Setup, value: str) -> Setup:
        on = value in ON_WORDS
        return replace(s, tracked=on, hints=s.hints if on else ())

    def _set_hints(self, s: Setup, value: str) -> Setup:
        if value in ("", "off", "none", "0"):
            return replace(s, hints=())
        if value == "all":
            return replace(s, tracked=True, hints=tuple(range(s.players)))
        seats = tuple(sorted({n - 1 for n in parse_numbers(value)}))
        if not all(0 <= h < s.players for h in seats):
            raise CommandError(_("hints=SEATS: seats 1-{players}, e.g. hints=1,3 or hints=all").format(
                players=s.players))
        return replace(s, tracked=True, hints=seats)

    def _set_teach(self, s: Setup, value: str) -> Setup:
        return replace(s, teach=setup_value(value))

    def _set_apples(self, s: Setup, value: str) -> Setup:
        tiles: tuple[int, ...] | None
        if value in ("", "off", "none"):
            tiles = None
        elif value == "shuffle":
            tiles = self.shuffled_apples()
        else:
            tiles = tuple(n - 1 for n in parse_numbers(value))
            if sorted(tiles) != list(range(len(self.data.varieties))):
                raise CommandError(_("apples=ORDER lists each variety number 1-7 once"))
        return replace(s, apple_tiles=tiles)

    _SETUP_WORDS: ClassVar[dict[str, Callable[[SetupJob, Setup, str], Setup]]] = {
        "players": _set_players, "orchards": _set_orchards, "campaign": _set_campaign, "kept": _set_kept,
        "cottage": _set_cottage, "sensor": _set_sensor, "tracked": _set_tracked, "hints": _set_hints,
        "teach": _set_teach, "apples": _set_apples,
    }
    """The ``setup`` command's KEY=VALUE words."""

    def honey_line(self) -> str:
        """Each seat's starting honey, in words: "Starting honey: ○ Circle 16, △ Triangle 20"."""
        return _("Starting honey: {seats}").format(seats=self._honey_seats())

    def starting_honey_text(self) -> str:
        """The same inside a sentence: "starting honey: ○ Circle 16, △ Triangle 20"."""
        return _("starting honey: {seats}").format(seats=self._honey_seats())

    def _honey_seats(self) -> str:
        honey = start_honey(self.data, self.setup.players)
        return listed(f"{seat_label(p)} {h}" for p, h in enumerate(honey))
