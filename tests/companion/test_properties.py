"""Any sequence of button presses: no crash, and the journal replays to the same game."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset

DATA = load_dataset()
BUTTONS = [f"trough{i}" for i in range(1, 8)] + [
    "blind", "confirm", "confirm", "confirm", "undo", "cottage", "middle", "correct", "escape", "up", "down",
    "next", "prev", "comma", "backspace", "done", "0", "3", "7", "cell1_8", "apple2", "field4",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), cottage=st.booleans(),
       presses=st.lists(st.sampled_from(BUTTONS), min_size=1, max_size=400))
def test_random_presses_never_crash_and_the_journal_replays(players, cottage, presses):
    journal = []
    ctl = Controller(DATA, on_command=lambda kind, payload: journal.append((kind, payload)))
    ctl.setup = Setup(players, cottage=cottage)
    for b in presses:
        ctl.press(b)
        ctl.leds()
    games = [i for i, (kind, _) in enumerate(journal) if kind == "game"]
    if not games or ctl.mode in ("setup", "result"):
        return
    start = games[-1]
    setup = Setup.from_dict(journal[start][1])
    cmds = [p for kind, p in journal[start + 1:] if kind == "cmd"]
    again = Controller(DATA)
    again.replay(setup, cmds)
    assert again.t.state == ctl.t.state
    assert again.queued == ctl.queued
    assert [str(a) for a in again.t.history] == [str(a) for a in ctl.t.history]
    assert again.mode == ("play" if ctl.mode == "correct" else ctl.mode)
    if ctl.pad is not None:
        assert again.pad is not None
        assert (again.pad.areas, again.pad.blossoms, again.pad.honey) == (ctl.pad.areas, ctl.pad.blossoms,
                                                                          ctl.pad.honey)


def legal_button(ctl, rnd):
    if ctl.mode != "play" or ctl.queued or ctl.t.is_terminal():
        return "confirm"
    a = rnd.choice(ctl.t.legal_actions())
    if a.kind in ("take", "stock"):
        return f"trough{a.a}"
    return {"blind": "blind", "stock-supply": "blind"}.get(a.kind, a.kind)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), cottage=st.booleans(), rnd=st.randoms(use_true_random=False),
       noise=st.floats(0.0, 0.4))
def test_whole_games_with_stray_presses_replay_from_the_journal(players, cottage, rnd, noise):
    journal = []
    ctl = Controller(DATA, on_command=lambda kind, payload: journal.append((kind, payload)))
    ctl.setup = Setup(players, cottage=cottage)
    ctl.press("confirm")
    for _ in range(3000):
        if ctl.mode in ("pad", "result"):
            break
        ctl.press(rnd.choice(BUTTONS) if rnd.random() < noise else legal_button(ctl, rnd))
    for b in ("5", "comma", "4", "next", "9", "done"):
        ctl.press(b)
    if ctl.mode == "correct":
        ctl.press("escape")
    cmds = [p for kind, p in journal[1:] if kind == "cmd"]
    again = Controller(DATA)
    again.replay(Setup.from_dict(journal[0][1]), cmds)
    assert again.t.state == ctl.t.state and again.queued == ctl.queued
    if ctl.mode == "result":  # "pad-done" is the last step, then the finished record: the steps end the game
        assert journal[-2] == ("cmd", "pad-done") and journal[-1][0] == "finished"
        assert journal[-1][1]["actions"] == [str(a) for a in ctl.t.history]
        assert again.mode == "result" and again.pad is not None and ctl.pad is not None
        assert again.pad.areas == ctl.pad.areas and again.pad.honey == ctl.pad.honey
        assert again.record == ctl.record
    else:
        assert again.mode == ctl.mode
