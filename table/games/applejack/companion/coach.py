"""The result screen's fair solo target and per-turn coach: the job's state and its worker.

After a game with orchard tracking, the finished record (``Controller.record``) holds the whole
game (``record["game"]``, an ``applejack-record/1``). Two computations run on it, off the UI
thread, never journalled (they are recomputed from the record whenever wanted):

* **the fair target** (solo only): :func:`table.games.applejack.bots.fair_target.fair_target` — the strong bot
  replays the game on the player's own supply draws: "With your draws the bot scored X";
* **the coach** (any player count): :func:`table.games.applejack.bots.fair_target.coach` — per turn what the bot
  would have done and what the choice cost, in points of projected final score
  (:class:`CoachRow`, biggest losses first).

:class:`CoachJob` is the pure state the front ends draw and press (``Controller.coach``): what
is running, done or failed, the results, and the coach page (closed, or the page shown).
:class:`CoachWorker` runs a job on an injected :class:`~concurrent.futures.Executor` (one worker
thread by default, like :class:`~table.games.applejack.companion.hints.HintWorker`) and hands the results back
through a queue that :meth:`CoachWorker.poll` drains on the front end's own thread, so the job
state is only ever changed there. Each part has a time cap on the injected ``clock`` (seconds):
past it the part stops with one line instead of a figure. The bot itself is seeded
(``bot_seed``, 0 like ``applejack-table history --coach``) and has no time cap of its own, so a
figure, once there, is the same on every machine.

Buttons on the result screen (``CoachJob.press``): ``coach`` (the screen's Coach button), ``hint``
(key h) or ``blind`` (the lid's BLIND button) open the coach page; there ``next``/``down``/``blind``
go a page on, ``prev``/``up`` a page back, and ``escape``/``undo``/``confirm``/``coach-back`` close it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TextIO

from table.companion.coach_words import decimal, turn_head
from table.companion.protocol import GameCompanion
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.games.applejack.bots.fair_target import as_record, coach, fair_target
from table.games.applejack.companion.controller import Controller
from table.games.applejack.companion.hints import describe_action
from table.games.applejack.labels import seat_label
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import CHANCE, GameState
from table.games.applejack.rules.scoring import SOLO_GOAL, SOLO_OUTSTANDING
from table.i18n import _

log = logging.getLogger("applejack.coach")

FAIR_SECONDS = 120.0
"""Time cap of the fair target (seconds on the worker's clock). Measured: about 3-4 s on the
2-core development machine (``bench/bench_fair_target.py``); a Raspberry Pi takes a few times that."""
COACH_SECONDS = 420.0
"""Time cap of the coach (seconds): 10-16 s for a solo game on the development machine."""
PER_PAGE = 4
"""Coach rows on one page of the coach screen (both screen sizes)."""
BOT_SEED = 0
"""The bot's seed: the figure is the one ``applejack-table history --coach RECORD`` prints."""


class CoachStopped(TableError):
    """A part was stopped: its time cap passed, or the result screen was left (``cancelled``)."""

    def __init__(self, message: str, *, cancelled: bool = False) -> None:
        super().__init__(message)
        self.cancelled = cancelled


class Status(StrEnum):
    """Where one part of a job stands."""

    OFF = "off"          # not asked for (the fair target of a game with more players)
    RUNNING = "running"  # waiting for the worker or being computed
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True)
class CoachRow:
    """One seat's turn: what was played, what the bot would have played (brief phrases), and the
    cost in points of projected final score (positive: the turn lost against the bot's)."""

    turn: int
    """The game's turn number, 0-based (every seat's turns counted, as the engine does)."""
    seat: int
    played: tuple[str, ...]
    bot: tuple[str, ...]
    cost: float
    choice_cost: float = 0.0
    after_draw_cost: float = 0.0
    luck: bool = False
    same: bool = False

    def head(self, players: int) -> str:
        """``Turn 7 · △ Triangle: cost 3.2 points`` (``Turn 7: …`` in a solo game)."""
        cost, gain = decimal(self.cost), decimal(-self.cost)
        if players == 1:
            if self.same:
                return _("Turn {turn}: the bot's choice too").format(turn=self.turn + 1)
            if self.cost >= 0.05:
                return _("Turn {turn}: cost {cost} points").format(turn=self.turn + 1, cost=cost)
            if self.cost <= -0.05:
                return _("Turn {turn}: {gain} points better than the bot's").format(turn=self.turn + 1, gain=gain)
            return _("Turn {turn}: as good as the bot's").format(turn=self.turn + 1)
        return turn_head(self.turn, seat_label(self.seat), self.cost, self.same)

    def you(self) -> str:
        return _("You: {actions}").format(actions=" · ".join(self.played) or "—")

    def theirs(self) -> str:
        return _("Bot: {actions}").format(actions=" · ".join(self.bot) or "—")

    def split(self) -> str:
        """With a draw in the turn: the cost of the choice and of the use of the tile drawn."""
        if not self.luck or self.same:
            return ""
        return _("(the choice {choice}, then with the tile drawn {after})").format(
            choice=decimal(self.choice_cost), after=decimal(self.after_draw_cost))

    def text(self, players: int) -> str:
        """The row for a terminal: three lines (four with a draw in the turn)."""
        lines = [self.head(players)]
        if self.split():
            lines.append("  " + self.split())
        lines += ["  " + self.you(), "  " + self.theirs()]
        return "\n".join(lines)


