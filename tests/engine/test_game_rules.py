"""Every rule of the full game on hand-built states (rulings: docs/rulings.md)."""

import random

import pytest

from table.engine.errors import IllegalActionError
from table.games.applejack.rules import actions as A
from table.games.applejack.rules import hexgrid
from table.games.applejack.rules.campaign import campaign_config
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.events import BlossomScoring, Harvest, MiddleReached, RefillNeeded, TurnStarted
from table.games.applejack.rules.game import (
    BLIND_DRAW,
    CHANCE,
    OVER,
    PAY,
    PLACE,
    REFILL,
    SELECT,
    SETUP,
    STOCK,
    GameState,
)
from table.games.applejack.rules.rollout import play_random
from table.games.applejack.rules.walk import Die

from .helpers import data_with, default_data, put, started, tile, variety


@pytest.mark.parametrize("players,honey", [(1, [14]), (2, [16, 20]), (3, [16, 19, 22]), (4, [16, 18, 20, 22])])
def test_start_honey_by_seat(players, honey):
    assert started(default_data(), GameConfig(players)).honey == honey


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_two_tiles_per_trough(players):
    s = started(default_data(), GameConfig(players))
    assert [len(t) for t in s.troughs] == [2] * 7
    assert len(s.supply) == 100 - 14
    assert s.phase == SELECT and s.die == Die(1, 1) and s.seat == 0


def test_solo_setup_one_tile_per_trough_and_one_on_the_middle_trees():
    s = started(default_data(), GameConfig(1))
    assert [len(t) for t in s.troughs] == [1] * 7
    assert len(s.middle) == 1
    assert len(s.supply) == 100 - 8


def test_setup_is_a_sequence_of_chance_draws():
    s = GameState(default_data(), GameConfig(2))
    assert s.current_player() == CHANCE
    assert len(s.chance_outcomes()) == 100
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9
    s.apply("draw 17")
    assert s.troughs[0] == [17]
    with pytest.raises(IllegalActionError):
        s.apply("draw 17")  # no longer in the supply


def test_choose_only_from_the_two_open_troughs_or_blind_no_pass():
    s = started(default_data(), GameConfig(2))
    legal = s.legal_actions()
    takes = {A.to_text(a).split()[1].split(":")[0] for a in legal if a >= A.TAKE and a < A.MIDDLE}
    assert takes == {"1", "2"}
    assert A.BLIND in legal
    assert all(a != A.PASTURE for a in legal)
    t3 = s.troughs[2][0]
    with pytest.raises(IllegalActionError):
        s.apply(f"take 3:{t3}")


def test_pay_the_price_once_or_flip_for_two_honey():
    data = data_with([tile(1, {"red": 2}, hives=(0, 1, 2), price=5)])
    s = started(data, GameConfig(2))
    s.troughs[0].append(1)
    s.apply("take 1:1")
    assert s.phase == PAY and s.legal_actions() == [A.BUY, A.PASTURE]
    s.apply("buy")
    assert s.honey[0] == 16 - 5  # once, though three beehives show 5
    s.undo()
    s.apply("pasture")
    assert s.honey[0] == 16 + 2


def test_a_player_who_cannot_pay_must_flip():
    data = data_with([tile(1, {"red": 3}, price=6)])
    s = started(data, GameConfig(2))
    s.honey[0] = 5
    s.troughs[0].append(1)
    s.apply("take 1:1")
    assert s.legal_actions() == [A.PASTURE]
    with pytest.raises(IllegalActionError):
        s.apply("buy")


def test_place_on_any_free_space_in_any_distinct_rotation():
    data = data_with([tile(1, {"red": 1}, hives=(0,), price=1), tile(2, {"red": 1}, hives=(0, 3), price=1)])
    s = started(data, GameConfig(2))
    s.troughs[0] += [1, 2]
    s.apply("take 1:1")
    s.apply("buy")
    assert len(s.legal_actions()) == 19 * 6
    s.undo(), s.undo()
    s.apply("take 1:2")
    s.apply("buy")
    assert len(s.legal_actions()) == 19 * 3  # a two-sided tile looks the same turned by 180°
    s.undo()
    s.apply("pasture")
    assert len(s.legal_actions()) == 19  # pasture side: no beehives, no rotations to choose


