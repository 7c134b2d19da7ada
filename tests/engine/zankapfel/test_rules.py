"""Zankapfel rules, one test per rule of docs/zankapfel.md (its worked examples included)."""

from __future__ import annotations

import pytest

from table.engine.errors import IllegalActionError
from table.games.zankapfel.rules import CHANCE, Config, new_game
from table.games.zankapfel.rules import actions as A
from tests.engine.zankapfel.builders import play, setup, texts

# -- the orchard -------------------------------------------------------------------------------------


def test_edge_rows_read_from_the_diagram() -> None:
    assert A.RED_TOP == (7, 5, 4, 3, 2)       # along the top, by column a..e
    assert A.BLUE_RIGHT == (7, 5, 4, 3, 2)    # down the right, by row 1..5
    assert A.YELLOW_BOTTOM == (2, 3, 4, 5, 7)  # along the bottom, by column
    assert A.GREEN_LEFT == (2, 3, 4, 5, 7)    # down the left, by row
    corners = {"a1": (7, 2, 2, 7), "e1": (2, 7, 2, 7), "a5": (7, 2, 7, 2), "e5": (2, 7, 7, 2)}
    for name, (red, yellow, green, blue) in corners.items():
        sq = A.parse_square(name)
        assert [A.value(c, sq) for c in range(4)] == [red, yellow, green, blue], name


def test_worked_example_harvest_values_with_the_mayor_on_b5() -> None:
    # "rouge 5, bleue 2, jaune 3, verte 7"
    sq = A.parse_square("b5")
    assert (A.value(A.RED, sq), A.value(A.BLUE, sq), A.value(A.YELLOW, sq), A.value(A.GREEN, sq)) == (5, 2, 3, 7)


@pytest.mark.parametrize(("face", "cost"), [("red", 2), ("blue", 1), ("yellow", 1), ("green", 3), ("joker", 3)])
def test_worked_example_prices_half_the_edge_number_rounded_down_joker_3(face: str, cost: int) -> None:
    state = setup(mayor="b5", face=face)
    events = play(state, "buy")
    assert events[0] == f"seat 1 buys the {face} card for {cost}"
    assert state.position(0) == -cost
    assert state.hand(0)[A.KINDS.index(face)] == 2 if face != "joker" else state.hand(0)[A.JOKER] == 1


def test_neighbours_are_orthogonal_and_diagonal() -> None:
    assert sorted(A.square_name(s) for s in A.neighbours(A.parse_square("b2"))) == \
        ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    assert sorted(A.square_name(s) for s in A.neighbours(A.parse_square("a1"))) == ["a2", "b1", "b2"]

# -- setup ---------------------------------------------------------------------------------------------


def test_setup_first_player_places_the_mayor_anywhere_without_removing_its_token() -> None:
    state = new_game(Config(4))
    assert state.current_player() == 0 and len(state.legal_actions()) == 25
    play(state, "mayor c3")
    assert state.mayor == A.parse_square("c3")
    assert len(state.unharvested()) == 25
    assert state.is_chance()  # the deal: 4 cards each, then the face-up card


def test_setup_deals_four_cards_each_and_turns_one_up() -> None:
    state = setup(4, hands=[["red", "red", "joker", "blue"]] + [["green", "green", "green", "yellow"]] * 3,
                  face="yellow")
    assert state.hand(0) == (2, 0, 0, 1, 1)
    assert state.hand(1) == (0, 1, 3, 0, 0)
    assert state.face_up == A.YELLOW
    assert sum(state.t.deck) == 50 - 16 - 1


@pytest.mark.parametrize(("players", "order"), [(3, [0, 1, 2, 0, 1, 2]), (4, [0, 1, 2, 3]), (5, [0, 1, 2, 3, 4]),
                                                (6, [0, 1, 2, 3, 4, 5])])