def ordered(rows: Sequence[CoachRow]) -> tuple[CoachRow, ...]:
    """Biggest losses first; the turns played as the bot would have come last, in turn order."""
    return tuple(sorted(rows, key=lambda r: (r.same, -r.cost, r.turn, r.seat)))


def rows_for(data: Any, record: Any, advice: Sequence[Any]) -> tuple[CoachRow, ...]:
    """:class:`~table.games.applejack.bots.fair_target.TurnAdvice` as rows, each action in the hint's brief words
    (``tile 17 from trough 3 · pay 6 · space 5 turned 2``; the supply's draws are left out: they
    are luck, not choices)."""
    state = GameState(data, record.config, keep_undo=False)
    actions = [A.from_text(t) for t in record.actions]
    done = 0

    def brief(start: GameState, line: Sequence[str]) -> tuple[str, ...]:
        sim = start.clone()
        out = []
        for text in line:
            action = A.from_text(text)
            if sim.current_player() != CHANCE:
                out.append(describe_action(sim, action)[1])
            sim.apply(action)
        return tuple(out)

    rows = []
    for a in sorted(advice, key=lambda a: a.start):
        while done < a.start:
            state.apply(actions[done])
            done += 1
        rows.append(CoachRow(a.turn, a.seat, brief(state, a.played), brief(state, a.bot), a.cost,
                             a.choice_cost, a.after_draw_cost, a.luck, a.same))
    return ordered(rows)


@dataclass(frozen=True)
class Update:
    """A part's result, from the worker to the front end's thread."""

    key: str
    part: str  # "fair" or "coach"
    status: Status
    result: Any = None
    error: str = ""


def record_key(game: dict[str, Any]) -> str:
    """Names a finished game (its full game record): a job belongs to one."""
    return hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()


