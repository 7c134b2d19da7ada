"""Whole games with every hidden choice made on a phone: the same game as at the lid.

The seeded table scripts of Zankapfel (4 seats) and Waldgärtner (3 seats) are played twice: at
the lid only, and with every discord card and die (Zankapfel) and every die choice and card drawn,
taken in secret, planted (where the script plants it) or sold (Waldgärtner) entered on the
seat's phone through the door. The finished records must be the same game.
"""

from __future__ import annotations

from typing import Any

from table.games import load_game
from table.games.waldgaertner.seat import die_seats
from table.web.door import Door
from tests.web.tables import at_the_lid, discord_choices, hand_form, same, shell

HAND_STAGES = ("draw", "bdraw", "sdeal", "bchoose", "schoose", "play")
"""Waldgärtner's stages where a seat enters or chooses what only it has seen: the phone's alone."""


def _phone(door: Door, seat: int, form: dict[str, Any]) -> None:
    answer = door.handle({"op": "choose", "token": door.tokens.token(seat), "form": form})
    assert answer["ok"], answer


def _zankapfel_discord(ctl, door, lines: list[str], i: int) -> int:
    """The script's discord (``dice …``, ``dice-done``, ``card …``) on the fighting seats' phones."""
    chosen, i = discord_choices(ctl, lines, i)
    for seat, form in chosen.items():
        _phone(door, seat, form)
    return i


def test_a_whole_zankapfel_game_with_every_discord_chosen_on_the_phones(tmp_path):
    lines = load_game("zankapfel").part("table_script")(4, 3)[0]
    ctl, journal = shell(tmp_path / "phones", "zankapfel")
    door = Door(ctl)
    i, discords = 0, 0
    while i < len(lines):
        door.follow()
        if ctl.mode == "play" and ctl.b.stage() == "dice":
            i = _zankapfel_discord(ctl, door, lines, i)
            discords += 1
            continue
        ctl.do(lines[i])
        i += 1
    assert ctl.mode == "result" and discords >= 5
    phones = ctl.record
    journal.close()
    assert same(phones) == same(at_the_lid(tmp_path / "lid", "zankapfel", lines))


def test_a_whole_waldgaertner_game_with_every_die_and_hand_card_chosen_on_the_phones(tmp_path):
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    ctl, journal = shell(tmp_path / "phones", "waldgaertner")
    door = Door(ctl)
    on_phones, rounds = 0, 0
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        door.follow()
        seats = die_seats(ctl)
        if seats:  # the round's dice, each chosen in secret; entered together after the last
            for k, seat in enumerate(seats):
                before = len(ctl.cmds)
                _phone(door, seat, {"die": lines[i - 1 + k]})
                assert len(ctl.cmds) == before + (len(seats) if k == len(seats) - 1 else 0)
            i += len(seats) - 1
            rounds += 1
            continue
        form = hand_form(ctl, line)
        if form is None:
            assert ctl.mode != "play" or ctl.stage() not in HAND_STAGES, f"{line!r} entered at the lid"
            ctl.do(line)
            continue
        _phone(door, ctl.seat(), form)
        on_phones += 1
    assert ctl.mode == "result" and on_phones > 100 and rounds == 21
    phones = ctl.record
    journal.close()
    assert same(phones) == same(at_the_lid(tmp_path / "lid", "waldgaertner", lines))
