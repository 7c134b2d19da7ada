"""The controller's setup part, :class:`SetupScreen`: the setup command's words, the setup
screen's buttons and what each option takes (the setup's value is :class:`~.setup.Setup`, which
the controller keeps as ``setup``; this part makes the next one from it).

Wiring: ``Controller.__init__`` makes one (``self.setup_screen = SetupScreen(self)``); the
controller's setup presses (after the names' and the history's, ``table.companion.players``) and
its ``setup …`` words come here, and ``honey_line`` is said when a game starts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar, Protocol

from table.games.applejack.companion.errors import CommandError, parse_numbers
from table.games.applejack.companion.parts import Table
from table.games.applejack.companion.setup import ON_WORDS, Setup, campaign_middle
from table.games.applejack.companion.teach import setup_label, setup_value, teach_words
from table.games.applejack.labels import seat_label, start_honey
from table.i18n import _
from table.i18n.labels import is_number, listed


class SetupTable(Table, Protocol):
    """What the setup screen needs of the controller besides the :class:`Table`: its random
    source (a shuffled apple tile order)."""

    @property
    def rng(self) -> random.Random: ...


class SetupScreen:
    """The setup screen's buttons and the ``setup`` command's words over the controller's
    ``setup`` (``table``: the controller, whose data set says the boards, orchards and varieties)."""

    def __init__(self, table: SetupTable) -> None:
        self.table = table
        self.data = table.data

    def press(self, b: str) -> str | None:
        """The command button ``b`` means on the setup screen ("": the setup changed, only the
        screen shows it; None: nothing)."""
        if b == "confirm":
            return "start"
        press = self._SETUP_BUTTONS.get(b)
        s = self.table.setup
        if press is None and b.startswith("orchard") and is_number(b[7:]) and s.orchards is not None:
            press = SetupScreen._next_b_side  # touch on a seat's orchard: its next B side
        elif press is None and b.startswith("apple") and is_number(b[5:]) and s.apple_tiles is not None:
            press = SetupScreen._apple_forward  # touch on the i-th apple tile: it moves one place forward
        if press is None:
            return None
        self.table.setup = press(self, s, b)
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
        self.table.say(setup_label(s.teach))  # text mode's setup line does not show it
        return s

    _SETUP_BUTTONS: ClassVar[dict[str, Callable[[SetupScreen, Setup, str], Setup]]] = {
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
        self.table.rng.shuffle(order)
        return tuple(order)

    def parse(self, text: str) -> Setup:
        """The setup the ``setup KEY=VALUE …`` words make of the controller's (CommandError: a word
        it does not know, or a value that does not fit)."""
        s = self.table.setup
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

    _SETUP_WORDS: ClassVar[dict[str, Callable[[SetupScreen, Setup, str], Setup]]] = {
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
        honey = start_honey(self.data, self.table.setup.players)
        return listed(f"{seat_label(p)} {h}" for p, h in enumerate(honey))
