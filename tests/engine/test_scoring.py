"""The rulebook's worked examples and the final scoring."""

from table.games.applejack.rules.scoring import area_yield, final_score, harvest_yield, variety_bonus, winners


def test_single_area_three_red_at_two_pips_pays_one():
    assert harvest_yield([3], 2) == 1


def test_two_areas_light_green_at_one_pip_pay_three():
    assert harvest_yield([2, 3], 1) == 1 + 2 == 3


def test_area_at_or_below_pips_pays_nothing_and_costs_nothing():
    assert area_yield(2, 2) == 0
    assert area_yield(1, 3) == 0
    assert harvest_yield([1, 2, 3], 3) == 0


def test_final_scoring_example_from_the_rulebook():
    # the score pad example: 5,5,1,6,11,6,1 apples → 2+2+0+3+8+3+0 = 18, doubled 36;
    # 5 profitable varieties → 11; 12 blossoms; 62 honey → 121
    areas = [[5], [5], [1], [6], [11], [6], [1]]
    s = final_score(areas, blossoms=12, honey=62)
    assert (s.harvest, s.harvest_doubled, s.profitable_varieties, s.variety_bonus) == (18, 36, 5, 11)
    assert s.total == 36 + 11 + 12 + 62 == 121


def test_variety_bonus_table():
    assert [variety_bonus(n) for n in range(8)] == [0, 0, 0, 0, 4, 11, 21, 35]


def test_an_area_needs_four_apples_to_count_as_profitable():
    s = final_score([[3, 3, 3]] + [[4]] * 4 + [[]] * 2, blossoms=0, honey=0)
    assert s.profitable_varieties == 4
    assert s.variety_bonus == 4


def test_ties_share_the_win():
    assert winners([80, 95, 95, 10]) == (1, 2)
    assert winners([7]) == (0,)


def test_solo_verdict_against_the_rulebook_marks():
    from table.games.applejack.rules.scoring import solo_verdict

    assert solo_verdict(64) == "64 honey: 1 short of the goal (65)"
    assert solo_verdict(65) == "65 honey: goal reached (65)"
    assert solo_verdict(79) == "79 honey: goal reached (65)"
    assert solo_verdict(80) == "80 honey: outstanding (80 or more)"


def test_the_final_score_line_says_1_variety():
    from table.games.applejack.rules.events import FinalScore

    one = FinalScore(0, 4, 8, 1, 0, 3, 20, 31)
    assert " 1 variety +0," in str(one)
    assert " 2 varieties +0," in str(FinalScore(0, 4, 8, 2, 0, 3, 20, 31))
