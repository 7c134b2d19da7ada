"""Random input never breaks Zankapfel's companion: every line is applied or refused in one line
(a TableError), a refusal changes nothing, and the journal replays to the same state."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from table.games.zankapfel.text import handle_line

SCRIPT, _ = table_script(3, 9)
WORDS = ["buy", "lay", "pass", "red", "r", "y", "g", "b", "j", "joker", "c3", "a1", "e5", "z9", "undo", "u", "",
         "ok", "dice 1 2", "dice 2 3", "dice 9 1", "card 10", "card 0", "8", "0", "²", "roll 6", "roll 7", "4",
         "reveal seat 2 red", "joker seat 1 blue", "mayor b2", "remove d4", "turn blue", "turn purple", "start",
         "setup players=9", "card seat 1 none", "status", "new", "game", "\x00", "lay seat 7", "9" * 40]
BUTTONS = [f"trough{i}" for i in range(1, 8)] + ["confirm", "undo", "blind", "up", "down", "next", "prev",
                                                 "sq:c3", "kind:joker", "bid:pass", "card:3", "roll:2", "dice:2",
                                                 "dice:x", "players:x", "players:5", "finish", "kind:", "trough"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prefix=st.integers(0, len(SCRIPT)), noise=st.lists(st.one_of(st.sampled_from(WORDS).map(lambda w: ("line", w)),
                                                             st.sampled_from(BUTTONS).map(lambda b: ("press", b))),
                                                   max_size=25))
def test_random_lines_and_buttons_are_applied_or_refused_and_the_journal_replays(prefix, noise):
    journal: list[tuple[str, object]] = []
    ctl = ZankapfelCompanion(on_command=lambda k, p: journal.append((k, p)))
    for line in SCRIPT[:prefix]:
        ctl.do(line)
    for kind, item in noise:
        before = (ctl.mode, list(ctl.cmds))
        refused = handle_line(ctl, item) if kind == "line" else (None if ctl.press(item) else ctl.refusal or "-")
        if refused:
            assert "\n" not in refused
            if ctl.mode == before[0] and not item.startswith(("trough", "up", "down", "next", "prev", "players")):
                assert ctl.cmds == before[1]
    games = [i for i, (k, _) in enumerate(journal) if k == "game"]
    if not games or any(k == "finished" for k, _ in journal[games[-1]:]) or ctl.mode not in ("play", "result"):
        return
    setup = journal[games[-1]][1]
    cmds = [p for k, p in journal[games[-1]:] if k == "cmd"]
    again = ZankapfelCompanion()
    again.replay(setup, cmds)
    assert again.cmds == ctl.cmds
    assert again.state.summary() == ctl.state.summary()
