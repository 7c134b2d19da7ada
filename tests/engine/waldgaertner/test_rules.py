"""Waldgärtner's rules and rulings W1… (docs/waldgaertner.md names these tests)."""

from __future__ import annotations

import random

import pytest

from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.position import DARK_CUBES, ROUNDS, deck_continents
from tests.engine.waldgaertner.builders import at_play, cards, cid, game, plant, to_step

# ---------------------------------------------------------------------------------------------
# set-up and the round


def test_setup_one_cube_one_hand_card_decks_per_player_count() -> None:
    for n in range(2, 8):
        s = to_step(game(n), "die")
        assert len(s.decks) == n
        assert all(s.storage(p) == 1 and s.hand(p) >= 0 for p in range(n))
        assert all(s.offer(d) >= 0 for d in range(n))  # step 2 of round 1 turned every deck
        # each deck had 32 cards; one each went to the starting hands (seat p drew from deck 1)
        assert sum(s.deck_size(d) for d in range(n)) == 32 * n - n - n
    assert deck_continents(2, "NA") == ("NA", "NA") and deck_continents(3, "EU") == ("AS",) * 3
    assert deck_continents(4, "EU") == ("EU", "EU", "NA", "NA")
    assert deck_continents(5, "NA") == ("AS", "AS", "AS", "NA", "NA")


def test_the_game_lasts_21_rounds_over_two_years_and_ends_in_winter() -> None:
    rng = random.Random(3)
    s = game(3)
    phases = []
    while not s.is_terminal():
        if s.step == "die" and (not phases or phases[-1][0] != s.round):
            phases.append((s.round, s.year_phase))
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])
    assert [p for _, p in phases] == list(range(10)) * 2 + [0]
    assert s.round == ROUNDS
    assert all(s.hand(p) < 0 and s.pending(p) < 0 for p in range(3)), "the last hand card was played"


def test_die_choices_are_hidden_until_every_seat_has_chosen() -> None:
    s = to_step(game(3), "die")
    ev = s.apply("deck 2")
    assert [e.kind for e in ev] == ["wg_die_chosen"] and "2" not in str(ev[0]).replace("seat 1", "")
    s.apply("deck 3")
    ev = s.apply("deck 2")
    assert ev[1].kind == "wg_dice_revealed" and ev[1].to_dict()["choices"] == ["deck 2", "deck 3", "deck 2"]


def test_a_single_chooser_takes_the_card_free_and_must_play_one_of_two() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [5, 1, 1]
    offer = s.offer(2)
    hand = s.hand(2)
    s.apply("deck 1"), s.apply("deck 2"), s.apply("deck 3")
    assert s.pending(2) == offer and s.storage(2) == 1
    while s.current_player() != 2:
        s.apply(s.legal_actions()[0])
    assert s.step == "play"
    played = {A.SELL + offer, A.SELL + hand}
    assert played <= set(s.legal_actions())
    s.apply(A.SELL + offer)
    assert s.hand(2) == hand and s.pending(2) < 0
    assert s.storage(2) == 1 + cards().cards[offer].sale


def test_selling_gives_1_for_a_shrub_2_for_a_tree() -> None:
    shrub, tree = cid("Rubus idaeus"), cid("Juglans regia")
    s = at_play(to_step(game(3), "die"), 0, shrub, tree)
    s.apply(A.SELL + shrub)
    assert s.storage(0) == 2
    s = at_play(to_step(game(3), "die"), 0, shrub, tree)
    s.apply(A.SELL + tree)
    assert s.storage(0) == 3 and s.discard[-1] == tree


def test_rows_follow_the_size_classes_with_capacities_5_4_3_2_1() -> None:
    s = to_step(game(3), "die")
    for size, cap in ((1, 5), (2, 4), (3, 3), (4, 2), (5, 1)):
        card = next(c for c in cards().cards if c.size == size and not c.male)
        spots = s.plant_spots(0, card.id)
        assert {r for r, _, _ in spots} == {size}
        assert len(spots) == cap + 1 and all(fee == 0 for *_, fee in spots)


