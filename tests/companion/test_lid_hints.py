"""Hints on the lid for Zankapfel, Draft Cider and Waldgärtner (table/companion/lidhint.py):
given where the choice is public, refused in one line where it is secret, never depending on a hand."""

import dataclasses

import pytest

from table.companion.lidhint import HIDDEN, NO_COACH, NO_HINT, HintJob
from table.companion.protocol import CommandError
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.demo import demo_lines as cider_lines
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.demo import demo_lines as wald_lines
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.demo import demo_lines as zank_lines
from table.games.zankapfel.hint import HINTS as ZANK_HINTS


def _until(ctl, lines, stage):
    for line in lines:
        ctl.do(line)
        if ctl.mode == "play" and ctl.stage() == stage:
            return ctl
    raise AssertionError(f"never at {stage}")


def _refused(ctl) -> str:
    with pytest.raises(CommandError) as exc:
        ctl.do("hint")
    return str(exc.value)


def test_a_draft_cider_pick_gets_the_strong_bot_s_hint_in_applejack_s_words_and_only_where_asked():
    ctl = _until(DraftCiderCompanion(), cider_lines(3, 1, ("greedy",)), "colour")
    assert ctl.lid_hint_request() is None  # nobody asked
    cmds = list(ctl.cmds)
    assert ctl.press("hint") and not ctl.refusal and ctl.cmds == cmds  # key h; advice is not journalled
    job = ctl.lid_hint_request()
    hint = job.compute()
    assert hint == job.compute()  # a position always gives the same hint (fixed seed and budget)
    assert hint.text.startswith(f"Hint for Seat {ctl.seat() + 1}: ") and " into " in hint.text
    assert ctl.give_advice(hint) and ctl.said_last == [hint.text] and ctl.log[-1] == hint.text
    assert not ctl.give_advice(hint)  # given once


def test_a_hint_for_a_position_the_table_has_left_is_dropped():
    lines = iter(cider_lines(2, 3, ("greedy",)))
    ctl = _until(DraftCiderCompanion(), lines, "colour")
    ctl.do("hint")
    job = ctl.lid_hint_request()
    ctl.do(next(lines))  # the table entered the next thing meanwhile
    cmds = list(ctl.cmds)
    assert not ctl.give_advice(job.compute()) and ctl.cmds == cmds
    assert not any(line.startswith("Hint for") for line in ctl.log)


def test_zankapfel_s_square_choice_is_hinted_and_its_secret_choices_are_refused_in_one_line():
    lines = zank_lines(4, 0, ("greedy",))
    ctl = _until(ZankapfelCompanion(), lines, "bid")
    assert _refused(ctl) == HIDDEN and "\n" not in HIDDEN
    ctl = _until(ZankapfelCompanion(), lines, "move")
    ctl.do("hint")
    hint = ctl.lid_hint_request().compute()
    assert "the mayor to " in hint.text
    ctl = _until(ZankapfelCompanion(), lines, "reveal")  # nothing to choose: the one refusal
    assert _refused(ctl) == NO_HINT


def test_the_lid_s_hint_is_the_same_whatever_the_asking_seat_holds():
    """The companion's guess of a hand (or the hand itself) never reaches the search: swapping a card
    between the mayor's hand and another's gives the same hint (a plain determinization, which keeps
    the seat's own hand, gives d1 with one hand and b3 with the other here)."""
    ctl = _until(ZankapfelCompanion(), zank_lines(4, 0, ("greedy",)), "move")
    ctl.do("hint")
    job = ctl.lid_hint_request()
    seat, other = job.seat, (job.seat + 1) % 4
    swapped = job.state.clone()
    mine, theirs = list(swapped.t.hands[seat]), list(swapped.t.hands[other])
    a = next(k for k in range(5) if mine[k] and not theirs[k])
    b = next(k for k in range(5) if theirs[k] and not mine[k])
    mine[a], mine[b], theirs[a], theirs[b] = mine[a] - 1, mine[b] + 1, theirs[a] + 1, theirs[b] - 1
    swapped.t.hands[seat], swapped.t.hands[other] = mine, theirs
    assert dataclasses.replace(job, state=swapped).compute() == job.compute()
    assert isinstance(job, HintJob) and job.game is ZANK_HINTS


def test_waldgaertner_s_die_and_hand_are_secret_on_the_lid():
    lines = wald_lines(3, 2, ("greedy",))
    assert _refused(_until(WaldgaertnerCompanion(), lines, "die")) == HIDDEN
    assert _refused(_until(WaldgaertnerCompanion(), lines, "play")) == HIDDEN


def test_a_game_without_a_strong_bot_and_the_setup_screen_get_the_one_refusal_and_the_coach_its_line():
    class NoBot(DraftCiderCompanion):
        hint_glue = None
        coach_glue = None

    ctl = _until(NoBot(), cider_lines(2, 3, ("greedy",)), "colour")
    assert _refused(ctl) == NO_HINT
    assert _refused(DraftCiderCompanion()) == NO_HINT  # the setup screen
    ctl = NoBot()
    for line in cider_lines(2, 3, ("greedy",)):
        ctl.do(line)
    assert ctl.mode == "result"
    with pytest.raises(CommandError, match=NO_COACH):
        ctl.do("coach")


def test_play_text_answers_hint_with_the_hint_line():
    import io

    from table.companion.text import run_text

    lines = cider_lines(3, 1, ("greedy",))
    ctl = DraftCiderCompanion()
    out = io.StringIO()
    run_text(ctl, [*lines[:8], "hint"], out)
    assert "Hint for Seat 1: " in out.getvalue() and " into " in out.getvalue()


def test_the_lid_s_hint_seed_does_not_depend_on_a_card_drawn_in_secret():
    """Waldgärtner's commands name the cards drawn into hands; the lid's hint is seeded from how many
    commands there were, so another card drawn in secret (the same position to everyone at the
    table) gives the same search."""
    ctl = _until(WaldgaertnerCompanion(), wald_lines(3, 2, ("greedy",)), "bonus")
    ctl.do("hint")
    job = ctl.lid_hint_request()
    assert job is not None
    drawn = next(i for i, c in enumerate(ctl.cmds) if c.startswith("card "))
    other = [*ctl.cmds[:drawn], f"card {int(ctl.cmds[drawn].split()[1]) + 1}", *ctl.cmds[drawn + 1:]]
    ctl.cmds = other  # what the lid knows is the same; only the hidden card's id differs
    assert ctl.hint_glue.job(ctl, job.key).seed == job.seed
