"""The Special tree's −20 said before and after a pick (issue 20), and a short end-only pad asked
about once more before it is scored."""

from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.rules.scoring import BAD, FEATHER, MONOCHROME, SPECIAL


def live(players=2):
    ctl = DraftCiderCompanion()
    ctl.do(f"setup players={players} pad=live")
    ctl.do("start")
    return ctl


def test_the_batches_that_would_cost_the_gold_tree_are_named_before_the_pick_and_the_cost_after():
    ctl = live()
    ctl.do("pick seat 1 gold h1 s1 special")
    ctl.do("pick seat 2 red h1 s1 bad")
    ctl.do("card gold h2 s1")  # seat 1 again: a gold card, its tree scores +20 now
    costly = ctl.costly_batches()
    assert costly and BAD not in costly and SPECIAL not in costly and {MONOCHROME, FEATHER} <= set(costly)
    ask = ctl.ask()
    assert ask.endswith(", BLIND Bad (1, 2, 4, 5, 6, 7: −20 for your gold tree)"), ask
    ctl.do("feather")
    assert ctl.said_last[0] == ("Seat 1 plants gold h2 s1 in Apples of a Feather (1 card, 0 points); "
                                "Seat 1 now -20: the gold tree's −20")
    ctl.do("card gold h3 s1")  # the tree already pays: nothing more to lose
    assert ctl.costly_batches() == () and "−20 for your" not in ctl.ask()


def test_a_card_of_another_colour_costs_nothing_and_is_said_as_before():
    ctl = live()
    ctl.do("pick seat 1 gold h1 s1 special")
    ctl.do("pick seat 2 red h1 s1 bad")
    ctl.do("card red h2 s2")
    assert ctl.costly_batches() == () and "−20" not in ctl.ask()
    ctl.do("monochrome")
    assert ctl.said_last[0] == "Seat 1 plants red h2 s2 in Monochrome (1 card, 1 point); Seat 1 now 21"


def test_a_short_pad_is_asked_about_once_and_any_new_entry_asks_again():
    ctl = DraftCiderCompanion()
    ctl.do("setup players=2 pad=end")
    ctl.do("start")
    ctl.do("pad 1 bad red h1 s1")
    ctl.do("pad-done")
    assert ctl.mode == "pad"
    assert ctl.said_last == ["Not every orchard holds 12 cards (Seat 1 holds 1 card, Seat 2 holds 0 cards): "
                             "CONFIRM again to score the pad as it is, or enter the missing cards"]
    ctl.do("pad 2 bad red h2 s1")  # the pad changed: asked again
    ctl.do("pad-done")
    assert ctl.mode == "pad"
    ctl.do("undo")  # the warning is one step: undo goes back before it
    assert ctl.mode == "pad" and not ctl.pad_warned
    ctl.do("pad-done")
    ctl.do("pad-done")
    assert ctl.mode == "result" and ctl.winner_line() == "Seat 1 and Seat 2 win (a tie) with -1 point"