def test_extra_plant_fee_is_the_row_number_and_only_one_extra_per_row() -> None:
    s = to_step(game(3), "die")
    s.t.storage[0] = 20
    small = [c.id for c in cards().cards if c.size == 1 and not c.male]
    for p in range(5):
        plant(s, 0, small[p], 1, p)
    assert s.plant_spots(0, small[5]) == [(1, 5, 1)]
    plant(s, 0, small[5], 1, 5)
    assert s.plant_spots(0, small[6]) == []
    s.t.storage[0] = 0
    assert s.plant_spots(0, cid("Juglans regia")) == [(5, 0, 0), (5, 1, 0)]
    medium = [c.id for c in cards().cards if c.size == 4 and not c.male]
    plant(s, 0, medium[0], 4, 0), plant(s, 0, medium[1], 4, 1)
    assert s.plant_spots(0, medium[2]) == [], "the fee (4) cannot be paid"


def test_two_additional_large_trees_the_second_in_row_6_for_6() -> None:
    s = to_step(game(3), "die")
    large = [c.id for c in cards().cards if c.size == 5 and not c.male]
    s.t.storage[0] = 11
    plant(s, 0, large[0], 5, 0)
    assert s.plant_spots(0, large[1]) == [(5, 1, 5)]
    at_play(s, 0, s.hand(0), large[1])
    s.apply(A.plant(large[1], 5, 1))
    assert s.storage(0) == 6
    assert s.plant_spots(0, large[2]) == [(6, 0, 6)]
    plant(s, 0, large[2], 6, 0)
    assert s.plant_spots(0, large[3]) == []


def test_w10_a_male_plant_makes_its_rows_one_extra_free() -> None:
    s = to_step(game(3), "die")
    s.t.storage[0] = 0
    male = cid("Actinidia arguta", "male")
    small = [c.id for c in cards().cards if c.size == 1 and not c.male]
    plant(s, 0, male, 1, 0)
    for p in range(1, 5):
        plant(s, 0, small[p], 1, p)
    assert s.plant_spots(0, small[5]) == [(1, 5, 0)]
    plant(s, 0, small[5], 1, 5)
    assert s.plant_spots(0, small[6]) == [], "only one additional plant, even with a male plant"


def _phase(s, rnd: int) -> None:  # type: ignore[no-untyped-def]
    """Run step 1 of round ``rnd`` (the indicator shows (rnd - 1) % 10)."""
    s.t.round = rnd - 1
    s._auto_phase()


def test_flowering_puts_a_cube_on_the_field_and_the_harvest_takes_it() -> None:
    s = to_step(game(3), "die")
    walnut = cid("Juglans regia")  # flowers 2, nuts 7
    plant(s, 0, walnut, 5, 0)
    _phase(s, 3)
    assert s.cube_fields(0) == {walnut: 1}
    before = s.storage(0)
    _phase(s, 8)
    assert s.cube_fields(0) == {} and s.storage(0) == before + 1


def test_w6_flowers_eaten_are_harvested_in_their_flowering_phase() -> None:
    s = to_step(game(3), "die")
    magnolia = cid("Magnolia kobus")  # flowers 1, harvest 1
    plant(s, 0, magnolia, 3, 0)
    _phase(s, 2)
    assert s.storage(0) == 2 and s.cube_fields(0) == {}


def test_w6_no_cube_in_the_round_of_planting() -> None:
    """Planting is step 4, after step 1: a card planted while its flowering phase is shown gets
    no cube that round; it blooms a year later."""
    s = to_step(game(3), "die")
    walnut = cid("Juglans regia")
    s.t.round = 3  # phase 2: the walnut's flowering phase, step 1 is already over
    at_play(s, 0, s.hand(0), walnut)
    s.apply(A.plant(walnut, 5, 0))
    assert s.cube_fields(0) == {}
    _phase(s, 4)
    assert s.cube_fields(0) == {}
    _phase(s, 13)
    assert s.cube_fields(0) == {walnut: 1}