def test_setup_tokens_removed_two_each_with_three_players_one_each_with_four_to_six(players: int,
                                                                                     order: list[int]) -> None:
    state = setup(players, removes=[])
    seen = []
    while state.phase == "remove":
        seen.append(state.current_player())
        state.apply(state.legal_actions()[-1])
    assert seen == order
    assert len(state.unharvested()) == 25 - len(order)
    assert state.phase == "bid" and state.round == 1


def test_ruling_z5_the_token_under_the_mayor_cannot_be_removed_at_setup() -> None:
    state = setup(4, mayor="c3", removes=[])
    assert "remove c3" not in texts(state)
    with pytest.raises(IllegalActionError):
        state.apply("remove c3")
    play(state, "remove a1")
    with pytest.raises(IllegalActionError):
        state.apply("remove a1")  # already gone

# -- phase 1 -----------------------------------------------------------------------------------------


def test_phase1_each_player_from_the_first_buys_or_lays_a_card_face_down() -> None:
    state = setup(4, mayor="c3")
    assert state.current_player() == 0
    assert texts(state) == ["buy", "lay red", "lay yellow", "lay green", "lay blue"]
    events = play(state, "lay green")
    assert events == ["seat 1 lays an apple card face down"]  # which card stays hidden
    assert state.hand(0) == (1, 1, 0, 1, 0) and state.laid_card(0) == A.GREEN
    assert state.current_player() == 1


def test_phase1_a_bought_card_goes_to_hand_and_the_next_card_is_turned() -> None:
    state = setup(4, mayor="c3", face="blue")
    play(state, "buy")
    assert state.hand(0)[A.BLUE] == 2
    assert state.face_up == -1 and state.is_chance()
    assert sorted(a for a, _ in state.chance_outcomes()) == [0, 1, 2, 3, 4]
    play(state, "draw joker")
    assert state.face_up == A.JOKER and state.current_player() == 1


def test_phase1_a_player_without_cards_must_buy() -> None:
    state = setup(4, mayor="c3")
    state.t.hands[0] = [0, 0, 0, 0, 0]
    assert texts(state) == ["buy"]
    with pytest.raises(IllegalActionError):
        state.apply("lay red")


def test_ruling_z4_no_card_in_hand_and_none_to_buy_passes() -> None:
    state = setup(4, mayor="c3")
    state.t.hands[0] = [0, 0, 0, 0, 0]
    state.t.face_up = -1
    state.t.deck = [0, 0, 0, 0, 0]
    assert texts(state) == ["pass"]
    assert play(state, "pass") == ["seat 1 has no card and none to buy: passes"]
    # seat 2 may only lay (nothing to buy)
    assert texts(state) == ["lay red", "lay yellow", "lay green", "lay blue"]


def test_ruling_z4_an_empty_deck_is_refilled_from_the_barn_before_a_card_is_turned() -> None:
    state = setup(4, mayor="c3", face="red")
    state.t.deck = [0, 0, 0, 0, 0]
    state.t.discard = [0, 2, 0, 0, 1]
    events = play(state, "buy")
    assert "the barn's 3 cards are shuffled into a new deck" in events
    assert state.chance_outcomes() == [(A.DRAW + A.YELLOW, pytest.approx(2 / 3)),
                                       (A.DRAW + A.JOKER, pytest.approx(1 / 3))]


def test_ruling_z4_deck_and_barn_empty_leave_no_face_up_card_until_the_round_discards() -> None:
    state = setup(4, mayor="c3", face="red")
    state.t.deck = [0, 0, 0, 0, 0]
    play(state, "buy")
    assert state.face_up == -1 and not state.is_chance() and state.current_player() == 1
    assert "buy" not in texts(state)
    play(state, "lay red", "lay yellow", "lay blue", "mayor c2")
    # the round's laid cards went to the barn, were shuffled into the deck: a card is turned
    assert state.round == 2 and state.is_chance()
    assert dict(state.chance_outcomes()) == {0: pytest.approx(1 / 3), 1: pytest.approx(1 / 3),
                                             3: pytest.approx(1 / 3)}

# -- phase 2 -----------------------------------------------------------------------------------------


