"""Draft Cider's table companion at unit level (``table.games.draftcider.companion``)."""

import random
from collections import Counter

import pytest

from table.companion.protocol import CommandError
from table.companion.session import open_session
from table.engine.errors import IllegalActionError
from table.games import games
from table.games.applejack.files import load_dataset
from table.games.draftcider.buttons import BATCH_BUTTONS, BUTTONS, command_for
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.deal import build, card_for
from table.games.draftcider.rules import Card, Config, score_pad
from table.games.draftcider.rules.game import DEAL, N_BATCHES
from table.games.draftcider.rules.scoring import BAD, BATCHES, placement_problem
from table.games.draftcider.script import pad_script, table_script
from table.games.draftcider.setup import DSetup, SetupError
from table.games.draftcider.text import handle_line, status_lines

DATA = load_dataset()


def live(players=2, easy=False, journal=None):
    ctl = DraftCiderCompanion(on_command=(lambda k, p: journal.append((k, p))) if journal is not None else None)
    ctl.do(f"setup players={players} easy={'on' if easy else 'off'} pad=live")
    ctl.do("start")
    return ctl


def test_the_setup_round_trips_as_text_and_as_a_dict():
    for s in (DSetup(), DSetup(2, True, "end"), DSetup(6, False, "live")):
        assert DSetup.from_text(s.to_text()) == s
        assert DSetup.from_dict(s.to_dict()) == s
    for bad in ("setup players=7", "setup players=1", "setup easy=maybe", "setup pad=later", "setup colour=red"):
        with pytest.raises(CommandError):
            DSetup.from_text(bad)
    for bad_dict in ({"game": "draftcider", "players": 3, "extra": 1}, {"game": "zankapfel", "players": 3},
                     {"game": "draftcider", "players": "3"}, {"game": "draftcider", "names": "Ada"}, ["draftcider"]):
        with pytest.raises(SetupError):  # a precise refusal, never a bare ValueError or TypeError
            DSetup.from_dict(bad_dict)


def test_the_buttons_are_a_table_of_screen_and_button():
    """Every entry of ``BUTTONS`` is for a screen Draft Cider has, and a button pressed too early
    is a refusal naming what is asked (kept in ``refusal``), not nothing."""
    places = {"setup", "resume", "result", "play", "pad", "colour", "height", "sweetness", "batch", "choose"}
    assert {where for where, _button in BUTTONS} == places
    assert all((stage, button) in BUTTONS for stage in ("batch", "choose") for button in BATCH_BUTTONS)
    ctl = live(2)
    assert command_for(ctl, "trough2") == "colour gold" and command_for(ctl, "o") == "colour gold"
    assert command_for(ctl, "pip:3") is None and command_for(ctl, "player:2") is None
    assert not ctl.press("trough6") and ctl.refusal.startswith("the colour first")
    assert ctl.press("trough1") and command_for(ctl, "pip:3") == "height 3" and command_for(ctl, "4") == "height 4"
    assert not ctl.press("confirm") and ctl.refusal.startswith("the height is 1-5")


def test_setup_buttons_players_easy_and_the_pad_choice():
    ctl = DraftCiderCompanion()
    assert ctl.press("trough5") and ctl.setup.players == 5
    assert ctl.press("trough7") and ctl.setup.easy
    assert ctl.press("trough1") and ctl.setup.pad == "end"
    assert ctl.leds().kind == "chase"
    assert ctl.press("confirm") and ctl.mode == "pad"


def test_a_pick_by_the_lids_buttons_lights_exactly_the_legal_batches():
    ctl = live(3)
    assert ctl.leds().troughs == (1, 2, 3)
    for b in ("trough3", "trough4", "trough2"):  # red, height 4, sweetness 2
        assert ctl.press(b), ctl.refusal
    card = Card("red", 4, 2)
    assert ctl.entered_card() == card and ctl.stage() == "batch"
    orchard = ctl.engine.orchards[0]
    legal = tuple(b for b in range(N_BATCHES) if placement_problem(orchard, b, card) is None)
    assert ctl.legal_batches() == legal and BAD in legal
    assert ctl.leds().troughs == tuple(b + 1 for b in legal if b != BAD)
    assert ctl.press("blind")  # BLIND is Bad
    assert ctl.engine.orchards[0][BAD] == [card] and ctl.seat() == 1 and ctl.stage() == "colour"