def test_leaf_harvest_in_phase_3_from_the_supply() -> None:
    s = to_step(game(3), "die")
    lime = cid("Tilia cordata")
    plant(s, 0, lime, 4, 0)
    _phase(s, 4)
    assert s.storage(0) == 2 and s.cube_fields(0) == {}


def test_male_plants_get_no_cube() -> None:
    s = to_step(game(3), "die")
    male = cid("Taxus baccata", "male")
    plant(s, 0, male, 4, 0)
    _phase(s, 3)
    assert s.cube_fields(0) == {}


def test_w8_cross_pollinators_bloom_in_vain_without_their_partner() -> None:
    s = to_step(game(3), "die")
    hazel = cid("Corylus avellana")  # partner: any Corylus, flowers 1
    plant(s, 0, hazel, 2, 0)
    _phase(s, 2)
    assert s.cube_fields(0) == {} and s.events[-1].kind == "wg_bloomed_in_vain"
    plant(s, 0, cid("Corylus avellana", nth=1), 2, 1)  # the same species, another card
    _phase(s, 12)
    assert set(s.cube_fields(0)) == {hazel, cid("Corylus avellana", nth=1)}


def test_w8_partner_is_another_non_female_card_of_the_taxon() -> None:
    c = cards().cards
    fem, fem2, male = cid("Actinidia arguta", "female"), cid("Actinidia arguta", "female", 1), cid(
        "Actinidia arguta", "male")
    assert c[male].pollinates(c[fem]) and not c[fem2].pollinates(c[fem]) and not c[fem].pollinates(c[fem])
    assert c[cid("Corylus colurna")].pollinates(c[cid("Corylus avellana")]), "a genus partner: any hazel"
    assert not c[cid("Juglans regia")].pollinates(c[cid("Corylus avellana")])


def test_w7_nitrogen_fixer_places_dark_cubes_left_and_right_once() -> None:
    s = to_step(game(3), "die")
    alder = cid("Alnus glutinosa")  # medium tree, row 4 (3 positions)
    cherry = cid("Prunus avium")
    plant(s, 0, cherry, 4, 0)
    at_play(s, 0, s.hand(0), alder)
    s.apply(A.plant(alder, 4, 1))
    assert s.waiting_dark(0) == {(4, 0), (4, 2)}, "left and right in the row, a free area too"
    plant(s, 0, cid("Prunus avium", nth=1), 4, 2)
    _phase(s, 3)  # phase 2: the cherries bloom, with each other as partners
    assert s.cube_fields(0)[cherry] == 2 and s.waiting_dark(0) == set()
    _phase(s, 5)  # harvest 4
    assert s.storage(0) == 1 + 2 + 2
    _phase(s, 13)
    assert s.cube_fields(0)[cherry] == 1, "the dark cube doubles one bloom only"


def test_w9_no_dark_cube_when_the_supply_is_out() -> None:
    s = to_step(game(3), "die")
    s.t.dark[1] = {(1, p) for p in range(6)} | {(2, p) for p in range(5)} | {(3, p) for p in range(4)} | {
        (4, p) for p in range(3)} | {(5, 0)}
    assert s.dark_left() == DARK_CUBES - 19
    alder = cid("Alnus glutinosa")
    at_play(s, 0, s.hand(0), alder)
    s.apply(A.plant(alder, 4, 1))
    assert len(s.waiting_dark(0)) == 1 and s.dark_left() == 0


