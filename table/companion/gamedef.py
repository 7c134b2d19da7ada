"""A game's definition: what the shell, the front ends and the CLI need of one orchard game.

The registry (``table.games``) holds one :class:`GameDef` per game; the CLI looks one up by its
key and hands it down, so nothing below the CLI — the companion shell, the display toolkit, the
history — imports a game (``docs/ARCHITECTURE.md``). Like OpenSpiel's ``load_game(name)`` and
boardgame.io's game objects, a game is one folder (``table/games/<key>/``) and one line in the
registry.

The parts are named as ``"module:attribute"`` references and imported on first use
(:meth:`GameDef.part`): a command that never draws (``replay``, ``score``, ``simulate``) never
imports pygame or a game's bots, which keeps the CLI's start quick on a Raspberry Pi.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from table.engine.errors import TableError

FACES = ("engine", "simulate", "score", "companion")
"""What a game may offer: its rules, seeded bot games, a score pad from JSON, the table companion."""

ZERO_SUM, GENERAL_SUM, COOPERATIVE = "zero-sum", "general-sum", "cooperative"
UTILITIES = (ZERO_SUM, GENERAL_SUM, COOPERATIVE)
"""How a game's returns relate (OpenSpiel's ``GameType.Utility``): zero-sum (they add up to 0),
general-sum (each seat its own score, the most wins: the four orchard games), cooperative
(OpenSpiel's *identical*: every seat the same return — the table wins or loses together; the
result screen, the history and the statistics app's export say so)."""

PARTS = frozenset({
    "rules",       # the pure rules package: new_game, replay, Config, State (table.engine.protocol)
    "companion",   # the companion module class (table.companion.protocol.GameCompanion)
    "text",        # the text front end's module: help_keys, screen_text, handle_line, status_lines
    "view",        # the pygame view class (deferred: pygame)
    "keys",        # the pygame key map: key(pygame key, ctl) -> button or None (deferred: pygame)
    "workers",     # the pygame app's jobs off the UI thread: workers() -> [poll(ctl), close()] (Applejack's hints)
    "demo_steps",  # the kiosk demo: steps(games=, players=, seed=, bots=) yielding a companion per step
    "demo_screen",  # the screen demo's class (deferred: pygame)
    "simulate",    # seeded bot games in one process: simulate(players, games, seed, seats) -> summary text
    "make_bot",    # make_bot(name, rng) -> a bot with choose(state)
    "check_file",  # check-data for the game's data file: check(path | None) -> summary (DataError lists problems)
    "score_pad",   # the score pad command: run(path, as_json) -> exit status
    "read_record",  # the history's reader of a finished record (dict) -> the finished game's rows
    "resume",      # offer(ctl, journal, game, resume, digest): the game's own resume of a journalled game
    "data_digest",  # data_digest(data) -> str: the journal's mark of the data set the game reads
    "table_script",  # table_script(players, seed) -> (command lines, the final engine state or None): a
                     # whole seeded game as the table types it (`play --demo`, the registry suite)
    "die_sensor",  # die_sensor(ctl): `--die` given, the setup screen starts with the die sensor on
    "load_data",   # load_data() -> the shipped data set the game reads (handed to every companion)
    "screens",     # screens() -> {name: build()}: the sample screens (goldens, the fit test, the benchmark)
    "seat_desk",   # the phones (table/web/): a class SeatDesk() with view(ctl, seat | None) -> dict, what
                   # seat N (None: a spectator, only what the lid shows) may see, and choose(ctl, seat,
                   # form) -> the shell commands a seat's secret choice on its phone enters now
    "coach",       # coach(record, seat | None, *, lid=False) -> lines: after a finished game (its finished_record()),
                   # each decision of seat (0-based; None: every seat) against the strong bot's, the dearest
                   # first; lid=True keeps to what the lid may show (companion/coach_games.py, docs/bots.md)
    "pad_desk",    # the phones on the score pad (mode "pad"), a desk like seat_desk (table/web/pads.py)
    "sample_games",  # sample_games() -> [(name, new_state(), replay(record))]: the set-ups the registry
                     # suite plays to the end (default: the rules' Config(players) at the fewest and most seats)
})


HOME: dict[str, str] = {
    "rules": "rules", "companion": "companion:make_companion", "text": "text", "read_record": "record_reader:READER",
    "simulate": "bots:simulate_text", "make_bot": "bots:make_bot", "table_script": "script:table_script",
    "check_file": "files:check_file", "score_pad": "pad_command:run", "screens": "samples:screens",
    "seat_desk": "seat:SeatDesk", "sample_games": "files:sample_games",
}
"""Where a part usually lives in a game's package (``module:attribute`` under it): a game names
these parts and :func:`at_home` finds them; the others it places itself."""


def at_home(package: str, names: str, **elsewhere: str) -> dict[str, str]:
    """The parts ``names`` (space-separated, each in :data:`HOME`) at their usual places in
    ``package`` (a game's ``__init__`` passes its ``__name__``), and ``elsewhere``'s parts at the
    ``module:attribute`` given relative to the package: the ``parts`` of a :class:`GameDef`."""
    refs = {name: f"{package}.{HOME[name]}" for name in names.split()}
    refs.update({name: f"{package}.{ref}" for name, ref in elsewhere.items()})
    return refs


SampleGame = tuple[str, Callable[[], Any], Callable[[dict[str, Any]], Any]]
"""One set-up the registry suite plays to the end: (its name, a new state, replay(record) -> state)."""


def config_games(rules: Any, configs: Iterable[Any]) -> list[SampleGame]:
    """The part ``sample_games``' list for a rules package (``new_game(config)``, ``replay``)
    and its ``configs``, each named by its seats ("3p"), or by ``(name, config)`` pairs."""
    named = [c if isinstance(c, tuple) else (f"{c.players}p", c) for c in configs]
    return [(name, partial(rules.new_game, c), rules.replay) for name, c in named]


REGISTERED: list[GameDef] = []
"""The registry's games (``table.games`` fills this list, in its order): the shell's front ends
find a lone companion module's definition here by its ``game`` (a module not held by a shell)."""


def registered(key: str) -> GameDef:
    """The registered game ``key``; :class:`UnknownGameError` names the known games otherwise."""
    for g in REGISTERED:
        if g.key == key:
            return g
    raise UnknownGameError(f"unknown game {key!r}; known: {', '.join(g.key for g in REGISTERED)}")


def plays_together(key: str) -> bool:
    """Whether the registered game ``key`` is cooperative (its table wins or loses together);
    False for a game not registered (a lone module in a test)."""
    return any(g.key == key and g.cooperative for g in REGISTERED)


class UnknownGameError(TableError):
    """A ``--game`` value that names no game this table knows."""


class MissingPartError(TableError, LookupError):
    """A game asked for a part it does not have (a face the registry does not list)."""


@dataclass(frozen=True)
class GameDef:
    """One orchard game: its key (the ``--game`` value), title, seat counts, rule text, the faces
    it offers, its bots, the format of its records, and its parts (``"module:attr"``)."""

    key: str
    title: str
    players: tuple[int, ...]
    rules_source: str
    faces: frozenset[str]
    bots: tuple[str, ...]
    record_format: str
    parts: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    record_formats: tuple[str, ...] = ()
    """Further record formats this game's record reader takes (the table companion's own)."""
    utility: str = GENERAL_SUM
    """How the seats' returns relate (:data:`UTILITIES`): a cooperative game's table wins or loses together."""
    first_lamps: tuple[int, ...] | None = None
    """The lamps (1-7) lit at the first question after ``start`` on the default setup (None: no
    lamps to promise; the registry suite checks them)."""
    summary_word: str = ""
    """A word ``simulate --game KEY`` always prints in its summary ("win rate"): the suite looks for it."""
    words: str = ""
    """A game outside ``table/`` (the tests' games): the folder of its own catalogues
    (``locale/<lang>/LC_MESSAGES/<key>.po``; ``python -m table.i18n.catalogs update --folder``),
    read once the game is registered. "" for the house's games (``table/i18n/locale``)."""
    kill_at_half: bool = True
    """Whether the registry suite kills ``play --text`` at half the game's ``table_script`` and
    resumes it (False: the game's own scenario tests kill it where it is harder, Draft Cider's
    with a card half entered)."""

    def __post_init__(self) -> None:
        unknown = set(self.parts) - PARTS
        if unknown:
            raise ValueError(f"{self.key}: unknown parts {sorted(unknown)}")
        if not self.faces <= set(FACES):
            raise ValueError(f"{self.key}: unknown faces {sorted(self.faces - set(FACES))}")
        if self.utility not in UTILITIES:
            raise ValueError(f"{self.key}: utility {self.utility!r} is none of {', '.join(UTILITIES)}")
        if not self.players or list(self.players) != sorted(set(self.players)):
            raise ValueError(f"{self.key}: players must be the seat counts, increasing: {self.players}")

    @property
    def cooperative(self) -> bool:
        """The table wins or loses together (:data:`COOPERATIVE`)."""
        return self.utility == COOPERATIVE

    def has(self, face: str) -> bool:
        return face in self.faces

    def has_part(self, name: str) -> bool:
        return name in self.parts

    def part(self, name: str) -> Any:
        """The part ``name``, imported on first use; :class:`MissingPartError` if the game lacks it."""
        ref = self.parts.get(name)
        if ref is None:
            raise MissingPartError(f"{self.title} has no {name} on this table yet")
        module, _, attr = ref.partition(":")
        obj: Any = importlib.import_module(module)
        for piece in filter(None, attr.split(".")):
            obj = getattr(obj, piece)
        return obj

    @property
    def seats_text(self) -> str:
        low, high = self.players[0], self.players[-1]
        return str(low) if low == high else f"{low}-{high}"

    def not_offered(self, face: str, command: str) -> str:
        """The one line a command prints when this game lacks the face it needs."""
        have = sorted(self.faces) or ["nothing yet"]
        return (f"{command}: {self.title} has no {face} on this table yet (it has: {', '.join(have)}); "
                f"see `applejack-table games`")