def test_every_rotation_a_person_lays_is_accepted_and_normalised():
    """Ruling R10: entering the rotation actually laid is never refused; it becomes the listed look."""
    data = data_with([tile(2, {"red": 1}, hives=(0, 3), price=1)])
    s = started(data, GameConfig(2))
    s.troughs[0] += [2]
    s.apply("take 1:2")
    s.apply("buy")
    listed = {a for a in s.legal_actions()}
    for rot in range(6):
        events = s.apply(f"place 4/{rot}")
        assert s.history[-1] == A.place(3, rot % 3) and s.history[-1] in listed  # turned 180°: the same look
        placed = [e for e in events if type(e).__name__ == "TilePlaced"]
        assert placed and placed[0].rotation == rot % 3
        s.undo()
    s.undo()
    s.apply("pasture")
    for rot in range(6):
        s.apply(f"place 4/{rot}")
        assert s.history[-1] == A.place(3, 0)
        s.undo()
    with pytest.raises(IllegalActionError):
        s.apply(A.PLACE + 3 * 8 + 6)  # no such rotation at all


def test_beehive_link_pays_the_lower_number_for_each_link():
    # tile 1 (price 4) on space 10 with a beehive facing E; tile 2 (price 5) on space 11 facing W
    # tile 3 (price 2) on space 5 facing SE(5)→ space 10? use hexgrid to find the real neighbours
    data = data_with([tile(1, {"red": 1}, hives=(0, 4), price=4), tile(2, {"red": 1}, hives=(3,), price=5),
                      tile(3, {"red": 1}, hives=(1,), price=2)])
    s = started(data, GameConfig(2))
    centre = 10
    east = hexgrid.NEIGHBOURS[centre - 1][0] + 1
    south_west = hexgrid.NEIGHBOURS[centre - 1][4] + 1
    put(s, 0, east, 2)  # beehive on its W edge faces the centre's E edge
    put(s, 0, south_west, 3)  # beehive on its NE edge faces the centre's SW edge
    s.troughs[0].append(1)
    s.apply("take 1:1")
    s.apply("buy")
    events = s.apply(A.to_text(A.place(centre - 1, 0)))
    placed = events[0]
    assert sorted(placed.links) == [2, 4]  # min(4,5) + min(4,2)
    assert s.honey[0] == 16 - 4 + 6


def test_edges_without_a_beehive_on_both_sides_do_not_link():
    data = data_with([tile(1, {"red": 1}, hives=(0,), price=4), tile(2, {"red": 1}, hives=(2,), price=5)])
    s = started(data, GameConfig(2))
    east = hexgrid.NEIGHBOURS[9][0] + 1
    put(s, 0, east, 2)
    assert s.link_values(0, 9, 1, 0) == []
    put(s, 0, east, 2, pasture=True)
    assert s.link_values(0, 9, 1, 0) == []


def test_corner_beehive_of_the_orchard_links_too():
    data = data_with([tile(1, {"red": 1}, hives=(0,), price=6)])
    s = started(data, GameConfig(2))
    e_corner = hexgrid.CORNER_CELL["E"]
    value = data.orchards["A"].corner("E").hive
    assert s.link_values(0, e_corner, 1, 0) == [min(6, value)]
    assert s.link_values(0, e_corner, 1, 1) == []  # turned away from the corner


