"""The coach of Zankapfel, Draft Cider and Waldgärtner (table/companion/coach_games.py, coach_lid.py,
each game's coach.py): decisions valued by paired determinized rollouts, deterministic, only what
the lid may show on the lid, offered on the result screen and computed off the UI thread."""

import io
import random

import pytest

from table.companion.botworker import AdviceWorker, BotWorker
from table.companion.coach_games import CoachGlue, decisions
from table.companion.coach_lid import CoachDone, LidCoachJob
from table.companion.protocol import CommandError
from table.games import load_game
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.demo import demo_lines as cider_lines
from table.games.zankapfel import coach as zank_coach
from table.games.zankapfel.bots import play_game as zank_game
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.demo import demo_lines as zank_lines
from table.games.zankapfel.rules import Config as ZConfig


class _Pick:
    """A toy game: seat 0 picks 0-3 (worth its number), then chance adds 0-99 to seat 1's
    points — luck far larger than the choice; the rollouts must still see the choice exactly."""

    players = 2

    def __init__(self) -> None:
        self.picked: int | None = None
        self.luck: int | None = None

    def clone(self) -> "_Pick":
        new = _Pick()
        new.picked, new.luck = self.picked, self.luck
        return new

    def is_terminal(self) -> bool:
        return self.luck is not None

    def is_chance(self) -> bool:
        return self.picked is not None and self.luck is None

    def current_player(self) -> int:
        return -1 if self.is_chance() else 0

    def legal_actions(self) -> list[int]:
        return list(range(100)) if self.is_chance() else [0, 1, 2, 3]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 0.01) for a in range(100)]

    def apply(self, action: int) -> None:
        if self.picked is None:
            self.picked = action
        else:
            self.luck = action

    def returns(self) -> list[float]:
        assert self.picked is not None and self.luck is not None
        return [float(self.picked * 10), float(self.luck)]


class _Best:
    def __init__(self, rng: random.Random) -> None:
        self.determinize = None

    def choose(self, state: _Pick) -> int:
        return 3


def _toy(played: int) -> CoachGlue:
    return CoachGlue(replay=lambda record: (_Pick(), [played, 50]), determinize=lambda s, seat, rng: s.clone(),
                     bot=_Best, rollout=lambda rng: (lambda s, legal, r: legal[0]),
                     words=lambda s, a: f"pick {a}", public=lambda s, a: True)


def test_the_cost_is_the_move_s_own_on_the_same_luck_for_both_moves():
    # seat 0 picked 1 where the bot picks 3: 20 points of margin lost, whatever the luck drawn;
    # valued on different luck for the two moves the 0-99 draw would swamp it
    rows = decisions(_toy(1), {"actions": []}, None, lid=True, rollouts=3)
    assert [(r.turn, r.seat, r.played, r.bot, r.same) for r in rows] == [(0, 0, "pick 1", "pick 3", False)]
    assert rows[0].cost == pytest.approx(20.0)
    assert decisions(_toy(3), {"actions": []}, None, lid=True, rollouts=3)[0].same


@pytest.fixture(scope="module")
def zank_record() -> dict:
    return zank_game(ZConfig(3), 4, ["greedy"] * 3).to_record()


def test_zankapfel_s_coach_is_the_same_every_time_and_keeps_the_bids_off_the_lid(zank_record):
    lid = decisions(zank_coach.GLUE, zank_record, None, lid=True, rollouts=2)
    assert lid and lid == decisions(zank_coach.GLUE, zank_record, None, lid=True, rollouts=2)  # seeded: the same
    # the lid: only the mayor's squares and the harvest tokens (public); never a card laid or kept in hand
    assert all(r.played.startswith(("the mayor to", "remove the harvest token")) for r in lid)
    assert all(r.bot.startswith(("the mayor to", "remove the harvest token")) for r in lid)
    own = decisions(zank_coach.GLUE, zank_record, 1, lid=False, rollouts=1)
    assert {r.seat for r in own} == {1}  # one seat's phone: that seat's decisions, its bids among them
    assert any(r.played.split()[0] in ("lay", "pass", "buy") for r in own)