def test_w11_bonus_action_at_five_colours_draws_seven_and_returns_the_rest() -> None:
    s = to_step(game(3), "die")
    by_colour = {}
    for c in cards().cards:
        if c.size == 1 and not c.male and c.fruit == "berry":
            by_colour.setdefault(c.flower, c.id)
    colours = list(by_colour.values())[:5]
    assert len(colours) == 5
    for p, card in enumerate(colours[:4]):
        plant(s, 0, card, 1, p)
    size = s.deck_size(1)
    at_play(s, 0, s.hand(0), colours[4])
    ev = s.apply(A.plant(colours[4], 1, 4))
    assert any(e.kind == "wg_bonus_earned" for e in ev)
    assert s.step == "bonus"
    s.apply("bonus 2")
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    assert s.step == "bchoose" and s.deck_size(1) == size - 7
    pick = s.legal_actions()[0]
    s.apply(pick)
    assert s.deck_size(1) == size - 1 and s.pending(0) == pick - A.CHOOSE
    assert s.step == "play" and s.current_player() == 0
    # a sixth colour triggers nothing more
    assert s.t.bonus_done[0] == [True, False]


def test_w11_two_players_need_four_colours_or_five_fruits() -> None:
    assert game(2).bonus_thresholds() == (4, 5)
    assert game(3).bonus_thresholds() == (5, 6)


def test_w2_conflict_goes_to_the_largest_storage_value_who_pays_one() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [3, 4, 1]
    offer = s.offer(0)
    for _ in range(3):
        s.apply("deck 1")
    assert s.pending(1) == offer and s.storage(1) == 3
    conflict = next(e for e in s.events if e.kind == "wg_conflict")
    assert conflict.to_dict()["winner"] == 1
    assert s.current_player() == -1, "the others draw from the chosen deck"


def test_w2_storage_tie_is_broken_by_storage_plus_garden_cubes() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [2, 2, 0]
    walnut = cid("Juglans regia")
    plant(s, 0, walnut, 5, 0)
    s.t.cubes[0][walnut] = 1
    offer = s.offer(0)
    s.apply("deck 1"), s.apply("deck 1"), s.apply("deck 2")
    assert s.pending(0) == offer and s.storage(0) == 1


def test_w4_a_full_tie_or_a_winner_who_cannot_pay_discards_the_card() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [0, 0, 0]
    walnut = cid("Juglans regia")
    plant(s, 0, walnut, 5, 0)
    s.t.cubes[0][walnut] = 2  # seat 1 would win on garden cubes but cannot pay
    offer = s.offer(0)
    s.apply("deck 1"), s.apply("deck 1"), s.apply("deck 2")
    assert s.discard == (offer,)
    assert s.current_player() == -1  # both draw from deck 1
    s.apply(s.legal_actions()[0]), s.apply(s.legal_actions()[0])
    assert s.pending(0) >= 0 and s.pending(1) >= 0


def test_w5_an_empty_deck_offers_nothing_and_gives_nothing() -> None:
    s = to_step(game(3), "die")
    s.t.known[0], s.t.unknown[0] = [], 0
    offer = s.offer(0)
    s.t.storage[:] = [2, 1, 0]
    s.apply("deck 1"), s.apply("deck 1"), s.apply("deck 2")
    assert s.pending(0) == offer
    assert any(e.kind == "wg_card_drawn" and e.to_dict()["empty"] for e in s.events)
    assert s.pending(1) < 0
    s = to_step(game(3), "die")
    s.t.known[0], s.t.unknown[0], s.t.offer[0] = [], 0, -1
    assert A.DECK + 0 not in s.legal_actions() and A.DECK + 1 in s.legal_actions()
    s.t.offer[:] = [-1, -1, -1]
    s.t.storage[0] = 0
    assert s.legal_actions() == [A.PASS], "nothing on offer and no cube for a special action"


def test_w1_face_six_is_a_deck_and_the_special_action_with_six_and_seven_players() -> None:
    s = to_step(game(7), "die")
    texts = [A.to_text(a) for a in s.legal_actions()]
    assert {"deck 6", "deck 7", "special"} <= set(texts)
    assert len(s.decks) == 7 and deck_continents(7, "EU").count("AS") == 3


