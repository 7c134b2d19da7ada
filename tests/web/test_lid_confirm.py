"""Issue 34 (1): nothing chosen on a phone is lost by the lid's CONFIRM.

A choice held for a seat counts as that seat's decision: the lid's CONFIRM (Zankapfel's ``ok``,
a Waldgärtner die, a score pad's ``pad-done``, Waldgärtner's pad ``next``) enters what the phones
hold, in the table's order, or is refused with one line naming who is still choosing on a phone
(a seat whose page was opened in this game). The same command again goes on without them.
"""

from __future__ import annotations

from typing import Any

import pytest

from table.companion.protocol import CommandError
from table.web.door import Door
from tests.web.tables import discord_choices, waldgaertner_dice, zankapfel_discord


def _open(door: Door, *seats: int) -> None:
    """The seats' pages opened (their phones in use in this game)."""
    for s in seats:
        assert door.handle({"op": "view", "token": door.tokens.token(s)})["ok"]


def _choose(door: Door, seat: int, form: dict[str, Any]) -> dict[str, Any]:
    return door.handle({"op": "choose", "token": door.tokens.token(seat), "form": form})


def test_zankapfel_confirm_enters_the_held_card_and_dice_of_a_phone_and_the_lid_seat_follows(tmp_path):
    """Ben's case: seat 1 chooses card and dice on its phone, seat 3 plays at the lid (no phone);
    CONFIRM (``ok``) on the lid enters seat 1's dice and card; seat 3's card at the lid ends the
    discord with the very commands the lid alone would have entered."""
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    chosen, after = discord_choices(ctl, lines, i)
    assert sorted(chosen) == [0, 2]
    _open(door, 0)
    assert _choose(door, 0, chosen[0])["ok"]
    before = list(ctl.cmds)
    ctl.do("ok")  # the lid's CONFIRM: "CONFIRM when all have decided"
    door.follow()
    assert ctl.cmds[len(before):] == ["dice-done", f"card seat 1 {chosen[0]['card']}"]
    assert door.desk.held(ctl) == {}
    ctl.do(f"card seat 3 {chosen[2]['card']}")  # seat 3's card, turned at the lid
    assert ctl.cmds[len(before):] == lines[i:after]  # as the lid alone would have entered it
    journal.close()


def test_zankapfel_confirm_enters_the_dice_a_phone_bought_before_closing_the_discord(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    chosen, _after = discord_choices(ctl, lines, i)
    _open(door, 2)
    assert _choose(door, 2, {"card": chosen[2]["card"], "dice": "1"})["ok"]
    before = list(ctl.cmds)
    ctl.do("ok")
    assert ctl.cmds[len(before):] == ["dice seat 3 1", "dice-done"]  # seat 1's card is next, at the lid
    assert door.desk.held(ctl) == {"secret": {"2": [1, int(chosen[2]["card"])]}}
    ctl.do(f"card seat 1 {chosen[0]['card']}")  # seat 1's card at the lid: seat 3's held card follows
    assert ctl.cmds[len(before) + 2:] == [f"card seat 1 {chosen[0]['card']}", f"card seat 3 {chosen[2]['card']}"]
    assert door.desk.held(ctl) == {}
    journal.close()


def test_zankapfel_confirm_is_refused_while_a_seat_is_still_choosing_on_its_phone(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    chosen, _after = discord_choices(ctl, lines, i)
    _open(door, 0, 2)
    assert _choose(door, 0, chosen[0])["ok"]
    before = list(ctl.cmds)
    with pytest.raises(CommandError) as refused:
        ctl.do("ok")
    assert ctl.seat_title(2) in str(refused.value) and ctl.seat_title(0) not in str(refused.value)
    assert ctl.cmds == before and ctl.b.stage() == "dice"
    assert door.desk.secret[0][1] == int(chosen[0]["card"])  # still held, never dropped
    view = door.handle({"op": "view", "token": door.tokens.token(0)})["view"]["private"]
    assert view["form"] is None and view["facts"][0][1] == chosen[0]["card"]
    assert _choose(door, 2, chosen[2])["ok"]  # the last one chooses: all revealed together
    assert ctl.cmds[len(before):] == ["dice-done", f"card seat 1 {chosen[0]['card']}",
                                      f"card seat 3 {chosen[2]['card']}"]
    journal.close()


def test_zankapfel_the_refused_confirm_pressed_again_goes_on_and_keeps_what_the_phone_held(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    chosen, _after = discord_choices(ctl, lines, i)
    _open(door, 0, 2)
    assert _choose(door, 0, chosen[0])["ok"]
    while ctl.announcements.head is not None:  # what the discord's start said, acknowledged first
        assert ctl.press("confirm")
    assert not ctl.press("confirm")  # refused on the lid's screen: its refusal line
    assert ctl.seat_title(2) in ctl.refusal
    assert ctl.b.stage() == "dice"
    before = list(ctl.cmds)
    assert ctl.press("confirm")  # the same again: seat 3's phone is not waited for
    assert ctl.cmds[len(before):] == ["dice-done", f"card seat 1 {chosen[0]['card']}"]
    assert ctl.b.stage() == "card" and ctl.b.card_todo() == [2]
    journal.close()


def test_zankapfel_dice_bought_at_the_lid_for_a_seat_that_chose_on_its_phone_are_refused(tmp_path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp_path)
    chosen, _after = discord_choices(ctl, lines, i)
    _open(door, 0)
    assert _choose(door, 0, {"card": chosen[0]["card"], "dice": "0"})["ok"]
    with pytest.raises(CommandError, match="phone"):
        ctl.do("dice seat 1 1")
    assert door.desk.secret[0] == (0, int(chosen[0]["card"]))
    journal.close()


def test_waldgaertner_a_die_at_the_lid_waits_for_the_phones_and_enters_what_they_hold_in_order(tmp_path):
    ctl, journal, door, lines, i = waldgaertner_dice(tmp_path)
    order = [seat for kind, seat, _arg in ctl.e.t.jobs if kind == "die"]
    assert len(order) == 3
    dice = lines[i:i + 3]
    first, second, _third = order
    _open(door, first, second)
    assert _choose(door, first, {"die": dice[0]})["ok"]
    with pytest.raises(CommandError) as refused:
        ctl.do(dice[2])  # the third seat's die at the lid while the second still chooses on its phone
    assert ctl.seat_title(second) in str(refused.value)
    assert door.desk.play.dice == {first: dice[0]}
    assert _choose(door, second, {"die": dice[1]})["ok"]
    before = len(ctl.cmds)
    ctl.do(dice[2])  # the last seat's die, at the lid: the phones' go first, in the table's order
    assert ctl.cmds[before:] == dice
    assert door.desk.held(ctl) == {}
    journal.close()


def test_a_score_pads_done_at_the_lid_waits_for_a_phone_still_entering(tmp_path):
    from tests.web.test_pads_on_phones import applejack_pad

    ctl, journal, door, pad_lines = applejack_pad(tmp_path)
    _open(door, 1)
    with pytest.raises(CommandError) as refused:
        ctl.do("pad-done")
    assert ctl.seat_title(1) in str(refused.value) and ctl.mode == "pad"
    assert _choose(door, 1, {"what": "done"})["ok"]
    for line in pad_lines[:-1]:
        ctl.do(line)
    ctl.do("pad-done")  # seat 2 said done on its phone; seat 1 has no phone: the lid's pad is scored
    assert ctl.mode == "result"
    journal.close()