def test_phase2_first_player_moves_the_mayor_to_a_neighbouring_unharvested_square_and_removes_it() -> None:
    state = setup(4, mayor="b2", removes=["a1", "c1", "e5", "d4"])
    play(state, "lay red", "lay yellow", "lay green", "lay blue")
    assert state.phase == "move" and state.current_player() == 0
    assert sorted(texts(state)) == ["mayor a2", "mayor a3", "mayor b1", "mayor b3", "mayor c2", "mayor c3"]
    with pytest.raises(IllegalActionError):
        state.apply("mayor d4")
    play(state, "mayor c3")
    assert state.mayor == A.parse_square("c3") and A.parse_square("c3") not in state.unharvested()


def test_ruling_z6_no_unharvested_neighbour_lets_the_mayor_go_to_any_unharvested_square() -> None:
    state = setup(4, mayor="a1", removes=["a2", "b1", "e5", "e4"])
    state.t.tokens[A.parse_square("b2")] = False
    play(state, "lay red", "lay yellow", "lay green", "lay blue")
    targets = texts(state)
    assert len(targets) == 25 - 5 and "mayor a1" in targets  # its own setup square still holds its token
    assert "mayor b2" not in targets and "mayor e5" not in targets


def test_the_apple_passes_clockwise_each_round() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor c2")
    assert state.round == 2 and state.first == 1 and state.current_player() == 1
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor d3")
    assert state.first == 2

# -- phase 3 -----------------------------------------------------------------------------------------


def test_a_lone_claimant_scores_the_edge_number_of_the_mayors_row_or_column() -> None:
    state = setup(4, mayor="b4")
    events = play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor b5")
    assert "Revealed: seat 1 red, seat 2 yellow, seat 3 green, seat 4 blue" in events
    assert [state.position(s) for s in range(4)] == [5, 3, 7, 2]


def _worked_example(die_of_player_3: int) -> tuple[object, list[str]]:
    hands = [["green", "red", "red", "red"], ["red"] * 4, ["green", "blue", "blue", "blue"],
             ["joker", "blue", "blue", "blue"]]
    state = setup(4, mayor="b4", hands=hands, face="yellow")
    state.t.discord_left[2] = [6]  # player 3's highest remaining card is a 6, his last one
    events = play(state, "lay green", "buy", "draw red", "lay green", "lay joker", "mayor b5")
    assert state.phase == "joker" and state.current_player() == 3
    events += play(state, "joker red")
    assert state.position(3) == 5  # red pays 5 without a fight
    assert state.fight == (A.GREEN, (0, 2))
    events += play(state, "discord 8", "discord 6", "dice 1", "dice 1", "roll 3", f"roll {die_of_player_3}")
    return state, events


def test_worked_example_joker_chooses_red_then_players_1_and_3_fight_over_green() -> None:
    state, events = _worked_example(4)
    assert "seat 4 harvests red: +5" in events
    assert "Discord over green: seat 1 8+3, seat 3 6+4: seat 1 wins" in events
    assert "seat 1 harvests green: +7" in events
    assert [state.position(s) for s in range(4)] == [7 - 2, -1, -2, 5]  # seat 2 paid 1 for yellow on b4
    assert state.round == 2


def test_worked_example_a_tie_is_fought_again_and_player_3_has_only_dice_left() -> None:
    state, events = _worked_example(5)
    assert "Discord over green: seat 1 8+3, seat 3 6+5: no winner" in events
    assert state.fight == (A.GREEN, (0, 2)) and state.phase == "discord-card"
    assert state.discord_cards(0) == (1, 2, 3, 4, 5, 6, 7, 9, 10)  # the 8 left the game
    play(state, "discord 10")
    assert texts(state) == ["discord none"]  # no discord card left: dice only
    events = play(state, "discord none", "dice 0", "dice 3", "roll 6", "roll 6", "roll 1")
    assert "Discord over green: seat 1 10+0, seat 3 0+13: seat 3 wins" in events
    assert state.position(2) == -2 - 6 + 7