def test_the_lamps_follow_the_engines_legal_plays_through_a_whole_game():
    script, _final = table_script(4, 5, steps=True)
    ctl = DraftCiderCompanion()
    checked = 0
    for line in script:
        ctl.do(line)
        if ctl.mode == "play" and ctl.stage() == "batch":
            e = ctl.engine
            used = Counter(e.deck[c] for c, _ in ctl.picks)
            idx = card_for(e.deck, ctl.entered_card(), used)
            engine_legal = set()
            for b in range(N_BATCHES):  # the engine's own verdict: the pick into b applies, or is illegal
                try:
                    build(e.config, [*ctl.picks, (idx, b)])
                except IllegalActionError:
                    continue
                engine_legal.add(b)
            assert set(ctl.legal_batches()) == engine_legal
            assert set(ctl.leds().troughs) == {b + 1 for b in engine_legal if b != BAD}
            checked += 1
    assert ctl.mode == "result" and checked == 48


def test_a_refused_placement_says_why_and_changes_nothing():
    ctl = live(2)
    ctl.do("pick seat 1 red h3 s3 steady")
    ctl.do("pick seat 2 gold h1 s1 bad")
    v, picks = ctl.version, list(ctl.picks)
    with pytest.raises(CommandError, match="Steady Height goes at most one up or down, 3 then 5"):
        ctl.do("red h5 s1 steady")
    assert ctl.picks == picks and ctl.stage() == "colour"
    ctl.do("card red h5 s1")
    assert not ctl.press("trough7")
    assert "Steady Height goes at most one" in ctl.refusal and ctl.stage() == "batch" and ctl.version > v
    ctl.do("undo")  # the card entry goes: seat 1 picks again
    assert ctl.entry == [] and ctl.seat() == 0
    with pytest.raises(CommandError, match="Seat 1's pick, not Seat 2's"):
        ctl.do("pick seat 2 red h5 s1 bad")


def test_undo_steps_back_entry_by_entry_and_across_a_phase():
    ctl = live(2)
    script, _final = table_script(2, 8, steps=True)
    for line in script[2:26]:  # the whole first phase: 6 picks, key by key
        ctl.do(line)
    assert ctl.engine.phase == 2
    ctl.do("undo")
    assert ctl.engine.phase == 1 and len(ctl.picks) == 5 and ctl.stage() == "batch"  # the card stays entered
    ctl.do("undo")
    assert ctl.stage() == "sweetness" and len(ctl.picks) == 5
    ctl.do("undo")
    ctl.do("undo")
    assert ctl.entry == [] and ctl.seat() == 1
    ctl.do("pick seat 2 green h1 s1 bad")
    assert ctl.engine.phase == 2
    ctl.do("undo")  # a whole pick goes at once
    assert ctl.entry == [] and len(ctl.picks) == 5


def test_journal_replay_rebuilds_the_exact_state_and_the_record_replays():
    journal = []
    script, final = table_script(3, 2, steps=True)
    ctl = DraftCiderCompanion(on_command=lambda k, p: journal.append((k, p)))
    rng = random.Random(1)
    for line in script:
        ctl.do(line)
        if rng.random() < 0.1 and ctl.mode == "play":
            ctl.do("undo")
            ctl.do(line)
    assert ctl.mode == "result"
    setup = next(p for k, p in journal if k == "game")
    cmds = [p for k, p in journal if k == "cmd"]
    assert "undo" in cmds
    live_half = DraftCiderCompanion()
    live_half.replay(setup, [])
    for c in cmds[:77]:  # the same commands live, then replayed from the journal: the same state
        live_half.do(c)
    again = DraftCiderCompanion()
    again.replay(setup, cmds[:77])
    assert (again.mode, again.cmds, again.entry, again.picks) == (live_half.mode, live_half.cmds, live_half.entry,
                                                                 live_half.picks)
    assert again.engine.history == live_half.engine.history and again.version >= 1
    full = DraftCiderCompanion()
    full.replay(setup, cmds)
    assert full.record == ctl.record
    rec = next(p for k, p in journal if k == "finished")
    from table.games.draftcider.rules import replay

    st = replay(rec)
    assert st.orchards == final.orchards and st.scores() == final.scores()
    plays = [a for a in st.history if a < DEAL]
    assert st.is_terminal() and plays == [a for a in final.history if a < DEAL]
    # the deal is the cards the table reported: the same cards as the bots' game, in the order picked
    assert sorted(a for a in st.history if a >= DEAL) == sorted(a for a in final.history if a >= DEAL)


