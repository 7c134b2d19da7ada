"""The Draft Cider game state on the house protocol: deals, phases, pick order, placement, end,
undo/clone, action texts and records."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.engine.errors import ActionParseError, ConfigError, IllegalActionError, RecordError
from table.games.draftcider.rules import game as G
from table.games.draftcider.rules.cards import Card
from table.games.draftcider.rules.events import CardPlayed, GameEnded, PhaseStarted, Winners, event_from_dict
from table.games.draftcider.rules.game import (
    CHANCE,
    DEAL,
    TERMINAL,
    Config,
    State,
    cards_per_phase,
    new_game,
    phases,
    replay,
    sample_chance,
)
from table.games.draftcider.rules.pad import score_pad
from table.games.draftcider.rules.scoring import BATCHES, MAXIMA, MINIMA, SPECIAL, batch_problem


def play_out(state: State, rng: random.Random, check: bool = False) -> State:
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            assert legal, "a player can always play (the Bad batch takes any card)"
            if check:
                for a in legal:
                    assert state.string_to_action(state.action_to_string(a)) == a
            state.apply(legal[rng.randrange(len(legal))])
    return state


def deal_all(state: State) -> None:
    """Deal the phase's cards in deck order (the lowest undealt first)."""
    while state.is_chance():
        state.apply(DEAL + state.undealt[0])


@pytest.mark.parametrize(("players", "per", "count"), [(2, 3, 4), (3, 2, 6), (4, 3, 4), (5, 3, 4), (6, 2, 6)])
def test_cards_per_phase_and_phases_to_12_cards_each(players, per, count):
    assert cards_per_phase(players) == per and phases(players) == count and per * count == 12
    state = play_out(new_game(Config(players)), random.Random(players))
    starts = [e for e in state.events if isinstance(e, PhaseStarted)]
    assert [e.cards for e in starts] == [per * players] * count
    assert all(state.cards_held(s) == 12 for s in range(players))
    assert len(state.undealt) == 75 - 12 * players


def test_the_first_pick_moves_one_seat_each_phase_and_turns_go_round():
    state = play_out(new_game(Config(3)), random.Random(0))
    starts = [e.seat for e in state.events if isinstance(e, PhaseStarted)]
    assert starts == [0, 1, 2, 0, 1, 2]
    plays = [e.seat for e in state.events if isinstance(e, CardPlayed)]
    expected = [(start + i) % 3 for start in starts for i in range(6)]
    assert plays == expected


def test_deals_are_chance_nodes_with_uniform_outcomes():
    state = new_game(Config(2))
    assert state.current_player() == CHANCE and state.is_chance()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 75 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert [a for a, _ in outcomes] == state.legal_actions()
    deal_all(state)
    assert state.current_player() == 0 and state.chance_outcomes() == []
    assert sorted(state.centre) == list(range(6))
    with pytest.raises(IllegalActionError, match="not in the centre"):
        state.apply("play 40 bad")


