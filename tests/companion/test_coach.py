"""The result screen's fair target and coach (table/games/applejack/companion/coach.py): the job's state, its
buttons, the worker (an executor that runs at once, a fake clock), text mode's `coach`. The
strong bot runs with a small search here (QUICK); the app uses the full one."""

import io
import threading
from concurrent.futures import Executor, Future

import pytest

from table.companion.text import run_text
from table.games.applejack import text as T
from table.games.applejack.bots.fair_target import as_record, coach, fair_target
from table.games.applejack.companion import coach as C
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.companion.coach import (
    CoachJob,
    CoachRow,
    CoachStopped,
    CoachWorker,
    Status,
    TextCoach,
    Update,
)
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.i18n import using

DATA = load_dataset()
QUICK = {"candidates": 3, "samples": 2, "horizon": 1, "endgame": 0}


class AtOnce(Executor):
    """Runs each job as it is submitted (the tests' stand-in for the worker thread)."""

    def __init__(self):
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the future like a real executor
            future.set_exception(exc)
        return future


class Later(Executor):
    """Keeps jobs until ``run()``: the app's frames go on meanwhile."""

    def __init__(self):
        self.jobs = []

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        self.jobs.append((future, fn, args, kwargs))
        return future

    def run(self):
        for future, fn, args, kwargs in self.jobs:
            if future.set_running_or_notify_cancel():
                future.set_result(fn(*args, **kwargs))
        self.jobs = []


def finished(setup: Setup, seed: int = 21, *, hook=None) -> Controller:
    """A controller on the result screen of an auto-played game (all but its last command, pad-done)."""
    ctl = Controller(DATA, on_command=hook)
    ctl.setup = setup
    for cmd in auto_script(DATA, setup, seed=seed):
        ctl.do(cmd)
    assert ctl.mode == "result"
    return ctl


@pytest.fixture(scope="module")
def solo():
    return finished(Setup(1, cottage=True, tracked=True))


def fresh(ctl: Controller) -> Controller:
    ctl.coach = None
    return ctl


def row(turn, cost, same=False, seat=0, luck=False):
    return CoachRow(turn, seat, ("tile 17 from trough 3", "pay 6", "space 5 turned 2"),
                    ("draw blind", "pasture", "space 1") if not same else ("tile 17 from trough 3", "pay 6",
                                                                           "space 5 turned 2"),
                    0.0 if same else cost, cost, 0.0, luck, same)


# --- the pure state -----------------------------------------------------------------------------------
def test_rows_come_biggest_losses_first_and_the_bots_own_turns_last():
    rows = C.ordered([row(0, 1.0), row(1, 0.0, same=True), row(2, 4.5), row(3, -0.8), row(4, 4.5, seat=1)])
    assert [(r.turn, r.seat) for r in rows] == [(2, 0), (4, 1), (0, 0), (3, 0), (1, 0)]


def test_a_row_in_words():
    assert row(6, 3.24).head(1) == "Turn 7: cost 3.2 points"
    assert row(6, 3.24, seat=1).head(2) == "Turn 7 · △ Triangle: cost 3.2 points"
    assert row(2, -0.8).head(1) == "Turn 3: 0.8 points better than the bot's"
    assert row(2, 0.02).head(1) == "Turn 3: as good as the bot's"
    assert row(4, 0.0, same=True).head(3) == "Turn 5 · ○ Circle: the bot's choice too"
    r = row(6, 3.24, luck=True)
    assert r.text(1).splitlines() == ["Turn 7: cost 3.2 points", "  (the choice 3.2, then with the tile drawn 0.0)",
                                      "  You: tile 17 from trough 3 · pay 6 · space 5 turned 2",
                                      "  Bot: draw blind · pasture · space 1"]
    with using("de"):
        assert "3,2" in row(6, 3.24).head(1)  # a decimal comma where the language writes one


def test_pages_and_buttons():
    job = CoachJob("k", 1, 52, Status.RUNNING)
    assert not job.press("confirm") and job.page is None  # the result screen's own buttons stay its own
    assert job.press("coach") and job.page == 0
    assert job.pages == 1 and job.page_rows() == ()
    assert job.press("trough3") and job.page == 0  # the page takes every button while it shows
    job.apply(Update("k", "coach", Status.DONE, [row(t, float(t)) for t in range(10)]))
    assert job.pages == 3 and [r.turn for r in job.page_rows()] == [0, 1, 2, 3]
    job.press("next")
    assert job.page == 1
    job.press("prev")
    job.press("up")
    assert job.page == 2  # wraps round
    assert [r.turn for r in job.page_rows()] == [8, 9]
    job.press("blind")
    assert job.page == 0
    assert job.press("confirm") and job.page is None  # confirm goes back, it does not start a new game
    assert job.press("blind") and job.page == 0  # the lid's BLIND button opens it
    job.press("escape")
    assert job.page is None