def test_w3_six_players_leave_out_half_of_the_chosen_continent() -> None:
    s = game(6, choice="NA")
    assert s.decks == ("AS", "AS", "AS", "EU", "EU", "NA")
    assert sum(s.deck_size(d) for d in range(6)) == 192
    assert len(s.t.pools["NA"]) == 64, "the 32 left out are never turned"


def test_w12_the_top_card_is_uniform_over_the_decks_unseen_cards() -> None:
    s = game(3)
    s.apply("deck 1")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 96 and all(abs(p - 1 / 96) < 1e-12 for _, p in outcomes)
    s.t.known[0] = [5]
    s.t.unknown[0] = 31
    probs = dict(s.chance_outcomes())
    assert probs[A.CARD + 5] == pytest.approx(1 / 32)
    assert sum(probs.values()) == pytest.approx(1.0)


def test_special_actions_wait_for_the_cards_and_the_alternative_offer_costs_one() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [1, 1, 1]
    old = [s.offer(d) for d in range(3)]
    s.apply("special"), s.apply("deck 2"), s.apply("deck 3")
    while s.step != "special":
        s.apply(s.legal_actions()[0])
    assert s.pending(1) < 0 and s.pending(2) < 0, "the others have taken and played"
    s.apply("alternative offer")
    assert s.storage(0) == 0 and old[0] in s.discard
    while s.step != "achoose":
        s.apply(s.legal_actions()[0])
    pick = s.legal_actions()[0]
    s.apply(pick)
    assert s.pending(0) == pick - A.CHOOSE and s.step == "play"


def test_search_costs_three_and_picks_any_card_of_one_deck_or_the_discard_pile() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [3, 1, 1]
    s.t.discard.append(cid("Juglans regia"))
    s.apply("special"), s.apply("deck 2"), s.apply("deck 3")
    while s.step != "special":
        s.apply(s.legal_actions()[0])
    assert {"search 1", "search discard"} <= {A.to_text(a) for a in s.legal_actions()}
    size = s.deck_size(0)
    s.apply("search 1")
    while s.step != "schoose":
        s.apply(s.legal_actions()[0])
    assert len(s.legal_actions()) == size and s.storage(0) == 0
    s.apply(s.legal_actions()[-1])
    assert s.deck_size(0) == size - 1 and s.pending(0) >= 0


def test_w13_special_actions_by_storage_then_garden_cubes_then_rotating_seat() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [2, 2, 5]
    for _ in range(3):
        s.apply("special")
    order = [j[1] for j in s.t.jobs if j[0] == "special"]
    assert order == [2, 0, 1]
    s = to_step(game(3), "die")
    s.t.round = 2  # round 2: the rotation starts at seat 2
    s.t.storage[:] = [2, 2, 2]
    for _ in range(3):
        s.apply("special")
    assert [j[1] for j in s.t.jobs if j[0] == "special"] == [1, 2, 0]


def test_w14_a_task_needs_strictly_the_most_plants() -> None:
    s = to_step(game(3, tasks=True), "die")
    task = next(i for i, t in enumerate(cards().tasks) if t.sizes == (3,))
    s.t.task[:] = [task, -1, -1]
    apple, plum = cid("Malus domestica"), cid("Prunus domestica")
    plant(s, 0, apple, 3, 0)
    plant(s, 1, plum, 3, 0)
    assert s.score(0).task == 0, "a tie is not the most"
    plant(s, 0, plum, 3, 1)
    assert s.score(0).task == 10


def test_final_scoring_values_partner_bonuses_present_at_the_end_and_storage_value() -> None:
    s = to_step(game(3), "die")
    fem, male = cid("Actinidia arguta", "female"), cid("Actinidia arguta", "male")
    plant(s, 0, fem, 1, 0)
    s.t.storage[0] = 7
    sc = s.score(0)
    assert (sc.plants, sc.partners, sc.storage, sc.total) == (5, 0, 7, 12)
    plant(s, 0, male, 1, 1)
    sc = s.score(0)
    assert (sc.plants, sc.partners, sc.total) == (6, 2, 15)
    s.t.cubes[0][fem] = 2
    assert s.score(0).total == 15, "cubes still on cube fields score nothing"


