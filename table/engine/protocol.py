"""The game protocol: the shape every game engine's state meets (issue 12 §1).

Adding a game — the one page to follow
======================================

1. **A package of its own**: ``table/games/<game>/rules/`` (see ``table/games/zankapfel/rules/``
   for a complete example, ``tests/games/nim/rules.py`` for a tiny one; ``docs/adding-a-game.md``
   for the rest of the game's folder). It is pure like the engine core: no I/O, clock, threads or global
   RNG, nothing from pygame/gpiozero/serial; randomness comes in as *chance actions*.
   ``table.engine.*`` and every ``table.games.*.rules`` are checked by ``mypy --strict``.

2. **Actions are ints with a text form.** Give every kind of decision its own int range and
   every int exactly one text (``"lay red"``, ``"mayor b5"``, ``"roll 4"``), so
   ``string_to_action(action_to_string(a)) == a``. Parse errors raise
   ``table.engine.errors.ActionParseError``.

3. **The state class** meets :class:`GameState` below (OpenSpiel's shape, as Applejack's
   ``table.games.applejack.rules.game.GameState`` does):

   * ``current_player()`` is a seat ``0..players-1``, :data:`CHANCE` (-1) while a card is turned,
     a tile drawn or a die rolled, or :data:`TERMINAL` (-4) at the end; ``is_chance()`` and
     ``is_terminal()`` agree with it.
   * ``legal_actions()``: the seat's choices, the outcomes at a chance node, ``[]`` at the end.
     ``chance_outcomes()`` gives ``(action, probability)`` pairs summing to 1 (``[]`` elsewhere).
   * ``apply(action | text) -> list[Event]`` raises ``table.engine.errors.IllegalActionError``
     (a ValueError) for anything not in ``legal_actions()`` and leaves the state untouched.
     Simultaneous choices (sealed bids, cards laid face down) become sequential choices in seat
     order; keep the hidden part out of the events until it is revealed.
   * ``undo()`` takes back the last action exactly (``IndexError`` at the start); ``clone()`` is
     an independent copy; ``history`` lists every action applied, chance outcomes included;
     ``events`` every event so far (frozen values declared with ``table.engine.events.event``:
     a ``kind``, ``to_dict()``, ``str()``; the game's ``event_from_dict`` reads them back through
     ``table.engine.eventcodec.decode_event``). Keep what changes in one table and subclass
     ``table.engine.state.SnapshotState``: it gives ``apply``/``undo``/``clone``/``to_record``.
   * ``returns()`` — final points per seat at the end, ``0.0`` for everyone before;
     ``scores()`` — per seat a frozen breakdown whose ``.total`` equals ``returns()`` at the end.
   * ``to_record()`` — JSON data: ``format``, ``config`` and the action texts.

4. **Module level**: a frozen ``Config`` dataclass with ``to_dict``/``from_dict`` (its
   ``__post_init__`` rejects impossible set-ups with ``table.engine.errors.ConfigError``);
   ``new_game(config, rng=None)`` (with a ``random.Random`` the chance nodes are sampled from
   it, the outcomes still going into ``history``; without it the state waits at each chance
   node); ``replay(record)`` rebuilding the identical event stream, ``RecordError`` on anything
   malformed (``table.engine.state.replay_record`` does it). A data file's text is read with
   ``table.engine.tomlfile.load_toml`` (bounded: one ``DataError`` for anything else).

5. **Rules text and rulings**: ``docs/<game>.md`` — every rule sentence in English with where it
   comes from, and a table of rulings (where the text is silent) each naming its test.

6. **Tests**: the game's registry line is enough for ``tests/test_every_game.py`` (run over
   every registered game: seeded random playouts check everything above, the shell's protocol,
   fuzzed commands and data files, a kill and resume, ``simulate``); then rules tests in
   ``tests/engine/<game>/``. Bots (``table/games/<game>/bots.py``) need nothing but
   ``legal_actions``, ``apply``/``clone`` and a seeded ``random.Random``.

Applejack meets the whole protocol through ``table.games.applejack.rules.record.Applejack(data)``: its engine
reads the printed components from a data set (``table.games.applejack.files.load_dataset()``), so the
module-level functions are bound to one first — ``Applejack(data).new_game(config, rng)``
(the rng samples only the setup draws; later draws wait at their chance nodes) and
``Applejack(data).replay(record)``; ``GameState.to_record()`` is native. Its config class is
``GameConfig`` (also ``Applejack.Config``); ``table.games.applejack.rules.game.new_game(data, config, rng)`` and
``table.games.applejack.rules.record.replay(record, data)`` are the same functions unbound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

CHANCE = -1
"""``current_player()`` at a chance node (same value as ``table.games.applejack.rules.game.CHANCE``)."""
TERMINAL = -4
"""``current_player()`` once the game is over (same value as ``table.games.applejack.rules.game.TERMINAL``)."""


@runtime_checkable
class Event(Protocol):
    """An event: a frozen value with a ``kind`` and a JSON form."""

    kind: str

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class Breakdown(Protocol):
    """One seat's scoring: a frozen value with at least an int ``total``."""

    @property
    def total(self) -> int: ...


@runtime_checkable
class PlayState(Protocol):
    """What play, search and bots use: every method of a game state except the record."""

    history: list[int]

    @property
    def players(self) -> int: ...

    @property
    def events(self) -> Sequence[Any]: ...

    def current_player(self) -> int: ...

    def is_chance(self) -> bool: ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list[int]: ...

    def chance_outcomes(self) -> list[tuple[int, float]]: ...

    def action_to_string(self, action: int) -> str: ...

    def string_to_action(self, text: str) -> int: ...

    def apply(self, action: int | str) -> Sequence[Any]: ...

    def undo(self) -> int: ...

    def clone(self) -> PlayState: ...

    def returns(self) -> list[float]: ...

    def scores(self) -> tuple[Any, ...]: ...


@runtime_checkable
class GameState(PlayState, Protocol):
    """The full protocol: :class:`PlayState` plus a JSON record (``replay`` is module level)."""

    def to_record(self) -> dict[str, Any]: ...
