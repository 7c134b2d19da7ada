"""Hints: the strong bot's whole turn for a hinted seat of a tracked game; advice, never journalled."""

import io
import random

import pytest

from table.companion.text import run_text
from table.games.applejack.bots import make_bot
from table.games.applejack.companion.api import CommandError, Controller, Setup
from table.games.applejack.companion.hints import HINT_BOT, HintWorker, compute_hint
from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import PAY, SELECT
from table.games.applejack.tilefaces import face
from tests.companion.test_tracked import fill, snapshot, tracked
from tests.fakes import ManualExecutor

DATA = load_dataset()


def hinted(players=2, hints=(0, 1), journal=None, seed=0):
    ctl = tracked(players, hints=hints, journal=journal)
    fill(ctl, random.Random(seed))
    return ctl


def test_the_hint_is_the_strong_bots_turn_and_legal_on_the_mirror():
    for seed in range(3):
        ctl = hinted(seed=seed)
        request = ctl.hint_request()
        assert request is not None and request.seat == 0
        hint = compute_hint(request)
        # the same bot with the same seed on the same position, by hand
        bot = make_bot("strong", random.Random(request.seed), **HINT_BOT)
        sim = ctl.tracked.state.clone()
        by_hand = []
        while sim.current_player() == 0 and sim.turn == 0:
            by_hand.append(bot.choose(sim))
            sim.apply(by_hand[-1])
        assert hint.actions == tuple(by_hand)
        # a whole turn, every step legal on the mirror itself
        mirror = ctl.tracked.state.clone(keep_undo=True)
        for a in hint.actions:
            assert a in mirror.legal_actions()
            mirror.apply(a)
        assert mirror.turn == 1 or hint.actions == (A.BLIND,)
        assert len(hint.actions) == 3 or hint.actions == (A.BLIND,)


def test_the_hint_reads_as_a_turn_in_words():
    ctl = hinted(seed=1)
    hint = compute_hint(ctl.hint_request())
    assert ctl.give_advice(hint)
    take, pay, place = hint.actions
    trough, tile = divmod(take - A.TAKE, A.TILE_SPAN)
    cell, rot = divmod(place - A.PLACE, 8)
    # the tile by what it prints (the printed tiles carry no number); its number only in the command
    assert hint.text.startswith(f"Hint for ○ Circle: from trough {trough} take the tile ({face(ctl.data, tile)}), ")
    assert ("pay " in hint.text) == (pay == A.BUY) and ("pasture" in hint.text) == (pay == A.PASTURE)
    assert f"place it on space {cell + 1}" in hint.text
    assert hint.text.endswith(f"[take {trough}:{tile} · {A.to_text(pay)} · place {cell + 1}/{rot}]")
    assert ctl.log[-1] == hint.text
    assert ctl.current_advice() == (hint, 0)
    ctl.do(f"take {trough}:{tile}")
    assert ctl.current_advice() == (hint, 1)
    assert "from trough" not in hint.line(1) and hint.line(1).startswith("Hint for ○ Circle: ")


def test_a_hint_is_not_journalled_and_replay_gives_the_same_one():
    journal = []
    ctl = hinted(journal=journal)
    ctl.do("hint")
    before = list(journal)
    request = ctl.hint_request()
    hint = compute_hint(request)
    assert ctl.give_advice(hint)
    assert journal == before  # neither asking nor giving is a game step
    cmds = [p for kind, p in journal if kind == "cmd"]
    again = Controller(DATA)
    again.replay(Setup.from_dict(journal[0][1]), cmds)
    assert snapshot(again) == snapshot(ctl)
    again_request = again.hint_request()
    assert (again_request.key, again_request.seed) == (request.key, request.seed)
    assert compute_hint(again_request) == hint


def other_take(ctl, hint):
    """A tile the hint did not choose (the table goes its own way)."""
    return A.to_text(next(a for a in ctl.tracked.state.legal_actions() if a not in (hint.actions[0], A.BLIND)))


def test_a_stale_hint_is_dropped():
    ctl = hinted()
    request = ctl.hint_request()
    hint = compute_hint(request)
    ctl.do(other_take(ctl, hint))
    ctl.do("hint")  # the same seat, another decision: a hinted position, but not the one asked about
    version = ctl.version
    assert not ctl.give_advice(hint) and ctl.advice is None and ctl.version == version
    ctl.do("undo")
    assert ctl.give_advice(hint)  # back where it was asked: good again