def test_a_player_must_play_a_centre_card_into_a_batch_that_takes_it():
    state = new_game(Config(2))
    deal_all(state)  # cards 0-5: green h1 s1 … green h1 s5, green h2 s1
    state.apply("play 0 monochrome")  # seat 1: green h1 s1
    state.apply("play green h1 s2 bad")  # seat 2 names the card by its text
    with pytest.raises(IllegalActionError, match="is not in the centre"):
        state.apply("play 1 steady")
    legal = state.legal_actions()
    assert all(a // 8 in state.centre for a in legal)
    # 4 green cards left; every batch takes them but the Special tree (green lies in Monochrome)
    assert len(legal) == 4 * 7 and not any(a % 8 == SPECIAL for a in legal)


def test_a_batch_rule_broken_in_play_is_refused_with_the_reason():
    deck = (Card("green", 1, 1), Card("red", 5, 5), Card("red", 1, 1), Card("gold", 4, 1), Card("red", 3, 2),
            Card("red", 3, 3)) + (Card("gold", 2, 2),) * 30
    state = new_game(Config(2, deck=deck))
    deal_all(state)
    state.apply("play 0 steady")  # seat 1: height 1
    state.apply("play 1 bad")
    with pytest.raises(IllegalActionError, match="Steady Height goes at most one up or down, 1 then 4"):
        state.apply("play 3 steady")
    state.apply("play 2 monochrome")  # seat 1: red
    state.apply("play 4 bad")
    with pytest.raises(IllegalActionError, match="Monochrome is red"):
        state.apply("play 3 monochrome")
    legal = state.legal_actions()
    assert 3 * 8 not in legal and 5 * 8 in legal and 3 * 8 + 7 in legal


def test_the_special_tree_rule_is_enforced_in_play_and_scored():
    cfg = Config(2, deck=tuple([Card("red", 3, 3)] * 3 + [Card("green", 1, 1)] * 3 + [Card("gold", 2, 2)] * 30))
    state = new_game(cfg)
    deal_all(state)
    state.apply("play 3 monochrome")  # seat 1 plants a green outside Bad
    state.apply("play 0 special")  # seat 2: a red Special tree, fine
    with pytest.raises(IllegalActionError, match="a green card already lies outside the Bad batch"):
        state.apply("play 4 special")
    state.apply("play 1 special")  # seat 1: a red tree is fine for seat 1
    assert state.scores()[1]["special"] == 20
    state.apply("play 2 steady")  # seat 2 plays its tree's colour outside Bad: the penalty
    assert state.scores()[1]["special"] == -20
    assert batch_problem(SPECIAL, state.orchards[0][SPECIAL], Card("red", 1, 1)) is not None


def test_bad_actions_give_clear_errors():
    state = new_game(Config(2))
    with pytest.raises(IllegalActionError, match="a card must be dealt now"):
        state.apply(0)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        state.apply(1.5)  # type: ignore[arg-type]
    for text in ("", "deal", "deal 75", "deal 99999", "play 3", "play 3 cider", "dance", "x" * 200,
                 "deal purple h1 s1", "play green h1 s1 bad"):
        with pytest.raises(ActionParseError):
            state.string_to_action(text)
    for bad in (-1, 75 * 8, DEAL - 1, DEAL + 75, True):
        with pytest.raises(ActionParseError):
            state.action_to_string(bad)
    state.apply("deal 7")
    with pytest.raises(IllegalActionError, match="already been dealt"):
        state.apply("deal 7")


def test_end_returns_winners_and_the_pad_agrees():
    state = new_game(Config(4), random.Random(3))
    assert state.returns() == [0.0] * 4 and state.winners() == ()
    play_out(state, random.Random(4))
    assert state.current_player() == TERMINAL and state.legal_actions() == [] and state.chance_outcomes() == []
    totals = [s.total for s in state.scores()]
    assert [state.score(s) for s in range(4)] == list(state.scores())
    assert state.returns() == [float(t) for t in totals]
    assert isinstance(state.events[-2], GameEnded) and state.events[-2].totals == tuple(totals)
    assert isinstance(state.events[-1], Winners) and state.events[-1].seats == state.winners()
    assert max(totals) == totals[state.winners()[0]]
    names = ["A", "B", "C", "D"]
    result = score_pad(state.to_pad(names), state.deck)
    assert result.scores == state.scores()
    assert result.winners == tuple(names[s] for s in state.winners())
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(DEAL)


def test_undo_goes_back_to_the_start_exactly():
    state = new_game(Config(3))
    rng = random.Random(11)
    snapshots = []
    while not state.is_terminal():
        snapshots.append((repr(state.orchards), state.centre[:], state.undealt[:], state.seat, state.phase,
                          len(state.events), state.current_player()))
        state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
    while state.history:
        state.undo()
        snap = snapshots.pop()
        assert (repr(state.orchards), state.centre, state.undealt, state.seat, state.phase, len(state.events),
                state.current_player()) == snap
    with pytest.raises(IndexError):
        state.undo()
    assert state.returns() == [0.0] * 3


def test_score_of_one_seat_matches_scores_during_play():
    state = new_game(Config(3), random.Random(6))
    rng = random.Random(7)
    while not state.is_terminal():
        assert [state.score(s) for s in range(3)] == list(state.scores())
        state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))


def test_clone_is_independent():
    state = new_game(Config(2), random.Random(1))
    twin = state.clone()
    play_out(twin, random.Random(2))
    assert twin.is_terminal() and not state.is_terminal()
    assert state.cards_held(0) == 0 and len(state.centre) == 6
    twin.undo()
    assert not twin.is_terminal()


