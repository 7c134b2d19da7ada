"""Draft Cider batch scoring and placement: the rule text's own examples, its point tables and
maxima, and our rulings (docs/draftcider.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.games.draftcider.rules.cards import COLOURS, Card
from table.games.draftcider.rules.scoring import (
    BAD,
    BATCHES,
    FEATHER,
    FORTEPIANO,
    MAXIMA,
    MINIMA,
    MONOCHROME,
    SPECIAL,
    STEADY,
    SWEET,
    UNLUCKY,
    batch_points,
    batch_problem,
    feather_points,
    placement_problem,
    score_orchard,
    steady_points,
    triangle,
    winners,
)

from .helpers import c, cards, orchard


def points(batch: str, text: str, **kw) -> int:
    return batch_points(orchard(**{batch: text}), BATCHES.index(batch), **kw)


def fill(batch: int, seq: list[Card]) -> list[Card]:
    """Play ``seq`` into ``batch`` one by one, asserting every card is allowed."""
    out: list[Card] = []
    for card in seq:
        assert batch_problem(batch, out, card) is None, (BATCHES[batch], out, card)
        out.append(card)
    return out


# --- the text's examples --------------------------------------------------------------------
def test_text_example_unlucky_two_fives_and_a_three_score_9():
    assert points("unlucky", "g15 r25 o33") == 9


def test_text_example_fortepiano_heights_1_and_5_score_8_and_2_and_3_score_2():
    assert points("fortepiano", "g11 r53") == 8
    assert points("fortepiano", "g21 r33") == 2
    assert points("fortepiano", "g11 r53 o21 g33") == 10  # two separate pairs add up


def test_text_example_feather_sweetness_3_height_2_locks_on_the_second_card():
    first = c("r23")  # height 2, sweetness 3
    assert batch_problem(FEATHER, [first], c("g53")) is None  # matches sweetness 3 -> locked on sweetness
    assert batch_problem(FEATHER, [first], c("g24")) is None  # or height 2 -> locked on height
    locked_s = [first, c("g53")]
    assert batch_problem(FEATHER, locked_s, c("o13")) is None
    assert "sweetness 3" in batch_problem(FEATHER, locked_s, c("o24"))  # height 2 no longer enough
    locked_h = [first, c("g24")]
    assert batch_problem(FEATHER, locked_h, c("o21")) is None
    assert "height 2" in batch_problem(FEATHER, locked_h, c("o43"))


def test_feather_both_match_waits_for_the_next_card_to_lock():
    both = [c("r23"), c("g23")]  # same height and sweetness: either attribute still open
    assert batch_problem(FEATHER, both, c("o53")) is None
    assert batch_problem(FEATHER, both, c("o24")) is None
    now_height = [*both, c("o24")]
    assert batch_problem(FEATHER, now_height, c("o43")) is not None
    assert batch_problem(FEATHER, now_height, c("g25")) is None
    assert batch_problem(FEATHER, [c("r23")], c("g45")) is not None  # matches neither


# --- the point tables as printed ------------------------------------------------------------
def test_point_tables_match_the_text():
    assert [triangle(n) for n in range(1, 13)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]
    assert [feather_points(n) for n in range(1, 13)] == [0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 132]
    assert [steady_points(n) for n in range(1, 13)] == [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    assert steady_points(0) == feather_points(0) == triangle(0) == 0
    assert steady_points(13) == 43  # beyond the printed list the odd primes go on


def test_unlucky_squares_by_card_count_only_on_exactly_13():
    assert points("unlucky", "g15 r25 o33") == 9
    assert points("unlucky", "g14 r24 o24 g21") == 16
    assert points("unlucky", " ".join(["g11"] * 11 + ["r12"])) == 144  # the printed maximum
    assert points("unlucky", "g15 r25") == 0  # 10: short of 13
    assert points("unlucky", "g15 r25 o34") == 0  # 14: over 13 — worthless, not forbidden (D7)
    assert batch_problem(UNLUCKY, cards("g15 r25"), c("o44")) is None


def test_monochrome_colour_set_by_the_first_card():
    assert points("monochrome", "r11 r52 r33") == 6
    assert batch_problem(MONOCHROME, [], c("o11")) is None
    assert "red" in batch_problem(MONOCHROME, cards("r11"), c("g11"))
    assert points("monochrome", " ".join(["g11"] * 12)) == 78


def test_fortepiano_pairs_are_separate_and_in_order_of_play():
    assert batch_problem(FORTEPIANO, cards("g31"), c("r31")) is not None  # heights in a pair differ
    assert batch_problem(FORTEPIANO, cards("g31 r41"), c("o31")) is None  # a new pair may repeat 3
    assert points("fortepiano", "g11") == 0  # a card waiting for its partner scores nothing yet
    # 1,5,1,5,... : separate pairs 6 x 8 = 48 (the stated maximum); overlapping pairs would give 88
    alternating = fill(FORTEPIANO, cards(" ".join(["g11", "g51"] * 6)))
    assert batch_points([[], [], [], [], alternating, [], [], []], FORTEPIANO) == MAXIMA["fortepiano"] == 48


def test_sweet_couple_7_per_pair_of_equal_sweetness():
    assert points("sweet", "g13 r43") == 7
    assert points("sweet", "g13 r43 o25") == 7
    assert batch_problem(SWEET, cards("g13"), c("r44")) is not None
    assert batch_problem(SWEET, cards("g13 r43"), c("r44")) is None  # a new pair
    assert points("sweet", " ".join(["g13", "r43"] * 6)) == MAXIMA["sweet"] == 42


def test_steady_height_within_one_of_the_previous_card():
    for prev, nxt, ok in (("g31", "r31", True), ("g31", "r21", True), ("g31", "r41", True),
                          ("g31", "r51", False), ("g31", "r11", False)):
        assert (batch_problem(STEADY, cards(prev), c(nxt)) is None) == ok, (prev, nxt)
    assert batch_problem(STEADY, cards("g11 g21"), c("g31")) is None  # against the previous, not the first
    assert points("steady", "g11 g21 g31") == 7
    assert points("steady", " ".join(["g11", "g21"] * 6)) == MAXIMA["steady"] == 41


def test_special_tree_20_alone_minus_20_with_its_colour_outside_bad():
    assert score_orchard(orchard(special="r33", monochrome="g11 g22", bad="r11 r22")).batches[SPECIAL] == 20
    assert score_orchard(orchard(special="r33", steady="r11")).batches[SPECIAL] == -20
    assert score_orchard(orchard(special="r33", unlucky="r15")).batches[SPECIAL] == -20
    assert score_orchard(orchard()).batches[SPECIAL] == 0
    assert batch_problem(SPECIAL, cards("r33"), c("g33")) is not None  # one card only


def test_special_tree_cannot_be_planted_with_its_colour_outside_bad():
    o = orchard(monochrome="g11", bad="r11")
    assert placement_problem(o, SPECIAL, c("r33")) is None  # red only in Bad
    assert "green" in placement_problem(o, SPECIAL, c("g33"))
    # once planted, the colour may be played elsewhere — at the cost of the penalty (D6)
    planted = orchard(special="r33")
    assert placement_problem(planted, MONOCHROME, c("r11")) is None


def test_bad_minus_one_per_card_and_zero_in_easy_mode():
    assert points("bad", "g11 r22 o33") == -3
    assert points("bad", "g11 r22 o33", easy=True) == 0
    assert points("bad", " ".join(["g11"] * 12)) == MINIMA["bad"] == -12


def test_winners_ties_share_the_win():
    assert winners([10, 30, 30]) == (1, 2)
    assert winners([5]) == (0,)
    assert winners([]) == ()


def test_score_total_and_lookup():
    s = score_orchard(orchard(monochrome="r11 r22", steady="g31", bad="o11"))
    assert s.total == 3 + 3 - 1 and s["monochrome"] == 3
    assert s.to_dict() == {"batches": {"monochrome": 3, "feather": 0, "special": 0, "unlucky": 0,
                                       "fortepiano": 0, "sweet": 0, "steady": 3, "bad": -1}, "total": 5}
    with pytest.raises(KeyError, match="unknown batch"):
        s["apples"]


def test_every_stated_maximum_is_reached_by_twelve_legal_cards():
    twelve = {
        "monochrome": cards(" ".join(f"r{h}{s}" for h in range(1, 4) for s in range(1, 5))),
        "feather": cards(" ".join(f"g{h}3" for h in range(1, 6)) + " " + " ".join(f"o{h}3" for h in range(1, 6))
                         + " r13 r23"),
        "unlucky": cards(" ".join(["g11"] * 11 + ["r12"])),
        "fortepiano": cards(" ".join(["g11", "g51"] * 6)),
        "sweet": cards(" ".join(["g13", "r43"] * 6)),
        "steady": cards(" ".join(["g11", "g21"] * 6)),
    }
    for name, seq in twelve.items():
        b = BATCHES.index(name)
        o = [[] for _ in BATCHES]
        o[b] = fill(b, seq)
        assert len(o[b]) == 12 and batch_points(o, b) == MAXIMA[name], name
    assert MAXIMA == {"monochrome": 78, "feather": 132, "special": 20, "unlucky": 144, "fortepiano": 48,
                      "sweet": 42, "steady": 41, "bad": 0}
    assert score_orchard(orchard(special="g33")).total == MAXIMA["special"]
    assert points("bad", " ".join(["g11"] * 12)) == MINIMA["bad"] == -12  # the text's "Max: -12"


# --- properties: scores never leave the stated range ------------------------------------------
card_st = st.builds(Card, st.sampled_from(COLOURS), st.integers(1, 5), st.integers(1, 5))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(BATCHES))), st.lists(card_st, max_size=40))
def test_a_batch_built_by_its_rule_stays_within_its_maxima(batch, offered):
    built: list[Card] = []
    for card in offered:
        if len(built) == 12:
            break
        if batch_problem(batch, built, card) is None:
            built.append(card)
    o = [[] for _ in BATCHES]
    o[batch] = built
    for easy in (False, True):
        p = batch_points(o, batch, easy=easy)
        assert MINIMA[BATCHES[batch]] <= p <= MAXIMA[BATCHES[batch]]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(card_st, st.sampled_from(range(len(BATCHES)))), max_size=60))
def test_an_orchard_built_by_the_rules_scores_each_batch_within_range(plays):
    o: list[list[Card]] = [[] for _ in BATCHES]
    placed = 0
    for card, batch in plays:
        if placed == 12:
            break
        if placement_problem(o, batch, card) is None:
            o[batch].append(card)
            placed += 1
    s = score_orchard(o)
    for name, p in zip(BATCHES, s.batches, strict=True):
        assert MINIMA[name] <= p <= MAXIMA[name]
    assert s.total == sum(s.batches)
    assert len(o[SPECIAL]) <= 1
    assert score_orchard(o, easy=True).total == s.total + len(o[BAD])


@settings(max_examples=200, deadline=None)
@given(st.lists(card_st, min_size=2, max_size=12))
def test_feather_accepts_exactly_the_runs_sharing_height_or_sweetness_with_the_first(run):
    accepted = True
    built: list[Card] = []
    for card in run:
        if batch_problem(FEATHER, built, card) is not None:
            accepted = False
            break
        built.append(card)
    first = run[0]
    shares = all(x.height == first.height for x in run) or all(x.sweetness == first.sweetness for x in run)
    assert accepted == shares