@dataclass
class CoachJob:
    """The fair target and the coach of one finished game, as the result screen shows them.
    Changed only on the front end's thread (:meth:`CoachWorker.poll`, :meth:`press`)."""

    key: str
    players: int
    your_total: int | None = None
    """The player's total on the result screen (the score pad's), solo only."""
    fair_status: Status = Status.OFF
    fair: Any = None  # a FairTarget once done
    fair_error: str = ""
    coach_status: Status = Status.RUNNING
    rows: tuple[CoachRow, ...] | None = None
    coach_error: str = ""
    page: int | None = None
    """The coach page shown (0-based), None while the result screen shows."""
    said: list[str] = field(default_factory=list)

    # --- results -------------------------------------------------------------------------------------
    def apply(self, update: Update) -> list[str]:
        """Take a part's result; returns the lines to announce (log, speech, the terminal)."""
        if update.key != self.key:
            return []
        if update.part == "fair":
            self.fair_status, self.fair, self.fair_error = update.status, update.result, update.error
            return [self.fair_line()]
        self.coach_status, self.coach_error = update.status, update.error
        self.rows = tuple(update.result) if update.status is Status.DONE else None
        return [self.coach_line()]

    def fair_line(self) -> str:
        """The fair target in one line (solo), as the result screen shows it."""
        if self.fair_status is Status.RUNNING:
            return _("Bot is replaying your draws…")
        if self.fair_status is Status.FAILED:
            return _("No bot score: {problem}").format(problem=self.fair_error)
        if self.fair_status is not Status.DONE or self.fair is None:
            return ""
        bot = self.fair.bot_total
        you = self.your_total if self.your_total is not None else self.fair.player_total
        if you is None:
            return _("With your draws the bot scored {bot} (solo marks {goal} and {outstanding})").format(
                bot=bot, goal=SOLO_GOAL, outstanding=SOLO_OUTSTANDING)
        return _("With your draws the bot scored {bot}: you {you} ({diff}); solo marks {goal} and {outstanding}"
                 ).format(bot=bot, you=you, diff=f"{you - bot:+d}", goal=SOLO_GOAL, outstanding=SOLO_OUTSTANDING)

    def coach_line(self) -> str:
        """How far the coach is, in one line."""
        if self.coach_status is Status.RUNNING:
            return _("The coach is looking at every turn…")
        if self.coach_status is Status.FAILED:
            return _("No coach: {problem}").format(problem=self.coach_error)
        rows = self.rows or ()
        differ = [r for r in rows if not r.same]
        return _("Coach: {same} of {turns} turns as the bot would have played them; the others cost {cost} points"
                 ).format(same=len(rows) - len(differ), turns=len(rows), cost=decimal(sum(r.cost for r in differ)))

    def lines(self) -> list[str]:
        """The result screen's lines: the fair target (solo), then the coach."""
        return [line for line in (self.fair_line(), self.coach_line()) if line]

    # --- the coach page ------------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows or ()) // PER_PAGE))

    def page_rows(self) -> tuple[CoachRow, ...]:
        page = self.page or 0
        return (self.rows or ())[page * PER_PAGE:(page + 1) * PER_PAGE]

    def press(self, button: str) -> bool:
        """A button on the result screen; True when the coach took it (a view-only change)."""
        if self.page is None:
            if button in ("coach", "hint", "blind"):
                self.page = 0
                return True
            return False
        if button in ("next", "down", "blind", "coach-next"):
            self.page = (self.page + 1) % self.pages
        elif button in ("prev", "up", "coach-prev"):
            self.page = (self.page - 1) % self.pages
        elif button in ("escape", "undo", "backspace", "confirm", "coach-back", "coach", "hint"):
            self.page = None
        return True  # the coach page takes every button while it shows

    def report(self, *, summary: bool = True) -> str:
        """The coach for a terminal: every turn, biggest losses first, then the summary."""
        if self.coach_status is not Status.DONE:
            return self.coach_line()
        head = _("Coach: each turn against the bot's, biggest losses first (points of projected final score)")
        return "\n".join([head, *(r.text(self.players) for r in self.rows or ()),
                          *([self.coach_line()] if summary else [])])


def _coach_of(ctl: GameCompanion) -> object:
    """Applejack's coach job on the table (None: none, or another game)."""
    module = game_module(ctl)
    return module.coach if isinstance(module, Controller) else None


def job_for(ctl: Controller) -> CoachJob | None:
    """A new job for ``ctl``'s finished game when it had orchard tracking, else None."""
    record = ctl.record
    if ctl.mode != "result" or not isinstance(record, dict) or not isinstance(record.get("game"), dict):
        return None
    game = record["game"]
    players = len(ctl.results) or int(game.get("config", {}).get("players", 1))
    results = ctl.results
    job = CoachJob(record_key(game), players, results[0].total if players == 1 and results else None)
    if players == 1:
        job.fair_status = Status.RUNNING
    return job


# --- the computation (on the worker) -----------------------------------------------------------------
def deadline(clock: Callable[[], float], seconds: float, cancelled: threading.Event) -> Callable[[], None]:
    """A check for the bot: raises :class:`CoachStopped` once ``seconds`` passed on ``clock`` since
    it was made, or when ``cancelled`` is set."""
    start = clock()

    def check() -> None:
        if cancelled.is_set():
            raise CoachStopped(_("stopped"), cancelled=True)
        if clock() - start > seconds:
            raise CoachStopped(_("it took longer than {seconds} s").format(seconds=round(seconds)))

    return check