def test_record_replays_to_identical_events_and_round_trips_json():
    state = play_out(new_game(Config(5, easy=True)), random.Random(8))
    record = json.loads(json.dumps(state.to_record()))
    again = replay(record)
    assert again.events == state.events and again.history == state.history
    assert again.scores() == state.scores()
    assert [event_from_dict(e.to_dict()) for e in state.events] == state.events
    assert all(str(e) for e in state.events)
    # a custom deck travels in the record
    deck = tuple(reversed(G.STANDARD_DECK))
    custom = play_out(new_game(Config(2, deck=deck)), random.Random(1))
    assert replay(custom.to_record()).events == custom.events
    assert "deck" in custom.to_record()["config"] and "deck" not in state.to_record()["config"]


@pytest.mark.parametrize(("record", "words"), [
    (None, "JSON object"),
    ({"format": "applejack-record/1"}, "not a Draft Cider record"),
    ({"format": G.FORMAT, "config": {"players": 9}, "actions": []}, "2-6 players"),
    ({"format": G.FORMAT, "config": {"players": 2, "colour": 1}, "actions": []}, "unknown config key"),
    ({"format": G.FORMAT, "config": {"players": 2, "deck": ["green h9 s1"]}, "actions": []}, "deck"),
    ({"format": G.FORMAT, "config": {"players": 2, "deck": ["green h1 s1"] * 20}, "actions": []}, "need 24"),
    ({"format": G.FORMAT, "config": {"players": 2}, "actions": "deal 1"}, "list of at most"),
    ({"format": G.FORMAT, "config": {"players": 2}, "actions": ["deal 1"] * 1000}, "list of at most"),
    ({"format": G.FORMAT, "config": {"players": 2}, "actions": ["deal 1", "deal 1"]}, "action 2"),
    ({"format": G.FORMAT, "config": {"players": 2}, "actions": ["fly"]}, "action 1"),
    ({"format": G.FORMAT, "config": {"players": 2}, "actions": [], "seed": 1}, "unknown record key"),
])
def test_bad_records_are_refused(record, words):
    with pytest.raises(RecordError, match=words):
        replay(record)


def test_config_checks_and_round_trip():
    for bad in (1, 7, True, "2", None):
        with pytest.raises(ConfigError):
            Config(bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        Config(2, easy=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="need 72 cards"):
        Config(6, deck=G.STANDARD_DECK[:71])
    for cfg in (Config(2), Config(6, easy=True), Config(3, deck=G.STANDARD_DECK[::-1])):
        assert Config.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    with pytest.raises(ConfigError):
        Config.from_dict([])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.booleans(), st.integers(0, 2**32 - 1))
def test_random_games_keep_every_rule(players, easy, seed):
    state = play_out(new_game(Config(players, easy=easy)), random.Random(seed), check=True)
    for s in range(players):
        orchard = state.orchards[s]
        assert sum(map(len, orchard)) == 12
        for b, cards in enumerate(orchard):
            for i in range(len(cards)):
                assert batch_problem(b, cards[:i], cards[i]) is None
        for name, points in zip(BATCHES, state.scores()[s].batches, strict=True):
            assert MINIMA[name] <= points <= MAXIMA[name]
    assert replay(state.to_record()).events == state.events
    dealt = [e.card_id for e in state.events if e.kind == "card_dealt"]
    assert len(dealt) == len(set(dealt)) == 12 * players


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6000), 10**6000) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from([G.FORMAT, "deal 3", "play 0 bad", "green h1 s1", "²", "٣"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["format", "config", "actions", "players", "easy", "deck", "x"]), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_value_replays_or_is_refused_as_a_record_error(record):
    try:
        replay(record)
    except RecordError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 6), st.lists(st.one_of(st.text(max_size=20), st.sampled_from(
    ["deal 0", "deal 1", "play 0 bad", "deal ²", "play ٣ bad", "play green h1 s1 bad", "deal 10" + "0" * 50])),
    max_size=8))
def test_garbage_actions_in_a_record_are_record_errors(players, actions):
    record = {"format": G.FORMAT, "config": {"players": players}, "actions": actions}
    try:
        state = replay(record)
    except RecordError:
        return
    assert len(state.history) == len(actions)