def test_the_end_only_pad_scores_like_the_engine_and_refuses_a_broken_batch():
    _script, final = table_script(4, 6)
    ctl = DraftCiderCompanion()
    for line in pad_script(final):
        ctl.do(line)
    assert ctl.mode == "result"
    assert ctl.final_scores() == final.scores() and ctl.winners() == final.winners()
    assert ctl.record == final.to_pad()
    assert score_pad(ctl.record).scores == final.scores()
    pad = DraftCiderCompanion()
    pad.do("setup players=2 pad=end")
    pad.do("start")
    assert pad.stage() == "choose" and pad.leds().troughs == tuple(range(1, 8))
    pad.press("trough1")  # Monochrome
    for b in ("trough1", "trough2", "trough3"):  # green h2 s3
        pad.press(b)
    assert pad.pad_cards[0][0] == [Card("green", 2, 3)]
    for b in ("trough3", "trough1"):  # red h1 … Monochrome is green
        pad.press(b)
    assert not pad.press("trough1")
    assert "Monochrome is green" in pad.refusal and pad.stage() == "sweetness"
    pad.do("undo")
    pad.do("undo")
    pad.press("confirm")  # batch done
    assert pad.stage() == "choose"
    pad.do("pad 2 bad green h2 s3")  # a second green h2 s3: the box is the truth (tests/.../test_draftcider_box.py)
    assert pad.said_last[0].startswith("The box differs from our deck file: green h2 s3 number 2")
    pad.do("undo")
    for i in range(11):
        pad.do(f"pad 1 bad {['gold', 'red'][i % 2]} h{1 + i % 5} s{1 + i // 5}")
    with pytest.raises(CommandError, match="already has 12 cards"):
        pad.do("pad 1 bad red h5 s5")
    pad.press("confirm")  # the next player
    assert pad.pad_player == 1
    pad.press("confirm")  # after the last one: Seat 2 holds no card, asked once more
    assert pad.mode == "pad" and pad.said_last[0].startswith("Not every orchard holds 12 cards (Seat 2 holds 0 cards)")
    pad.press("confirm")  # scored as it is
    assert pad.mode == "result" and [s.total for s in pad.final_scores()] == [1 - 11, 0] and pad.winners() == (1,)


def test_text_lines_and_status():
    ctl = DraftCiderCompanion()
    assert handle_line(ctl, "3") is None and ctl.setup.players == 3
    assert handle_line(ctl, "easy") is None and ctl.setup.easy
    assert handle_line(ctl, "") is None and ctl.mode == "play"
    assert handle_line(ctl, "feather") is not None  # no card entered yet
    assert handle_line(ctl, "gold") is None and handle_line(ctl, "2") is None and handle_line(ctl, "5") is None
    assert handle_line(ctl, "b") is None and ctl.engine.orchards[0][BAD] == [Card("gold", 2, 5)]
    assert handle_line(ctl, "garbage words here") is not None
    assert any("Bad" in ln for ln in status_lines(ctl))


def test_the_session_resumes_a_draftcider_game_in_its_own_module(tmp_path):
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="draftcider")
    ctl.do("setup players=3")
    ctl.do("start")
    ctl.do("red h2 s2 steady")
    ctl.do("green")
    journal.close()
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="applejack")  # the journal's game wins
    try:
        assert ctl.game == "draftcider" and ctl.mode == "resume"
        ctl.press("confirm")
        assert ctl.mode == "play" and ctl.entry == ["green"] and ctl.engine.orchards[0][6] == [Card("red", 2, 2)]
    finally:
        journal.close()


def test_build_deals_each_phase_its_picks_and_placeholders_only_for_the_running_phase():
    config = Config(2)
    st = build(config, [])
    assert not st.is_chance() and len(st.centre) == 6
    script, final = table_script(2, 3)
    plays = [a for a in final.history if a < DEAL]
    picks = [divmod(a, N_BATCHES) for a in plays]
    st = build(config, picks)
    assert st.is_terminal() and st.orchards == final.orchards
    assert BATCHES[picks[0][1]] in script[2]


def test_random_lines_never_raise_and_the_journal_replays_to_the_same_state():
    """Seeded garbage and plausible entries through the terminal's line handler, live and pad:
    every refusal is a line, and the journalled commands rebuild exactly the live state."""
    words = ["red", "gold", "green", "1", "2", "3", "4", "5", "6", "7", "b", "", "ok", "u", "feather", "bad",
             "steady", "monochrome", "special", "unlucky", "sweet", "fortepiano", "player 2", "pad-done", "pick seat",
             "pad 9 x", "height 9", "card red h9 s1", "é", "²", "batch 0", "1e400"]
    rng = random.Random(3)
    for g in range(40):
        journal: list = []
        ctl = DraftCiderCompanion(on_command=lambda k, p, journal=journal: journal.append((k, p)))
        handle_line(ctl, f"setup players={rng.randint(2, 6)} pad={rng.choice(['live', 'end'])}")
        handle_line(ctl, "start")
        for _ in range(rng.randint(1, 400)):
            handle_line(ctl, rng.choice(words))
            if ctl.mode == "result":
                break
        setup = next(p for k, p in journal if k == "game")
        again = DraftCiderCompanion()
        again.replay(setup, [p for k, p in journal if k == "cmd"])

        def key(x):
            return (x.mode, x.cmds, x.entry, x.picks, x.pad_cards, x.pad_player, x.pad_batch, x.record)

        assert key(again) == key(ctl), g