def _one_turn(s: GameState) -> None:
    """Take the first legal choices until the turn passes (pasture, first free space)."""
    seat, turn = s.seat, s.turn
    rng = random.Random(0)
    while (s.turn == turn or s.is_chance()) and not s.is_terminal():
        if s.is_chance():
            s.apply(A.DRAW + s.supply[rng.randrange(len(s.supply))])
        elif s.phase == PAY:
            s.apply(A.PASTURE)
        else:
            s.apply(s.legal_actions()[0])
    assert s.turn == turn + 1 or seat is None


def test_harvest_when_the_die_crosses_apples_pays_every_player_at_once():
    data = default_data()
    s = started(data, GameConfig(2))
    brown = variety("brown")
    assert s.apples[0] == (brown,)  # an apple printed after space 1
    bt = [t.id for t in data.tiles if t.apple_count(brown) >= 2][:2]
    put(s, 0, 1, bt[0])
    put(s, 0, 2, bt[1])  # spaces 1 and 2 are neighbours: one area
    put(s, 1, 19, bt[1])
    n = data.tile(bt[0]).apple_count(brown) + data.tile(bt[1]).apple_count(brown)
    before = s.honey[:]
    _one_turn(s)
    harvests = [e for e in s.events if isinstance(e, Harvest)]
    assert harvests[-1].variety == brown and harvests[-1].pips == 1
    assert harvests[-1].payouts == (n - 1, data.tile(bt[1]).apple_count(brown) - 1)
    assert s.honey[1] == before[1] + harvests[-1].payouts[1]


def test_two_apples_are_harvested_in_printed_order():
    s = started(default_data(), GameConfig(2))
    space = next(i + 1 for i, a in enumerate(s.apples) if len(a) == 2)
    s.die = Die(space, 1)
    _one_turn(s)
    got = [e.variety for e in s.events if isinstance(e, Harvest)][-2:]
    assert got == list(s.apples[space - 1])


def test_refill_when_the_open_troughs_hold_at_most_one_tile_starting_after_the_die():
    s = started(default_data(), GameConfig(2))
    # after seat 1's turn the die stands on space 2, opening troughs 2 and 3
    s.supply += s.troughs[1] + s.troughs[2]
    s.troughs[1], s.troughs[2] = [], [s.supply.pop()]
    s.supply += s.troughs[0]
    s.troughs[0] = [s.supply.pop()]
    before = [len(t) for t in s.troughs]
    s.apply(f"take 1:{s.troughs[0][0]}")
    s.apply("pasture")
    s.apply("place 1/0")
    refill = [e for e in s.events if isinstance(e, RefillNeeded)][-1]
    assert refill.order == (3, 4, 5, 6, 7, 1, 2)
    assert s.phase == REFILL and s.current_player() == CHANCE
    first = s.supply[0]
    s.apply(A.draw(first))
    assert first in s.troughs[2]  # the first draw goes into trough 3
    play = random.Random(1)
    while s.phase == REFILL:
        s.apply(A.DRAW + s.supply[play.randrange(len(s.supply))])
    assert [len(t) for t in s.troughs] == [before[0] - 1 + 1] + [b + 1 for b in before[1:]]


def test_no_refill_while_the_open_troughs_hold_two_or_more():
    s = started(default_data(), GameConfig(2))
    _one_turn(s)
    assert not any(isinstance(e, RefillNeeded) for e in s.events)


def test_supply_running_out_mid_refill_fills_what_it_can_in_order():
    """Ruling R1."""
    s = started(default_data(), GameConfig(2))
    spare = s.supply[3:]
    del s.supply[3:]
    for t in (1, 2):
        spare += s.troughs[t]
        s.troughs[t] = []
    before = [len(t) for t in s.troughs]
    _one_turn(s)  # takes from trough 1; the die moves on to troughs 2 and 3, both empty
    refill = [e for e in s.events if isinstance(e, RefillNeeded)][-1]
    assert refill.order[:3] == (3, 4, 5) and refill.available == 3
    assert s.phase == SELECT and not s.supply
    after = [len(t) for t in s.troughs]
    assert [after[t - 1] - before[t - 1] for t in refill.order] == [1, 1, 1, 0, 0, -1, 0]


