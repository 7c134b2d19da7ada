"""Hints: the strong bot's whole turn for the active seat of a tracked game, in words.

The controller says when a hint is wanted (:meth:`Controller.hint_request`: a hinted seat's
turn starts, or someone pressed ``h``) and hands over a :class:`HintRequest` with its own copy
of the game. A front end computes it with :func:`compute_hint` — ``play --text`` at once, the
pygame app on a worker thread (:class:`HintWorker`, the result comes back through the input
queue as a :class:`HintReady`) — and gives it back (:meth:`Controller.give_advice`), which drops
it unless the table still stands where it was asked.

A hint is advice, never a game step: it is not journalled, and a position of a game always
gives the same hint (the bot's RNG is seeded from the setup and every action so far, and the
bot works to a fixed budget, :data:`HINT_BOT`, not to a clock).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import queue
import random
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from table.companion.protocol import GameCompanion
from table.games.applejack.bots import make_bot
from table.games.applejack.labels import seat_label
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.hexgrid import DIRECTION_NAMES, mask_edges
from table.games.applejack.tilefaces import face
from table.i18n import N_, _

log = logging.getLogger("applejack.hints")

HINT_BOT: Mapping[str, str | int | None] = MappingProxyType({"max_seconds": None, "budget": "full"})
"""The strong bot's options for hints: the bot of the solo mark (its search settings for the
player count) without its time cap, so that the same position always gives the same hint.
Solo on the 2-core development machine: about 0.23 s a turn, at worst ~0.8 s (computed off the
UI thread by the app); a slower machine just takes longer. The lighter settings used before
(6 candidates, 4 samples, horizon 2) scored 78.9 in solo against the full bot's 82.7 on the
same 200 seeds."""


COMPASS: Mapping[str, str] = MappingProxyType({
    "E": N_("E"), "NE": N_("NE"), "NW": N_("NW"), "W": N_("W"), "SW": N_("SW"), "SE": N_("SE")})
"""The beehive edges' compass names (``hexgrid.DIRECTION_NAMES``), shown with ``_()``."""


def position_key(setup: Mapping[str, Any], history: Sequence[int]) -> str:
    """Names a position of a game: its setup and every action so far (stable across processes)."""
    text = json.dumps(dict(setup), sort_keys=True) + "|" + " ".join(map(str, history))
    return hashlib.sha256(text.encode()).hexdigest()


def hint_seed(key: str) -> int:
    """The bot's seed for the position ``key``: a replayed journal gives the same hint."""
    return int(key[:16], 16)


@dataclass(frozen=True)
class HintRequest:
    """A hint wanted for the seat to move at ``history``. ``state`` is the computer's own copy."""

    key: str
    seed: int
    seat: int
    history: tuple[int, ...]
    state: GameState = field(compare=False, repr=False)


@dataclass(frozen=True)
class Hint:
    """The bot's turn from ``history`` on: ``actions`` with one phrase each (``words`` for the
    log and speech, ``brief`` for the screen)."""

    key: str
    seat: int
    history: tuple[int, ...]
    actions: tuple[int, ...]
    words: tuple[str, ...]
    brief: tuple[str, ...]

    @property
    def commands(self) -> tuple[str, ...]:
        """The engine action texts (what to type to follow it)."""
        return tuple(A.to_text(a) for a in self.actions)

    @property
    def text(self) -> str:
        """``Hint for △ Triangle: take tile 17 from trough 3, pay 6 honey, … [take 3:17 · buy · place 5/2]``"""
        return _("Hint for {seat}: {steps}  [{commands}]").format(
            seat=seat_label(self.seat), steps=", ".join(self.words), commands=" · ".join(self.commands))

    def line(self, done: int = 0) -> str:
        """The screen's hint line; ``done`` of its actions were already made (they are left out)."""
        return _("Hint for {seat}: {steps}").format(seat=seat_label(self.seat), steps=" · ".join(self.brief[done:]))


@dataclass(frozen=True)
class HintReady:
    """A computed hint, back through the input queue (``None`` when computing it failed)."""

    advice: Hint | None