def test_lines_for_every_state():
    job = CoachJob("k", 1, 52, Status.RUNNING)
    assert job.lines() == ["Bot is replaying your draws…", "The coach is looking at every turn…"]
    assert job.apply(Update("other", "fair", Status.FAILED, error="x")) == []  # another game's result
    assert job.apply(Update("k", "fair", Status.FAILED, error="it took longer than 120 s")) == [
        "No bot score: it took longer than 120 s"]
    job.apply(Update("k", "coach", Status.DONE, [row(0, 2.0), row(1, 0.0, same=True), row(2, 1.5)]))
    assert job.coach_line() == "Coach: 1 of 3 turns as the bot would have played them; the others cost 3.5 points"
    assert job.report().splitlines()[0].startswith("Coach: each turn against the bot's")
    assert job.report().splitlines()[-1] == job.coach_line()
    multi = CoachJob("m", 3)
    assert multi.lines() == ["The coach is looking at every turn…"]
    multi.apply(Update("m", "coach", Status.FAILED, error="bad record"))
    assert multi.lines() == ["No coach: bad record"] and multi.report() == "No coach: bad record"


def test_the_time_cap_and_the_cancel_on_the_injected_clock():
    now = [100.0]
    stop = threading.Event()
    check = C.deadline(lambda: now[0], 30, stop)
    check()
    now[0] = 130.0
    check()  # exactly at the cap: still on time
    now[0] = 130.5
    with pytest.raises(CoachStopped, match="longer than 30 s") as exc:
        check()
    assert not exc.value.cancelled
    stop.set()
    with pytest.raises(CoachStopped) as exc:
        C.deadline(lambda: 0.0, 30, stop)()
    assert exc.value.cancelled


# --- the job on a real game ---------------------------------------------------------------------------
def test_the_job_gives_the_fair_target_then_the_coach(solo):
    got = []
    game = solo.record["game"]
    C.run_job(DATA, game, "k", 1, got.append, bot_options=QUICK)
    assert [(u.part, u.status) for u in got] == [("fair", Status.DONE), ("coach", Status.DONE)]
    assert got[0].result == fair_target(DATA, game, bot_options=QUICK)  # seeded: the same figure every time
    advice = coach(DATA, game, bot_options=QUICK)
    assert got[1].result == C.rows_for(DATA, as_record(game), advice)
    assert len(got[1].result) == len(advice) == 19
    costs = [r.cost for r in got[1].result]
    firsts = [r for r in got[1].result if not r.same]
    assert [r.cost for r in firsts] == sorted((r.cost for r in firsts), reverse=True)
    assert costs[: len(firsts)] == [r.cost for r in firsts]
    assert all(r.played and r.bot for r in got[1].result)
    assert all(not p.startswith("draw ") or p == "draw blind" for r in got[1].result for p in r.played + r.bot)


def test_a_slow_machine_gets_one_line_not_a_figure(solo):
    ticks = iter(range(0, 10_000, 50))  # every look at the clock: 50 s later
    got = []
    C.run_job(DATA, solo.record["game"], "k", 1, got.append, clock=lambda: next(ticks), bot_options=QUICK,
              fair_seconds=120, coach_seconds=120)
    assert [(u.part, u.status) for u in got] == [("fair", Status.FAILED), ("coach", Status.FAILED)]
    assert got[0].error == "it took longer than 120 s"


def test_a_cancelled_job_posts_nothing(solo):
    stop = threading.Event()
    stop.set()
    got = []
    C.run_job(DATA, solo.record["game"], "k", 1, got.append, cancelled=stop, bot_options=QUICK)
    assert got == []


def test_a_damaged_record_is_one_line_for_each_part():
    got = []
    C.run_job(DATA, {"format": "applejack-record/1", "config": {"players": 1}, "actions": ["draw 5", "draw 5"]},
              "k", 1, got.append, bot_options=QUICK)
    assert [u.status for u in got] == [Status.FAILED, Status.FAILED]
    assert all(u.error and "\n" not in u.error for u in got)