def test_w15_direct_sale_buyer_decides_a_decline_leaves_sell_or_plant() -> None:
    s = to_step(game(3, direct_sale=True), "die")
    s.t.storage[:] = [1, 3, 2]
    h, x = cid("Rubus idaeus"), cid("Juglans regia")
    at_play(s, 0, h, x)
    legal = {A.to_text(a) for a in s.legal_actions()}
    assert f"offer {x} to 2" in legal and f"offer {x} to 3" not in legal, "the buyer needs 3 cubes"
    s.apply(f"offer {x} to 2")
    assert s.current_player() == 1 and s.step == "buyer"
    s.apply("decline")
    assert s.current_player() == 0 and not any(a >= A.OFFER and a < A.PLANT for a in s.legal_actions())
    s = to_step(game(3, direct_sale=True), "die")
    s.t.storage[:] = [1, 3, 2]
    at_play(s, 0, h, x)
    s.apply(f"offer {x} to 2"), s.apply("buy")
    assert s.storage(0) == 4 and s.storage(1) == 0 and s.hand(0) == h and s.pending(1) == x
    assert s.current_player() == 1 and s.step == "play"
    assert not any(A.OFFER <= a < A.PLANT for a in s.legal_actions()), "a bought card is not sold on"


def test_without_the_variant_there_is_no_direct_sale() -> None:
    s = to_step(game(3), "die")
    s.t.storage[:] = [1, 5, 5]
    at_play(s, 0, cid("Rubus idaeus"), cid("Juglans regia"))
    assert not any(A.OFFER <= a < A.PLANT for a in s.legal_actions())


def test_cube_field_holds_one_cube() -> None:
    s = to_step(game(3), "die")
    walnut = cid("Juglans regia")
    plant(s, 0, walnut, 5, 0)
    s.t.cubes[0][walnut] = 2
    _phase(s, 3)
    assert s.cube_fields(0) == {walnut: 2}


def test_w11_the_bonus_is_lost_when_every_supply_deck_is_empty() -> None:
    s = to_step(game(3), "die")
    for d in range(3):
        s.t.known[d], s.t.unknown[d] = [], 0
    by_colour = {}
    for c in cards().cards:
        if c.size == 1 and not c.male:
            by_colour.setdefault(c.flower, c.id)
    colours = list(by_colour.values())[:5]
    for p, card in enumerate(colours[:4]):
        plant(s, 0, card, 1, p)
    at_play(s, 0, s.hand(0), colours[4])
    ev = s.apply(A.plant(colours[4], 1, 4))
    assert any(e.kind == "wg_bonus_earned" for e in ev) and s.step != "bonus"


def test_w11_colours_count_inconspicuous_and_male_flowers_fruits_exclude_males() -> None:
    s = to_step(game(3), "die")
    plant(s, 0, cid("Taxus baccata", "male"), 4, 0)
    assert s.colours(0) == {"inconspicuous"} and s.fruits(0) == set()


def test_w17_choosing_six_for_a_special_action_needs_a_cube() -> None:
    s = to_step(game(3), "die")
    s.t.storage[0] = 0
    assert A.SPECIAL not in s.legal_actions()
    s.t.storage[0] = 1
    assert A.SPECIAL in s.legal_actions()


def test_cards_drawn_into_a_hand_stay_hidden_in_the_events() -> None:
    rng = random.Random(8)
    s = game(4)
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])
    drawn = [e.to_dict() for e in s.events if e.kind == "wg_card_drawn"]
    assert drawn and all(d["card"] == -1 for d in drawn if d["source"].startswith("deck"))