def test_the_registry_s_coach_part_gives_one_seat_s_lines_in_applejack_s_words(zank_record):
    lines = load_game("zankapfel").part("coach")(zank_record, 0, lid=True, rollouts=2)
    assert lines[0].startswith("Coach: each turn against the bot's")
    assert lines[-1].startswith("Coach: ") and " turns as the bot would have played them; the others cost " in lines[-1]
    assert all(line.startswith("Turn ") and "· Seat 1: " in line.splitlines()[0] for line in lines[1:-1])
    assert all(line.splitlines()[1].startswith("  You: ") for line in lines[1:-1])


def _finished(ctl, lines):
    for line in lines:
        ctl.do(line)
    assert ctl.mode == "result"
    return ctl


def test_the_result_s_coach_is_offered_asked_computed_off_the_ui_thread_and_shown():
    ctl = _finished(ZankapfelCompanion(), zank_lines(3, 2, ("greedy",)))
    assert ctl.coach_offered() and ctl.lid_coach_request() is None  # nobody asked yet
    cmds = list(ctl.cmds)
    assert ctl.press("coach") and not ctl.refusal and ctl.coach_open and ctl.cmds == cmds  # never journalled
    assert ctl.coach_page_lines() == ["The coach is looking at every turn…"]
    worker = AdviceWorker("zankapfel", BotWorker())
    try:
        assert isinstance(worker.poll(ctl), LidCoachJob)
        worker.worker.executor.shutdown(wait=True)  # the job ran on the worker's thread
        worker.poll(ctl)  # the result back into the companion
    finally:
        worker.close()
    page = ctl.coach_page_lines()
    assert page[0].startswith("Coach: each turn against the bot's") and page[-1].startswith("Coach: ")
    assert ctl.log[-1] == page[-1]
    assert ctl.press("confirm") and not ctl.coach_open and ctl.mode == "result"  # the page closes first


def test_a_coach_for_a_result_the_table_has_left_is_dropped():
    ctl = _finished(ZankapfelCompanion(), zank_lines(3, 2, ("greedy",)))
    ctl.do("coach")
    job = ctl.lid_coach_request()
    ctl.do("new")  # a new game meanwhile
    assert ctl.lid_coach_request() is None
    assert not ctl.give_advice(CoachDone(job.key, ("Coach: stale",))) and "Coach: stale" not in ctl.log
    stopped = job.compute()  # a job still running when the table left stops at its next decision
    assert stopped.key == job.key and not stopped.lines and stopped.error == "No coach: stopped"


def test_coach_in_text_mode_prints_the_coach_of_a_draft_cider_game():
    from table.companion.text import run_text

    ctl = DraftCiderCompanion()
    out = io.StringIO()
    run_text(ctl, [*cider_lines(2, 5, ("greedy",)), "coach"], out)
    text = out.getvalue()
    assert "The coach is looking at every turn…" in text
    assert "Coach: each turn against the bot's" in text and " turns as the bot would have played them" in text


def test_a_score_pad_game_s_coach_is_refused_in_one_line():
    ctl = _finished(ZankapfelCompanion(), zank_lines(3, 2, ("greedy",)))
    ctl.record = {k: v for k, v in ctl.record.items() if k != "actions"}
    assert not ctl.coach_offered()
    with pytest.raises(CommandError) as exc:
        ctl.do("coach")
    assert str(exc.value).startswith("No coach: ") and "\n" not in str(exc.value)


def test_waldgaertner_s_lid_coach_leaves_the_hand_cards_to_the_seat_s_phone():
    from table.games.waldgaertner import coach as wald_coach
    from table.games.waldgaertner.companion import WaldgaertnerCompanion
    from table.games.waldgaertner.demo import demo_lines as wald_lines

    ctl = _finished(WaldgaertnerCompanion(), wald_lines(2, 2, ("greedy",)))
    lid = decisions(wald_coach.GLUE, ctl.record, 0, lid=True, rollouts=1)
    own = decisions(wald_coach.GLUE, ctl.record, 0, lid=False, rollouts=1)
    hand = ("sell ", "plant ")  # a hand card grown or sold: its number, never on the lid
    assert lid and not any(r.played.startswith(hand) or r.bot.startswith(hand) for r in lid)
    assert any(r.played.startswith(hand) for r in own) and len(own) > len(lid)