def test_a_bot_that_crashes_is_one_line(solo, monkeypatch):
    def boom(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(C, "fair_target", boom)  # the coach's job calls the name it imported
    got = []
    C.run_job(DATA, solo.record["game"], "k", 1, got.append, bot_options=QUICK)
    assert got[0].status is Status.FAILED and got[0].error == "the bot failed (ZeroDivisionError)"
    assert got[1].status is Status.DONE  # the coach still comes


# --- the worker and the controller --------------------------------------------------------------------
def test_the_worker_starts_on_the_result_and_brings_the_lines_back(solo):
    ctl = fresh(solo)
    executor = Later()
    worker = CoachWorker(executor, bot_options=QUICK)
    before, said = ctl.version, len(ctl.log)
    assert worker.poll(ctl)
    job = ctl.coach
    assert isinstance(job, CoachJob) and job.players == 1 and job.your_total == ctl.results[0].total
    assert ctl.version > before and ctl.log[said:] == ["Bot is replaying your draws…"]
    assert not worker.poll(ctl) and len(executor.jobs) == 1  # one job per game, the frames go on
    executor.run()
    assert worker.poll(ctl)
    assert job.fair_status is Status.DONE and job.coach_status is Status.DONE
    assert ctl.log[said + 1].startswith(f"With your draws the bot scored {job.fair.bot_total}: you "
                                        f"{ctl.results[0].total} (")
    assert ctl.log[said + 1].endswith("; solo marks 65 and 80")
    assert ctl.log[said + 2].startswith("Coach: ")


def test_the_coach_page_never_touches_the_game_or_the_journal():
    journal = []
    ctl = finished(Setup(2, tracked=True), seed=5, hook=lambda kind, payload: journal.append(kind))
    worker = CoachWorker(AtOnce(), bot_options=QUICK)
    worker.poll(ctl)
    job = ctl.coach
    assert job.players == 2 and job.fair_status is Status.OFF and job.coach_status is Status.DONE
    assert {r.seat for r in job.rows} == {0, 1}
    n = len(journal)
    assert ctl.press("coach") and job.page == 0 and ctl.mode == "result"
    assert ctl.press("next") and ctl.press("confirm")  # back to the result, not a new game
    assert ctl.mode == "result" and job.page is None and len(journal) == n
    assert ctl.press("confirm") and ctl.mode == "setup" and ctl.coach is None  # now the new game
    assert not worker.poll(ctl) and worker.job is None


def test_leaving_the_result_stops_the_job(solo):
    ctl = finished(Setup(1, tracked=True), seed=8)
    executor = Later()
    worker = CoachWorker(executor, bot_options=QUICK)
    worker.poll(ctl)
    ctl.press("confirm")  # a new game before the bot is done
    worker.poll(ctl)
    executor.run()  # cancelled before it started
    assert not worker.poll(ctl) and ctl.coach is None and worker.job is None


def test_no_job_without_orchard_tracking_or_for_another_game():
    ctl = finished(Setup(1), seed=3)
    worker = CoachWorker(AtOnce(), bot_options=QUICK)
    assert not worker.poll(ctl) and ctl.coach is None
    assert not ctl.press("coach")  # no Coach button: nothing happens

    class Other:
        game = "zankapfel"
        mode = "result"

    assert not worker.poll(Other())


# --- text mode ------------------------------------------------------------------------------------------
def test_text_mode_prints_the_fair_target_and_the_coach(monkeypatch):
    """A terminal without input devices waits for the worker thread: the figure comes right after
    the result, the coach right after `coach`."""
    monkeypatch.setattr(T, "TextCoach", lambda out, **kw: TextCoach(out, CoachWorker(bot_options=QUICK), **kw))
    setup = Setup(1, cottage=True, tracked=True)
    script = auto_script(DATA, setup, seed=21)
    ctl = Controller(DATA)
    ctl.setup = setup
    for cmd in script[:-1]:
        ctl.do(cmd)
    out = io.StringIO()
    run_text(ctl, [script[-1], "coach", "coach"], out, echo=True)
    lines = out.getvalue().splitlines()
    replaying = lines.index("Bot is replaying your draws…")
    assert lines[replaying - 1].startswith("Solo result: ")
    target = fair_target(DATA, ctl.record["game"], bot_options=QUICK)
    assert lines[replaying + 1].startswith(f"With your draws the bot scored {target.bot_total}: you "
                                           f"{ctl.results[0].total} (")
    first, second = [n for n, line in enumerate(lines) if line == "> coach"]
    assert first > replaying + 1
    heads = [n for n, line in enumerate(lines) if line.startswith("Coach: each turn against the bot's")]
    assert len(heads) == 2 and first < heads[0] < second < heads[1]  # each `coach` printed it
    text = "\n".join(lines[first:])
    assert text.count("You: ") == 2 * 19 and text.count("Bot: ") == 2 * 19 and "? " not in text


def test_text_mode_with_input_devices_never_waits(monkeypatch):
    """With buttons or the die sensor the loop must go on (watchdog): `coach` before the coach is
    done says so and prints it when it is there."""
    executor = Later()
    coach = TextCoach(io.StringIO(), CoachWorker(executor, bot_options=QUICK), block=False)
    ctl = finished(Setup(1, tracked=True), seed=8)
    coach.poll(ctl)
    assert len(executor.jobs) == 1 and ctl.coach.fair_status is Status.RUNNING
    assert coach.command(ctl, "coach")
    assert coach.out.getvalue().endswith("it is printed here when it is done.\n")
    executor.run()
    coach.poll(ctl)
    assert "Coach: each turn against the bot's" in coach.out.getvalue()
    assert not coach.command(ctl, "take 3")


def test_text_mode_coach_without_tracking_says_so():
    ctl = finished(Setup(1), seed=3)
    out = io.StringIO()
    run_text(ctl, ["coach"], out)
    assert "The coach needs orchard tracking" in out.getvalue()
    assert "Traceback" not in out.getvalue()


def test_text_mode_waits_for_the_solo_figure_only():
    """After a game with more players the terminal does not wait for the coach (an executor
    that never runs the job would hang a wait)."""
    executor = Later()
    coach = TextCoach(io.StringIO(), CoachWorker(executor, bot_options=QUICK), block=True)
    ctl = finished(Setup(2, tracked=True), seed=5)
    coach.poll(ctl)
    assert len(executor.jobs) == 1 and ctl.coach.coach_status is Status.RUNNING