def test_jokers_choose_in_turn_order_from_the_first_player_seeing_earlier_choices() -> None:
    hands = [["red"] * 4] + [["joker", "yellow", "blue", "blue"]] * 3
    state = setup(4, mayor="c3", hands=hands)
    play(state, "lay red", "lay joker", "lay joker", "lay joker", "mayor c2")
    assert state.current_player() == 1
    play(state, "joker red")
    assert state.claimants(A.RED) == [0, 1]
    assert state.current_player() == 2
    play(state, "joker blue")
    assert state.current_player() == 3
    play(state, "joker green")
    assert state.phase == "discord-card" and state.fight == (A.RED, (0, 1))


def test_a_discord_is_fought_with_one_card_1_to_10_and_up_to_3_dice_at_2_points_each() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2")
    assert texts(state) == [f"discord {v}" for v in range(1, 11)]
    play(state, "discord 3", "discord 9")
    assert texts(state) == ["dice 0", "dice 1", "dice 2", "dice 3", "dice wait"]
    events = play(state, "dice 3")
    assert events == ["seat 1 buys 3 dice for 6"] and state.position(0) == -6  # paid at once
    play(state, "dice 0")
    assert state.is_chance() and len(state.chance_outcomes()) == 6
    events = play(state, "roll 1", "roll 2", "roll 1")
    assert "Discord over red: seat 1 3+4, seat 2 9+0: seat 2 wins" in events
    assert state.position(1) == A.value(A.RED, A.parse_square("c2"))
    assert 3 not in state.discord_cards(0) and 9 not in state.discord_cards(1)  # out of the game


def test_ruling_z7_lone_claimants_are_paid_first_then_discords_in_colour_order() -> None:
    state = setup(5, mayor="c3", hands=[["blue"] * 4, ["blue"] * 4, ["red"] * 4, ["red"] * 4, ["green"] * 4])
    events = play(state, "lay blue", "lay blue", "lay red", "lay red", "lay green", "mayor c2")
    assert events.index("seat 5 harvests green: +3") < events.index("Discord over red: seat 3 vs seat 4")
    play(state, "discord 1", "discord 2", "dice 0", "dice 0")
    assert state.fight == (A.BLUE, (0, 1))


def test_ruling_z8_a_fight_nobody_can_bid_in_harvests_nothing() -> None:
    state = setup(4, mayor="c3")
    state.t.discord_left[0] = []
    state.t.discord_left[1] = []
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2")
    events = play(state, "discord none", "discord none", "dice 0", "dice 0")
    assert "Discord over red: seat 1 0+0, seat 2 0+0: no winner" in events
    assert state.round == 2 and state.position(0) == state.position(1) == 0


def test_ruling_z9_a_refight_is_a_new_discord_with_new_cards_and_new_dice() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2")
    events = play(state, "discord 5", "discord 4", "dice 0", "dice 1", "roll 1")
    assert "Discord over red: seat 1 5+0, seat 2 4+1: no winner" in events
    assert state.phase == "discord-card" and state.fight == (A.RED, (0, 1))
    assert "discord 5" not in texts(state)
    play(state, "discord 2", "discord 1")
    assert texts(state) == ["dice 0", "dice 1", "dice 2", "dice 3", "dice wait"]  # dice may be bought again
    play(state, "dice 1", "dice 0", "roll 2")
    assert state.position(0) == 4 - 2 and state.position(1) == -2  # red on c2 pays 4


def test_a_three_way_tie_refights_among_the_tied_only() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay red", "lay red", "mayor c2")
    play(state, "discord 7", "discord 7", "discord 2", "discord 5", "dice 0", "dice 0", "dice 0", "dice 0")
    assert state.fight == (A.RED, (0, 1))


def test_discord_choices_are_made_in_seat_order_from_the_first_player_and_cards_stay_hidden() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor c2")
    play(state, "lay green", "lay red", "lay yellow", "lay green", "mayor d3")  # round 2: seat 2 is first
    assert state.fight == (A.GREEN, (1, 0))  # seat 2 holds the apple, seat 1 comes last
    assert state.current_player() == 1
    assert play(state, "discord 10") == ["seat 2 lays a discord card face down"]
    assert state.current_player() == 0
    play(state, "discord 1")
    assert state.phase == "dice" and state.current_player() == 1