def test_open_troughs_and_supply_empty_lets_the_player_take_from_any_trough():
    """Ruling R3."""
    s = started(default_data(), GameConfig(2))
    s.troughs[0], s.troughs[1] = [], []
    s.supply.clear()
    legal = [A.to_text(a) for a in s.legal_actions()]
    assert legal and all(a.startswith("take ") for a in legal)
    assert {a.split()[1].split(":")[0] for a in legal} == {"3", "4", "5", "6", "7"}


def test_no_blind_draw_from_an_empty_supply():
    """Ruling R2."""
    s = started(default_data(), GameConfig(2))
    s.supply.clear()
    assert A.BLIND not in s.legal_actions()


def test_innermost_space_blossom_scoring_times_pips_then_die_one_pip_higher():
    data = data_with([tile(1, {"red": 1}, blossoms=3), tile(2, {"brown": 1}, blossoms=1)])
    s = started(data, GameConfig(2))
    put(s, 0, 1, 1)
    put(s, 0, 19, 2)  # not adjacent: blossoms need not connect
    s.die = Die(s.board.innermost - 1, 2)
    _one_turn(s)
    scoring = [e for e in s.events if isinstance(e, BlossomScoring)][-1]
    assert scoring.times == 2
    assert scoring.payouts[0] == (3 + 1) * 2 == 8
    assert s.die == Die(s.board.return_to, 3)