def describe_action(state: GameState, action: int) -> tuple[str, str]:
    """``action`` (one of the seat's legal actions in ``state``) as (words, brief)."""
    seat = state.seat
    d = A.decode(action)
    if action == A.BLIND:
        return _("draw blind from the supply"), _("draw blind")
    if action == A.COTTAGE:
        cottage_tile = face(state.data, state.cottage[seat])
        return (_("take the cottage tile ({tile})").format(tile=cottage_tile),
                _("cottage tile ({tile})").format(tile=cottage_tile))
    if action == A.BUY:
        price = state.rules.price[state.held]
        return _("pay {price} honey").format(price=price), _("pay {price}").format(price=price)
    if action == A.PASTURE:
        return _("turn it to pasture (+2 honey)"), _("pasture")
    if action == A.STOCK_SUPPLY:
        return _("restock the cottage from the supply"), _("restock from the supply")
    # a tile by what is printed on it (the printed tiles carry no number: issue 33)
    trough, tile = d.trough, (face(state.data, d.tile) if d.tile is not None else "")
    if d.verb is A.Verb.TAKE:
        return (_("from trough {trough} take the tile ({tile})").format(tile=tile, trough=trough),
                _("trough {trough}: {tile}").format(tile=tile, trough=trough))
    if d.verb is A.Verb.MIDDLE:
        return (_("from the middle trees take the tile ({tile})").format(tile=tile),
                _("middle trees: {tile}").format(tile=tile))
    if d.verb is A.Verb.STOCK:
        return (_("restock the cottage from trough {trough} with the tile ({tile})").format(tile=tile, trough=trough),
                _("restock from trough {trough}: {tile}").format(tile=tile, trough=trough))
    if d.verb is A.Verb.PLACE and d.cell is not None and d.rotation is not None:
        cell, rot = d.cell, d.rotation
        if state.held_pasture:
            return _("place it on space {space}").format(space=cell + 1), _("space {space}").format(space=cell + 1)
        mask = state.rules.rot_mask[state.held][rot]
        hives = ", ".join(_(COMPASS[DIRECTION_NAMES[e]]) for e in mask_edges(mask))
        links = state.link_values(seat, cell, state.held, rot)
        if links:
            words = _("place it on space {space} turned {turn} (beehives {hives}; links +{honey} honey)").format(
                space=cell + 1, turn=rot, hives=hives, honey=sum(links))
        else:
            words = _("place it on space {space} turned {turn} (beehives {hives})").format(
                space=cell + 1, turn=rot, hives=hives)
        return words, _("space {space} turned {turn}").format(space=cell + 1, turn=rot)
    text = A.to_text(action)
    return text, text


def compute_hint(request: HintRequest, options: Mapping[str, Any] = HINT_BOT) -> Hint:
    """The strong bot's choices for the seat until its turn ends or the supply must give a tile
    (after a blind draw, ask again once the tile is known). Uses up ``request.state``."""
    bot = make_bot("strong", random.Random(request.seed), **options)
    sim = request.state
    seat, turn = sim.seat, sim.turn

    def steps() -> Iterator[int]:
        while not sim.is_terminal() and sim.current_player() == seat and sim.turn == turn:
            yield bot.choose(sim)

    return hint_of(request, steps())


def hint_of(request: HintRequest, actions: Iterable[int]) -> Hint:
    """The hint that words ``actions``, each applied to ``request.state`` once it is worded (so
    an action may be chosen on the state after the one before)."""
    sim = request.state
    done: list[int] = []
    words: list[str] = []
    brief: list[str] = []
    for action in actions:
        w, b = describe_action(sim, action)
        done.append(action)
        words.append(w)
        brief.append(b)
        sim.apply(action)
    return Hint(request.key, request.seat, request.history, tuple(done), tuple(words), tuple(brief))


def still_valid(hint: Hint, history: Sequence[int]) -> int | None:
    """How many of the hint's actions were made since it was given, or None when the game has
    left its path (an undo before it, another choice) or followed it to the end."""
    n = len(hint.history)
    if len(history) < n or tuple(history[:n]) != hint.history:
        return None
    done = tuple(history[n:])
    if len(done) >= len(hint.actions) or done != hint.actions[: len(done)]:
        return None
    return len(done)


@runtime_checkable
class AsksHints(Protocol):
    """The controller's hint request (``TrackingJob.hint_request``), named here: the controller
    imports this module."""

    def hint_request(self) -> HintRequest | None: ...


class HintWorker:
    """Computes hints off the UI thread for the pygame app.

    :meth:`poll` (once a frame) asks the controller for a request whenever its ``version``
    moved and hands a new one to ``executor`` (one worker thread by default; a newer request
    cancels one that has not started). Results come back as :class:`HintReady` items in
    ``results``, an input queue the app drains into the controller like the hardware's
    (``ports.drain``); the controller drops a result for a position the table has left.
    """

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.results: queue.Queue[HintReady] = queue.Queue()
        self._checked = -1
        self._lock = threading.Lock()
        self._inflight: dict[str, Future[Hint]] = {}

    def poll(self, ctl: GameCompanion) -> HintRequest | None:
        """Submit the controller's hint request if there is a new one; returns it (``ctl``: the
        shell or the controller; another game on the table asks nothing)."""
        if ctl.version == self._checked:
            return None
        self._checked = ctl.version
        request = ctl.hint_request() if isinstance(ctl, AsksHints) else None
        with self._lock:
            if request is None or request.key in self._inflight:
                return None
            older = list(self._inflight.values())
            future = self.executor.submit(compute_hint, request)
            self._inflight[request.key] = future
        for old in older:
            old.cancel()  # succeeds only for one that has not started; a running one finishes
        future.add_done_callback(functools.partial(self._done, request.key))
        return request

    def _done(self, key: str, future: Future[Hint]) -> None:
        with self._lock:
            self._inflight.pop(key, None)
        if future.cancelled():
            return
        exc = future.exception()
        if exc is not None:
            log.warning("hint failed: %r", exc)
            self.results.put(HintReady(None))
            return
        self.results.put(HintReady(future.result()))

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