def test_hints_only_for_hinted_seats_at_their_decisions():
    ctl = hinted(hints=(1,))
    assert ctl.hint_request() is None  # seat 1 plays without hints
    with pytest.raises(CommandError, match="○ Circle plays without hints"):
        ctl.do("hint")
    ctl.do("blind")
    with pytest.raises(CommandError, match="no hint now: Enter the tile ○ Circle drew blind"):
        ctl.do("hint")
    fill(ctl)
    ctl.do("pasture")
    ctl.do("place 10/0")
    fill(ctl)
    assert ctl.tracked.state.seat == 1 and ctl.tracked.state.phase == SELECT
    assert ctl.hint_request() is not None  # the start of a hinted seat's turn: by itself
    untracked = Controller(DATA)
    untracked.setup = Setup(2)
    untracked.do("start")
    assert untracked.hint_request() is None
    with pytest.raises(CommandError, match="hints need orchard tracking"):
        untracked.do("hint")


def test_after_a_blind_draw_the_rest_of_the_turn_is_hinted():
    ctl = hinted(hints=(0,))
    ctl.do("blind")
    fill(ctl)
    assert ctl.tracked.state.phase == PAY
    request = ctl.hint_request()
    assert request is not None
    hint = compute_hint(request)
    assert len(hint.actions) == 2 and hint.actions[0] in (A.BUY, A.PASTURE)


def test_asking_again_after_leaving_the_hinted_path():
    ctl = hinted(hints=(0,))
    hint = compute_hint(ctl.hint_request())
    ctl.give_advice(hint)
    take = next(a for a in ctl.tracked.state.legal_actions() if a != hint.actions[0] and a != A.BLIND)
    ctl.do(A.to_text(take))
    assert ctl.current_advice() is None
    assert ctl.hint_request() is None  # not by itself in the middle of a turn …
    ctl.do("hint")
    assert ctl.hint_request() is not None  # … but when asked


def test_the_worker_delivers_through_its_queue_and_drops_what_the_table_left():
    from table.companion.ports import drain

    executor = ManualExecutor()
    worker = HintWorker(executor)
    ctl = hinted(hints=(0, 1))
    first = worker.poll(ctl)
    assert first is not None and worker.poll(ctl) is None  # asked once per controller version
    ctl.do(other_take(ctl, compute_hint(ctl.hint_request())))  # the table moves on before the hint is ready
    assert worker.poll(ctl) is None  # mid-turn: no hint by itself
    executor.run_all()
    assert drain(ctl, worker.results) == 1
    assert ctl.advice is None  # stale: dropped
    ctl.do("undo")
    second = worker.poll(ctl)
    assert second is not None and second.key == first.key
    executor.run_all()
    drain(ctl, worker.results)
    assert ctl.advice is not None and ctl.advice.key == first.key
    worker.close()


def test_the_real_worker_thread_computes_a_hint():
    ctl = hinted()
    worker = HintWorker()
    try:
        assert worker.poll(ctl) is not None
        ready = worker.results.get(timeout=120)
        assert ready.advice is not None and ctl.give_advice(ready.advice)
    finally:
        worker.close()


def test_text_mode_hints_at_once():
    journal = []
    ctl = Controller(DATA, on_command=lambda kind, payload: journal.append(payload))
    lines = ["setup players=1 hints=all", "start", *[f"draw {t}" for t in range(1, 9)], "blind", "draw 9",
             "pasture", "place 3", "undo", "undo", "h"]
    out = io.StringIO()
    run_text(ctl, lines, out, echo=True)
    text = out.getvalue()
    # by itself at the turn's start and once the blind tile is known; asked again: the rest repeated
    assert text.count("Hint for ○ Circle: ") == 3, text
    after_blind = text.split("> draw 9\n")[1]
    assert after_blind.splitlines()[1].startswith("Hint for ○ Circle: ") and " · place " in after_blind
    assert f"Next: ○ Circle: place the tile ({face(ctl.data, 9)}) pasture side up" in text
    assert text.split("> h\n")[1].startswith("Hint for ○ Circle: ")
    assert "? " not in text and "hint" not in journal and "h" not in journal