def test_ruling_z11_any_fighter_may_buy_dice_while_the_discord_is_open_the_worked_example() -> None:
    """Z-FR "Discorde": no order for dice; player 3 buys one, player 1 reacts and buys one too."""
    state = setup(4, mayor="c3")
    play(state, "lay green", "lay red", "lay green", "lay blue", "mayor c2", "discord 8", "discord 6")
    assert state.fight == (A.GREEN, (0, 2)) and state.current_player() == 0
    assert play(state, "dice wait") == [] and state.current_player() == 2  # seat 1 waits to see
    assert play(state, "dice 1") == ["seat 3 buys 1 dice for 2"]  # the engine's record text
    assert state.current_player() == 0 and "dice 1" in texts(state)  # and reacts
    play(state, "dice 1")
    assert state.is_chance() and 2 not in state.t.queue  # seat 3 bought: it cannot buy again
    events = play(state, "roll 3", "roll 4")
    assert "Discord over green: seat 1 8+3, seat 3 6+4: seat 1 wins" in events


def test_ruling_z11_the_discord_closes_when_every_undecided_fighter_has_waited_in_a_row() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2", "discord 5", "discord 4")
    play(state, "dice wait", "dice 2", "dice wait")
    assert state.is_chance()  # seat 1 waited after seat 2 decided, and nobody else is undecided
    assert state.position(0) == 0 and state.position(1) == -4
    fresh = setup(4, mayor="c3")
    play(fresh, "lay red", "lay red", "lay green", "lay blue", "mayor c2", "discord 5", "discord 4")
    events = play(fresh, "dice wait", "dice wait")
    assert "Discord over red: seat 1 5+0, seat 2 4+0: seat 1 wins" in events


def test_ruling_z11_a_record_from_before_keeps_the_seat_order_without_waiting() -> None:
    state = setup(4, mayor="c3", open_order=False)
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2", "discord 5", "discord 4")
    assert texts(state) == ["dice 0", "dice 1", "dice 2", "dice 3"] and state.current_player() == 0
    assert "open_order" not in Config.from_dict({"players": 4}).to_dict()


def test_all_apple_cards_played_go_to_the_barn_even_those_lost_in_a_discord() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2", "discord 5", "discord 4",
         "dice 0", "dice 0")
    assert state.t.discard == [2, 0, 1, 1, 0]


def test_points_may_go_negative() -> None:
    state = setup(4, mayor="c3", face="joker")
    play(state, "buy")
    assert state.position(0) == -3 and state.scores()[0].cards == -3

# -- bribery (optional rule) --------------------------------------------------------------------------


def _bribe_setup() -> object:
    state = setup(4, mayor="c3", bribery=True)
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor c2")
    return state


def test_bribery_is_off_unless_chosen() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor c2")
    assert state.round == 2


def test_bribery_each_other_player_may_offer_up_to_2_points_for_another_legal_square() -> None:
    state = _bribe_setup()
    assert state.phase == "bribe" and state.current_player() == 1 and state.announced == A.parse_square("c2")
    legal = texts(state)
    assert legal[0] == "no bribe" and "bribe 2 b4" in legal and "bribe 3 b4" not in legal
    assert "bribe 1 c2" not in legal and "bribe 1 a1" not in legal  # the same square; not reachable
    play(state, "bribe 2 b4", "no bribe", "bribe 1 d4")
    assert state.phase == "accept" and state.current_player() == 0
    assert texts(state) == ["decline", "accept seat 2", "accept seat 4"]
    events = play(state, "accept seat 2")
    assert "seat 1 takes 2 from seat 2" in events and "seat 1 moves the mayor to b4: its token is removed" in events
    assert state.scores()[0].bribes == 2 and state.scores()[1].bribes == -2
    assert A.parse_square("b4") not in state.unharvested() and A.parse_square("c2") in state.unharvested()


