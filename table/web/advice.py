"""A seat's hint on its own phone: the strong bot's choice for that seat, from what that seat may know.

The lid refuses a hint for a secret choice (a Zankapfel discord's card and dice, Waldgärtner's
die, hand card and the card kept from a bonus draw or a search: ``companion/lidhint.py``) because
the lid is public. The seat's phone is private, so there the hint is given for the seat's own
decision, public or secret, when it is that seat's to decide:

- a **public** choice (the lid's ``public_stages``, the seat to move): as the lid computes it, every
  hand dealt afresh from public counts (``lidhint.public_view``);
- a **secret** choice (the lid's ``secret_stages``, the seat's phone asking it something now): the
  game's plain determinizer as that seat — its own hand is its own, every other seat's hidden cards
  and choices are dealt afresh. A simultaneous choice (Waldgärtner's dice, a Zankapfel discord) is
  taken by the engine one seat after another: the seats before this one are given the bot's own
  choice made from public counts only (never what their phones hold: the door's desk keeps that,
  and it is never read here), and the determinizer deals their hidden part afresh again.

**Nothing of another seat reaches the hint.** The search's seed comes from the game, the setup, the
seat, the stage and the *number* of commands so far (public), never from the commands themselves
(Waldgärtner's ``card N`` names a card drawn in secret); the full position is used only to know
whether a finished hint still belongs to the table as it stands. The tests swap another seat's
hidden card and compare the hints (``tests/web/test_advice.py``).

**Off the kiosk's main thread.** The door answers the phones on the kiosk's main thread
(``bridge.pump``, once a frame); a hint asked there only copies the engine's state and hands the
job to its own :class:`~table.companion.botworker.BotWorker` (one thread, the bots' fixed budget:
about 0.05-0.2 s of CPU here). The phone asks again (``GET /api/hint``) until it is ready; nothing
of a hint moves the door's ``version``, so no other page learns that a seat asked. One pending hint
per seat: a second ask while its job runs is refused in one line.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from table.companion.botworker import BotWorker
from table.companion.lidhint import LidHinted, public_view
from table.companion.protocol import GameCompanion
from table.i18n import N_, _
from table.web.coaching import Coaching

OPS = ("hint",)
"""The door's ops answered here (a seat's token only; ``coach`` takes a ticket: ``coaching.py``)."""
NO_HINT = N_("no hint here: the table's bot has no advice for this game or this moment")
NOT_YOURS = N_("no hint now: nothing is yours to decide at the moment")
ONE_AT_A_TIME = N_("one hint at a time: the last one is still being worked out")
FAILED = N_("no hint: the bot could not work this one out")
NOT_ON_PHONE = N_("no hint here: this choice is not made on your phone")
"""A secret choice of the seat the phone does not take (Zankapfel's bid: the table never knows the hand)."""
MAX_STEPS = 40
"""Engine steps walked from the table's state to the seat's own decisions (the other seats' turns
of a simultaneous choice): more would be a bug, and the hint gives up."""


def seed_of(game: str, setup: Any, seat: int, stage: str, count: int) -> int:
    """The search's seed: public facts only (the module docstring), the same on every machine."""
    text = f"{game}|{setup!r}|{seat}|{stage}|{count}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:16], 16)


def _words(glue: Any, state: Any, action: int) -> str:
    return str(glue.words(state, action))


@dataclass(frozen=True)
class SeatHintJob:
    """The seat's decisions worked out on ``state`` (the computer's own copy); runs off the main thread."""

    seat: int
    decisions: int
    """How many decisions of the seat the hint covers (a Zankapfel discord: card and dice)."""
    secret: bool
    seed: int
    glue: Any = field(repr=False, compare=False)
    state: Any = field(repr=False, compare=False)

    def compute(self) -> str:
        rng = random.Random(self.seed)
        mine = self.glue.bot(random.Random(rng.getrandbits(64)))
        if not self.secret:
            mine.determinize = public_view(mine.determinize, self.state.players)
        sim, said = self.state, list[str]()
        for _step in range(MAX_STEPS):
            if len(said) >= self.decisions or sim.is_terminal() or sim.is_chance():
                break
            legal = sim.legal_actions()
            player = sim.current_player()
            if player == self.seat and len(legal) > 1:
                root = mine.determinize(sim, self.seat, random.Random(rng.getrandbits(64)))
                action = mine.choose(root)
                word = _words(self.glue, root, action)
                if not word.endswith(" wait"):  # an open order's wait: no choice a phone makes, walk on
                    said.append(word)
            elif player == self.seat or len(legal) == 1:
                action = legal[0]  # forced: not advice
            else:
                action = self._other(sim, player, legal, rng)
            sim.apply(action)
        if not said:
            raise ValueError("no decision of the seat reached")
        return " · ".join(said)

    def _other(self, sim: Any, player: int, legal: list[int], rng: random.Random) -> int:
        """Another seat's part of a simultaneous choice: the bot's choice for it from public counts."""
        other = self.glue.bot(random.Random(rng.getrandbits(64)))
        other.determinize = public_view(other.determinize, sim.players)
        action = other.choose(other.determinize(sim, player, random.Random(rng.getrandbits(64))))
        return action if action in legal else legal[0]


@dataclass
class Asked:
    """A seat's hint: where the table stood (``where``), and its words once computed."""

    where: Hashable
    text: str = ""
    error: str = ""
    running: bool = True


class Advice:
    """The phones' hints (see the module docstring): asked and answered on the kiosk's main thread,
    computed on :attr:`worker`."""

    def __init__(self, worker: BotWorker | None = None,
                 make_worker: Callable[[], BotWorker] = BotWorker) -> None:
        self._worker = worker
        self._make_worker = make_worker
        self.asked: dict[int, Asked] = {}
        """Per seat (0-based): its last hint, computing or done."""
        self.coaching = Coaching(lambda: self.worker, self._collect)
        """The seats' coach after the game, through their coach tickets (``coaching.py``)."""

    @property
    def worker(self) -> BotWorker:
        if self._worker is None:
            self._worker = self._make_worker()  # the thread only once a phone asks
        return self._worker

    # --- what is asked -----------------------------------------------------------------------
    def why_not(self, ctl: GameCompanion, desk: Any, seat: int) -> str:
        """Why no hint for ``seat`` now ("" when one can be given)."""
        glue = ctl.hint_glue if isinstance(ctl, LidHinted) else None
        if glue is None or not isinstance(ctl, LidHinted) or ctl.mode != "play":
            return _(NO_HINT)
        stage = str(ctl.stage())
        secret = stage in glue.secret_stages
        if not secret and stage not in glue.public_stages:
            return _(NO_HINT)
        state = glue.engine(ctl)
        if state is None or state.is_terminal():
            return _(NO_HINT)
        if secret:
            if self._fields(ctl, desk, seat):
                return ""
            return _(NOT_ON_PHONE) if glue.seat(ctl) == seat else _(NOT_YOURS)
        if glue.seat(ctl) != seat or state.current_player() != seat:
            return _(NOT_YOURS)
        return ""

    @staticmethod
    def _fields(ctl: GameCompanion, desk: Any, seat: int) -> int:
        """How many things the seat's phone asks it now (0: nothing)."""
        if desk is None:
            return 0
        form = (desk.view(ctl, seat).get("private") or {}).get("form")
        return len(form.get("fields") or ()) if isinstance(form, dict) else 0

    def offered(self, ctl: GameCompanion, desk: Any, seat: int) -> bool:
        """Whether the seat's page shows its Hint button now."""
        try:
            return not self.why_not(ctl, desk, seat)
        except Exception:  # a game's odd moment must never break the seat's view
            return False

    # --- the door's ops ---------------------------------------------------------------------
    def handle(self, ctl: GameCompanion, desk: Any, seat: int, request: dict[str, Any]) -> dict[str, Any]:
        """``hint`` for ``seat`` (``form`` given: ask; else: how it stands)."""
        self._collect()
        where = _where(ctl, seat)
        last = self.asked.get(seat)
        if last is not None and last.where == where and not last.running:
            return _answer(last)
        if not isinstance(request.get("form"), dict):  # a poll
            return _answer(last if last is not None and last.where == where else None)
        if last is not None and last.running:
            if last.where == where:
                return _answer(last)
            return {"ok": False, "error": "refused", "line": _(ONE_AT_A_TIME)}
        why = self.why_not(ctl, desk, seat)
        if why:
            return {"ok": False, "error": "refused", "line": why}
        self.asked[seat] = Asked(where)
        self.worker.ask((seat, where), self._job(ctl, desk, seat).compute, keep_older=True)
        return _answer(self.asked[seat])

    def _job(self, ctl: GameCompanion, desk: Any, seat: int) -> SeatHintJob:
        assert isinstance(ctl, LidHinted) and ctl.hint_glue is not None  # why_not said a hint can be given
        glue = ctl.hint_glue
        stage = str(ctl.stage())
        secret = stage in glue.secret_stages
        return SeatHintJob(seat, max(1, self._fields(ctl, desk, seat)) if secret else 1, secret,
                       seed_of(ctl.game, ctl.setup, seat, stage, len(ctl.cmds)), glue, glue.engine(ctl).clone())

    def _collect(self) -> None:
        """Finished jobs into :attr:`asked` (a job of a position left behind frees its seat too)."""
        for done in self.worker.finished() if self._worker is not None else ():
            if done.key[:1] == ("coach",):  # type: ignore[index]  # the coach's (coaching.py)
                self.coaching.take(done)
                continue
            key: tuple[int, Hashable] = done.key  # type: ignore[assignment]  # (seat, where): as asked in handle
            seat, where = key
            last = self.asked.get(seat)
            if last is None or last.where != where:
                continue
            last.running = False
            if done.error or done.value is None:
                last.error = _(FAILED)
            else:
                last.text = str(done.value)

    def forget(self) -> None:
        """A new game: nothing asked belongs to it."""
        self.asked = {}

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()


def _where(ctl: GameCompanion, seat: int) -> Hashable:
    """Where the table stands for ``seat``'s hint: the game and every command so far (the kiosk's
    memory only; it never reaches the search)."""
    key = ctl.position_key() if isinstance(ctl, LidHinted) else ""  # a game without lid hints: its mode alone
    return (seat, key, ctl.mode)


def _answer(asked: Asked | None) -> dict[str, Any]:
    if asked is None:
        return {"ok": True, "hint": {"state": "none"}}
    if asked.running:
        return {"ok": True, "hint": {"state": "computing"}}
    if asked.error:
        return {"ok": True, "hint": {"state": "failed", "line": asked.error}}
    return {"ok": True, "hint": {"state": "ready", "line": _("Hint: {choice}").format(choice=asked.text)}}