def run_job(data: Any, game: dict[str, Any], key: str, players: int, post: Callable[[Update], None], *,
            clock: Callable[[], float] = time.monotonic, cancelled: threading.Event | None = None,
            fair_seconds: float = FAIR_SECONDS, coach_seconds: float = COACH_SECONDS, bot_seed: int = BOT_SEED,
            bot_options: dict[str, Any] | None = None) -> None:
    """The whole job on the calling thread: the fair target (solo), then the coach; each result
    goes to ``post`` as soon as it is there. Nothing raises out of here: a failure is an update."""
    stop = cancelled or threading.Event()
    parts: list[tuple[str, float, Callable[[Callable[[], None]], Any]]] = []
    if players == 1:
        parts.append(("fair", fair_seconds,
                      lambda check: fair_target(data, game, bot_seed=bot_seed, bot_options=bot_options, check=check)))
    parts.append(("coach", coach_seconds, lambda check: rows_for(
        data, as_record(game), coach(data, game, bot_seed=bot_seed, bot_options=bot_options, check=check))))
    for part, seconds, work in parts:
        try:
            result = work(deadline(clock, seconds, stop))
        except CoachStopped as exc:
            if exc.cancelled:
                return  # the result screen was left: nobody waits for it
            post(Update(key, part, Status.FAILED, error=str(exc)))
            continue
        except ValueError as exc:  # FairTargetError and the engine's errors: the record cannot be used
            post(Update(key, part, Status.FAILED, error=str(exc)))
            continue
        except Exception as exc:  # advice only: a failing bot must never end the game or the app
            log.warning("%s failed: %r", part, exc)
            post(Update(key, part, Status.FAILED, error=_("the bot failed ({problem})").format(
                problem=type(exc).__name__)))
            continue
        post(Update(key, part, Status.DONE, result))