def test_the_turn_on_the_end_space_at_three_pips_is_the_last():
    s = started(default_data(), GameConfig(2))
    s.die = Die(s.board.end_space, 3)
    s.turn = 37
    _one_turn(s)
    assert s.phase == OVER and s.is_terminal()
    assert s.current_player() < 0 and s.legal_actions() == []
    assert [type(e).__name__ for e in s.events[-4:]] == ["GameEnded", "FinalScore", "FinalScore", "Winners"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_player_gets_nineteen_turns_and_fills_the_orchard(players):
    s = started(default_data(), GameConfig(players), seed=players)
    play_random(s, random.Random(players), fast=False)
    turns = [e.seat for e in s.events if isinstance(e, TurnStarted)]
    assert [turns.count(p) for p in range(players)] == [19] * players
    assert all(v >= 0 for cells in s.cells for v in cells)
    assert s.returns() == [float(x.total) for x in s.scores()]


# --- variants ---------------------------------------------------------------------------------


def test_individual_orchards_corner_apples_join_the_area_of_the_corner_tile():
    """Ruling R6: the rulebook's example counts 3 orange apples on tiles + 1 in the corner = 4."""
    data = data_with([tile(1, {"orange": 2}), tile(2, {"orange": 1}), tile(3, {"red": 1})])
    s = started(data, GameConfig(2, orchards=("B1", "B2")))
    ne = data.orchards["B1"].corner("NE")
    assert ne.apple == variety("orange")
    corner_space = hexgrid.CORNER_CELL["NE"] + 1
    put(s, 0, corner_space, 1)
    put(s, 0, next(n for n in range(1, 20) if n in _nbrs(corner_space)), 2)
    assert s.areas(0, variety("orange")) == [4]
    put(s, 0, corner_space, 3)  # no orange on the corner tile: the corner apple counts for nothing
    assert s.areas(0, variety("orange")) == [1]


def _nbrs(space):
    return [n + 1 for n in hexgrid.NEIGHBOURS[space - 1] if n >= 0]


def test_apple_tiles_reorder_the_first_seven_harvests():
    order = (4, 0, 1, 2, 3, 5, 6)
    s = started(default_data(), GameConfig(2, apple_tiles=order))
    first_seven = [v for a in s.apples for v in a][:7]
    assert first_seven == list(order)
    plain = started(default_data(), GameConfig(2))
    assert [v for a in s.apples for v in a][7:] == [v for a in plain.apples for v in a][7:]


def test_additional_tree_tile_taken_then_cottage_restocked():
    s = started(default_data(), GameConfig(2, cottage=True))
    assert all(c >= 0 for c in s.cottage)
    cottage_tile = s.cottage[0]
    assert A.COTTAGE in s.legal_actions()
    s.apply("cottage")
    s.apply("pasture")
    s.apply("place 1/0")
    assert s.phase == STOCK
    legal = [A.to_text(a) for a in s.legal_actions()]
    assert "stock-supply" in legal and any(t.startswith("stock 1:") for t in legal)
    trough_tile = s.troughs[1][0]
    s.apply(f"stock 2:{trough_tile}")
    assert s.cottage[0] == trough_tile and s.cells[0][0] >> 3 == cottage_tile
    assert s.seat == 1


def test_cottage_restock_from_the_supply_is_a_chance_draw():
    s = started(default_data(), GameConfig(2, cottage=True))
    s.apply("cottage")
    s.apply("pasture")
    s.apply("place 1/0")
    s.apply("stock-supply")
    assert s.current_player() == CHANCE
    t = s.supply[5]
    s.apply(A.draw(t))
    assert s.cottage[0] == t


def test_blind_draw_is_a_chance_action_then_pay_as_usual():
    s = started(default_data(), GameConfig(2))
    s.apply("blind")
    assert s.phase == BLIND_DRAW and s.current_player() == CHANCE
    t = s.supply[0]
    s.apply(A.draw(t))
    assert s.phase == PAY and s.held == t


def test_solo_middle_space_pays_empty_trees_fills_to_two_and_offers_its_tiles():
    """Ruling R7."""
    s = started(default_data(), GameConfig(1))
    mid = s.board.innermost
    s.die = Die(mid - 1, 1)
    s.supply += s.middle
    s.middle = []
    honey = s.honey[0]
    _one_turn(s)
    reached = [e for e in s.events if isinstance(e, MiddleReached)][-1]
    assert reached.honey == 3 and reached.fill == 2
    assert s.honey[0] >= honey + 3 and len(s.middle) == 2
    legal = [A.to_text(a) for a in s.legal_actions()]
    assert sum(a.startswith("middle ") for a in legal) == 2
    assert not any(a.startswith("take ") for a in legal)
    _one_turn(s)
    assert s.die == Die(s.board.return_to, 2)


def test_solo_has_no_blossom_scoring_during_play():
    s = started(default_data(), GameConfig(1), seed=3)
    play_random(s, random.Random(3), fast=False)
    assert not any(isinstance(e, BlossomScoring) for e in s.events)
    assert s.scores()[0].blossoms == s.blossom_count(0)  # final scoring includes blossoms


def test_campaign_keeps_placed_tiles_on_the_middle_trees():
    data = default_data()
    config = GameConfig(1)
    first = started(data, config, seed=4)
    play_random(first, random.Random(4), fast=False)
    placed = first.placed_tiles(0)
    nxt = campaign_config(config, first, 1, placed[:1])
    second = started(data, nxt, seed=5)
    assert second.middle == placed[:1] and placed[0] not in second.supply
    with pytest.raises(ValueError, match="keep up to 1"):
        campaign_config(config, first, 1, placed[:2])  # after game 1 at most one
    with pytest.raises(ValueError, match="keep up to 2"):
        campaign_config(config, first, 2, placed[:3])
    with pytest.raises(ValueError, match="different"):
        campaign_config(config, first, 2, [placed[0], placed[0]])
    with pytest.raises(ValueError):
        campaign_config(config, first, 1, [t for t in range(1, 101) if t not in placed][:1])
    third = campaign_config(config, first, 3, placed[:3])
    assert started(data, third).middle == placed[:3]
    # ruling R14: "you can keep 2" means up to 2; the kept tiles replace the random one
    fewer = campaign_config(config, first, 2, placed[:1])
    assert started(data, fewer).middle == placed[:1]
    assert GameConfig.from_dict(fewer.to_dict()) == fewer


def _blind_pasture_turn(s: GameState, rng: random.Random) -> None:
    turn = s.turn
    s.apply(A.BLIND)
    while s.turn == turn and not s.is_terminal():
        if s.is_chance():
            s.apply(A.DRAW + s.supply[rng.randrange(len(s.supply))])
        elif s.phase == PAY:
            s.apply(A.PASTURE)
        else:
            s.apply(s.legal_actions()[0])
    while s.is_chance():
        s.apply(A.DRAW + s.supply[rng.randrange(len(s.supply))])


def test_campaign_keeping_nothing_leaves_the_trees_empty_and_the_middle_space_pays_three():
    """ "If all three pre-printed trees are empty, when you reach the space in the middle of the board,
    you immediately receive 3 honey (the openly visible honey symbols). After that fill up the board
    with exactly 2 tree tiles." A real game reaches it: campaign game 2 after keeping nothing."""
    data = default_data()
    first = started(data, GameConfig(1), seed=4)
    play_random(first, random.Random(4), fast=False)
    second = campaign_config(GameConfig(1), first, 1, [])
    assert second.campaign and second.kept_tiles == ()
    s = started(data, second, seed=6)
    assert s.middle == [] and len(s.supply) == 100 - 7
    rng = random.Random(6)
    while s.die.space != s.board.innermost:
        _blind_pasture_turn(s, rng)  # blind draws leave the troughs alone: no refill on the way
    assert not any(isinstance(e, RefillNeeded) for e in s.events)
    reached = [e for e in s.events if isinstance(e, MiddleReached)]
    assert [(e.honey, e.fill) for e in reached] == [(3, 2)]
    assert s.stats.middle[0] == 3 and len(s.middle) == 2
    # in an ordinary solo game the start tile is still there: 2 honey
    plain = started(data, GameConfig(1), seed=6)
    while plain.die.space != plain.board.innermost:
        _blind_pasture_turn(plain, rng)
    assert [(e.honey, e.fill) for e in plain.events if isinstance(e, MiddleReached)] == [(2, 1)]


def test_bad_configs_are_refused():
    data = default_data()
    for bad in (GameConfig(5), GameConfig(2, orchards=("A",)), GameConfig(2, orchards=("A", "Z")),
                GameConfig(2, apple_tiles=(0, 0, 1, 2, 3, 4, 5)), GameConfig(2, kept_tiles=(1,))):
        with pytest.raises(ValueError):
            GameState(data, bad)


def test_illegal_placement_on_an_occupied_space():
    s = started(default_data(), GameConfig(2))
    put(s, 0, 5, s.supply[0])
    s.apply(f"take 1:{s.troughs[0][0]}")
    s.apply("pasture")
    assert s.phase == PLACE
    with pytest.raises(IllegalActionError):
        s.apply("place 5/0")


def test_a_corner_apple_can_make_a_harvest_pay():
    data = data_with([tile(1, {"orange": 1})])
    s = started(data, GameConfig(2, orchards=("B1", "B2")))
    put(s, 0, hexgrid.CORNER_CELL["NE"] + 1, 1)
    assert s.harvest_yield(0, variety("orange"), 1) == 1  # 1 on the tile + 1 in the corner − 1 pip


def test_next_draw_for_names_where_the_drawn_tile_goes():
    s = GameState(default_data(), GameConfig(1, cottage=True))
    wanted = []
    while s.phase == SETUP:
        wanted.append(s.next_draw_for())
        s.apply(A.draw(s.supply[0]))
    board = s.board
    assert wanted == ([("trough", t) for t in range(1, board.troughs + 1) for _ in range(board.tiles_per_trough)]
                      + [("middle", 0)] * board.middle_start_tiles + [("cottage", 0)])
    assert s.next_draw_for() is None and s.draws_due == []