def test_ruling_z14_bribes_in_any_order_a_player_may_wait_and_offer_after_another() -> None:
    state = _bribe_setup()
    assert "bribe wait" in texts(state)
    play(state, "bribe wait", "bribe 1 b4", "no bribe")
    assert state.phase == "bribe" and state.current_player() == 1  # seat 2 waited: its turn again
    play(state, "bribe 2 d4")
    assert state.phase == "accept" and texts(state) == ["decline", "accept seat 2", "accept seat 3"]
    all_wait = _bribe_setup()
    play(all_wait, "bribe wait", "bribe wait", "bribe wait")
    assert all_wait.mayor == A.parse_square("c2") and all_wait.round == 2  # nobody offered


def test_bribery_declined_leaves_the_mayor_on_the_announced_square_and_costs_nothing() -> None:
    state = _bribe_setup()
    play(state, "bribe 1 b4", "no bribe", "no bribe", "decline")
    assert state.mayor == A.parse_square("c2") and state.scores()[1].bribes == 0


def test_bribery_without_offers_or_alternatives_needs_no_decision() -> None:
    state = _bribe_setup()
    play(state, "no bribe", "no bribe", "no bribe")
    assert state.mayor == A.parse_square("c2") and state.round == 2
    lonely = setup(4, mayor="a1", removes=["a2", "b1", "e5", "e4"], bribery=True)
    for sq in range(A.SQUARES):
        lonely.t.tokens[sq] = sq == A.parse_square("b2")
    play(lonely, "lay red", "lay yellow", "lay green", "lay blue", "mayor b2")
    assert lonely.phase == "over"

# -- the end -----------------------------------------------------------------------------------------


def test_ruling_z3_the_game_ends_at_the_end_of_the_round_a_pawn_reaches_the_finish() -> None:
    state = setup(4, mayor="b4", track_length=7)
    events = play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor b5")
    assert state.is_terminal() and state.current_player() == -4
    assert events[-1] == "Game over (finish reached): points [5, 3, 7, 2]; winner seat 3"
    assert state.winners() == (2,) and state.returns() == [5.0, 3.0, 7.0, 2.0]


def test_ruling_z3_several_at_the_finish_the_furthest_wins() -> None:
    state = setup(4, mayor="b4", track_length=3)
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor b5")
    assert state.winners() == (2,) and state.end_reason == "finish reached"


def test_ruling_z12_when_the_orchard_is_harvested_the_furthest_pawn_wins() -> None:
    state = setup(4, mayor="b4")
    for sq in range(A.SQUARES):
        state.t.tokens[sq] = sq == A.parse_square("b5")
    assert not state.is_terminal()
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor b5")
    assert state.is_terminal() and state.end_reason == "orchard harvested" and state.winners() == (2,)


def test_ruling_z10_ties_at_the_end_share_the_win() -> None:
    state = setup(4, mayor="b4", hands=[["red"] * 4, ["yellow"] * 4, ["green"] * 4, ["blue"] * 4])
    state.t.harvest[1] = 2  # 2 + 3 (yellow on b5) = 5 = red's 5
    for sq in range(A.SQUARES):
        state.t.tokens[sq] = sq == A.parse_square("b5")
    play(state, "lay red", "lay yellow", "buy", "draw red", "buy", "draw red", "mayor b5")
    assert state.winners() == (0, 1)


def test_returns_are_zero_until_the_end() -> None:
    state = setup(4, mayor="b4")
    play(state, "lay red", "lay yellow", "lay green", "lay blue", "mayor b5")
    assert state.position(2) == 7 and state.returns() == [0.0] * 4


def test_the_chance_node_of_a_die_is_uniform() -> None:
    state = setup(4, mayor="c3")
    play(state, "lay red", "lay red", "lay green", "lay blue", "mayor c2", "discord 5", "discord 4", "dice 2")
    play(state, "dice 0")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(A.ROLL + f, pytest.approx(1 / 6)) for f in range(1, 7)]