class CoachWorker:
    """Runs the result screen's job off the front end's thread.

    :meth:`poll` (once a frame, or once a line in text mode) starts a job when the controller
    shows the result of a tracked game (``ctl.coach`` is set to it), stops one whose result
    screen was left, and applies the results that came back (their lines go to ``ctl.log``; the
    version moves so the screen is drawn again). ``executor`` runs the job (one worker thread by
    default); ``clock`` times the caps.
    """

    def __init__(self, executor: Executor | None = None, *, clock: Callable[[], float] = time.monotonic,
                 fair_seconds: float = FAIR_SECONDS, coach_seconds: float = COACH_SECONDS,
                 bot_seed: int = BOT_SEED, bot_options: dict[str, Any] | None = None) -> None:
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self.clock = clock
        self.fair_seconds = fair_seconds
        self.coach_seconds = coach_seconds
        self.bot_seed = bot_seed
        self.bot_options = bot_options
        self.results: queue.Queue[Update] = queue.Queue()
        self.job: CoachJob | None = None
        self._cancel = threading.Event()
        self._future: Future[None] | None = None
        self._fair_posted = threading.Event()

    def poll(self, shown: GameCompanion) -> bool:
        """See the class doc (``shown``: the shell, or Applejack's controller itself); returns
        whether anything changed."""
        ctl = game_module(shown)
        if not isinstance(ctl, Controller):  # another game is on the table
            return False
        changed = False
        if self.job is not None and ctl.coach is not self.job:
            self.stop()  # the result screen was left (a new game): the job is not wanted any more
        if ctl.coach is None and ctl.mode == "result":
            job = job_for(ctl)
            if job is not None:
                self.start(ctl, job)
                changed = True
        while True:
            try:
                update = self.results.get_nowait()
            except queue.Empty:
                break
            if self.job is not None and update.key == self.job.key:
                ctl.log.extend(self.job.apply(update))
                changed = True
        if changed:
            ctl.version += 1
        return changed

    def start(self, ctl: Controller, job: CoachJob) -> None:
        assert ctl.record is not None  # job_for made the job from the finished record
        ctl.coach = self.job = job
        if job.fair_status is Status.RUNNING:
            ctl.log.append(job.fair_line())  # "Bot is replaying your draws…"
        self._cancel = threading.Event()
        fair_posted = self._fair_posted = threading.Event()

        def post(update: Update) -> None:
            self.results.put(update)
            if update.part == "fair":
                fair_posted.set()

        self._future = self.executor.submit(run_job, ctl.data, ctl.record["game"], job.key, job.players,
                                            post, clock=self.clock, cancelled=self._cancel,
                                            fair_seconds=self.fair_seconds, coach_seconds=self.coach_seconds,
                                            bot_seed=self.bot_seed, bot_options=self.bot_options)
        self._future.add_done_callback(functools.partial(_report_crash, job.key))
        self._future.add_done_callback(lambda _future: fair_posted.set())

    def stop(self) -> None:
        """Stop the job in progress (it ends at the bot's next decision); its results are dropped."""
        self._cancel.set()
        if self._future is not None:
            self._future.cancel()
        self.job, self._future = None, None

    def busy(self) -> bool:
        return self._future is not None and not self._future.done()

    def wait_fair(self, timeout: float | None = None) -> None:
        """Wait until the job in progress has given its fair target (or ended)."""
        if self._future is not None:
            self._fair_posted.wait(timeout)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the job in progress (text mode at the end of its input)."""
        if self._future is not None:
            try:
                self._future.result(timeout)
            except Exception as exc:  # reported by _report_crash; waiting must not raise
                log.debug("coach job: %r", exc)

    def close(self) -> None:
        self._cancel.set()
        self.executor.shutdown(wait=False, cancel_futures=True)


def _report_crash(key: str, future: Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:  # run_job posts its own failures
        log.warning("coach job %s crashed: %r", key[:8], future.exception())


class TextCoach:
    """``play --text``'s part: the worker's lines come out with the announcements (``ctl.log``),
    and the ``coach`` command prints the coach on the result screen (when it is ready).

    ``block``: the terminal may wait (``play --text`` without input devices, whose loop waits for
    a line anyway): after "Bot is replaying your draws…" the fair target is waited for, and
    ``coach`` waits for the coach. Without it (buttons and the die sensor are served between
    lines, the watchdog is fed) the lines come when they are ready."""

    def __init__(self, out: TextIO, worker: CoachWorker | None = None, *, block: bool = False) -> None:
        self.out = out
        self.worker = worker or CoachWorker()
        self.wanted = False
        self.block = block

    def poll(self, ctl: GameCompanion) -> None:
        started = self.worker.poll(ctl)
        job = _coach_of(ctl)
        if started and self.block and self.worker.busy() and isinstance(job, CoachJob) \
                and job.fair_status is Status.RUNNING:  # solo: the figure belongs right after the result
            for line in ctl.new_lines():  # "Bot is replaying your draws…" before the wait
                print(line, file=self.out)
            self.out.flush()
            self.worker.wait_fair()
            self.worker.poll(ctl)
        if self.wanted and isinstance(job, CoachJob) and job.coach_status is not Status.RUNNING:
            self.wanted = False
            for line in ctl.new_lines():  # the coach's summary came with them: the turns follow it
                print(line, file=self.out)
            print(job.report(summary=False), file=self.out)

    def command(self, ctl: GameCompanion, line: str) -> bool:
        """``coach`` on the result screen: print it (or say it comes when ready). True when taken."""
        if line.strip().lower() != "coach" or not isinstance(game_module(ctl), Controller) or ctl.mode != "result":
            return False
        self.worker.poll(ctl)
        job = _coach_of(ctl)
        if not isinstance(job, CoachJob):
            print(_("The coach needs orchard tracking (t on the setup screen): this game was not tracked."),
                  file=self.out)
        elif job.coach_status is Status.RUNNING and self.block:
            print(job.coach_line(), file=self.out)  # "The coach is looking at every turn…"
            self.out.flush()
            self.worker.wait()
            self.worker.poll(ctl)
            print(job.report(), file=self.out)
        elif job.coach_status is Status.RUNNING:
            self.wanted = True
            print(_("The coach is still looking at every turn; it is printed here when it is done."), file=self.out)
        else:
            print(job.report(), file=self.out)
        return True

    def finish(self, ctl: GameCompanion) -> None:
        """The input ended: wait for the job in progress, then print what it gave."""
        self.worker.wait()
        self.poll(ctl)
        for line in ctl.new_lines():
            print(line, file=self.out)
        self.worker.close()

    def close(self) -> None:
        self.worker.close()
